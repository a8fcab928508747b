"""The one server for teacher mode and class mode: ``jupyter server`` with Voila and classroom.

Voila 0.5's standalone app builds its own tornado application and loads no Jupyter server
extension, so the decks and the class API share a port only under ``jupyter server``, with Voila as
an extension too.  Only these two are enabled (JupyterLab, terminals and the language server stay
off); the Jupyter token guards the decks and kernels, and the class routes need none (phones have
their own tokens).  ``teacher/stage.py`` asks :func:`server_command` for the command.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: Extensions that a Jupyter install here enables and the class server keeps off.
OFF = ("jupyterlab", "jupyter_lsp", "jupyter_server_terminals", "notebook_shim", "jupyterlab_myst",
       "jupyterlab_jupytext")


def server_command(notebooks: Path, port: int, config: Path, *, ip: str = "127.0.0.1", token: str = "",
                   database_url: str = "", public_url: str = "", join_limit: int | None = None,
                   teacher_login: str = "", python: str = sys.executable) -> list[str]:
    """The command serving ``notebooks`` with Voila (settings from the JSON file ``config``: Voila's and
    the kernel manager's) and class mode, on ``ip:port``, the decks guarded by ``token`` (empty: none,
    for 127.0.0.1 only); ``join_limit`` overrides the joins a minute one address may make (the load
    benchmark's phones all come from 127.0.0.1)."""
    command = [python, "-m", "jupyter_server", "--no-browser", f"--port={port}", f"--ServerApp.ip={ip}",
               f"--ServerApp.root_dir={notebooks}", f"--config={config}", "--ServerApp.default_url=/voila/tree",
               f"--IdentityProvider.token={token}", "--ServerApp.password=", "--ServerApp.port_retries=0",
               "--ServerApp.allow_root=True",  # CI and this machine run as root; the server is theirs
               "--ServerApp.jpserver_extensions=voila.server_extension=True",
               "--ServerApp.jpserver_extensions=classroom=True",
               *(f"--ServerApp.jpserver_extensions={name}=False" for name in OFF)]
    if database_url:
        command.append(f"--Classroom.database_url={database_url}")
    if public_url:
        command.append(f"--Classroom.public_url={public_url}")
    if teacher_login:
        command.append(f"--Classroom.teacher_login={teacher_login}")
    if join_limit is not None:
        command.append(f"--Classroom.join_limit={join_limit}")
    return command

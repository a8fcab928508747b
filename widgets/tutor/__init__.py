"""The tutor: play a whole 升级 hand or 一上一下 game against practice bots, with hints and take-backs.

:mod:`.session` is the whole protocol in pure Python (the kernel and the static book's worker run
it); :mod:`.widget` is the anywidget that carries it in JupyterLab and Voila.
"""

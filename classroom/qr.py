"""The join address as a QR code, drawn on the server (segno), as SVG a slide can show large.

>>> svg = join_qr_svg("http://192.168.1.20:8866/cardbook-class/join/K7P2Q")
>>> svg.startswith("<?xml") and "<svg" in svg and "<path" in svg
True
"""

from __future__ import annotations

import io

import segno


def join_qr_svg(url: str) -> str:
    """``url`` as a QR code in SVG (error correction M, a quiet zone of 4 modules, scalable)."""
    buffer = io.BytesIO()
    segno.make_qr(url, error="m").save(buffer, kind="svg", scale=8, border=4, dark="#000", light="#fff",
                                       title="QR code: " + url, svgclass="cardbook-class-qr")
    return buffer.getvalue().decode("utf-8")

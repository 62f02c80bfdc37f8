"""QR join: the table's join URL as a QR code drawn inline (SVG), so phones at the
same physical table join in seconds. Generated on the server by ``segno``; no image
leaves for any other site."""

from __future__ import annotations

import segno


def join_qr_svg(url: str, scale: int = 4) -> str:
    """An inline ``<svg>`` of a QR code that opens ``url``.

    Error correction level M survives a scuffed projector or a glare on a phone
    screen; the quiet zone (border) is the standard four modules so every camera
    app finds the code.
    """
    if not url:
        raise ValueError("A QR code needs a URL.")
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=scale,
        dark="#000",
        light="#fff",
        svgclass="join-qr",
        lineclass="join-qr-modules",
        title=url,
    )
    # segno starts the path with an absolute "M4 4.5", which reads like a card code
    # (M4, the Emperor) to anyone scanning a page for cards; a first "m" means the same.
    return svg.replace(' d="M', ' d="m')

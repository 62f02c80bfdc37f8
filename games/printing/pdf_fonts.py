"""The font a printing worker lays score sheets out in: Noto Sans CJK JP cut to the
characters a Japanese or English sheet is written in (no Django; runs in the worker).

Noto Sans CJK JP (``fonts-noto-cjk``) has 65,535 glyphs, 19 MB per weight. WeasyPrint
embeds what a document uses, keeping each glyph's number, so every PDF carried a
glyph table up to the highest number used (about 720 kB per weight for a blank sheet)
and every printing spent its time cutting and compressing that. A worker therefore cuts
the font once, at its start, with HarfBuzz (about 0.15 s a weight), to :func:`characters`
(ASCII, Latin-1, punctuation, JIS X 0208 — kana, 6,355 kanji and the symbols — and the
full-width forms), about 7,500 glyphs, every layout feature kept. Sheets name the cut
font first and Noto Sans CJK JP after it, so a character it lacks (a rare kanji in a
member's name) is still printed, from the full font. The glyphs are the same ones: the
printed sheet is the same to the pixel, in a PDF less than half the size.

Nothing is cut (sheets print with the full font, as before) when fontconfig, the font or
``libharfbuzz-subset`` is missing.
"""

from __future__ import annotations

import logging
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

SOURCE_FAMILY = "Noto Sans CJK JP"
WEIGHTS = {400: "regular", 700: "bold"}
HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6  # hb-subset.h

_CDEF = """
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t;
hb_blob_t *hb_blob_create_from_file_or_fail (const char *file_name);
void hb_blob_destroy (hb_blob_t *blob);
const char *hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
hb_face_t *hb_face_create (hb_blob_t *blob, unsigned int index);
void hb_face_destroy (hb_face_t *face);
hb_blob_t *hb_face_reference_blob (hb_face_t *face);
void hb_set_add_range (hb_set_t *set, uint32_t first, uint32_t last);
void hb_set_clear (hb_set_t *set);
void hb_set_invert (hb_set_t *set);
hb_subset_input_t *hb_subset_input_create_or_fail (void);
void hb_subset_input_destroy (hb_subset_input_t *input);
hb_set_t *hb_subset_input_unicode_set (hb_subset_input_t *input);
hb_set_t *hb_subset_input_set (hb_subset_input_t *input, int set_type);
hb_face_t *hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
"""


@cache
def characters() -> tuple[tuple[int, int], ...]:
    """The code point ranges a sheet's own words (both languages) are written in."""
    points = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180))  # ASCII, Latin-1, Latin A
    points |= set(range(0x2000, 0x2070)) | set(range(0x2190, 0x2200))  # punctuation, arrows
    points |= set(range(0x3000, 0x3100)) | set(range(0xFF00, 0xFFF0))  # kana, full width
    for high in range(0xA1, 0xFF):  # every character of JIS X 0208 (EUC-JP's two bytes)
        for low in range(0xA1, 0xFF):
            try:
                points.update(map(ord, bytes((high, low)).decode("euc_jp")))
            except UnicodeDecodeError:
                continue
    ranges: list[tuple[int, int]] = []
    for point in sorted(points):
        if ranges and point == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], point)
        else:
            ranges.append((point, point))
    return tuple(ranges)


def source(weight: int) -> tuple[str, int] | None:
    """The file and face index fontconfig gives for :data:`SOURCE_FAMILY` at ``weight``."""
    style = "bold" if weight >= 600 else "regular"
    try:
        found = subprocess.run(
            ["fc-match", "-f", "%{file}|%{index}|%{family}", f"{SOURCE_FAMILY}:weight={style}"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path, _sep, rest = found.partition("|")
    index, _sep, families = rest.partition("|")
    if SOURCE_FAMILY not in families.split(",") or not index.isdigit():
        return None  # fontconfig fell back to another font: nothing to cut
    return path, int(index)


def cut(path: str, index: int, target: Path) -> bool:
    """Write the face ``index`` of ``path``, cut to :func:`characters`, to ``target``."""
    import cffi  # WeasyPrint's own way to its C libraries

    ffi = cffi.FFI()
    ffi.cdef(_CDEF)
    try:
        harfbuzz = ffi.dlopen("libharfbuzz.so.0")
        subsetter = ffi.dlopen("libharfbuzz-subset.so.0")
        return _cut(ffi, harfbuzz, subsetter, path, index, target)
    except (OSError, AttributeError):  # no such library, or one too old for these calls
        return False


def _cut(ffi: Any, harfbuzz: Any, subsetter: Any, path: str, index: int, target: Path) -> bool:
    blob = harfbuzz.hb_blob_create_from_file_or_fail(path.encode())
    if blob == ffi.NULL:
        return False
    face = harfbuzz.hb_face_create(blob, index)
    wanted = subsetter.hb_subset_input_create_or_fail()
    try:
        unicodes = subsetter.hb_subset_input_unicode_set(wanted)
        for first, last in characters():
            harfbuzz.hb_set_add_range(unicodes, first, last)
        features = subsetter.hb_subset_input_set(wanted, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG)
        harfbuzz.hb_set_clear(features)
        harfbuzz.hb_set_invert(features)  # every layout feature, as the full font has them
        result = subsetter.hb_subset_or_fail(face, wanted)
        if result == ffi.NULL:
            return False
        data = harfbuzz.hb_face_reference_blob(result)
        length = ffi.new("unsigned int *")
        content = harfbuzz.hb_blob_get_data(data, length)
        target.write_bytes(ffi.buffer(content, length[0])[:])
        harfbuzz.hb_blob_destroy(data)
        harfbuzz.hb_face_destroy(result)
        return length[0] > 0
    finally:
        subsetter.hb_subset_input_destroy(wanted)
        harfbuzz.hb_face_destroy(face)
        harfbuzz.hb_blob_destroy(blob)


def cut_fonts(folder: Path) -> dict[int, Path]:
    """Weight -> the cut font file in ``folder``, for both weights; none if either failed."""
    fonts = {}
    for weight, name in WEIGHTS.items():
        found = source(weight)
        target = folder / f"sheet-{name}.otf"
        if found is not None and cut(*found, target):
            fonts[weight] = target
    if len(fonts) < len(WEIGHTS):  # all or none: a missing bold would be faked from the regular
        logger.warning("Score sheets print with the full %s (could not cut it)", SOURCE_FAMILY)
        return {}
    return fonts

#!/usr/bin/env python3
"""Makes NotoSansCJKjp-Regular-subset.otf, the Japanese font the player embeds for machines
without a CJK font of their own: Noto Sans CJK JP Regular cut down to the characters
Shift-JIS can hold (Windows code page 932, which MMD writes: JIS X 0208 levels 1 and 2 with
the NEC and IBM extensions, and half-width katakana). Every name in a PMD, VMD or VPD file is
among them, and so are those of PMX models made in Japan. The 3,755 common simplified
Chinese characters (GB 2312 level 1) are added too, 1,371 of them beyond Shift-JIS, for the
names of PMX models made in China (300 KB).

    pip install fonttools
    python3 subset.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

The source is fonts-noto-cjk's collection (its first face is the Japanese one). Hints and
OpenType layout features are dropped: egui shapes no features, and hints are a fifth of the
size. The font stays under the SIL Open Font License (OFL.txt beside it)."""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

OUT = Path(__file__).with_name("NotoSansCJKjp-Regular-subset.otf")


def cp932_characters():
    """Every character a double-byte or half-width Shift-JIS code decodes to, less the
    user-defined area (private use, which no font shares)."""
    found = set()
    leads = list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))
    trails = list(range(0x40, 0x7F)) + list(range(0x80, 0xFD))
    for lead in leads:
        for trail in trails:
            try:
                found.update(bytes([lead, trail]).decode("cp932"))
            except UnicodeDecodeError:
                pass
    for byte in range(0xA1, 0xE0):
        found.update(bytes([byte]).decode("cp932"))
    return sorted(c for c in found if not 0xE000 <= ord(c) <= 0xF8FF)


def gb2312_level1_characters():
    """GB 2312's level 1 hanzi, the commonest simplified Chinese characters."""
    found = set()
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                found.update(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return found


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    font = TTFont(source, fontNumber=0)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    subsetter = subset.Subsetter(options)
    characters = sorted(set(cp932_characters()) | gb2312_level1_characters())
    subsetter.populate(unicodes=[ord(c) for c in characters])
    subsetter.subset(font)
    font.save(OUT)
    print(f"{OUT.name}: {len(characters)} characters, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()

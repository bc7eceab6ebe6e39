#!/usr/bin/env python3
"""Renders a tmux capture (`capture-pane -p -e`: text with SGR colour sequences) to a PNG.

Usage: render-capture.py CAPTURE.ansi OUT.png

For `browse`'s tests and the README: the screen as a person saw it, in a dark terminal's
colours, one DejaVu Sans Mono cell per column (two for East Asian wide characters and emoji).
"""
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
SIZE = 16
BACKGROUND = (24, 24, 27)
FOREGROUND = (220, 220, 215)
PALETTE = [
    (40, 40, 44), (224, 92, 92), (120, 200, 110), (230, 190, 90),
    (100, 150, 230), (200, 120, 210), (90, 200, 210), (220, 220, 215),
]
SEQUENCE = re.compile(r"\x1b\[([0-9;:]*)m")


def xterm_256(number):
    if number < 8:
        return PALETTE[number]
    if number < 16:
        return tuple(min(255, c + 40) for c in PALETTE[number - 8])
    if number < 232:
        number -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return (levels[number // 36], levels[number // 6 % 6], levels[number % 6])
    grey = 8 + (number - 232) * 10
    return (grey, grey, grey)


def width(character):
    if unicodedata.combining(character):
        return 0
    if unicodedata.east_asian_width(character) in ("W", "F"):
        return 2
    if ord(character) >= 0x1F300:
        return 2
    return 1


def apply(codes, style):
    parts = [int(p) if p else 0 for p in codes.replace(":", ";").split(";")] if codes else [0]
    i = 0
    while i < len(parts):
        code = parts[i]
        if code == 0:
            style.update(fg=None, bg=None, bold=False, dim=False, underline=False, reverse=False)
        elif code == 1:
            style["bold"] = True
        elif code == 2:
            style["dim"] = True
        elif code == 4:
            style["underline"] = True
        elif code == 7:
            style["reverse"] = True
        elif code == 22:
            style["bold"] = style["dim"] = False
        elif code == 24:
            style["underline"] = False
        elif code == 27:
            style["reverse"] = False
        elif 30 <= code <= 37:
            style["fg"] = PALETTE[code - 30]
        elif code == 39:
            style["fg"] = None
        elif 40 <= code <= 47:
            style["bg"] = PALETTE[code - 40]
        elif code == 49:
            style["bg"] = None
        elif 90 <= code <= 97:
            style["fg"] = xterm_256(code - 90 + 8)
        elif code in (38, 48) and i + 2 < len(parts) and parts[i + 1] == 5:
            style["fg" if code == 38 else "bg"] = xterm_256(parts[i + 2])
            i += 2
        elif code in (38, 48) and i + 4 < len(parts) and parts[i + 1] == 2:
            style["fg" if code == 38 else "bg"] = tuple(parts[i + 2:i + 5])
            i += 4
        i += 1


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().rstrip("\n").split("\n")
    regular = ImageFont.truetype(FONT_PATH, SIZE)
    bold = ImageFont.truetype(BOLD_PATH, SIZE)
    cell_width = int(regular.getlength("M"))
    cell_height = SIZE + 4
    cells = []
    columns = 0
    # tmux writes each cell's attributes as a change from the cell before it, across lines too.
    style = dict(fg=None, bg=None, bold=False, dim=False, underline=False, reverse=False)
    for line in lines:
        row = []
        position = 0
        for piece in re.split(r"(\x1b\[[0-9;:]*m)", line):
            match = SEQUENCE.fullmatch(piece)
            if match:
                apply(match.group(1), style)
                continue
            for character in piece:
                if character == "\x1b":
                    continue
                row.append((position, character, dict(style)))
                position += width(character)
        columns = max(columns, position)
        cells.append(row)
    columns = max(columns, 20)
    image = Image.new("RGB", (columns * cell_width + 16, len(lines) * cell_height + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(cells):
        for x, character, style in row:
            fg = style["fg"] or FOREGROUND
            bg = style["bg"]
            if style["reverse"]:
                fg, bg = (bg or BACKGROUND), fg
            if style["dim"]:
                fg = tuple(int(c * 0.6 + b * 0.4) for c, b in zip(fg, BACKGROUND))
            left, top = 8 + x * cell_width, 8 + y * cell_height
            span = max(1, width(character)) * cell_width
            if bg:
                draw.rectangle([left, top, left + span - 1, top + cell_height - 1], fill=bg)
            if character != " ":
                draw.text((left, top + 1), character, font=bold if style["bold"] else regular, fill=fg)
            if style["underline"]:
                draw.line([left, top + cell_height - 2, left + span - 1, top + cell_height - 2], fill=fg)
    image.save(target)


if __name__ == "__main__":
    main()

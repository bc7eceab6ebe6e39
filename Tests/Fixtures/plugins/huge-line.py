#!/usr/bin/env python3
"""A plugin that answers with one photo line of nearly 16 MiB (the output limit for a search),
written in pieces so the plugin itself stays small, then exits. Its first argument says what
fills the line: `empty-tags` (millions of "" tags and one real one), `unknown-zeros` (an unknown
field holding a list of millions of zeros), `long-title` (a title of nearly 16 MiB), or `plain`
(an ordinary small photo, for comparison)."""
import sys

sys.stdin.readline()
kind = sys.argv[1] if len(sys.argv) > 1 else "plain"
room = 16 * 1024 * 1024 - 256  # the line and its newline stay under the limit
out = sys.stdout.buffer


def fill(head, piece, tail):
    out.write(head)
    count = (room - len(head) - len(tail)) // len(piece)
    chunk = piece * 65536
    while count >= 65536:
        out.write(chunk)
        count -= 65536
    out.write(piece * count)
    out.write(tail)


if kind == "empty-tags":
    fill(b'{"photo":{"id":"huge","title":"Empty tags","tags":[', b'"",', b'"harbor"]}}\n')
elif kind == "unknown-zeros":
    fill(b'{"photo":{"id":"huge","title":"Unknown zeros","junk":[', b"0,", b'0],"tags":["harbor"]}}\n')
elif kind == "long-title":
    fill(b'{"photo":{"id":"huge","tags":["harbor"],"title":"', b"x", b'"}}\n')
else:
    out.write(b'{"photo":{"id":"plain","title":"Plain","tags":["harbor"]}}\n')
out.flush()

#!/usr/bin/env python3
"""Test helper for TerminalImagesTests (standard library only).

  chafa_in_terminal.py png WIDTH HEIGHT SEED ALPHA OUT
      Writes an 8-bit RGB (ALPHA 0) or RGBA (ALPHA 1) PNG of a deterministic pattern to OUT.
  chafa_in_terminal.py run COLUMNS ROWS XPIXELS YPIXELS PROGRAM [ARGUMENTS...]
      Runs PROGRAM on a pseudo-terminal of that size in cells and pixels (TIOCSWINSZ, raw mode so
      no newline is rewritten) and writes everything it printed to standard output: how the
      chafa command draws on a terminal whose cell size it can read.
"""
import fcntl
import os
import pty
import struct
import sys
import termios
import tty
import zlib


def write_png(width, height, seed, alpha, path):
    channels = 4 if alpha else 3
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            red = (x * 255 // max(width - 1, 1) + seed * 37) % 256
            green = (y * 255 // max(height - 1, 1) + seed * 11) % 256
            blue = ((x ^ y) * 9 + seed * 53) % 256
            rows += bytes((red, green, blue))
            if alpha:
                rows.append(255 if (x // 4 + y // 4) % 3 else 96)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
                  + chunk(b"IEND", b""))


def run(columns, rows, xpixels, ypixels, argv):
    master, slave = pty.openpty()
    tty.setraw(slave)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, xpixels, ypixels))
    pid = os.fork()
    if pid == 0:
        os.setsid()
        os.close(master)
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for descriptor in (0, 1, 2):
            os.dup2(slave, descriptor)
        os.execvp(argv[0], argv)
    os.close(slave)
    output = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(output)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    if sys.argv[1] == "png":
        write_png(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1", sys.argv[6])
    elif sys.argv[1] == "run":
        sys.exit(run(*map(int, sys.argv[2:6]), sys.argv[6:]))
    else:
        sys.exit("usage: chafa_in_terminal.py png|run ...")

#!/usr/bin/env python3
"""Keystroke to redraw of `viewfinder browse` in a real terminal (tmux), with 1,000 results.

Usage: Benchmarks/browse-keys.py BINARY [KEYS]

A plugin answers with 1,000 photos; after each ↓ sent with `tmux send-keys`, the pane is read
until the status line shows the new position. The figure includes tmux's own round trip (one
`send-keys` and the `capture-pane` calls, each a process start), so it is an upper bound; the
bare tmux round trip (a `capture-pane` alone) is printed beside it.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
keys = int(sys.argv[2]) if len(sys.argv) > 2 else 200
folder = tempfile.mkdtemp(prefix="vf-browse-keys-")
socket = os.path.join(folder, "tmux.sock")
with open(os.path.join(folder, "plugin.sh"), "w") as plugin:
    plugin.write("#!/bin/sh\ni=0\nwhile [ $i -lt 1000 ]; do\n")
    plugin.write("  printf '{\"photo\":{\"id\":\"p%s\",\"title\":\"Photo %s\",\"author\":\"someone\"}}\\n' $i $i\n")
    plugin.write("  i=$((i+1))\ndone\n")
os.chmod(os.path.join(folder, "plugin.sh"), 0o755)
with open(os.path.join(folder, "config.yaml"), "w") as config:
    config.write("search:\n  limit: 1000\nproviders:\n  many:\n    type: exec\n    command: [./plugin.sh]\n")


def tmux(*arguments, output=False):
    result = subprocess.run(["tmux", "-S", socket, *arguments], capture_output=output, text=True,
                            stdin=subprocess.DEVNULL)
    return result.stdout if output else None


environment = f"env -i PATH=/usr/bin:/bin HOME={folder} LANG=C.UTF-8 TERM=tmux-256color XDG_DATA_HOME={folder}/data"
subprocess.run(f"tmux -S {socket} -f /dev/null new-session -d -x 200 -y 60 -c {folder} "
               f"'{environment} {binary} browse photo' </dev/null >/dev/null 2>&1", shell=True, check=True)
try:
    deadline = time.time() + 30
    while "/1000" not in (tmux("capture-pane", "-p", output=True) or ""):
        if time.time() > deadline:
            sys.exit("browse never showed 1,000 results")
        time.sleep(0.05)
    tmux("send-keys", "Home")
    time.sleep(0.3)
    rounds, bare = [], []
    for index in range(1, keys + 1):
        start = time.perf_counter()
        tmux("capture-pane", "-p", output=True)
        bare.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        tmux("send-keys", "Down")
        wanted = f" {index + 1}/1000"
        while wanted not in tmux("capture-pane", "-p", output=True):
            pass
        rounds.append((time.perf_counter() - start) * 1000)
    rounds.sort()
    print(f"browse in tmux, 1,000 results on 200×60, {keys} ↓ keys: key sent to the new position on screen "
          f"median {statistics.median(rounds):.1f} ms, p95 {rounds[len(rounds) * 95 // 100]:.1f} ms; "
          f"a bare capture-pane {statistics.median(bare):.1f} ms")
finally:
    tmux("kill-server")

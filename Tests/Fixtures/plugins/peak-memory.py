#!/usr/bin/env python3
"""Not a plugin: runs the command in its arguments, passing its output through, then writes the
peak resident memory of what it ran to stderr as `peak-rss-kb: N`."""
import resource
import subprocess
import sys

status = subprocess.run(sys.argv[1:]).returncode
print(f"peak-rss-kb: {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}", file=sys.stderr)
sys.exit(status)

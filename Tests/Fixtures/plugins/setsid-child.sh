#!/bin/sh
# A plugin that starts a child in a session and group of its own (setsid; the shell between
# exits at once, so the child, whose command line carries the marker $1, is orphaned), writes
# one photo, then exits 0 (`exit`) or waits (`hang`). Viewfinder must leave neither behind.
read -r request
setsid sh -c 'python3 -c "import time; time.sleep(300)" "$1" </dev/null >/dev/null 2>&1 &' sh "$1"
printf '%s\n' '{"photo":{"id":"s1"}}'
[ "$2" = hang ] && exec sleep 100
exit 0

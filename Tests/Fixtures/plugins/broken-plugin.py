#!/usr/bin/env python3
"""A deliberately broken Viewfinder plugin: its first argument says how it misbehaves.

exit-3          writes one photo and two stderr lines, then exits with status 3
bad-json        writes a good line, then a line that is not JSON
missing-id      writes a photo without an id
impossible      writes a photo with a width of 0, a height of -5 and a latitude of 91
error-line      writes {"error": "..."}
flood           writes a 20 MiB line, past Viewfinder's output cap
hang            writes one photo, starts a child that sleeps, and sleeps itself (marker: argv[2])
slow-photos     writes a photo every 50 ms, up to 400 (argv[2], if given, only marks the process)
env             writes one photo whose title lists which of FLICKR_API_KEY and PLUGIN_GREETING it sees,
                or of the variables named by the further arguments
photos-then     writes photos p1 and p2, then what argv[2] says (error: an error line, malformed: a line
                that is not JSON, exit: nothing, and exits with status 3), all in one write when argv[3]
                is `together`, or line by line with pauses when it is `apart`
"""
import json
import os
import subprocess
import sys
import time

mode = sys.argv[1]
request = json.loads(sys.stdin.readline())


def photo(i):
    print(json.dumps({"photo": {"id": f"p{i}", "title": f"Photo {i}"}}), flush=True)


if mode == "exit-3":
    photo(1)
    print("loading catalogue...", file=sys.stderr)
    print("fatal: catalogue.db is corrupt", file=sys.stderr, flush=True)
    sys.exit(3)
elif mode == "bad-json":
    photo(1)
    print('{"photo": {"id": "p2", "title": unquoted}}', flush=True)
elif mode == "missing-id":
    print(json.dumps({"photo": {"title": "No id here"}}), flush=True)
elif mode == "impossible":
    print(json.dumps({"photo": {"id": "w0", "title": "lisbon", "width": 0, "height": -5,
                                "latitude": 91, "longitude": 0}}), flush=True)
elif mode == "error-line":
    print(json.dumps({"error": "the catalogue server refused our token"}), flush=True)
elif mode == "flood":
    sys.stdout.write('{"photo": {"id": "x", "title": "')
    for _ in range(20 * 1024):
        sys.stdout.write("y" * 1024)
    sys.stdout.flush()
elif mode == "hang":
    photo(1)
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", sys.argv[2]])
    time.sleep(300)
elif mode == "env":
    names = sys.argv[2:] or ["FLICKR_API_KEY", "PLUGIN_GREETING"]
    seen = [f"{name}={os.environ.get(name, 'absent')}" for name in names]
    print(json.dumps({"photo": {"id": "env", "title": " ".join(seen)}}), flush=True)
elif mode == "photos-then":
    lines = [json.dumps({"photo": {"id": f"p{i}"}}) + "\n" for i in (1, 2)]
    lines += {"error": ['{"error": "out of film"}\n'], "malformed": ["{not json\n"], "exit": []}[sys.argv[2]]
    if sys.argv[3] == "together":
        os.write(1, "".join(lines).encode())
    else:
        for line in lines:
            os.write(1, line.encode())
            time.sleep(0.2)
    sys.exit(3 if sys.argv[2] == "exit" else 0)
elif mode == "slow-photos":
    for i in range(400):
        photo(i)
        time.sleep(0.05)

#!/usr/bin/env python3
"""A fake exec provider for the web view's browser checks.

fake_provider.py MODE IMAGE_BASE DELAY [NAME IMAGES]: reads the request line, waits DELAY
seconds (or, for a DELAY of `until:PATH`, until PATH exists, at most 60 s), then
answers as MODE says: `photos` (four photos whose images are under IMAGE_BASE), `broken` (an
error line), `hostile` (a photo whose title is markup and whose page URL is javascript:).
"""
import json
import os
import sys
import time

mode, base, delay = sys.argv[1], sys.argv[2], sys.argv[3]
request = json.loads(sys.stdin.readline() or "{}")
if delay.startswith("until:"):
    deadline = time.monotonic() + 60
    while not os.path.exists(delay[len("until:"):]) and time.monotonic() < deadline:
        time.sleep(0.05)
else:
    time.sleep(float(delay))
name = sys.argv[4] if len(sys.argv) > 4 else mode
images = sys.argv[5].split(",") if len(sys.argv) > 5 else []


def emit(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


if mode == "broken":
    emit({"error": "the catalogue refused our token"})
elif mode == "hostile":
    emit({"photo": {"id": "h1", "title": "<img src=x onerror=alert(1)>", "author": "<b>Mallory</b> \u202egnp.exe",
                    "page_url": "javascript:alert(document.domain)", "license": "CC0"}})
else:
    licenses = ["CC BY 4.0", "CC0", "CC BY-SA 2.0", "Public Domain"]
    for index, image in enumerate(images):
        words = image.rsplit(".", 1)[0].replace("-", " ")
        emit({"photo": {
            "id": f"{name}-{index}", "title": words.capitalize(), "author": f"{name.capitalize()} Photographer",
            "page_url": f"https://example.org/{name}/{index}", "image_url": f"{base}/{image}",
            "width": 1600, "height": 1067, "taken_at": f"2021-0{index % 9 + 1}-14T10:00:00Z",
            "tags": words.split(), "license": licenses[index % len(licenses)]}})

#!/usr/bin/env python3
"""A Viewfinder plugin in Python: searches a small catalogue of public-domain photos.

Protocol 1 (docs/PLUGINS.md): read one JSON request line from stdin, write one
{"photo": {...}} line per result, best first, and exit 0.
Options: `boost` (a word whose matches come first), passed through from the YAML.
"""
import json
import sys

CATALOGUE = [
    ("pd-1", "Lighthouse on a rocky harbor", "Frank Hurley", "1911-12-02T10:00:00Z", ["lighthouse", "harbor", "sea"]),
    ("pd-2", "Fishing boats in the harbor at dawn", "Frances Benjamin Johnston", "1903-06-14T05:30:00Z", ["harbor", "boats"]),
    ("pd-3", "Mountain lake in the Alps", "Vittorio Sella", "1889-08-01T12:00:00Z", ["mountain", "lake", "alps"]),
    ("pd-4", "Forest path after rain", "Carleton Watkins", "1865-05-20T09:00:00Z", ["forest", "path", "rain"]),
    ("pd-5", "City bridge in the fog", "Alvin Langdon Coburn", "1909-11-03T08:00:00Z", ["city", "bridge", "fog"]),
    ("pd-6", "Desert dunes at sunset", "Timothy O'Sullivan", "1871-09-10T18:00:00Z", ["desert", "dunes", "sunset"]),
    ("pd-7", "Harbor cranes and steamships", "Lewis Hine", "1912-04-22T11:00:00Z", ["harbor", "industry"]),
]


def main():
    request = json.loads(sys.stdin.readline())
    if request.get("protocol") != 1:
        print(json.dumps({"error": f"unsupported protocol {request.get('protocol')}"}), flush=True)
        return
    words = (request.get("query") or "").lower().split()
    boost = str(request.get("options", {}).get("boost", "")).lower()
    found = [entry for entry in CATALOGUE
             if request["operation"] == "popular" or all(w in entry[1].lower() or w in entry[4] for w in words)]
    found.sort(key=lambda entry: boost not in entry[4])
    for pid, title, author, taken, tags in found[: request["limit"]]:
        photo = {
            "id": pid, "title": title, "author": author, "taken_at": taken, "tags": tags, "license": "Public Domain",
            "page_url": f"https://example.org/public-domain/{pid}",
            "image_url": f"https://example.org/public-domain/{pid}.jpg",
            "thumbnail_url": f"https://example.org/public-domain/{pid}_thumb.jpg", "width": 1600, "height": 1200,
        }
        print(json.dumps({"photo": photo}), flush=True)


if __name__ == "__main__":
    main()

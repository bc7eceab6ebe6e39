#!/usr/bin/env python3
"""A fake Openverse API on 127.0.0.1, shaped like GET /v1/images/ responses.

Prints its port, then serves until standard input closes. 60 images from "flickr" and
"wikimedia"; `q` must match every word of a title or tag. Image 0 is the Flickr photo
53000000104 by 10104@N00 (the one the fake Flickr also serves), with a trailing slash on its
landing URL. Like the real API: page_size above 20 without a token is a 401; mature results
are left out unless mature=true; errors are {"detail": …}. The query "throttle" gets 429,
"broken" a truncated body, "slow" (and the path /v1-slow/images/) an answer after 30 s (/stats notes in "aborted" when the client
hung up first). "impossible" gets what the real API was seen to send: a width of
-9223372036854775808, a height of 0, empty and blank ids. GET /stats lists the calls made.
"""
import os
import sys
sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures"))  # the shared fixture helpers
from fixture_support import FakeAPIHandler, page_count, page_of, serve  # noqa: E402

WORDS = ["harbor", "lighthouse", "bridge", "forest", "market", "river"]


def make_image(i):
    word = WORDS[i % len(WORDS)]
    uid = f"00000000-0000-4000-8000-{i:012d}"
    if i == 0:
        landing, source, title = "https://www.flickr.com/photos/10104@N00/53000000104/", "flickr", "City and harbor 104"
        url, creator = "https://live.staticflickr.com/65535/53000000104_0b5d28a1b2_b.jpg", "Photographer 0"
    elif i % 2:
        landing, source, title = f"https://commons.wikimedia.org/w/index.php?curid={9000 + i}", "wikimedia", f"{word.title()} in winter {i}"
        url, creator = f"https://upload.wikimedia.org/wikipedia/commons/{i}/{word}.jpg", f"Wiki user {i}"
    else:
        landing, source, title = f"https://www.flickr.com/photos/{20000 + i}@N01/{61000000000 + i}", "flickr", f"{word.title()} at night {i}"
        url, creator = f"https://live.staticflickr.com/65535/{61000000000 + i}_abc_b.jpg", f"Flickr user {i}"
    license_code, version = [("by", "2.0"), ("by-sa", "4.0"), ("cc0", "1.0"), ("pdm", "1.0"), ("by-nc-nd", "3.0")][i % 5]
    return {
        "id": uid, "title": title, "indexed_on": "2023-04-24T02:45:20.546227Z", "foreign_landing_url": landing,
        "url": url, "creator": creator, "creator_url": None, "license": license_code, "license_version": version,
        "license_url": f"https://creativecommons.org/licenses/{license_code}/{version}/", "provider": source,
        "source": source, "category": "photograph", "filesize": None, "filetype": "jpg",
        "tags": [{"accuracy": None, "name": word}, {"accuracy": 0.9, "name": "outdoor"}],
        "attribution": f'"{title}" by {creator} is licensed under CC {license_code.upper()} {version}.',
        "fields_matched": ["title"], "mature": i % 13 == 12, "height": 683 + i, "width": 1024 + i,
        "thumbnail": f"https://api.openverse.org/v1/images/{uid}/thumb/",
        "detail_url": f"https://api.openverse.org/v1/images/{uid}/",
        "related_url": f"https://api.openverse.org/v1/images/{uid}/related/", "unstable__sensitivity": [],
    }


IMAGES = [make_image(i) for i in range(60)]


class Handler(FakeAPIHandler):
    stalled_answer = {"result_count": 0, "page_count": 0, "page": 1, "results": []}

    def answer(self, url, query):
        if url.path == "/v1-slow/images/":
            return self.slow()
        if url.path != "/v1/images/":
            return self.send(404, {"detail": "Not found."})
        q = query.get("q", "").lower()
        if q == "slow":
            return self.slow()
        if q == "throttle":
            return self.send(429, {"detail": "Request was throttled. Expected available in 86400 seconds."},
                             [("Retry-After", "86400")])
        if q == "impossible":
            good = dict(IMAGES[0], id="good", width=-9223372036854775808, height=0)
            return self.send(200, {"result_count": 3, "page_count": 1, "page": 1, "results": [
                dict(IMAGES[1], id=""), dict(IMAGES[2], id="  "), good]})
        if q == "broken":
            return self.send(200, '{"result_count": 3, "page_count": 1, "results": [{"id": "x", "ti')
        page_size = int(query.get("page_size", "20"))
        if page_size > 20:
            return self.send(401, {"detail": "Authentication credentials were not provided."})
        found = [image for image in IMAGES
                 if all(w in image["title"].lower() or w in [t["name"] for t in image["tags"]] for w in q.split())]
        if query.get("mature") != "true":
            found = [image for image in found if not image["mature"]]
        page = int(query.get("page", "1"))
        self.send(200, {"result_count": len(found), "page_count": page_count(len(found), page_size),
                        "page_size": page_size, "page": page, "results": page_of(found, page, page_size),
                        "warnings": []})


if __name__ == "__main__":
    serve(Handler)

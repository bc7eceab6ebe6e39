#!/usr/bin/env python3
"""A fake Pixabay API on 127.0.0.1, shaped like answers of GET https://pixabay.com/api/.

Prints its port, then serves until standard input closes. Modelled on https://pixabay.com/api/docs/
and answers observed by public clients:

- The key rides in the query string. A key looks like Pixabay's (digits, "-", 25 hex digits); any
  other key, or none, gets HTTP 400 with the plain-text body
  `[ERROR 400] Invalid or missing API key ([key]).` Keys starting "99999999-" have "full API
  access": their hits also carry fullHDURL and imageURL, as the docs say.
- 620 images; every one is tagged "landscape", so that query has total 620 but totalHits 500 (the
  API serves at most 500 per query). `q` must match every word among an image's tags. image_type
  filters by type ("all" for any); order is "popular" (most views first, the default) or "latest".
- per_page outside 3-200 is `[ERROR 400] "per_page" is out of valid range.`; a page starting at or
  past totalHits (beyond page 1) is `[ERROR 400] "page" is out of valid range.`; q over 100
  characters is `[ERROR 400] "q" is too long`. Errors are plain text, never JSON.
- Every answer carries X-RateLimit-Limit/-Remaining/-Reset (seconds until the window resets). The
  query "throttle" gets 429 with Remaining 0 and Reset 37 (no Retry-After), and so does every
  query of a key starting "429-" (a key over its quota).
- Test hooks, not Pixabay behaviour: "outage" gets a proxy's HTML 502 page; "echo" a 400 that
  repeats the request line (the key raw, percent-encoded, JSON-escaped and in capitals) like a
  misbehaving proxy;
  "shrinking" claims totalHits 500 on page 1 but says later pages are out of range (the total fell
  between two requests). The path /api-broken/ answers a truncated body; /api-slow/ answers after
  30 s (noted in "aborted" when the client hung up first). GET /stats lists the calls made.

Quirks in the data, as the real API has them: userImageURL "" for contributors without a picture,
tags with stray spaces, repeats and a trailing comma (image 1), illustrations among the photos,
a contributor name with a space and a dot (image 2), new keys the docs do not list (collections,
isAiGenerated), and one hit whose contributor was removed: user "" and user_id 0 (image 14).
"""
import os
import json
import re
import sys
from urllib.parse import quote
sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures"))  # the shared fixture helpers
from fixture_support import FakeAPIHandler, page_of, serve  # noqa: E402

WORDS = ["flower", "harbor", "mountain", "forest", "city", "beach"]
KEY_PATTERN = re.compile(r"^[0-9]+-[0-9a-f]{25}$")
FULL_ACCESS_PREFIX = "99999999-"


def make_image(i):
    word = WORDS[i % len(WORDS)]
    image_id = 1000000 + 7 * i
    kind = "illustration" if i % 9 == 8 else "photo"
    tags = [word, "nature", "landscape"] + (["windmill"] if i % 60 == 5 else [])
    tags_text = ", ".join(tags)
    if i == 1:
        tags_text = "harbor,  boat, Harbor, nature, landscape,"
    user, user_id = f"user{i % 40}", 500000 + i % 40
    if i == 2:
        user, user_id = "Anna B.", 777
    if i == 14:
        user, user_id = "", 0
    slug = "-".join(tags[:3])
    date = f"2020/{1 + i % 12:02d}/{1 + i % 28:02d}/10/{i % 60:02d}"
    width, height = (6000 - i, 4000) if i % 3 else (3000, 4500 - i)
    preview = (150, round(150 * height / width)) if width >= height else (round(150 * width / height), 150)
    web = (640, round(640 * height / width)) if width >= height else (round(640 * width / height), 640)
    return {
        "id": image_id,
        "pageURL": f"https://pixabay.com/{kind}s/{slug}-{image_id}/",
        "type": kind,
        "tags": tags_text,
        "previewURL": f"https://cdn.pixabay.com/photo/{date}/{word}-{image_id}_150.jpg",
        "previewWidth": preview[0],
        "previewHeight": preview[1],
        "webformatURL": f"https://pixabay.com/get/g{image_id:x}a1b2c3_640.jpg",
        "webformatWidth": web[0],
        "webformatHeight": web[1],
        "largeImageURL": f"https://pixabay.com/get/g{image_id:x}d4e5f6_1280.jpg",
        "imageWidth": width,
        "imageHeight": height,
        "imageSize": 1000000 + 1234 * i,
        "views": (i * 7919) % 100000 + 10,
        "downloads": (i * 104729) % 50000,
        "collections": i % 300,
        "likes": (i * 31) % 1000,
        "comments": i % 50,
        "user_id": user_id,
        "user": user,
        "userImageURL": "" if i % 11 == 4 else f"https://cdn.pixabay.com/user/2019/01/01/00-00-00-{i:03d}_250x250.jpg",
        "isAiGenerated": False,
    }


IMAGES = [make_image(i) for i in range(620)]
FULL_ACCESS = {
    "fullHDURL": "https://pixabay.com/get/g{:x}fullhd_1920.jpg",
    "imageURL": "https://pixabay.com/get/g{:x}original.jpg",
}


class Handler(FakeAPIHandler):
    stalled_answer = {"total": 0, "totalHits": 0, "hits": []}

    def send(self, status, payload, headers=(), content_type=None):
        """Every answer carries the rate-limit headers; `headers` overrides their values."""
        limit_headers = {"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "99", "X-RateLimit-Reset": "60"}
        limit_headers.update(dict(headers))
        super().send(status, payload, limit_headers.items(), content_type)

    def error(self, status, text, headers=()):
        self.send(status, f"[ERROR {status}] {text}", headers, "text/plain; charset=utf-8")

    def record(self, url, query):
        return dict(query, path=url.path, user_agent=self.headers.get("User-Agent", ""))

    def answer(self, url, query):
        if url.path == "/api-slow/":
            return self.slow()
        if url.path == "/api-broken/":
            return self.send(200, '{"total": 3, "totalHits": 3, "hits": [{"id": 1000000, "pageURL": "https://pixa')
        if url.path != "/api/":
            return self.send(404, "<!DOCTYPE html><html><head><title>404 Not Found</title></head></html>",
                             content_type="text/html; charset=utf-8")
        key = query.get("key", "")
        if query.get("q") == "echo":  # before the key check, so any key is echoed
            line = f"GET {self.path}"
            echo = f'{line} | KEY {key.upper()} | {quote(line, safe="")} | {json.dumps({"request": line})} | key={key}'
            return self.error(400, f"Bad request: {echo}")
        if not KEY_PATTERN.match(key):
            return self.error(400, "Invalid or missing API key ([key]).")
        q = query.get("q", "")
        if len(q) > 100:
            return self.error(400, '"q" is too long')
        try:
            per_page = int(query.get("per_page", "20"))
            page = int(query.get("page", "1"))
        except ValueError:
            return self.error(400, '"page" or "per_page" is invalid')
        if not 3 <= per_page <= 200:
            return self.error(400, '"per_page" is out of valid range.')
        words = q.lower().split()
        if words == ["throttle"] or key.startswith("429-"):
            return self.error(429, "Too Many Requests",
                              [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "37")])
        if words == ["outage"]:
            return self.send(502, "<html><head><title>502 Bad Gateway</title></head><body>"
                                  "<center><h1>502 Bad Gateway</h1></center></body></html>", content_type="text/html")
        image_type = query.get("image_type", "all")
        found = [image for image in IMAGES
                 if (image_type == "all" or image["type"] == image_type)
                 and all(w in [t.strip().lower() for t in image["tags"].split(",")] for w in words)]
        if words == ["shrinking"]:
            found = IMAGES[:]
        if query.get("order", "popular") == "latest":
            found.sort(key=lambda image: -image["id"])
        else:
            found.sort(key=lambda image: -image["views"])
        total_hits = min(len(found), 500)
        if page < 1 or (page > 1 and (page - 1) * per_page >= total_hits) or (words == ["shrinking"] and page > 1):
            return self.error(400, '"page" is out of valid range.')
        hits = page_of(found[:total_hits], page, per_page)
        if key.startswith(FULL_ACCESS_PREFIX):
            hits = [dict(hit, **{name: pattern.format(hit["id"]) for name, pattern in FULL_ACCESS.items()})
                    for hit in hits]
        self.send(200, {"total": len(found), "totalHits": total_hits, "hits": hits})


if __name__ == "__main__":
    serve(Handler)

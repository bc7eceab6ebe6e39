#!/usr/bin/env python3
"""A fake Unsplash API on 127.0.0.1, speaking the wire format of api.unsplash.com.

Prints its port, then serves until standard input closes. Shaped after Unsplash's documentation
and answers observed from the real API:

- The key travels only as `Authorization: Client-ID <key>`; any other or none gets 401
  {"errors":["OAuth error: The access token is invalid"]}. Keys: "test-access-key-7f3a9c" (a
  50-request hour, like a demo app) and "tiny-quota-key-0001" (2 requests, then 403 with the
  plain-text body "Rate Limit Exceeded", as Unsplash sends it). Every answer to a known key carries
  X-Ratelimit-Limit and X-Ratelimit-Remaining.
- GET /search/photos?query&page&per_page: {"total","total_pages","results"}; per_page defaults to
  10 and is silently cut to 30; a page past the last one is {"total": N, "total_pages": M,
  "results": []}; no query is 400 {"errors":["query is missing"]}. `query` matches every word
  against descriptions and tags. 75 photos; photo fields as the real API sends them: nulls for
  missing descriptions, `promoted_at` null or a date, `tags` (deprecated, present on most
  results), `tags_preview` only on some, none on others, and `&` written as \\u0026 in URLs.
- GET /photos?page&per_page: the Editorial feed, a bare JSON array, newest first, with X-Total,
  X-Per-Page and Link headers; `order_by` is accepted and ignored (removed by Unsplash in 2024).
- Queries: "drift" claims 100 results but has 40 (pages past them are empty); "servererror"
  gets 500 {"errors":[...]}; "broken" a truncated 200 body. A path under /broken answers every
  call with a truncated body; under /slow, after 30 s (or never, if the client hangs up first:
  /stats lists it in "aborted").
- GET /stats: {"calls": [{"path", "query", "authorization", "accept_version"}], "aborted": [...],
  "key_in_url": bool} (whether any valid key ever appeared in a request line).
"""
import os
import json
import sys
from urllib.parse import unquote
sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures"))  # the shared fixture helpers
from fixture_support import FakeAPIHandler, lock, page_count, page_of, serve  # noqa: E402

KEYS = {"test-access-key-7f3a9c": 50, "tiny-quota-key-0001": 2}
WORDS = ["harbor", "mountain", "forest", "city", "river"]
used = {}
key_in_url = [False]


def photo(i):
    word = WORDS[i % len(WORDS)]
    pid = f"uNs{i:04d}x-Pq"
    base = f"https://images.unsplash.com/photo-15{i:08d}-a1b2c3d4e5f6"
    ixid = f"M3w1MDk4NTd8MHwxfHNlYXJjaHw{i}fHx{word}fGVufDB8fHx8MTcwMDAwMDAwMHww"
    width, height = 4000 + 10 * i, 6000 - 10 * i if i % 2 else 2667 + i
    description = None if i % 4 == 1 else f"A {word} at dawn, frame {i} — “quiet” & still"
    alt = None if i % 7 == 3 else f"{word} under a grey sky {i}"
    tags = [{"type": "landing_page", "title": word,
             "source": {"ancestry": {"type": {"slug": "images", "pretty_slug": "Images"}},
                        "title": f"{word.title()} images & pictures"}},
            {"type": "search", "title": "outdoor"}, {"type": "search", "title": word.upper()}]
    entry = {
        "id": pid, "slug": f"{word}-at-dawn-{pid}",
        "alternative_slugs": {"en": f"{word}-at-dawn-{pid}"},
        "created_at": f"2023-{1 + i % 12:02d}-{1 + i % 28:02d}T08:{i % 60:02d}:00Z",
        "updated_at": "2024-11-02T10:11:12Z",
        "promoted_at": None if i % 3 else "2023-06-01T09:00:00Z",
        "width": width, "height": height, "color": "#598c73", "blur_hash": "LDCtq6Me0_kp3mof%MofUwkp,cRP",
        "description": description, "alt_description": alt,
        "breadcrumbs": [],
        "urls": {
            "raw": f"{base}?ixid={ixid}&ixlib=rb-4.0.3",
            "full": f"{base}?crop=entropy&cs=srgb&fm=jpg&ixid={ixid}&ixlib=rb-4.0.3&q=85",
            "regular": f"{base}?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid={ixid}&ixlib=rb-4.0.3&q=80&w=1080",
            "small": f"{base}?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid={ixid}&ixlib=rb-4.0.3&q=80&w=400",
            "thumb": f"{base}?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid={ixid}&ixlib=rb-4.0.3&q=80&w=200",
            "small_s3": f"https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-15{i:08d}",
        },
        "links": {
            "self": f"https://api.unsplash.com/photos/{pid}",
            "html": f"https://unsplash.com/photos/{word}-at-dawn-{pid}",
            "download": f"https://unsplash.com/photos/{pid}/download?ixid={ixid}",
            "download_location": f"https://api.unsplash.com/photos/{pid}/download?ixid={ixid}",
        },
        "likes": (i * 37) % 500, "liked_by_user": False, "current_user_collections": [],
        "sponsorship": None, "topic_submissions": {}, "asset_type": "photo",
        "user": {
            "id": f"usr{i % 9}", "updated_at": "2024-10-01T00:00:00Z", "username": f"shooter{i % 9}",
            "name": None if i == 9 else f"Photographer {i % 9}", "first_name": f"Photographer",
            "last_name": None, "twitter_username": None, "portfolio_url": None, "bio": None, "location": None,
            "links": {"self": f"https://api.unsplash.com/users/shooter{i % 9}",
                      "html": f"https://unsplash.com/@shooter{i % 9}",
                      "photos": f"https://api.unsplash.com/users/shooter{i % 9}/photos"},
            "profile_image": {"small": f"https://images.unsplash.com/profile-{i % 9}?w=32&h=32"},
            "total_likes": 0, "total_photos": 12, "accepted_tos": True, "for_hire": False,
        },
    }
    if i % 5 != 4:
        entry["tags"] = tags  # deprecated in 2021, still on most search results
    elif i % 10 == 4:
        entry["tags_preview"] = tags[:2]  # the field said to supersede it
    return entry


PHOTOS = [photo(i) for i in range(75)]
FEED = sorted(PHOTOS, key=lambda p: p["created_at"], reverse=True)


def text_of(entry):
    parts = [entry.get("description") or "", entry.get("alt_description") or ""]
    parts += [t["title"] for t in entry.get("tags", []) + entry.get("tags_preview", [])]
    return " ".join(parts).lower()


def list_entry(entry):
    trimmed = dict(entry)  # the feed's photo objects carry no tags
    trimmed.pop("tags", None)
    trimmed.pop("tags_preview", None)
    return trimmed


def encode(payload):
    # Unsplash (Rails) writes UTF-8 as is and escapes &, < and > as \u0026, \u003c, \u003e.
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e").encode()


class Handler(FakeAPIHandler):
    content_type = "application/json; charset=utf-8"
    stalled_answer = {"total": 0, "total_pages": 0, "results": []}

    def encode(self, payload):
        return payload if isinstance(payload, bytes) else encode(payload)

    def record(self, url, query):
        if any(key in unquote(unquote(self.path)) for key in KEYS):
            key_in_url[0] = True
        return {"path": url.path, "query": query, "authorization": self.headers.get("Authorization"),
                "accept_version": self.headers.get("Accept-Version")}

    def stats(self):
        return dict(super().stats(), key_in_url=key_in_url[0])

    def answer(self, url, query):
        auth = self.headers.get("Authorization")
        path = url.path
        if path.startswith("/slow/"):
            return self.slow()
        if path.startswith("/broken/"):
            return self.send(200, b'{"total":3,"total_pages":1,"results":[{"id":"x","urls":{"ra')
        key = auth[len("Client-ID "):] if auth and auth.startswith("Client-ID ") else None
        if key not in KEYS:
            return self.send(401, {"errors": ["OAuth error: The access token is invalid"]})
        with lock:
            used[key] = used.get(key, 0) + 1
            remaining = KEYS[key] - used[key]
        quota = [("X-Ratelimit-Limit", str(KEYS[key])), ("X-Ratelimit-Remaining", str(max(remaining, 0)))]
        if remaining < 0:
            return self.send(403, b"Rate Limit Exceeded", quota, "text/plain; charset=utf-8")
        try:
            page = max(1, int(query.get("page", "1")))
            per_page = min(30, max(1, int(query.get("per_page", "10"))))
        except ValueError:
            return self.send(400, {"errors": ["page and per_page must be numbers"]}, quota)
        if path.startswith("/photos/") and path.endswith("/download"):
            # The download report Unsplash's guidelines require: the image's address, counted.
            pid = path[len("/photos/"):-len("/download")]
            return self.send(200, {"url": f"https://images.unsplash.com/photo-{pid}?ixid={query.get('ixid', '')}"},
                             headers=quota)
        if path == "/photos":
            total = len(FEED)
            last = page_count(total, per_page)
            links = [f'<https://api.unsplash.com/photos?page={last}&per_page={per_page}>; rel="last"']
            if page < last:
                links.append(f'<https://api.unsplash.com/photos?page={page + 1}&per_page={per_page}>; rel="next"')
            return self.send(200, [list_entry(p) for p in page_of(FEED, page, per_page)], quota + [
                ("X-Total", str(total)), ("X-Per-Page", str(per_page)), ("Link", ", ".join(links))])
        if path != "/search/photos":
            return self.send(404, {"errors": ["Not Found"]}, quota)
        q = query.get("query", "").strip().lower()
        if not q:
            return self.send(400, {"errors": ["query is missing"]}, quota)
        if q == "servererror":
            return self.send(500, {"errors": ["Something went wrong on our end"]}, quota)
        if q == "broken":
            return self.send(200, b'{"total":3,"total_pages":1,"results":[{"id":"x","des', quota)
        if q == "drift":
            found, claimed = PHOTOS[:40], 100  # the index counts photos it no longer serves
        else:
            found = [p for p in PHOTOS if all(w in text_of(p) for w in q.split())]
            claimed = len(found)
        self.send(200, {"total": claimed, "total_pages": page_count(claimed, per_page),
                        "results": page_of(found, page, per_page)}, quota)


if __name__ == "__main__":
    serve(Handler)

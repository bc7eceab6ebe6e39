#!/usr/bin/env python3
"""A fake Pexels API on 127.0.0.1, shaped like GET /v1/search and GET /v1/curated answers.

Prints its port, then serves until standard input closes. Like the real API:
- the key comes in `Authorization: <key>` with no scheme; a missing or wrong one gets
  401 {"status": 401, "code": "Unauthorized"} (errors are {"status": …, "code": …}; the
  official JavaScript client also knows {"error": "…"}, which the fake sends for an unknown path);
- `per_page` defaults to 15 and is cut to 80; `page` defaults to 1;
- answers carry "page", "per_page", "photos", "total_results", "next_page" (absent on the last
  page) and "prev_page" (absent on the first); a page past the last has no photos;
- successful answers carry X-Ratelimit-Limit / -Remaining / -Reset (Unix time); the 429 that
  says the quota is spent carries none of them;
- `alt` may be a text, empty, null or missing; `avg_color` a colour, null or missing.
60 photos; `query` must match every word of an alt text or of the photo's page URL slug.
Queries with special answers: "throttle" 429; "outage" 503; "lastcall" a success saying no
requests remain; "echo" a 400 whose body echoes the Authorization header (raw and JSON-escaped),
as a hostile server might; "broken" (and the path /v1-broken/…) a truncated body; "slow" (and
/v1-slow/…) an answer after 30 s (/stats notes in "aborted" when the client hung up first).
GET /stats lists the calls made: path, query parameters, Authorization and User-Agent headers.
"""
import os
import sys
from urllib.parse import urlencode
sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures"))  # the shared fixture helpers
from fixture_support import FakeAPIHandler, lock, page_of, serve  # noqa: E402

KEY = "563492ad6f91700001000001/pX+k=7"
RESET = 1893456000  # 2030-01-01T00:00:00Z
WORDS = ["harbor", "lighthouse", "bridge", "forest", "market", "river"]
used = [0]


def make_photo(i):
    word = WORDS[i % len(WORDS)]
    pid = 2014000 + i
    slug = f"{word}-at-dusk-{pid}"
    width, height = 4000 + 16 * i, 6000 - 8 * i
    if i % 3 == 1:
        width, height = height, width
    base = f"https://images.pexels.com/photos/{pid}/pexels-photo-{pid}.jpeg"
    photo = {
        "id": pid, "width": width, "height": height, "url": f"https://www.pexels.com/photo/{slug}/",
        "photographer": f"Photographer {i}", "photographer_url": f"https://www.pexels.com/@photographer-{i}",
        "photographer_id": 680000 + i, "avg_color": "#978E82",
        "src": {
            "original": base,
            "large2x": base + "?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940",
            "large": base + "?auto=compress&cs=tinysrgb&h=650&w=940",
            "medium": base + "?auto=compress&cs=tinysrgb&h=350",
            "small": base + "?auto=compress&cs=tinysrgb&h=130",
            "portrait": base + "?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800",
            "landscape": base + "?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200",
            "tiny": base + "?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280",
        },
        "liked": False, "alt": f"{word.title()} at dusk {i}",
    }
    if i % 7 == 3:
        photo["alt"] = ""
    elif i % 7 == 5:
        photo["alt"] = None
    elif i % 7 == 6:
        del photo["alt"]
    if i % 5 == 2:
        photo["avg_color"] = None
    elif i % 5 == 4:
        del photo["avg_color"]
    return photo


PHOTOS = [make_photo(i) for i in range(60)]


def matches(photo, query):
    text = ((photo.get("alt") or "") + " " + photo["url"]).lower()
    return all(word in text for word in query.split())


class Handler(FakeAPIHandler):
    content_type = "application/json; charset=utf-8"
    stalled_answer = {"page": 1, "per_page": 15, "photos": [], "total_results": 0}

    def error(self, status, code):
        self.send(status, {"status": status, "code": code})

    def quota(self, remaining=None):
        with lock:
            used[0] += 1
            left = max(0, 20000 - used[0]) if remaining is None else remaining
        return [("X-Ratelimit-Limit", "20000"), ("X-Ratelimit-Remaining", str(left)),
                ("X-Ratelimit-Reset", str(RESET))]

    def record(self, url, query):
        return {"path": url.path, "raw": self.path, **query,
                "authorization": self.headers.get("Authorization", "<none>"),
                "user-agent": self.headers.get("User-Agent", "<none>")}

    def answer(self, url, query):
        if self.headers.get("Authorization") != KEY:
            return self.error(401, "Unauthorized")
        if url.path.startswith("/v1-slow/"):
            return self.slow()
        if url.path.startswith("/v1-broken/"):
            return self.send(200, '{"page": 1, "per_page": 15, "photos": [{"id": 1, "wid', self.quota())
        if url.path not in ("/v1/search", "/v1/curated"):
            return self.send(404, {"error": "Not Found"})
        q = query.get("query", "").lower()
        if url.path == "/v1/search":
            if not q.strip():
                return self.error(400, "Bad Request")
            if q == "slow":
                return self.slow()
            if q == "throttle":
                return self.error(429, "Too Many Requests")
            if q == "outage":
                return self.error(503, "Service Unavailable")
            if q == "echo":
                key = self.headers.get("Authorization", "")
                body = '{"status": 400, "code": "Bad key ' + key + " (" + key.replace("/", "\\/") + ')"}'
                return self.send(400, body)
            if q == "broken":
                return self.send(200, '{"page": 1, "per_page": 15, "photos": [{"id": 1, "wid', self.quota())
            found = [photo for photo in PHOTOS if matches(photo, q)]
            if q == "lastcall":
                found = PHOTOS[:3]
        else:
            found = PHOTOS[::2]
        try:
            page = max(1, int(query.get("page", "1")))
            per_page = min(80, max(1, int(query.get("per_page", "15"))))
        except ValueError:
            return self.error(400, "Bad Request")
        body = {"page": page, "per_page": per_page, "photos": page_of(found, page, per_page),
                "total_results": len(found)}
        link = "https://api.pexels.com" + url.path + "/?"
        params = {"query": q} if url.path == "/v1/search" else {}
        if page * per_page < len(found):
            body["next_page"] = link + urlencode({"page": page + 1, "per_page": per_page, **params})
        if page > 1:
            body["prev_page"] = link + urlencode({"page": page - 1, "per_page": per_page, **params})
        self.send(200, body, self.quota(0 if q == "lastcall" else None))


if __name__ == "__main__":
    serve(Handler)

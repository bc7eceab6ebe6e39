#!/usr/bin/env python3
"""A fake 500px v1 API on 127.0.0.1, shaped like 500px's documented responses.

Prints its port, then serves until standard input closes. Routes under /v1:
  GET /v1/photos?feature=…&sort=…&rpp=…&image_size=…&tags=…&exclude=…&consumer_key=…&page=…
  GET /v1/photos/search?term=…&rpp=…&image_size=…&tags=…&exclude=…&consumer_key=…&page=…
over 180 generated photos. Like the real API: `id` is a number; `rating` is a decimal or an
integer; `description`, `taken_at` and `created_at` may be null; `image_url` is a string when
one size is asked for and an array when several are; `images[]` carry size, url, https_url and
format; `url` is a path; `camera` is the model as
the uploader's file named it, `null` or empty when unknown; a search term matches names and tags, but `tags` (a list of strings) is
sent only with `tags=1` (every tenth photo has "lighthouse" only in its tags); `exclude` takes category names and `filters.exclude` echoes their ids;
some photos are `nsfw`. Errors are {"status": …, "error": …} with that HTTP status.

Consumer keys: "px-key-5678" is valid; "FORBIDDEN-KEY" gets 403; "SERVER-ERROR" gets 500;
"BROKEN" gets a truncated body; "SLOW" an answer after 30 s (/stats notes in "aborted" when the
client hung up first); a key starting with "ECHO" gets a 401 whose error echoes the request line;
anything else gets 401. An unknown feature gets 400. GET /stats lists the calls made (keys removed).
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
from fixture_support import FakeAPIHandler, page_count, page_of, serve

VALID_KEY = "px-key-5678"
CATEGORIES = {0: "Uncategorized", 4: "Nude", 7: "People", 8: "Landscapes", 9: "City and Architecture",
              11: "Animals", 13: "Travel", 18: "Nature", 21: "Street", 30: "Night"}
FEATURES = {"popular", "highest_rated", "upcoming", "editors", "fresh_today", "fresh_yesterday", "fresh_week"}
SIZES = {1: (70, 70), 2: (140, 140), 3: (280, 280), 4: (900, 600), 5: (1170, 780), 6: (1620, 1080), 2048: (2048, 1365)}
WORDS = ["sunset", "harbor", "portrait", "alpine", "street", "night", "forest", "coast", "market"]


def make_photo(i):
    word = WORDS[i % len(WORDS)]
    category = list(CATEGORIES)[i % len(CATEGORIES)]
    slug = f"{word}-study-{i}"
    return {
        "id": 4910000 + i, "user_id": 700 + i % 11, "name": f"{word.title()} study {i}",
        "description": None if i % 5 == 0 else f"A {word} photographed on a long walk.",
        "camera": None if i % 7 == 0 else "" if i % 7 == 1 else "Canon EOS 5D Mark IV" if i % 2 else "X-T3", "lens": "EF24-70mm f/2.8L II USM", "focal_length": "35", "iso": "200",
        "shutter_speed": "1/250", "aperture": "8", "times_viewed": 1000 + 17 * i,
        "rating": 97.4 - i / 10 if i % 4 else 90 - i // 4,
        "status": 1, "created_at": f"2016-0{1 + i % 9}-1{i % 10}T0{i % 10}:27:16-05:00",
        "category": category, "location": None,
        "latitude": None if i % 3 else 45.0 + i / 100, "longitude": None if i % 3 else 7.0 + i / 100,
        "tags": [word, "long walk"] + (["lighthouse"] if i % 10 == 3 else []),
        "taken_at": None if i % 6 == 0 else f"2015-1{i % 3}-2{i % 10}T19:00:13-05:00",
        "hi_res_uploaded": 0, "for_sale": False, "width": 3000 + i, "height": 2000 + i,
        "votes_count": 40 + i, "favorites_count": 20 + i, "comments_count": i % 7, "nsfw": i % 17 == 0,
        "sales_count": 0, "for_sale_date": None, "highest_rating": 98.2, "license_type": 0,
        "privacy": False, "url": f"/photo/{4910000 + i}/{slug}-by-photographer-{i % 11}",
        "user": {"id": 700 + i % 11, "username": f"photographer{i % 11}",
                 "firstname": "Ana" if i % 2 else "", "lastname": f"Lopez{i % 11}" if i % 2 else "",
                 "fullname": f"Ana Lopez{i % 11}" if i % 2 else "", "userpic_url": "https://pacdn.500px.org/userpic.png"},
    }


PHOTOS = [make_photo(i) for i in range(180)]


def with_images(photo, sizes):
    photo = dict(photo)
    images = []
    for size in sizes:
        path = f"photo/{photo['id']}/m%3D{SIZES.get(size, (size, size))[0]}/v2?sig=abc{size}"
        images.append({"size": size, "url": f"http://drscdn.500px.org/{path}", "https_url": f"https://drscdn.500px.org/{path}",
                       "format": "jpeg"})
    photo["images"] = images
    urls = [image["https_url"] for image in images]
    photo["image_url"] = urls[0] if len(urls) == 1 else urls
    return photo


class Handler(FakeAPIHandler):
    content_type = "application/json; charset=utf-8"
    stalled_answer = {"current_page": 1, "total_pages": 0, "total_items": 0, "photos": []}

    def error(self, status, message):
        self.send(status, {"status": status, "error": message})

    def record(self, url, query):
        return dict({k: v for k, v in query.items() if k != "consumer_key"}, path=url.path)

    def answer(self, url, query):
        key = query.get("consumer_key", "")
        if key == "SLOW":
            return self.slow()
        if key.startswith("ECHO"):
            return self.error(401, f"Unauthorized: {self.command} {self.path} {self.request_version}")
        if key == "FORBIDDEN-KEY":
            return self.error(403, "Forbidden")
        if key == "SERVER-ERROR":
            return self.error(500, "Internal Server Error")
        if key == "BROKEN":
            return self.send(200, '{"current_page":1,"total_pages":3,"photos":[{"id":49')
        if key != VALID_KEY:
            return self.error(401, "Unauthorized")
        if url.path == "/v1/photos":
            feature = query.get("feature", "")
            if feature not in FEATURES:
                return self.error(400, f"Invalid feature: {feature}")
            found = sorted(PHOTOS, key=lambda p: -p["rating"]) if query.get("sort") == "rating" else PHOTOS
        elif url.path == "/v1/photos/search":
            term = query.get("term", "").lower()
            if not term:
                return self.error(400, "A term, tag or geo is required")
            found = [p for p in PHOTOS
                     if all(w in p["name"].lower() or w in [t.lower() for t in p["tags"]] for w in term.split())]
        else:
            return self.error(404, "Not Found")
        excluded = [cid for cid, name in CATEGORIES.items()
                    if name.lower() in [e.strip().lower() for e in query.get("exclude", "").split(",") if e.strip()]]
        found = [p for p in found if p["category"] not in excluded]
        rpp = max(1, min(100, int(query.get("rpp", "20"))))
        page = max(1, int(query.get("page", "1")))
        sizes = [int(s) for s in query.get("image_size", "3").split(",") if s.strip()]
        chunk = [with_images(p, sizes) for p in page_of(found, page, rpp)]
        if query.get("tags") != "1":
            chunk = [{k: v for k, v in p.items() if k != "tags"} for p in chunk]
        body = {"current_page": page, "total_pages": page_count(len(found), rpp), "total_items": len(found),
                "filters": {"category": False, "exclude": excluded}, "photos": chunk}
        if url.path == "/v1/photos":
            body["feature"] = query["feature"]
        self.send(200, body)


if __name__ == "__main__":
    serve(Handler)

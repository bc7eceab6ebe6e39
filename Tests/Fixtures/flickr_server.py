#!/usr/bin/env python3
"""A fake Flickr REST API on 127.0.0.1, shaped like Flickr's documented responses.

Prints its port, then serves until standard input closes. Path: /services/rest/.
Methods: flickr.photos.search (text must match every word of a photo's title, tags
or description; `license`, `min_taken_date` and `max_taken_date` narrow it as Flickr documents)
and flickr.interestingness.getList, over 230 generated photos.

Flickr's traps, reproduced:
- no `format` answers XML; `format=json` without `nojsoncallback=1` answers JSONP;
- counters (`total`, `views`, `license`, `width_*`, `height_*`) are sometimes strings,
  sometimes numbers, even within one photo; `total` is "" for the query "emptytotal";
- `description` is {"_content": …}; latitude/longitude are 0 when not geotagged;
- url_l/url_o are missing for photos whose owner does not allow them;
- errors are HTTP 200 with {"stat":"fail","code":…,"message":…} and a text/plain type;
- over the rate limit: HTTP 429 with a short HTML body.

API keys: "test-key-1234" is valid; "RATE-LIMITED" gets 429; "UNAVAILABLE-KEY" gets code 105;
"FLAKY" gets code 201 once per query, then answers; anything else gets code 100.
The query "garbage", and the path /broken/services/rest/, get a truncated JSON body.
Hostile answers: the query "huge" gets a 32 MB page of 200,000 photos (with Content-Length),
"hugechunked" the same body chunked (no length), "tinybomb" 7.9 MB of 500,000 minimal photos,
"slow" (and the path /slow/services/rest/) an answer after 30 s (the server notes in /stats whether the client hung up first),
"server-error" HTTP 500, "not-found" HTTP 404. A key starting with "ECHO" gets code 100 (or,
with the query "echo-http", HTTP 400) whose message echoes the request line, as careless servers do;
with "echo-photo" a photo whose fields quote the request, and with "echo-key" one whose title and
author start with the key itself.
GET /stats reports the calls made (keys removed) and "aborted": slow requests the client gave up.
"""
import json
import math
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
from fixture_support import FakeAPIHandler, lock, page_count, page_of, serve
from urllib.parse import urlparse
from xml.sax.saxutils import quoteattr

VALID_KEY = "test-key-1234"
WORDS = ["harbor", "lighthouse", "mountain", "forest", "city", "beach", "desert", "garden", "bridge", "fog"]
flaky_seen = set()
bodies = {}


def huge_body(count, minimal=False):
    """One page of `count` photos as JSON, built once."""
    key = (count, minimal)
    if key not in bodies:
        if minimal:
            rows = ",".join('{"id":"%d"}' % i for i in range(count))
        else:
            rows = ",".join(json.dumps({
                "id": str(60000000000 + i), "owner": "1@N00", "secret": "abcdef1234", "server": "65535",
                "title": f"Harbor {i}", "ispublic": 1, "license": "4", "views": "10", "tags": "harbor sea"}, separators=(",", ":"))
                for i in range(count))
        bodies[key] = ('{"photos":{"page":1,"pages":1,"perpage":%d,"total":"%d","photo":[%s]},"stat":"ok"}'
                       % (count, count, rows)).encode()
    return bodies[key]


def distance_km(lat1, lon1, lat2, lon2):
    p = math.pi / 180
    a = math.sin((lat2 - lat1) * p / 2) ** 2 + math.cos(lat1 * p) * math.cos(lat2 * p) * math.sin((lon2 - lon1) * p / 2) ** 2
    return 6371.0088 * 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a))


def make_photo(i):
    word = WORDS[i % len(WORDS)]
    other = WORDS[(i // len(WORDS)) % len(WORDS)]
    pid = str(53000000000 + i)
    server = "65535"
    secret = f"{i * 7919 % 0xFFFFFF:06x}a1b2"
    photo = {
        "id": pid, "owner": f"{10000 + i}@N0{i % 8}", "secret": secret, "server": server, "farm": 66,
        "title": f"{word.title()} and {other} {i}", "ispublic": 1, "isfriend": 0, "isfamily": 0,
        "license": str(i % 17) if i % 2 else i % 17,
        "description": {"_content": f"A photo of a {word} near the {other}." if i % 6 else ""},
        "datetaken": f"2023-{1 + i % 12:02d}-{1 + i % 28:02d} 1{i % 10}:3{i % 6}:0{i % 10}",
        "datetakengranularity": 0, "datetakenunknown": "0",
        "ownername": f"Photographer {i % 13}", "views": str(100 + i) if i % 3 == 0 else 100 + i,
        "tags": f"{word} {other} travel",
        "latitude": 0, "longitude": 0, "accuracy": 0, "context": 0,
        "url_q": f"https://live.staticflickr.com/{server}/{pid}_{secret}_q.jpg", "height_q": 150, "width_q": "150",
        "url_m": f"https://live.staticflickr.com/{server}/{pid}_{secret}.jpg", "height_m": "333", "width_m": 500,
    }
    if i % 4 == 0:
        photo.update({"latitude": f"{40 + i % 10}.{i:04d}", "longitude": -(70 + i % 10) - 0.5, "accuracy": "16"})
    if i % 5 != 0:  # owners of every fifth photo do not allow large and original sizes
        photo.update({
            "url_l": f"https://live.staticflickr.com/{server}/{pid}_{secret}_b.jpg", "height_l": 683, "width_l": "1024",
            "url_o": f"https://live.staticflickr.com/{server}/{pid}_{i:08x}_o.jpg", "height_o": 3000, "width_o": "4500",
            "o_width": "4500", "o_height": 3000,
        })
    return photo


PHOTOS = [make_photo(i) for i in range(230)]


def matches(photo, text):
    haystack = " ".join([photo["title"], photo["tags"], photo["description"]["_content"]]).lower()
    return all(word in haystack.split() or word in haystack for word in text.lower().split())


def narrowed(found, query):
    """Applies the documented search filters: `license` (a comma list of ids), and
    `min_taken_date`/`max_taken_date` as MySQL datetimes, both bounds inclusive."""
    if "license" in query:
        allowed = set(query["license"].split(","))
        found = [p for p in found if str(p["license"]) in allowed]
    if "min_taken_date" in query:
        found = [p for p in found if p["datetaken"] >= query["min_taken_date"]]
    if "max_taken_date" in query:
        found = [p for p in found if p["datetaken"] <= query["max_taken_date"]]
    if "lat" in query and "lon" in query:  # a radial search: geotagged photos only, radius 5 km by default
        lat, lon = float(query["lat"]), float(query["lon"])
        radius = float(query.get("radius", "5")) * (1.609344 if query.get("radius_units") == "mi" else 1)
        found = [p for p in found if float(p["accuracy"]) > 0
                 and distance_km(lat, lon, float(p["latitude"]), float(p["longitude"])) <= radius]
    return found


class Handler(FakeAPIHandler):
    stalled_answer = {"photos": {"page": 1, "pages": 1, "perpage": 1, "total": "0", "photo": []}, "stat": "ok"}

    def record(self, url, query):
        if url.path == "/services/rest/":  # API calls only, keys removed
            return {k: v for k, v in query.items() if k != "api_key"}
        return None

    def answer(self, url, query):
        if url.path == "/broken/services/rest/":
            return self.send(200, '{"photos":{"page":1,"pages":1,"perpage":100,"total":"1","photo":[{"id":"1","ti')
        if url.path == "/slow/services/rest/":
            return self.slow()
        if url.path != "/services/rest/":
            return self.send(404, "<html><body>Not Found</body></html>", content_type="text/html")
        key = query.get("api_key", "")
        text = query.get("text")
        if key.startswith("ECHO"):
            request_line = f"{self.command} {self.path} {self.request_version}"
            if text == "echo-http":
                return self.send(400, f"<html><body>Bad request: {request_line}</body></html>", content_type="text/html")
            if text == "echo-photo":  # a photo whose fields quote the request, key included, as sent
                photo = dict(make_photo(1), title=f"Harbor {request_line}", ownername=self.path,
                             url_l=f"https://live.staticflickr.com/x.jpg?{urlparse(self.path).query}")
                photos = {"page": 1, "pages": 1, "perpage": 100, "total": "1", "photo": [photo]}
                return self.reply(query, {"photos": photos, "stat": "ok"})
            if text == "echo-key":  # the key first in the title and author, where a table cuts them
                photo = dict(make_photo(1), title=f"Key {key} here", ownername=f"{key} himself")
                photos = {"page": 1, "pages": 1, "perpage": 100, "total": "1", "photo": [photo]}
                return self.reply(query, {"photos": photos, "stat": "ok"})
            return self.fail(query, 100, f"Invalid API Key (no such key in {request_line})")
        if text == "impossible":  # empty and blank ids, a negative size, as seen from the real API
            photo = [dict(make_photo(1), id=""), dict(make_photo(2), id=" "),
                     dict(make_photo(3), o_width="-5", width_o="-5", views="-1")]
            photos = {"page": 1, "pages": 1, "perpage": 100, "total": "3", "photo": photo}
            return self.reply(query, {"photos": photos, "stat": "ok"})
        if text == "server-error":
            return self.send(500, "<html><body>Internal Server Error</body></html>", content_type="text/html")
        if text == "not-found":
            return self.send(404, "<html><body>Not Found</body></html>", content_type="text/html")
        if text == "slow":
            return self.slow()
        if text in ("huge", "hugechunked", "tinybomb"):
            body = huge_body(500_000, minimal=True) if text == "tinybomb" else huge_body(200_000)
            return self.send_bytes(body, chunked=text == "hugechunked")
        if key == "RATE-LIMITED":
            return self.send(429, "<html><body><h1>Too Many Requests</h1></body></html>", content_type="text/html; charset=UTF-8")
        if key == "UNAVAILABLE-KEY":
            return self.fail(query, 105, "Service currently unavailable")
        if key == "FLAKY":
            marker = (query.get("text"), query.get("page"))
            with lock:
                first = marker not in flaky_seen
                flaky_seen.add(marker)
            if first:
                return self.fail(query, 201, "Sorry, the Flickr API service is not currently available.")
        elif key != VALID_KEY:
            return self.fail(query, 100, "Invalid API Key (Key has invalid format)")
        method = query.get("method")
        if method == "flickr.photos.search":
            text = query.get("text", "")
            if text == "garbage":
                return self.send(200, '{"photos":{"page":1,"pages":1,"perpage":100,"total":"1","photo":[{"id":"1","ti')
            dated = "min_taken_date" in query or "max_taken_date" in query
            if not text and not query.get("tags") and not dated:  # no limiting parameter at all
                return self.fail(query, 3, "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.")
            found = [p for p in PHOTOS if matches(p, "harbor" if text == "emptytotal" else text)] if text else PHOTOS
            found = narrowed(found, query)
        elif method == "flickr.interestingness.getList":
            found = PHOTOS[:120]
        else:
            return self.fail(query, 112, f'Method "{method}" not found')
        per_page = max(1, min(500, int(query.get("per_page", "100"))))
        pages = max(1, page_count(len(found), per_page))
        page = max(1, int(query.get("page", "1")))
        chunk = page_of(found, min(page, pages), per_page)  # Flickr repeats the last page
        total = "" if query.get("text") == "emptytotal" else str(len(found))
        photos = {"page": page, "pages": pages, "perpage": per_page, "total": total, "photo": chunk}
        self.reply(query, {"photos": photos, "stat": "ok"})

    def send_bytes(self, data, chunked):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            for start in range(0, len(data), 1 << 16):
                piece = data[start:start + (1 << 16)]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def fail(self, query, code, message):
        self.reply(query, {"stat": "fail", "code": code, "message": message}, failure=True)

    def reply(self, query, payload, failure=False):
        """Answers `payload` in the format `query` asks for: XML, JSON or JSONP."""
        fmt = query.get("format")
        if fmt == "json":
            body = json.dumps(payload)
            if query.get("nojsoncallback") != "1":
                body = f"jsonFlickrApi({body})"
            return self.send(200, body, content_type="text/plain; charset=utf-8" if failure else "application/json")
        if failure:
            body = f'<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="fail">\n\t<err code="{payload["code"]}" msg={quoteattr(payload["message"])} />\n</rsp>\n'
        else:
            p = payload["photos"]
            rows = "".join(f'\t<photo id="{x["id"]}" owner="{x["owner"]}" secret="{x["secret"]}" server="{x["server"]}" title={quoteattr(x["title"])} />\n' for x in p["photo"])
            body = f'<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="ok">\n<photos page="{p["page"]}" pages="{p["pages"]}" perpage="{p["perpage"]}" total="{p["total"]}">\n{rows}</photos>\n</rsp>\n'
        self.send(200, body, content_type="text/xml; charset=utf-8")


if __name__ == "__main__":
    serve(Handler)

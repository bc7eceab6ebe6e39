#!/usr/bin/env python3
"""A fake Wikimedia Commons Action API (api.php) on 127.0.0.1, shaped like its formatversion=1 answers.

Prints its port, then serves until standard input closes. Like the real service:
- a request whose User-Agent is not descriptive ("name/version (contact) …") gets HTTP 403 in plain
  text, the body Wikimedia's front end sends;
- `generator=search` with `gsrsearch=filetype:bitmap|drawing <words>` finds the 90 files whose title
  or categories hold every word (and, with `filew:>N`/`fileh:>N`, whose width/height exceed N); `gsrlimit`/`gsroffset` page; the answer's `query.pages` is an object
  keyed by page id (in page-id order, not rank order: rank is each page's `index`); more results
  give `"continue": {"gsroffset": <int>, "continue": "gsroffset||"}`, the last batch
  `"batchcomplete": ""` and no `continue`; past the end (or no match) there is no `query` at all;
- `iiurlwidth` scales at most 50 thumbnails a request (`--transform-limit N` lowers that); beyond, `imageinfo` stops and `continue`
  carries `iicontinue` with the generator's own offset unchanged (the batch comes again);
- `extmetadata` values are HTML; `CommonsMetadataExtension` is a number; `hidden` is "";
- `generator=categorymembers` on Category:Featured_pictures_on_Wikimedia_Commons lists the
  featured files (no `index`), continuing with `gcmcontinue`;
- errors are HTTP 200 `{"error": {"code", "info", "*"}, "servedby"}` with a `MediaWiki-API-Error`
  header; unknown parameters give `warnings`.
Searches for "throttle" get 429 (plain text, Retry-After 86400), "lagged" a maxlag error (Retry-After
86400), "lagonce" a maxlag error with Retry-After 1 the first time only, "dberror" an internal error,
"broken" a truncated body; the path /w-slow/api.php answers after 30 s (/stats notes in "aborted" when
the client hung up first) and /w-html/api.php answers an HTML page. GET /stats lists the calls
made (their parameters and User-Agent).
"""
import math
import os
import re
import sys
sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures"))  # the shared fixture helpers
from fixture_support import FakeAPIHandler, lock, serve  # noqa: E402

WORDS = ["harbor", "lighthouse", "bridge", "forest", "market", "river"]
FEATURED = "Category:Featured_pictures_on_Wikimedia_Commons"
transform_limit = 50  # the real limit; `--transform-limit N` lowers it to test split batches
KNOWN = {"action", "format", "formatversion", "generator", "gsrnamespace", "gsrsearch", "gsrlimit", "gsroffset",
         "gcmtitle", "gcmnamespace", "gcmtype", "gcmsort", "gcmdir", "gcmlimit", "gcmcontinue", "prop", "iiprop",
         "iiurlwidth", "iiextmetadatafilter", "iiextmetadatalanguage", "iicontinue", "continue", "maxlag",
         "maxage", "smaxage"}
UA_TEXT = ("Please set a user-agent and respect our robot policy https://w.wiki/4wJS. "
           "See also https://phabricator.wikimedia.org/T400119.\n")
lag_once = {"sent": False}


def field(value, source="commons-desc-page"):
    return {"value": value, "source": source, "hidden": ""}


def make_file(i):
    word = WORDS[i % len(WORDS)]
    page_id = 40_000_000 + (i * 7919) % 1000  # page ids unrelated to rank
    name = f"{word.title()} at dusk {i}.jpg" if i % 9 else f"{word.title()} drawing {i}.svg"
    title = "File:" + name
    slug = name.replace(" ", "_")
    meta = {
        "DateTime": field("2019-07-01 12:00:00", "mediawiki-metadata"),
        "ObjectName": field(name.rsplit(".", 1)[0], "mediawiki-metadata"),
        "CommonsMetadataExtension": {"value": 1.2, "source": "extension", "hidden": ""},
        "Categories": field(f"{word.title()}s|Photographs by user {i}|Featured pictures on Wikimedia Commons"
                            if i % 10 == 3 else f"{word.title()}s|Photographs by user {i}", "commons-categories"),
        "Assessments": field("", "commons-categories"),
        "ImageDescription": field(f'<p>A {word} &amp; its <i>reflection</i> at dusk.<br>Seen from the '
                                  f'<a href="//commons.wikimedia.org/wiki/Category:{word.title()}s">{word}</a> side.</p>'),
        "Credit": field('<span class="int-own-work" lang="en">Own work</span>'),
        "Artist": field(f'<a href="//commons.wikimedia.org/wiki/User:Photographer_{i}" title="User:Photographer {i}">'
                        f'Photographer&#32;{i}</a>'),
        "LicenseShortName": field("CC BY-SA 4.0"),
        "UsageTerms": field("Creative Commons Attribution-Share Alike 4.0"),
        "AttributionRequired": field("true"),
        "LicenseUrl": field("https://creativecommons.org/licenses/by-sa/4.0"),
        "Copyrighted": field("True"),
        "Restrictions": field(""),
        "License": field("cc-by-sa-4.0"),
    }
    if i % 4 == 1:  # a template-written date
        meta["DateTimeOriginal"] = field('<time class="dtstart" datetime="2015-06-13">13 June 2015</time>')
    elif i % 4 == 2:
        meta["DateTimeOriginal"] = field("2016-02-29 08:15:00")
    elif i % 4 == 3:
        meta["DateTimeOriginal"] = field("circa 1900")
    if i % 8 == 4:  # an uploader without a user page: a site-relative red link, entities in the URL
        meta["Artist"] = field(f'<a href="/w/index.php?title=User:Photographer_{i}&amp;action=edit&amp;redlink=1" '
                               f'class="new" title="User:Photographer {i} (page does not exist)">Photographer {i}</a>')
    if i % 8 == 5:  # a {{Creator}} template: a Wikidata link inside <bdi>, with a trailing newline
        meta["Artist"] = field('<bdi><a href="https://www.wikidata.org/wiki/Q5598" class="extiw" title="d:Q5598">'
                               '<span title="Dutch painter (1606–1669)">Rembrandt</span></a>\n</bdi>')
    if i % 5 == 4:  # plain-text artist, public domain without a licence URL
        meta["Artist"] = field("Unknown author<br>(anonymous)")
        meta["LicenseShortName"] = field("Public domain")
        meta["UsageTerms"] = field("Public domain")
        del meta["LicenseUrl"]
        meta["Copyrighted"] = field("False")
        meta["License"] = field("pd")
    if i % 3 == 0:  # a {{Location}} on the file page: decimal degrees as text
        lat, lon = [(38.7223, -9.1393), (48.1351, 11.5820), (44.6488, -63.5752)][i // 9 % 3]
        meta["GPSLatitude"] = field(f"{lat + (i % 7) / 100:.6f}")
        meta["GPSLongitude"] = field(f"{lon - (i % 5) / 100:.6f}")
        meta["GPSMapDatum"] = field("WGS-84")
    if i % 7 == 6:  # files without ObjectName, Artist or categories
        for key in ("ObjectName", "Artist", "Categories"):
            meta.pop(key, None)
    width, height = 4000 + i, 3000 + i
    return {"pageid": page_id, "ns": 6, "title": title, "rank": i, "word": word, "slug": slug, "mime":
            "image/svg+xml" if name.endswith(".svg") else "image/jpeg", "width": width, "height": height,
            "size": 2_000_000 + i, "meta": meta}


FILES = [make_file(i) for i in range(90)]


def within(f, lat, lon, km):
    if "GPSLatitude" not in f["meta"]:
        return False
    p = math.pi / 180
    flat, flon = float(f["meta"]["GPSLatitude"]["value"]), float(f["meta"]["GPSLongitude"]["value"])
    a = math.sin((flat - lat) * p / 2) ** 2 + math.cos(lat * p) * math.cos(flat * p) * math.sin((flon - lon) * p / 2) ** 2
    return 6371.0088 * 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a)) <= km


def image_info(f, width, wanted_fields):
    h = f"{f['rank'] % 16:x}/{f['rank'] % 16:x}{f['rank'] % 10}"
    info = {"size": f["size"], "width": f["width"], "height": f["height"]}
    if width is not None:
        thumb = f"{width}px-{f['slug']}" + (".png" if f["slug"].endswith(".svg") else "")
        info.update({"thumburl": f"https://upload.wikimedia.org/wikipedia/commons/thumb/{h}/{f['slug']}/{thumb}",
                     "thumbwidth": width, "thumbheight": round(width * f["height"] / f["width"]),
                     "responsiveUrls": {"1.5": "https://upload.wikimedia.org/x15", "2": "https://upload.wikimedia.org/x2"}})
    info.update({
        "url": f"https://upload.wikimedia.org/wikipedia/commons/{h}/{f['slug']}",
        "descriptionurl": f"https://commons.wikimedia.org/wiki/File:{f['slug']}",
        "descriptionshorturl": f"https://commons.wikimedia.org/w/index.php?curid={f['pageid']}",
        "mime": f["mime"],
        "extmetadata": {k: v for k, v in f["meta"].items() if wanted_fields is None or k in wanted_fields},
    })
    return [info]


class Handler(FakeAPIHandler):
    content_type = "application/json; charset=utf-8"
    stalled_answer = {"batchcomplete": ""}

    def send(self, status, payload, headers=(), content_type=None):
        # As MediaWiki does: `maxage` grants a lifetime to successful answers only; errors (and
        # answers to requests without it) must be revalidated.
        maxage = self.query.get("maxage", "0") if self.query.get("maxage", "").isdigit() else "0"
        ok = status == 200 and not (isinstance(payload, dict) and "error" in payload)
        cache = ("Cache-Control", f"private, must-revalidate, max-age={maxage if ok else 0}")
        super().send(status, payload, [cache] + list(headers), content_type)

    def api_error(self, code, info, headers=()):
        self.send(200, {"error": {"code": code, "info": info,
                                  "*": "See https://commons.wikimedia.org/w/api.php for API usage. Subscribe to the "
                                       "mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/"
                                       "lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API "
                                       "deprecations and breaking changes."},
                        "servedby": "mw-api-ext.eqiad.main-7d9c"},
                  [("MediaWiki-API-Error", code)] + list(headers))

    def record(self, url, query):
        return dict(query, **{"User-Agent": self.headers.get("User-Agent", "")})

    def answer(self, url, query):
        agent = self.headers.get("User-Agent", "")
        if not re.match(r"^[^/\s]+/\S+ \([^)]*(https?://|@)[^)]*\)", agent):
            return self.send(403, UA_TEXT, content_type="text/plain")
        if url.path == "/w-slow/api.php":
            return self.slow()
        if url.path == "/w-html/api.php":
            return self.send(200, "<!DOCTYPE html><html><head><title>Wikimedia Error</title></head><body>"
                                  "Our servers are currently under maintenance or experiencing a technical issue"
                                  "</body></html>", content_type="text/html; charset=utf-8")
        if url.path != "/w/api.php":
            return self.send(404, "<!DOCTYPE html><title>Not Found</title><p>The requested URL was not found.</p>",
                             content_type="text/html")
        if query.get("action") != "query":
            return self.api_error("badvalue", f"Unrecognized value for parameter \"action\": {query.get('action')}.")
        unknown = sorted(set(query) - KNOWN)
        warnings = {"main": {"*": "Unrecognized parameter: " + ", ".join(unknown) + "."}} if unknown else None
        if query.get("generator") == "search":
            search = query.get("gsrsearch", "")
            if not search.startswith("filetype:bitmap|drawing "):
                return self.api_error("badvalue", "expected a filetype filter")
            words = search[len("filetype:bitmap|drawing "):].lower().split()
            # CirrusSearch's file-size keywords: `filew:>N` / `fileh:>N`, width or height above N pixels.
            least = {}
            for word in [w for w in words if w.startswith(("filew:>", "fileh:>"))]:
                least["width" if word.startswith("filew") else "height"] = int(word[len("filew:>"):])
            words = [w for w in words if not w.startswith(("filew:", "fileh:"))]
            # CirrusSearch's `nearcoord:RADIUS,LAT,LON` (radius in m or km): files with a position within it.
            near = None
            for word in [w for w in words if w.startswith("nearcoord:")]:
                radius, lat, lon = word[len("nearcoord:"):].split(",")
                metres = float(radius[:-2]) * 1000 if radius.endswith("km") else float(radius.rstrip("m"))
                near = (float(lat), float(lon), metres / 1000)
            words = [w for w in words if not w.startswith("nearcoord:")]
            special = " ".join(words)
            if special == "throttle":
                return self.send(429, "Too many requests. Please respect our robot policy https://w.wiki/4wJS.\n",
                                 [("Retry-After", "86400")], content_type="text/plain")
            if special == "lagged":
                return self.api_error("maxlag", "Waiting for 10.64.48.35: 7 seconds lagged.",
                                      [("Retry-After", "86400"), ("X-Database-Lag", "7")])
            if special == "lagonce":
                with lock:
                    first, lag_once["sent"] = not lag_once["sent"], True
                if first:
                    return self.api_error("maxlag", "Waiting for 10.64.48.35: 2 seconds lagged.",
                                          [("Retry-After", "1"), ("X-Database-Lag", "2")])
                words = ["harbor"]
            if special == "dberror":
                return self.api_error("internal_api_error_DBQueryError",
                                      "[ZkxQ3wpAIDcAAD@0xyz] Exception caught: A database query error has occurred.")
            if special == "broken":
                return self.send(200, '{"continue":{"gsroffset":2,"continue":"gsroffset||"},"query":{"pages":{"4'
                                      '0000001":{"pageid":40000001,"ns":6,"ti')
            found = [f for f in FILES if all(w in f["title"].lower() or w in f["meta"].get("Categories", {})
                                             .get("value", "").lower() for w in words)
                     and all(f[side] > floor for side, floor in least.items())
                     and (near is None or within(f, *near))]
            limit = int(query.get("gsrlimit", "10"))
            offset = int(query.get("gsroffset", "0"))
            batch = found[offset:offset + limit]
            next_key, next_value = ("gsroffset", offset + limit) if offset + limit < len(found) else (None, None)
        elif query.get("generator") == "categorymembers":
            if query.get("gcmtitle") != FEATURED:
                return self.send(200, {"batchcomplete": ""} if not warnings else {"batchcomplete": "", "warnings": warnings})
            found = sorted([f for f in FILES if "Featured pictures" in f["meta"].get("Categories", {}).get("value", "")],
                           key=lambda f: -f["rank"])  # newest addition first
            limit = int(query.get("gcmlimit", "10"))
            offset = int(query.get("gcmcontinue", "0|0").split("|")[1]) if "gcmcontinue" in query else 0
            batch = found[offset:offset + limit]
            next_key = "gcmcontinue" if offset + limit < len(found) else None
            next_value = f"20240101000000|{offset + limit}|{40_000_000 + offset + limit}"
        else:
            return self.api_error("badvalue", "no generator")
        width = int(query["iiurlwidth"]) if "iiurlwidth" in query else None
        wanted = set(query["iiextmetadatafilter"].split("|")) if "iiextmetadatafilter" in query else None
        start = int(query.get("iicontinue", "0|0").split("|")[-1]) if "iicontinue" in query else 0
        pages = {}
        iicontinue = None
        for position, f in enumerate(batch):
            page = {"pageid": f["pageid"], "ns": 6, "title": f["title"]}
            if query.get("generator") == "search":
                page["index"] = int(query.get("gsroffset", "0")) + position + 1
            page["imagerepository"] = "local"
            if position >= start:
                if width is not None and position - start >= transform_limit:
                    iicontinue = iicontinue or f"{f['slug']}|{position}"
                else:
                    page["imageinfo"] = image_info(f, width, wanted)
            pages[str(f["pageid"])] = page
        body = {}
        if iicontinue:
            gen_key = "gsroffset" if query.get("generator") == "search" else "gcmcontinue"
            cont = {"iicontinue": iicontinue, "continue": "||"}
            if gen_key in query:
                cont[gen_key] = int(query[gen_key]) if gen_key == "gsroffset" else query[gen_key]
                cont["continue"] = gen_key + "||"
            body["continue"] = cont
        elif next_key:
            body["continue"] = {next_key: next_value, "continue": next_key + "||"}
        else:
            body["batchcomplete"] = ""
        if warnings:
            body["warnings"] = warnings
        if pages:
            body["query"] = {"pages": dict(sorted(pages.items(), key=lambda item: int(item[0])))}
        self.send(200, body)


def main():
    global transform_limit
    if "--transform-limit" in sys.argv:
        transform_limit = int(sys.argv[sys.argv.index("--transform-limit") + 1])
    serve(Handler)


if __name__ == "__main__":
    main()

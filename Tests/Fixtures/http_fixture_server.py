#!/usr/bin/env python3
"""A real HTTP/1.1 server on 127.0.0.1 for Viewfinder's HTTP client tests.

Prints the port it listens on as its first line, then serves until its standard
input closes (so it never outlives the test process). Routes:

  /status/CODE          answer CODE with a short text body
  /headers              echo the request's headers as JSON, with a response header X-Fixture: yes
  /bytes/N              N bytes with Content-Length
  /chunked/N            N chunks of 10 bytes, Transfer-Encoding: chunked
  /gzip                 a gzip-compressed JSON body (Content-Encoding: gzip)
  /redirect/N           302 chains N hops long, ending at /status/200
  /loop                 302 to itself, forever
  /stall                headers after 30 s, unless the client hangs up first (counted in /stats "aborted")
  /echo-request         400 with an HTML body quoting the request line, as careless servers do
  /cut                  Content-Length 1000, 100 bytes, then the connection closes
  /big-headers/MODE     200 with headers too large: MODE "many" sends 2,000 lines of 1 KB, "long" one line of 200 KB
  /retry/KEY?fail=N&status=S&after=A
                        the first N requests for KEY answer S (with Retry-After: A if given), then 200
  /echo                 (POST) the request body back
  /files/I              50,000 deterministic bytes (for the benchmark)
  /stats                JSON {"connections": accepted connections, "requests": requests, "aborted": stalls abandoned}
  /cache/KEY?cc=C&etag=E&lm=L&expires=X&vary=V&size=N
                        a cacheable JSON answer {"key": KEY, "served": n} padded to N bytes, sent with
                        Cache-Control C, ETag E, Last-Modified L, Expires X and Vary V when given; a request whose
                        If-None-Match is E (or If-Modified-Since is L) gets 304 with the same headers
  /cache-stats/KEY      JSON {"requests": n, "conditional": n, "not_modified": n} for /cache/KEY
"""
import gzip
import json
import threading
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
from fixture_support import client_hung_up, serve
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

lock = threading.Lock()
stats = {"connections": 0, "requests": 0, "aborted": 0}
retries = {}
cached = {}
FILE_BODY = bytes((i * 7 + 13) % 251 for i in range(50_000))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with lock:
            stats["connections"] += 1

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="text/plain", headers=()):
        if status in (204, 304):
            body = b""  # these statuses never carry a body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET()

    def do_POST(self):
        with lock:
            stats["requests"] += 1
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.send_body(200, body, "application/octet-stream")

    def do_GET(self):
        with lock:
            stats["requests"] += 1
        url = urlparse(self.path)
        parts = url.path.strip("/").split("/")
        query = parse_qs(url.query)
        route = parts[0]
        if route == "status":
            code = int(parts[1])
            self.send_body(code, f"status {code}".encode())
        elif route == "headers":
            body = json.dumps({k.lower(): v for k, v in self.headers.items()}).encode()
            self.send_body(200, body, "application/json", [("X-Fixture", "yes")])
        elif route == "bytes":
            self.send_body(200, b"x" * int(parts[1]), "application/octet-stream")
        elif route == "chunked":
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i in range(int(parts[1])):
                chunk = f"chunk-{i:03d}\n".encode()[:10]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        elif route == "gzip":
            body = gzip.compress(json.dumps({"compressed": True, "items": list(range(100))}).encode())
            self.send_body(200, body, "application/json", [("Content-Encoding", "gzip")])
        elif route == "redirect":
            hops = int(parts[1])
            target = f"/redirect/{hops - 1}" if hops > 1 else "/status/200"
            self.send_body(302, b"", headers=[("Location", target)])
        elif route == "loop":
            self.send_body(302, b"", headers=[("Location", "/loop")])
        elif route == "stall":
            if not client_hung_up(self):
                return self.send_body(200, b"late")
            with lock:
                stats["aborted"] += 1
            self.close_connection = True
        elif route == "echo-request":
            line = f"{self.command} {self.path} {self.request_version}"
            self.send_body(400, f"<html><body><h1>Bad Request</h1><p>{line}</p></body></html>".encode(), "text/html")
        elif route == "big-headers":
            self.send_response(200)
            if parts[1] == "long":
                self.send_header("X-Long", "v" * 200_000)
            else:
                for i in range(2000):
                    self.send_header(f"X-Filler-{i}", "v" * 1000)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")
        elif route == "cut":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"y" * 100)
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
        elif route == "retry":
            key = parts[1]
            fail = int(query.get("fail", ["1"])[0])
            status = int(query.get("status", ["503"])[0])
            with lock:
                seen = retries.get(key, 0)
                retries[key] = seen + 1
            if seen < fail:
                headers = [("Retry-After", query["after"][0])] if "after" in query else []
                self.send_body(status, f"try again ({seen + 1})".encode(), headers=headers)
            else:
                self.send_body(200, f"ok after {seen + 1}".encode())
        elif route == "files":
            self.send_body(200, FILE_BODY, "application/octet-stream")
        elif route == "cache":
            self.cacheable(parts[1], {k: v[0] for k, v in query.items()})
        elif route == "cache-stats":
            with lock:
                counts = dict(cached.get(parts[1], {"requests": 0, "conditional": 0, "not_modified": 0}))
            self.send_body(200, json.dumps(counts).encode(), "application/json")
        elif route == "stats":
            with lock:
                body = json.dumps(stats).encode()
            self.send_body(200, body, "application/json")
        else:
            self.send_body(404, b"no such route")

    def cacheable(self, key, query):
        """Serves /cache/KEY: counts requests, answers 304 to a matching validator."""
        if_none_match = self.headers.get("If-None-Match")
        if_modified_since = self.headers.get("If-Modified-Since")
        with lock:
            counts = cached.setdefault(key, {"requests": 0, "conditional": 0, "not_modified": 0})
            counts["requests"] += 1
            served = counts["requests"]
            if if_none_match or if_modified_since:
                counts["conditional"] += 1
            matches = (if_none_match is not None and if_none_match == query.get("etag")) or (
                if_none_match is None and if_modified_since is not None and if_modified_since == query.get("lm"))
            if matches:
                counts["not_modified"] += 1
        headers = [(name, query[field]) for name, field in
                   (("Cache-Control", "cc"), ("ETag", "etag"), ("Last-Modified", "lm"), ("Expires", "expires"),
                    ("Vary", "vary"))
                   if field in query]
        if matches:
            return self.send_body(304, b"", "application/json", headers)
        body = json.dumps({"key": key, "served": served}).encode()
        body += b" " * max(0, int(query.get("size", "0")) - len(body))
        self.send_body(200, body, "application/json", headers)


class Server(ThreadingHTTPServer):
    request_queue_size = 256  # room for many clients connecting at once


if __name__ == "__main__":
    serve(Handler, Server)

#!/usr/bin/env python3
"""An image host on 127.0.0.1 for the download tests: serves a real JPEG and records, per Host
header (127.0.0.1 and localhost reach the same server as two hosts), how many requests ran at
once and when each began.

Prints its port, then serves until standard input closes. argv[1] is the JPEG to serve.

- GET /img/NAME[?delay=S]: the JPEG as image/jpeg after S seconds (no extension in the URL).
- GET /rate/NAME[?after=S]: 429 with `Retry-After: S` (default 2) to the first request on each
  host, then the JPEG.
- GET /drop/NAME?drops=N: the first N requests for NAME send the headers and half the body, then
  close the connection; later ones get the whole JPEG.
- GET /unique/NAME: the JPEG with NAME written after its end: different bytes for each name.
- GET /html/NAME: a 200 text/html page (not an image).
- GET /headers: the JPEG with header lines written loosely (no space, tabs, upper case, empty).
- GET /stall/NAME: the headers and the JPEG's first 10 bytes, then nothing for a minute.
- GET /to-file/NAME: a redirect to file:///etc/passwd; /loop/NAME: a redirect to itself.
- GET /lie/NAME: an HTML page sent as image/jpeg.
- GET /gzip-cut/NAME: the JPEG gzipped, unasked, cut before the gzip trailer, Content-Length matching
  what is sent (a decoder that does not check the trailer takes it for a whole, shorter JPEG).
- GET /stats: {"max_total", "max_by_host": {host: n}, "requests": [{"host", "path", "start",
  "status", "accept_encoding"}]} with times in seconds since the server started.
"""
import gzip
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

JPEG = open(sys.argv[1], "rb").read()
START = time.monotonic()
lock = threading.Lock()
state = {"running": 0, "max_total": 0, "by_host": {}, "max_by_host": {}, "requests": [],
         "rate_limited": set(), "drops": {}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/stats":
            with lock:
                body = json.dumps({"max_total": state["max_total"], "max_by_host": state["max_by_host"],
                                   "requests": state["requests"]}).encode()
            return self.send(200, "application/json", body)
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        query = parse_qs(url.query)
        with lock:
            state["running"] += 1
            state["by_host"][host] = state["by_host"].get(host, 0) + 1
            state["max_total"] = max(state["max_total"], state["running"])
            state["max_by_host"][host] = max(state["max_by_host"].get(host, 0), state["by_host"][host])
            record = {"host": host, "path": url.path, "start": time.monotonic() - START, "status": 200,
                      "accept_encoding": self.headers.get("Accept-Encoding")}
            state["requests"].append(record)
        self.counted_host = host
        try:
            self.answer(url.path, query, host, record)
        finally:
            self.stop_counting()

    def stop_counting(self):
        """Ends this request's place in the counts, once: before its body is written (a client
        that has the whole body may start its next request before this thread runs again), or
        when it ends another way."""
        host = getattr(self, "counted_host", None)
        if host is None:
            return
        self.counted_host = None
        with lock:
            state["running"] -= 1
            state["by_host"][host] -= 1

    def answer(self, path, query, host, record):
        delay = float(query.get("delay", ["0"])[0])
        if delay:
            time.sleep(delay)
        if path.startswith("/rate/"):
            with lock:
                first = host not in state["rate_limited"]
                state["rate_limited"].add(host)
            if first:
                record["status"] = 429
                return self.send(429, "text/plain", b"slow down", {"Retry-After": query.get("after", ["2"])[0]})
        if path.startswith("/drop/"):
            with lock:
                done = state["drops"].get(path, 0)
                state["drops"][path] = done + 1
            if done < int(query.get("drops", ["1"])[0]):
                record["status"] = "dropped"
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(JPEG)))
                self.end_headers()
                self.wfile.write(JPEG[: len(JPEG) // 2])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
        if path == "/headers":
            # Header lines as servers really write them: no space, tabs, upper case, empty value.
            self.wfile.write(b"HTTP/1.1 200 OK\r\nX-No-Space:tight\r\nX-Tabs:\t spaced \t\r\n"
                             b"RETRY-AFTER: 7\r\nX-Empty:\r\nContent-Type: image/jpeg\r\n"
                             b"Content-Length: " + str(len(JPEG)).encode() + b"\r\n\r\n" + JPEG)
            return
        if path.startswith("/stall/"):
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(JPEG)))
            self.end_headers()
            self.wfile.write(JPEG[:10])
            self.wfile.flush()
            time.sleep(60)
            self.close_connection = True
            return
        if path.startswith("/to-file/"):
            return self.send(302, "text/plain", b"", {"Location": "file:///etc/passwd"})
        if path.startswith("/loop/"):
            return self.send(302, "text/plain", b"", {"Location": path})
        if path.startswith("/gzip-cut/"):
            packed = gzip.compress(JPEG)
            return self.send(200, "image/jpeg", packed[: len(packed) // 2], {"Content-Encoding": "gzip"})
        if path.startswith("/lie/"):
            return self.send(200, "image/jpeg", b"<!doctype html><html><body>Sign in</body></html>")
        if path.startswith("/unique/"):
            return self.send(200, "image/jpeg", JPEG + path.encode())
        if path.startswith("/html/"):
            return self.send(200, "text/html; charset=utf-8", b"<html><body>Not an image</body></html>")
        self.send(200, "image/jpeg", JPEG)

    def send(self, status, content_type, body, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.stop_counting()
        self.wfile.write(body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
os._exit(0)

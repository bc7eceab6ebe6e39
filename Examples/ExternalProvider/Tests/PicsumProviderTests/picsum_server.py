#!/usr/bin/env python3
"""A fake Lorem Picsum on 127.0.0.1, speaking https://picsum.photos's list API:
GET /v2/list?page=N&limit=M answers a JSON array of {id, author, width, height, url,
download_url} with a Link header to the next and previous pages, as Picsum does.

/broken/v2/list answers JSON that is not a list; /slow/v2/list waits 30 s (or until the client
hangs up, which GET /stats then lists under "aborted"). Prints its port, serves until stdin closes."""
import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

AUTHORS = ["Alejandro Escamilla", "Paul Jarvis", "Aleks Dorohovich", "Vadim Sherbakov", "Yoni Kaplan-Nadel"]
PHOTOS = [
    {"id": str(n), "author": AUTHORS[n % len(AUTHORS)], "width": 5000 - n, "height": 3333,
     "url": f"https://unsplash.com/photos/fake{n}", "download_url": f"https://picsum.photos/id/{n}/{5000 - n}/3333"}
    for n in range(250)
]
aborted = []
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/stats":
            with lock:
                return self.send(200, {"aborted": aborted})
        if url.path == "/broken/v2/list":
            return self.send(200, {"error": "not a list"})
        if url.path == "/slow/v2/list":
            self.connection.settimeout(30)
            try:
                if self.connection.recv(1, socket.MSG_PEEK) == b"":
                    with lock:
                        aborted.append(url.path)
                    return
            except socket.timeout:
                return self.send(200, [])
        if url.path != "/v2/list":
            return self.send(404, {"error": "not found"})
        page, limit = int(query.get("page", "1")), min(int(query.get("limit", "30")), 100)
        items = PHOTOS[(page - 1) * limit:page * limit]
        links = [f'<http://{self.headers["Host"]}/v2/list?page={page + 1}&limit={limit}>; rel="next"']
        self.send(200, items, [("Link", ", ".join(links))])


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()

"""What every fake server in the tests shares: the request handling, the call log at GET /stats,
the stalled answer, paging and the start-up that prints the port.

A server in this folder imports it as it is; one outside it first runs
`sys.path.insert(0, <this folder>)`."""
import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

lock = threading.Lock()  # guards `calls`, `aborted` and any state a server keeps of its own
calls = []  # what record() made of each request, listed by GET /stats
aborted = []  # paths of stalled requests whose client hung up first


def client_hung_up(handler, seconds=30):
    """Waits up to `seconds` for the client to hang up on `handler`'s request, as a stalled
    server would: True when it did (the caller records that the fetch was abandoned), False when
    the time ran out and the caller should answer after all."""
    handler.connection.settimeout(0.05)
    for _ in range(int(seconds / 0.05)):
        try:
            if handler.connection.recv(1, socket.MSG_PEEK) == b"":
                return True
        except socket.timeout:
            continue
        except OSError:
            return True
    handler.connection.settimeout(None)
    return False


def page_of(items, page, size):
    """The `page`th run of `size` items (pages count from 1); empty past the end."""
    return items[(page - 1) * size:page * size]


def page_count(count, size):
    """How many pages of `size` hold `count` items."""
    return -(-count // size)


class FakeAPIHandler(BaseHTTPRequestHandler):
    """A fake API's HTTP/1.1 handler. GET /stats answers `stats()`; every other GET is noted in
    `calls` as `record(url, query)` says, then answered by `answer(url, query)`, where `url` is
    the parsed path and `query` (also `self.query`) holds the first value of each parameter."""
    protocol_version = "HTTP/1.1"
    content_type = "application/json"  # of answers that name none
    stalled_answer = {}  # what `slow()` sends when the client waited the whole 30 s

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        self.query = query
        if url.path == "/stats":
            with lock:
                return self.send(200, self.stats())
        with lock:
            call = self.record(url, query)
            if call is not None:
                calls.append(call)
        self.answer(url, query)

    def record(self, url, query):
        """What `calls` lists for this request (None: nothing); runs holding `lock`."""
        return query

    def stats(self):
        """The body of GET /stats; runs holding `lock`."""
        return {"calls": calls, "aborted": aborted}

    def answer(self, url, query):
        """Answers the request with `send` or `slow`: what makes each fake its API."""
        raise NotImplementedError

    def encode(self, payload):
        """The body's bytes: bytes as they are, text in UTF-8, anything else as JSON."""
        if isinstance(payload, bytes):
            return payload
        return payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()

    def send(self, status, payload, headers=(), content_type=None):
        """Answers `status` with `payload` (see `encode`), its length and `headers`."""
        data = self.encode(payload)
        self.send_response(status)
        self.send_header("Content-Type", content_type or self.content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def slow(self):
        """Stalls up to 30 s, then sends `stalled_answer`; notes the path in /stats "aborted"
        when the client hangs up first."""
        if not client_hung_up(self):
            return self.send(200, self.stalled_answer)
        with lock:
            aborted.append(self.path.split("?")[0])
        self.close_connection = True


def serve(handler, server_class=ThreadingHTTPServer):
    """Serves `handler` on 127.0.0.1 at a free port, printed as the first line, until standard
    input closes (so the server never outlives the test process that started it)."""
    server = server_class(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()

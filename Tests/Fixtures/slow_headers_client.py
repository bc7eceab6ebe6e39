#!/usr/bin/env python3
"""Opens many connections that send their request headers slowly, and times what the server does.

slow_headers_client.py PORT COUNT INTERVAL WINDOW ORDINARY_AT [PACE]: opens COUNT connections to
127.0.0.1:PORT, each sending a request line and then one header line every INTERVAL seconds
(never the blank line that ends the headers); ORDINARY_AT seconds after the last one opened,
makes an ordinary request on a connection of its own; after WINDOW seconds, prints one JSON
object: for each connection the server closed, its number (in the order opened) and the
seconds from its opening to the close; how many are still open; the ordinary request's status
line and time; and how many connections could not be opened. PACE (default 0) is the seconds
between one connection's opening and the next's. Uses one thread and `selectors`, so it stays
light on a 2-core machine.
"""
import json
import resource
import selectors
import socket
import sys
import threading
import time

port, count, interval, window, ordinary_at = (
    int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]))
pace = float(sys.argv[6]) if len(sys.argv) > 6 else 0.0

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if soft < hard:
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

ordinary = {}


def ordinary_request():
    started = time.monotonic()
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        connection.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        connection.close()
        ordinary["status"] = answer.split(b"\r\n", 1)[0].decode(errors="replace")
    except OSError as error:
        ordinary["status"] = f"failed: {error}"
    ordinary["seconds"] = time.monotonic() - started


selector = selectors.DefaultSelector()
opened = {}   # socket -> (number, time opened)
closed = []   # [number, seconds from opening to the server closing it]
refused = 0
line = 0
next_line = time.monotonic() + interval


def service(timeout):
    """Notes the connections the server closed (waiting at most `timeout`), and sends each open
    one its next header line when it is time."""
    global line, next_line
    for key, _ in selector.select(timeout):
        connection = key.fileobj
        try:
            data = connection.recv(4096)
        except OSError:
            data = b""
        if data:
            continue  # the 408 before the close
        number, since = opened.pop(connection)
        closed.append([number, time.monotonic() - since])
        selector.unregister(connection)
        connection.close()
    if time.monotonic() >= next_line:
        line += 1
        for connection in list(opened):
            try:
                connection.send(f"X-Slow-{line}: {line}\r\n".encode())
            except OSError:
                pass  # closed by the server: the next read says so
        next_line += interval


for number in range(count):
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.sendall(f"GET /?n={number} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        connection.setblocking(False)
    except OSError:
        refused += 1
        continue
    opened[connection] = (number, time.monotonic())
    selector.register(connection, selectors.EVENT_READ)
    # Closes are timed while the rest are still being opened.
    if pace > 0:
        next_opening = time.monotonic() + pace
        while (left := next_opening - time.monotonic()) > 0:
            service(left)
    elif number % 20 == 0:
        service(0)

last_opened = time.monotonic()
worker = threading.Thread(target=lambda: (time.sleep(ordinary_at), ordinary_request()))
worker.start()
end = last_opened + window
while time.monotonic() < end:
    service(max(0.0, min(next_line, end) - time.monotonic()))
worker.join()
still_open = len(opened)
for connection in opened:
    connection.close()
print(json.dumps({
    "closed": closed, "stillOpen": still_open, "refused": refused,
    "ordinaryStatus": ordinary.get("status"), "ordinarySeconds": ordinary.get("seconds"),
}))

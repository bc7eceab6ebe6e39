# A listener that never completes a connection: its accept queue is full (four connections it
# made itself and never accepts), so the kernel drops further SYNs and a client's connect waits
# until its own connect timeout. Prints the port, then waits until its standard input closes.
import os
import socket
import sys

listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(0)
port = listener.getsockname()[1]
fillers = []
for _ in range(4):
    filler = socket.socket()
    filler.setblocking(False)
    try:
        filler.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    fillers.append(filler)
print(port, flush=True)
sys.stdin.read()
os._exit(0)

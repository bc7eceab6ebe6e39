"""What every fake server in the tests shares. A server outside this folder imports it with
`sys.path.insert(0, <this folder>)`."""
import socket


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

"""bench/soak.sh's second client: until DEADLINE (epoch seconds), keeps opening connections to
HOST:PORT that send part of a request slowly and then vanish (close without finishing, or with
an RST), a few at a time. Prints how many it opened and how the server treated them."""
import os
import random
import socket
import struct
import sys
import time

host, port, deadline = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
opened = closed_by_server = abandoned = 0
live = []
while time.time() < deadline:
    while len(live) < 20:
        try:
            s = socket.create_connection((host, port), timeout=2)
            s.setblocking(False)
            live.append([s, 0, time.time() + random.uniform(0.5, 8)])
            opened += 1
        except OSError:
            break
    for entry in list(live):
        s, sent, give_up = entry
        request = b"GET /index.html HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 40
        try:
            if sent < len(request):
                s.send(request[sent:sent + 1])
                entry[1] += 1
            elif s.recv(1) == b"":
                raise ConnectionResetError
        except BlockingIOError:
            pass
        except OSError:
            closed_by_server += 1
            live.remove(entry)
            s.close()
            continue
        if time.time() > give_up:
            if random.random() < 0.5:  # vanish with a reset instead of a FIN
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
            abandoned += 1
            live.remove(entry)
    time.sleep(0.2)
for s, *_ in live:
    s.close()
print(f"slow clients: {opened} opened, {abandoned} abandoned mid-request, {closed_by_server} closed by the server")

"""The reference for live charts' append-to-client latency (issue 29; `make bench`, `make soak-live`):
the plainest server-sent-events relay, Python's ThreadingHTTPServer with a thread per client.
`POST /charts/<id>/rows` numbers each CSV line and queues it to every open
`GET /charts/<id>/events` stream as `id: N` / `event: point` / `data: …`, answering
`{"added":n,"lastID":N}` as `pitchline serve` does. It validates nothing and keeps nothing but the
queues: what is left of the latency is the transport. Run by bench/soak-live.py on the same rows
and clients as the Pitchline server; prints `serving … at URL` as `pitchline serve` does."""
import json
import queue
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Relay:
    def __init__(self):
        self.lock = threading.Lock()
        self.clients = set()
        self.last = 0

    def post(self, lines):
        with self.lock:
            for line in lines:
                self.last += 1
                event = f"id: {self.last}\nevent: point\ndata: {json.dumps(line)}\n\n".encode()
                for client in self.clients:
                    client.put(event)
            return self.last


RELAY = Relay()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"   # a stream ends when its connection closes

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        lines = [line for line in body.splitlines() if line.strip()]
        answer = json.dumps({"added": len(lines), "lastID": RELAY.post(lines)}, separators=(",", ":")).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def do_GET(self):
        if not self.path.endswith("/events"):
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        mine = queue.Queue()
        with RELAY.lock:
            RELAY.clients.add(mine)
        try:
            self.wfile.write(b"retry: 2000\n: live\n\n")
            self.wfile.flush()
            while True:
                try:
                    self.wfile.write(mine.get(timeout=10))
                except queue.Empty:
                    self.wfile.write(b": heartbeat\n\n")
                self.wfile.flush()
        except OSError:
            pass
        finally:
            with RELAY.lock:
                RELAY.clients.discard(mine)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(f"reference: serving relay at http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

"""Sends `flourish serve` malformed, slow and many requests over real sockets and prints the
status of each, a line per case, for ServeBrowserTests to compare.

usage: protocol.py FLOURISH LEDGER
"""
import socket
import subprocess
import sys
import time

flourish, ledger = sys.argv[1:3]
server = subprocess.Popen([flourish, "serve", ledger, "--port", "0", "--today", "2026-11-27"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
address = next(line.strip() for line in iter(server.stdout.readline, "") if "http://" in line)
host, port = address.split("//")[1].split("/")[0].split(":")
port = int(port)
token = address.split("token=")[1]
cookie = f"Cookie: flourish-token-{port}={token}\r\n"


def connect():
    return socket.create_connection((host, port), timeout=15)


def status(raw, sock=None):
    """Sends raw bytes on a new connection (or the one given); the status the server answers."""
    sock = sock or connect()
    try:
        sock.sendall(raw)
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                return "closed"
            answer += chunk
        return answer.split(b"\r\n")[0].split(b" ")[1].decode()
    except OSError as error:
        return f"error {error}"
    finally:
        sock.close()


def get(path="/", extra=""):
    return f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{cookie}{extra}\r\n".encode()


try:
    print("no token:", status(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()))
    print("another Host:", status(f"GET / HTTP/1.1\r\nHost: evil.example:{port}\r\n{cookie}\r\n".encode()))
    print("garbage:", status(b"\x00\xffGARBAGE\r\n\r\n"))
    print("HTTP/2:", status(b"GET / HTTP/2.0\r\nHost: x\r\n\r\n"))
    print("chunked body:", status(f"POST /add HTTP/1.1\r\nHost: {host}:{port}\r\nTransfer-Encoding: chunked\r\n\r\n".encode()))
    print("body too large:", status(f"POST /add HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: 999999999\r\n\r\n".encode()))
    print("headers too large:", status(b"GET / HTTP/1.1\r\nX: " + b"a" * 40000 + b"\r\n\r\n"))
    print("a bare LF request with the token:", status(f"GET /?token={token} HTTP/1.1\nHost: {host}:{port}\n\n".encode()))

    # A client that sends its request a byte at a time does not hold up another.
    slow = connect()
    request = get()
    slow.sendall(request[:10])
    print("while a slow client holds a connection, the home page:", status(get()))
    for index in range(10, len(request)):
        slow.sendall(request[index:index + 1])
    print("the slow client, when it finishes:", status(b"", slow))
    stuck = connect()
    stuck.sendall(b"GET / HTTP/1.1\r\n")
    print("a client that never finishes:", status(b"", stuck))

    # Many at once: each is answered, turned away with 503, or closed; none stops the server.
    sockets = []
    for _ in range(200):
        try:
            sockets.append(connect())
        except OSError:
            sockets.append(None)
    answers = []
    for sock in sockets:
        if sock is None:
            answers.append("closed")
            continue
        answers.append(status(get("/style.css"), sock))
    print("200 connections at once: every one answered (200, 503 or closed):", all(a in ("200", "503", "closed") for a in answers))
    print("after all that, the home page:", status(get()))

    # The event stream: its first event, then one when the file changes.
    events = connect()
    events.sendall(get("/events"))
    received = b""
    while received.count(b"\n\n") < 1:
        received += events.recv(4096)
    with open(ledger, "a", encoding="utf-8") as file:
        file.write("; changed\n")
    while received.count(b"\n\n") < 2:
        received += events.recv(4096)
    print("an event stream announces a change:", received.split(b"\r\n\r\n")[1].split(b"\n\n")[1].split(b"\n")[0].decode())
    events.close()
finally:
    # A test runner may start us with SIGTERM ignored, which the server inherits.
    server.kill()
    server.wait()

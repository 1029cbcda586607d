"""What the Python script tests of `souk serve` share: named checks, a free port,
servers started and stopped, JSON calls over HTTP, a temporary folder kept on
request (KEEP_TMP=1)."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


class Checks:
    """Named checks, printed as they go; `exit()` ends the script with their verdict."""

    def __init__(self):
        self.failures = []

    def __call__(self, name, ok, detail=""):
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
        if not ok:
            self.failures.append(name)

    def exit(self):
        print(f"{len(self.failures)} failed")
        sys.exit(1 if self.failures else 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port, method, path, body=None, token=None, headers=None):
    """One JSON request: (status, parsed body or None)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read() or b"null")
        except ValueError:
            return e.code, None


class Servers:
    """`souk serve` processes (and any other) started in a temporary folder, all
    stopped, and the folder removed, on leaving the `with` block."""

    def __init__(self, souk, prefix):
        self.souk = souk
        self.tmp = tempfile.mkdtemp(prefix=prefix)
        self.procs = []

    def __enter__(self):
        return self

    def path(self, name):
        return os.path.join(self.tmp, name)

    def start(self, process_args, log_name):
        """Any program, its output into the folder; stopped at the end."""
        p = subprocess.Popen(process_args, stdout=open(self.path(log_name), "w"), stderr=subprocess.STDOUT)
        self.procs.append(p)
        return p

    def serve(self, db, log_name, *options):
        """`souk serve --port 0 --db DB OPTIONS...`: (process, its port) once it serves."""
        out = open(self.path(log_name), "w+")
        p = subprocess.Popen([self.souk, "serve", "--port", "0", "--db", db, *options], stdout=out,
                             stderr=subprocess.STDOUT)
        self.procs.append(p)
        for _ in range(150):
            out.seek(0)
            text = out.read()
            if "serving on http://127.0.0.1:" in text:
                return p, int(text.split("serving on http://127.0.0.1:")[1].split("/")[0])
            if p.poll() is not None:
                break
            time.sleep(0.1)
        out.seek(0)
        raise RuntimeError("souk serve did not start: " + out.read())

    def __exit__(self, *exc):
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        if not os.environ.get("KEEP_TMP"):
            shutil.rmtree(self.tmp, ignore_errors=True)
        return False

#!/usr/bin/env python3
"""Backups taken while games are played, restored and served again (docs/deploy.md,
"Backing up"): on PostgreSQL with pg_dump and pg_restore, on SQLite with its online
backup API (Python's sqlite3.Connection.backup). Each time a `souk serve` started on
the restored copy must hold every game, and every move, acknowledged before the
backup began.

Usage: backup_test.py PATH/TO/souk PATH/TO/souk_test_postgres
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

souk, test_postgres = sys.argv[1], sys.argv[2]
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(name)


def call(port, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def serve(db, log):
    out = open(log, "w+")
    p = subprocess.Popen([souk, "serve", "--port", "0", "--db", db, "--bot-threads", "1"], stdout=out,
                         stderr=subprocess.STDOUT)
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


class Players:
    """Games against the easy bot, played move after move on a thread, each move
    noted once the server acknowledged it."""

    def __init__(self, port):
        self.port = port
        self.acked = {}  # game id -> (token, moves acknowledged so far)
        self.lock = threading.Lock()
        self.stop = False
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def snapshot(self):
        with self.lock:
            return dict(self.acked)

    def run(self):
        games = ["jaipur", "marrakech"]
        n = 0
        while not self.stop:
            status, made = call(self.port, "POST", "/api/games",
                                {"game": games[n % 2], "seats": [{"player": "human"}, {"player": "easy"}]})
            n += 1
            if status != 201:
                time.sleep(0.1)
                continue
            gid, token = made["game_id"], made["token"]
            for _ in range(8):
                if self.stop:
                    break
                state = None
                for _ in range(200):
                    _, state = call(self.port, "GET", f"/api/games/{gid}", token=token)
                    if state.get("legal") or state.get("over"):
                        break
                    time.sleep(0.02)
                with self.lock:
                    self.acked[gid] = (token, state["move_count"])  # what the server showed is stored
                if not state.get("legal"):
                    break
                status, after = call(self.port, "POST", f"/api/games/{gid}/moves", {"move": state["legal"][0]}, token=token)
                if status == 200:
                    with self.lock:
                        self.acked[gid] = (token, after.get("move_count", state["move_count"] + 1))

    def finish(self):
        self.stop = True
        self.thread.join()


def verify(label, port, acked):
    missing = []
    for gid, (token, count) in acked.items():
        status, state = call(port, "GET", f"/api/games/{gid}", token=token)
        if status != 200 or state["move_count"] < count:
            missing.append((gid, count, status, state.get("move_count") if isinstance(state, dict) else state))
    check(f"{label}: the restored server holds all {len(acked)} games with their acknowledged moves",
          not missing and len(acked) > 0, missing[:5])


tmp = tempfile.mkdtemp(prefix="souk-backup-")
procs = []
try:
    # --- PostgreSQL: pg_dump while games are played, pg_restore into a fresh database.
    pg = subprocess.Popen([test_postgres], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    uri = pg.stdout.readline().strip()
    check("a PostgreSQL for the test", uri.startswith("postgres"), uri)
    server, port = serve(uri, os.path.join(tmp, "pg.out"))
    procs.append(server)
    players = Players(port)
    time.sleep(2)
    before = players.snapshot()
    dump = os.path.join(tmp, "souk.dump")
    run = subprocess.run(["pg_dump", "--format=custom", "--file=" + dump, uri], capture_output=True, text=True)
    check("pg_dump while games are played", run.returncode == 0, run.stderr)
    time.sleep(1)
    players.finish()
    fresh = uri.rsplit("/", 1)[0] + "/souk_restored"
    run = subprocess.run(["psql", uri, "-q", "-c", "CREATE DATABASE souk_restored"], capture_output=True, text=True)
    check("a fresh database", run.returncode == 0, run.stderr)
    run = subprocess.run(["pg_restore", "--no-owner", "--dbname=" + fresh, dump], capture_output=True, text=True)
    check("pg_restore into it", run.returncode == 0, run.stderr)
    restored, rport = serve(fresh, os.path.join(tmp, "pg-restored.out"))
    procs.append(restored)
    verify("PostgreSQL", rport, before)
    for p in (server, restored):
        p.terminate()
        p.wait(timeout=20)
    subprocess.run(["psql", uri, "-q", "-c", "DROP DATABASE souk_restored"], capture_output=True)
    pg.stdin.close()
    pg.wait(timeout=60)

    # --- SQLite: the online backup API while games are played.
    db = os.path.join(tmp, "souk.db")
    server, port = serve(db, os.path.join(tmp, "sqlite.out"))
    procs.append(server)
    players = Players(port)
    time.sleep(2)
    before = players.snapshot()
    copy = os.path.join(tmp, "copy.db")
    source = sqlite3.connect(db, timeout=10)
    target = sqlite3.connect(copy)
    source.backup(target)
    target.close()
    source.close()
    time.sleep(1)
    players.finish()
    server.terminate()
    server.wait(timeout=20)
    restored, rport = serve(copy, os.path.join(tmp, "sqlite-restored.out"))
    procs.append(restored)
    verify("SQLite", rport, before)
finally:
    for p in procs:
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
    if not os.environ.get("KEEP_TMP"):
        shutil.rmtree(tmp, ignore_errors=True)

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)

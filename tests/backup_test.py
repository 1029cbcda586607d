#!/usr/bin/env python3
"""Backups taken while games are played, restored and served again (docs/deploy.md,
"Backing up"): on PostgreSQL with pg_dump and pg_restore, on SQLite with its online
backup API (Python's sqlite3.Connection.backup). Each time a `souk serve` started on
the restored copy must hold every game, and every move, acknowledged before the
backup began.

Usage: backup_test.py PATH/TO/souk PATH/TO/souk_test_postgres
"""
import sqlite3
import subprocess
import sys
import threading
import time

from serve_helpers import Checks, Servers, call

souk, test_postgres = sys.argv[1], sys.argv[2]
check = Checks()


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


def backed_up_while_playing(servers, label, db, back_up, restore):
    """Plays on `db`, notes what was acknowledged, calls back_up() while the games go
    on, then restore(), which returns the restored database; serves it and verifies."""
    server, port = servers.serve(db, label + ".out", "--bot-threads", "1")
    players = Players(port)
    time.sleep(2)
    before = players.snapshot()
    back_up()
    time.sleep(1)
    players.finish()
    server.terminate()
    server.wait(timeout=30)
    _, restored_port = servers.serve(restore(), label + "-restored.out", "--bot-threads", "1")
    verify(label, restored_port, before)


with Servers(souk, "souk-backup-") as servers:
    # PostgreSQL: pg_dump while games are played, pg_restore into a fresh database.
    pg = subprocess.Popen([test_postgres], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    servers.procs.append(pg)
    uri = pg.stdout.readline().strip()
    check("a PostgreSQL for the test", uri.startswith("postgres"), uri)
    dump = servers.path("souk.dump")

    def pg_dump():
        run = subprocess.run(["pg_dump", "--format=custom", "--file=" + dump, uri], capture_output=True, text=True)
        check("pg_dump while games are played", run.returncode == 0, run.stderr)

    def pg_restore():
        fresh = uri.rsplit("/", 1)[0] + "/souk_restored"
        run = subprocess.run(["psql", uri, "-q", "-c", "CREATE DATABASE souk_restored"], capture_output=True, text=True)
        check("a fresh database", run.returncode == 0, run.stderr)
        run = subprocess.run(["pg_restore", "--no-owner", "--dbname=" + fresh, dump], capture_output=True, text=True)
        check("pg_restore into it", run.returncode == 0, run.stderr)
        return fresh

    backed_up_while_playing(servers, "PostgreSQL", uri, pg_dump, pg_restore)

    # SQLite: the online backup API while games are played.
    db, copy = servers.path("souk.db"), servers.path("copy.db")

    def online_backup():
        source, target = sqlite3.connect(db, timeout=10), sqlite3.connect(copy)
        source.backup(target)
        target.close()
        source.close()

    backed_up_while_playing(servers, "SQLite", db, online_backup, lambda: copy)
    for p in servers.procs[1:]:
        if p.poll() is None:
            p.terminate()
            p.wait(timeout=30)
    subprocess.run(["psql", uri, "-q", "-c", "DROP DATABASE souk_restored"], capture_output=True)
    pg.stdin.close()
    pg.wait(timeout=60)

check.exit()

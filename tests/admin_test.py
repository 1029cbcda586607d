#!/usr/bin/env python3
"""The operator's commands (`souk admin`, docs/operations.md) against live servers: on
SQLite beside one `souk serve`, and on PostgreSQL beside two instances sharing it.
Games listed by filter, shown and exported without a seat's secret, abandoned under
the servers' feet, a client network and an account blocked and unblocked, an
account's data exported, and a running instance's rate limits read.

Usage: admin_test.py PATH/TO/souk PATH/TO/souk_test_postgres
"""
import http.client
import json
import subprocess
import sys
import time

from serve_helpers import Checks, Servers, free_port

souk, test_postgres = sys.argv[1], sys.argv[2]
check = Checks()


def request(port, method, path, body=None, client="198.51.100.1", cookie=None, token=None):
    """(status, parsed body, Set-Cookie) from 127.0.0.1, a trusted proxy saying `client`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    h = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}", "Host": f"127.0.0.1:{port}",
         "X-Forwarded-For": client}
    if cookie:
        h["Cookie"] = "souk_session=" + cookie
    if token:
        h["Authorization"] = "Bearer " + token
    conn.request(method, path, None if body is None else json.dumps(body), h)
    res = conn.getresponse()
    data = res.read()
    set_cookie = res.getheader("Set-Cookie") or ""
    conn.close()
    try:
        return res.status, json.loads(data or b"null"), set_cookie
    except ValueError:
        return res.status, None, set_cookie


def admin(db, *args):
    """`souk admin --db DB ARGS`: (exit status, standard output, standard error)."""
    p = subprocess.run([souk, "admin", "--db", db, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def eventually(condition, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def scenario(label, db, ports, metrics_port):
    a, b = ports[0], ports[-1]
    status, _, set_cookie = request(a, "POST", "/api/accounts", {"name": "Ann_Lee", "password": "Secret-Horse-77"})
    check(f"{label}: Ann signs up", status == 201, status)
    cookie = set_cookie.split("souk_session=")[1].split(";")[0] if "souk_session=" in set_cookie else ""
    status, mine, _ = request(a, "POST", "/api/games", {"game": "jaipur", "seats": [{"player": "human"}, {"player": "greedy"}],
                                                         "creator_seat": 0}, cookie=cookie)
    check(f"{label}: Ann makes a game", status == 201, mine)
    status, guest, _ = request(a, "POST", "/api/games", {"game": "marrakech", "seats": [{"player": "human", "name": "Gus"},
                                                                                        {"player": "easy"}]},
                               client="203.0.113.7")
    check(f"{label}: a guest makes a game from 203.0.113.7", status == 201, guest)

    rc, out, err = admin(db, "games")
    check(f"{label}: games lists both", rc == 0 and mine["game_id"] in out and guest["game_id"] in out, out + err)
    rc, out, _ = admin(db, "games", "--account", "ann_lee")
    check(f"{label}: games --account (case ignored) lists Ann's only",
          mine["game_id"] in out and guest["game_id"] not in out, out)
    rc, out, _ = admin(db, "games", "--client", "203.0.113.7", "--game", "marrakech", "--state", "playing", "--since", "1h")
    check(f"{label}: games --client --game --state --since", out.split("\t")[0] == guest["game_id"] and out.count("\n") == 1, out)
    rc, out, _ = admin(db, "games", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    check(f"{label}: games --json is one object a line, Ann named on her seat",
          any(g["id"] == mine["game_id"] and g["seats"][0]["account"] == "Ann_Lee" for g in lines), out)
    check(f"{label}: no seat token, nor its hash, in an export",
          mine["token"] not in out and guest["token"] not in out and "token_hash" not in out, out)
    rc, out, _ = admin(db, "game", mine["game_id"])
    check(f"{label}: game shows a record with its state as comments",
          rc == 0 and out.startswith("# game " + mine["game_id"] + ": playing") and "souk-record 1" in out, out)
    rc, out, err = admin(db, "game", "no-such-game")
    check(f"{label}: an unknown game is an error naming it", rc == 1 and "no game no-such-game" in err, (rc, err))

    # Abandoned under the servers' feet: each instance holds the game first.
    for port in ports:
        request(port, "GET", f"/api/games/{guest['game_id']}", token=guest["token"])
    rc, out, err = admin(db, "abandon", guest["game_id"])
    check(f"{label}: abandon", rc == 0 and "abandoned" in out, out + err)
    if len(ports) > 1:
        check(f"{label}: the other instance shows it abandoned without being asked to move (NOTIFY)",
              eventually(lambda: request(b, "GET", f"/api/games/{guest['game_id']}", token=guest["token"])[1].get("abandoned")))
    _, state, _ = request(a, "GET", f"/api/games/{guest['game_id']}", token=guest["token"])
    status, refused, _ = request(a, "POST", f"/api/games/{guest['game_id']}/moves", {"move": (state.get("legal") or ["x"])[0]},
                                 token=guest["token"], client="203.0.113.7")
    check(f"{label}: a move to it is refused game_abandoned", status == 409 and refused["code"] == "game_abandoned",
          (status, refused))
    rc, _, err = admin(db, "abandon", guest["game_id"])
    check(f"{label}: abandoning it again is refused", rc == 1 and "not in play" in err, err)

    # A network blocked, on every instance, then unblocked.
    rc, out, err = admin(db, "block", "203.0.113.0/24", "--reason", "spam")
    check(f"{label}: block a network", rc == 0, out + err)
    blocked = lambda port: request(port, "GET", "/api/health", client="203.0.113.99")[0] == 403
    check(f"{label}: every instance refuses it within 5 s", all(eventually(lambda p=p: blocked(p)) for p in ports))
    status, body, _ = request(b, "POST", "/api/games", {"game": "jaipur", "seats": [{"player": "human"}, {"player": "easy"}]},
                              client="203.0.113.8")
    check(f"{label}: with 403 forbidden and a reason", status == 403 and body["code"] == "forbidden" and "blocked" in body["error"],
          (status, body))
    check(f"{label}: another client goes on", request(a, "GET", "/api/health", client="198.51.100.2")[0] == 200)
    rc, out, _ = admin(db, "blocks")
    check(f"{label}: blocks lists it with its reason", "203.0.113.0/24" in out and "spam" in out, out)
    rc, out, err = admin(db, "block", "203.0.113.0/33")
    check(f"{label}: a malformed network is refused (status 2)", rc == 2 and "prefix length" in err, err)
    rc, out, err = admin(db, "unblock", "203.0.113.0/24")
    check(f"{label}: unblock", rc == 0, err)
    check(f"{label}: every instance lets it in again within 5 s", all(eventually(lambda p=p: not blocked(p)) for p in ports))

    # An account blocked: its session refused, then back.
    me = lambda: request(b, "GET", "/api/me", cookie=cookie)[0]
    check(f"{label}: Ann's session works", me() == 200, me())
    rc, out, err = admin(db, "block", "--account", "Ann_Lee")
    check(f"{label}: block --account", rc == 0 and me() == 401, (out, err, me()))
    rc, out, _ = admin(db, "blocks")
    check(f"{label}: blocks lists the account", "account\tAnn_Lee" in out, out)
    admin(db, "unblock", "--account", "Ann_Lee")
    check(f"{label}: unblock --account", me() == 200, me())

    # The account's data.
    rc, out, err = admin(db, "account", "ann_lee")
    data = json.loads(out) if rc == 0 else {}
    check(f"{label}: account exports the account with its games",
          data.get("name") == "Ann_Lee" and [g["id"] for g in data.get("games", [])] == [mine["game_id"]], out + err)
    check(f"{label}: ... but not a game in play's seed, nor a password hash or session id",
          "seed" not in data["games"][0] and "argon2" not in out and cookie not in out and len(data.get("sessions", [])) == 1,
          out)

    # A running instance's limits, over its --metrics-listen address.
    for _ in range(25):
        request(a, "POST", "/api/games", {"game": "jaipur", "seats": [{"player": "human"}, {"player": "easy"}]},
                client="192.0.2.50")
    p = subprocess.run([souk, "admin", "limits", "--instance", f"127.0.0.1:{metrics_port}"], capture_output=True, text=True)
    limits = {l["name"]: l for l in json.loads(p.stdout)["limits"]} if p.returncode == 0 else {}
    create = limits.get("create", {})
    check(f"{label}: limits shows the create limit and the client that spent it",
          create.get("limit") == "30/m, burst 20" and any(c["client"] == "192.0.2.50" and c["refused_now"] for c in create["busiest"]),
          p.stdout + p.stderr)


with Servers(souk, "souk-admin-") as servers:
    metrics = free_port()
    _, port = servers.serve(servers.path("admin.db"), "sqlite.log", "--trusted-proxy", "127.0.0.1",
                            "--metrics-listen", f"127.0.0.1:{metrics}")
    scenario("SQLite", servers.path("admin.db"), [port], metrics)

with Servers(souk, "souk-admin-pg-") as servers:
    pg = subprocess.Popen([test_postgres], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        uri = pg.stdout.readline().strip()
        check("PostgreSQL: a database for the test", uri.startswith("postgres"), uri)
        metrics = free_port()
        _, a = servers.serve(uri, "a.log", "--trusted-proxy", "127.0.0.1", "--metrics-listen", f"127.0.0.1:{metrics}")
        _, b = servers.serve(uri, "b.log", "--trusted-proxy", "127.0.0.1")
        scenario("PostgreSQL", uri, [a, b], metrics)
    finally:
        for p in servers.procs:
            p.terminate()
        for p in servers.procs:
            p.wait(timeout=30)
        pg.stdin.close()
        pg.wait(timeout=60)

check.exit()

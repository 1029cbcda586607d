#!/usr/bin/env python3
"""What `souk serve` logs (docs/operations.md, "Logs"): with --log-format json every
line is one JSON object with time, level, instance, event and message, refusals and
the start and stop are events; and in either format no secret the session used (seat
tokens, invite codes, passwords, session ids, a made-up token) appears anywhere in its
output.

Usage: log_secrets_test.py PATH/TO/souk
"""
import http.client
import json
import signal
import sys

from serve_helpers import Checks, Servers

souk = sys.argv[1]
check = Checks()


def session(fmt, servers):
    """A session with secrets in it on a server logging in `fmt`: (everything the
    server wrote, the secrets)."""
    p, port = servers.serve(servers.path(fmt + ".db"), fmt + ".log", "--log-format", fmt, "--bot-threads", "1")
    secrets = []

    def call(method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        h = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}", "Host": f"127.0.0.1:{port}"}
        h.update(headers or {})
        conn.request(method, path, None if body is None else json.dumps(body), h)
        res = conn.getresponse()
        data = res.read()
        cookie = res.getheader("Set-Cookie") or ""
        conn.close()
        try:
            return res.status, json.loads(data or b"null"), cookie
        except ValueError:
            return res.status, None, cookie

    password, fresh_password, wrong_password = "Secret-Horse-77", "Battery-Staple-88", "Wrong-Guess-99"
    secrets += [password, fresh_password, wrong_password]
    status, _, cookie = call("POST", "/api/accounts", {"name": "Ann_Lee", "password": password})
    check(f"{fmt}: sign-up", status == 201)
    sid = cookie.split("souk_session=")[1].split(";")[0]
    secrets.append(sid)
    check(f"{fmt}: a wrong password refused", call("POST", "/api/session", {"name": "Ann_Lee", "password": wrong_password})[0] == 401)
    status, _, cookie2 = call("POST", "/api/me/password", {"current_password": password, "new_password": fresh_password},
                              {"Cookie": "souk_session=" + sid})
    check(f"{fmt}: password changed", status == 200)
    if "souk_session=" in cookie2:
        secrets.append(cookie2.split("souk_session=")[1].split(";")[0])
    status, made, _ = call("POST", "/api/games", {"game": "jaipur", "seats": [{"player": "human"}, {"player": "human"}]})
    check(f"{fmt}: a game for two", status == 201)
    token, invite = made["token"], made["invites"][0]["invite"]
    secrets += [token, invite]
    status, joined, _ = call("POST", f"/api/games/{made['game_id']}/join", {"invite": invite, "name": "Bob"})
    check(f"{fmt}: joined by invite", status == 200, joined)
    if isinstance(joined, dict) and "token" in joined:
        secrets.append(joined["token"])
    made_up = "f" * 32
    secrets.append(made_up)
    check(f"{fmt}: a made-up token refused",
          call("GET", f"/api/games/{made['game_id']}", headers={"Authorization": "Bearer " + made_up})[0] in (401, 403))
    check(f"{fmt}: a used invite refused", call("POST", f"/api/games/{made['game_id']}/join", {"invite": invite, "name": "Eve"})[0] >= 400)
    _, state, _ = call("GET", f"/api/games/{made['game_id']}", headers={"Authorization": "Bearer " + token})
    if state.get("legal"):
        call("POST", f"/api/games/{made['game_id']}/moves", {"move": state["legal"][0]}, {"Authorization": "Bearer " + token})
    call("POST", f"/api/games/{made['game_id']}/moves", {"move": "sell 9 gold"}, {"Authorization": "Bearer " + token})
    call("GET", "/api/no-such-route")
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=30)
    with open(servers.path(fmt + ".log")) as f:
        return f.read(), secrets


with Servers(souk, "souk-logs-") as servers:
    for fmt in ("json", "text"):
        output, secrets = session(fmt, servers)
        leaked = [s for s in secrets if s and s in output]
        check(f"{fmt}: none of the {len(secrets)} secrets in the output", not leaked, leaked)
        if fmt == "json":
            events, bad = [], []
            for line in output.splitlines():
                if line.startswith("{"):
                    try:
                        j = json.loads(line)
                    except ValueError:
                        bad.append(line)
                        continue
                    if not all(k in j for k in ("time", "level", "instance", "event", "message")):
                        bad.append(line)
                    events.append(j)
                elif line.strip() and not line.startswith(("Souk is serving", "Stopping")):
                    bad.append(line)
            check("json: every log line is a JSON object with time, level, instance, event, message", not bad, bad[:3])
            names = {e["event"] for e in events}
            for name in ("serving", "stopping", "request_refused"):
                check(f"json: a '{name}' event", name in names, sorted(names))
            refused = [e for e in events if e["event"] == "request_refused"]
            check("json: refusals carry route, status, code, client and latency",
                  refused and all({"route", "status", "code", "client", "latency_ms"} <= set(e) for e in refused), refused[:2])
            check("json: the wrong password's refusal is there, coded",
                  any(e.get("code") == "bad_credentials" for e in refused), refused)
        else:
            check("text: no info events in the text format", "request_refused" not in output and '"event"' not in output,
                  output[:400])

check.exit()

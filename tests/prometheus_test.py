#!/usr/bin/env python3
"""Metrics as an operator's Prometheus sees them (docs/operations.md): two real
`souk serve` instances on one PostgreSQL with --metrics-listen, Debian's `prometheus`
scraping both every second with deploy/prometheus's alert rules, games played through
the HTTP API, and Prometheus's query API asked whether the series exist and move as the
games do.

Usage: prometheus_test.py PATH/TO/souk PATH/TO/deploy/prometheus PATH/TO/souk_test_postgres
"""
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from serve_helpers import Checks, Servers, call, free_port

souk, deploy, test_postgres = sys.argv[1], sys.argv[2], sys.argv[3]
check = Checks()

for tool in ("prometheus", "promtool"):
    if shutil.which(tool) is None:
        print(f"prometheus_test: {tool} is not installed (Debian's prometheus package; scripts/install-deps.sh)")
        sys.exit(1)

# The test's own PostgreSQL, which stops and removes its files once its standard input
# closes: at exit, after the instances on it have stopped.
pg = subprocess.Popen([test_postgres], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def stop_postgres():
    pg.stdin.close()
    pg.wait(timeout=60)


atexit.register(stop_postgres)
db = pg.stdout.readline().strip()
check("a PostgreSQL for the instances", db.startswith("postgres"), db)

with Servers(souk, "souk-prometheus-") as servers:
    # The shipped configuration and rules are valid as they are.
    for what, path in (("config", "prometheus.yml"), ("rules", "souk-alerts.yml")):
        run = subprocess.run(["promtool", "check", what, os.path.join(deploy, path)], capture_output=True, text=True)
        check(f"promtool check {what} {path}", run.returncode == 0, run.stdout + run.stderr)

    # Two instances on it, each with its metrics on an address of its own.
    instances = []
    for name in ("a", "b"):
        mport = free_port()
        proc, port = servers.serve(db, name + ".out", "--metrics-listen", f"127.0.0.1:{mport}", "--bot-threads", "1")
        instances.append((name, proc, port, mport))

    # Prometheus: the shipped file with these targets, scraping every second.
    with open(os.path.join(deploy, "prometheus.yml")) as f:
        config = f.read()
    targets = ", ".join(f'"127.0.0.1:{m}"' for _, _, _, m in instances)
    config = config.replace('["127.0.0.1:9464", "127.0.0.1:9465"]', f"[{targets}]")
    config = config.replace("scrape_interval: 15s", "scrape_interval: 1s")
    shutil.copy(os.path.join(deploy, "souk-alerts.yml"), servers.tmp)
    with open(servers.path("prometheus.yml"), "w") as f:
        f.write(config)
    pport = free_port()
    servers.start(["prometheus", "--config.file=" + servers.path("prometheus.yml"),
                   "--storage.tsdb.path=" + servers.path("data"), f"--web.listen-address=127.0.0.1:{pport}"],
                  "prometheus.out")

    def query(q):
        url = f"http://127.0.0.1:{pport}/api/v1/query?" + urllib.parse.urlencode({"query": q})
        try:
            with urllib.request.urlopen(url, timeout=5) as res:
                return json.loads(res.read())["data"]["result"]
        except (urllib.error.URLError, ConnectionError, KeyError):
            return None

    def wait_for(q, test, seconds=30):
        last = None
        for _ in range(seconds * 4):
            last = query(q)
            if last is not None and test(last):
                return True, last
            time.sleep(0.25)
        return False, last

    def total(result):
        return sum(float(s["value"][1]) for s in result)

    def play(port, game, moves):
        """A game against the easy bot, `moves` of ours played: how many were."""
        status, made = call(port, "POST", "/api/games", {"game": game, "seats": [{"player": "human"}, {"player": "easy"}]})
        check(f"{game} created", status == 201, made)
        played = 0
        for _ in range(moves if status == 201 else 0):
            for _ in range(100):
                _, state = call(port, "GET", f"/api/games/{made['game_id']}", token=made["token"])
                if state.get("legal") or state.get("over"):
                    break
                time.sleep(0.05)
            if not state.get("legal"):
                break
            status, _ = call(port, "POST", f"/api/games/{made['game_id']}/moves", {"move": state["legal"][0]},
                             token=made["token"])
            check(f"a {game} move", status == 200)
            played += 1
        return played

    ok, last = wait_for('up{job="souk"}', lambda r: len(r) == 2 and all(s["value"][1] == "1" for s in r))
    check("Prometheus scrapes both instances", ok, last)

    moves_sent = sum(play(port, game, 6) for _, _, port, _ in instances for game in ("jaipur", "marrakech"))
    ok, last = wait_for("sum by (instance) (souk_moves_total)",
                        lambda r: len(r) == 2 and all(float(s["value"][1]) >= 6 for s in r))
    check("souk_moves_total counts each instance's moves", ok, last)
    ok, last = wait_for('sum(souk_moves_total{game="marrakech"})', lambda r: r and total(r) > 0)
    check("moves are labelled by game", ok, last)
    ok, last = wait_for('sum(souk_http_requests_total{route="move",code="200"})', lambda r: r and total(r) >= moves_sent)
    check(f"every move request counted ({moves_sent})", ok, last)
    ok, last = wait_for("sum(souk_games_in_play)", lambda r: r and total(r) == 4)
    check("souk_games_in_play: 4 games", ok, last)
    ok, last = wait_for("sum(souk_bot_think_seconds_count)", lambda r: r and total(r) > 0)
    check("the bots' thinking is timed", ok, last)
    ok, last = wait_for('sum(souk_store_operation_duration_seconds_sum{op="append_move"}) / '
                        'sum(souk_store_operation_duration_seconds_count{op="append_move"})',
                        lambda r: r and 0 < float(r[0]["value"][1]) < 5)
    check("the store's appends are timed (a mean between 0 and 5 s)", ok, last)

    # The bots' queue in each lane, on each instance.
    ok, last = wait_for("souk_bot_queue_depth", lambda r: sorted((s["metric"]["instance"], s["metric"]["lane"]) for s in r)
                        == sorted((f"127.0.0.1:{m}", lane) for _, _, _, m in instances for lane in ("quick", "heavy")))
    check("souk_bot_queue_depth: both lanes of both instances", ok, last)

    # A change made on one instance, told to the other by NOTIFY: the other times its lag.
    before = total(query('souk_notify_lag_seconds_count{instance="127.0.0.1:%d"}' % instances[1][3]) or [])
    play(instances[0][2], "jaipur", 1)
    ok, last = wait_for('souk_notify_lag_seconds_count{instance="127.0.0.1:%d"}' % instances[1][3],
                        lambda r: r and total(r) > before)
    check("souk_notify_lag_seconds_count grows on the instance told of another's moves", ok, (before, last))
    ok, last = wait_for("sum(souk_notify_lag_seconds_sum) / sum(souk_notify_lag_seconds_count)",
                        lambda r: r and 0 <= float(r[0]["value"][1]) < 5)
    check("the NOTIFY lag is between 0 and 5 s on one machine", ok, last)

    # An account signed up through one instance: both count it (one database).
    status, _ = call(instances[0][2], "POST", "/api/accounts", {"name": "Ann_Lee", "password": "correct horse"})
    check("an account signed up", status == 201, status)
    ok, last = wait_for("souk_accounts_signed_in", lambda r: len(r) == 2 and all(s["value"][1] == "1" for s in r))
    check("souk_accounts_signed_in: 1 on each instance", ok, last)

    # The lobby: a table opened and a quick-play request waiting are counted by both
    # instances (one database); a second request pairs them, and the waits are timed.
    status, _ = call(instances[0][2], "POST", "/api/tables", {"game": "jaipur", "name": "Tab"})
    check("a table opened", status == 201, status)
    status, seek = call(instances[0][2], "POST", "/api/play-now", {"game": "marrakech", "name": "Sam"})
    check("a quick-play request waits", status == 201 and seek["seek"]["state"] == "waiting", seek)
    ok, last = wait_for("souk_lobby_open", lambda r: sorted((s["metric"]["kind"], s["value"][1]) for s in r)
                        == [("seek", "1"), ("seek", "1"), ("table", "1"), ("table", "1")])
    check("souk_lobby_open: 1 table and 1 request on each instance", ok, last)
    status, paired = call(instances[1][2], "POST", "/api/play-now", {"game": "marrakech", "name": "Pat"})
    check("a second request is paired with the first", status == 201 and paired["seek"]["state"] == "paired", paired)
    ok, last = wait_for('sum(souk_pairing_wait_seconds_count{game="marrakech",outcome="paired"})',
                        lambda r: r and total(r) == 2)
    check("souk_pairing_wait_seconds: both players' waits", ok, last)

    # Everything an instance exports, the series above included, passes promtool's lint.
    for name, _, _, mport in instances:
        with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=5) as res:
            exported = res.read()
        run = subprocess.run(["promtool", "check", "metrics"], input=exported, capture_output=True)
        check(f"promtool check metrics on instance {name}", run.returncode == 0 and not run.stdout + run.stderr,
              (run.stdout + run.stderr).decode())

    # The counter moves with the games: one more move, one more count.
    before = total(query("sum(souk_moves_total)") or [])
    play(instances[0][2], "jaipur", 1)
    ok, last = wait_for("sum(souk_moves_total)", lambda r: r and total(r) > before)
    check("souk_moves_total goes up with the next move", ok, (before, last))

    # An instance stopped: Prometheus sees it down.
    instances[0][1].send_signal(signal.SIGTERM)
    instances[0][1].wait(timeout=30)
    ok, last = wait_for('up{job="souk"} == 0', lambda r: len(r) == 1)
    check("a stopped instance shows as down", ok, last)

check.exit()

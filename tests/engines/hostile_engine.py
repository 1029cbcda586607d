#!/usr/bin/env python3
"""Engines that misbehave, one per mode, for the engine client's tests
(src/engine/engine_client_test.cc). Each speaks souk-engine 1 correctly (playing a
random legal Jaipur move, with the examples' move generator) until its fault:

  hang          never answers newgame
  silent        never answers go; answers stop with a move
  ignore-stop   never answers go, nor stop
  crash         exits with status 3 at its second go
  segv          kills itself with SIGSEGV at its first go
  close-stdout  closes its stdout at its first go and goes on running
  fatal-log     at its first go, ends its stderr as Node.js does when it runs out
                of address space (the message, then a line of "#"), and dies of SIGTRAP
  long-line     answers go with a line of 2 MiB
  info-flood    answers go with 20,000 info lines
  malformed     answers go with a line that is no reply
  illegal       answers go with a move its rules refuse
  chatty        writes 1 MiB to stderr at every go, then plays (no fault)
  hog           allocates 1 GiB at its first go, then plays
  record FILE   writes every line it reads to FILE, then plays (no fault)
  grandchild    starts a child that sleeps, then never answers go
"""
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "engines"))
from souk_engine_lib import jaipur_legal_moves  # noqa: E402

import json  # noqa: E402

mode = sys.argv[1]
record = open(sys.argv[2], "a") if mode == "record" else None
view, gos = None, 0


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    line = raw.rstrip("\n")
    if record:
        record.write(line + "\n")
        record.flush()
    kind, _, rest = line.partition(" ")
    if kind == "souk-engine":
        reply("id name hostile " + mode)
        reply("id author the Souk tests")
        reply("plays jaipur 2")
        reply("ok souk-engine 1")
    elif kind == "newgame":
        if mode == "hang":
            time.sleep(3600)
        reply("ok")
    elif kind == "position":
        view = json.loads(rest)
        reply("ok")
    elif kind == "go":
        gos += 1
        if mode in ("silent", "ignore-stop"):
            continue  # waits for stop (silent) or for nothing (ignore-stop)
        if mode == "grandchild":
            subprocess.Popen(["sleep", "3600"])
            continue
        if mode == "crash" and gos == 2:
            sys.exit(3)
        if mode == "segv":
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode == "fatal-log":
            sys.stderr.write("\n#\n# Fatal process OOM in Failed to reserve virtual memory for CodeRange\n#\n\n")
            sys.stderr.flush()
            os.kill(os.getpid(), signal.SIGTRAP)
        if mode == "close-stdout":
            sys.stdout.close()
            os.close(1)
            time.sleep(3600)
        if mode == "long-line":
            reply("info " + "x" * (2 << 20))
        if mode == "info-flood":
            sys.stdout.write("info iterations 1\n" * 20000)
        if mode == "malformed":
            reply("hello, I am not a reply")
            continue
        if mode == "illegal":
            reply("bestmove sell 9 diamond")
            continue
        if mode == "chatty":
            sys.stderr.write("log line\n" * (1 << 17))
            sys.stderr.flush()
        if mode == "hog" and gos == 1:
            hog = bytearray(1 << 30)
        reply("bestmove " + random.choice(jaipur_legal_moves(view)))
    elif kind == "stop":
        if mode == "silent":
            reply("bestmove " + random.choice(jaipur_legal_moves(view)))
    elif kind == "quit":
        break

#!/usr/bin/env bash
# End-to-end checks of the `souk` command line: outputs, exit statuses, and the
# one-line errors for bad input. Usage: cli_test.sh PATH/TO/souk
set -u
souk="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check.sh"
# Runs souk, keeping stdout, stderr and the status.
run() { "$souk" "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
rc() { [ "$(cat "$tmp/rc")" = "$1" ]; }
err_is_one_line_with() { [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$1" "$tmp/err"; }

# new: deterministic for a seed, different seeds differ.
run new jaipur --seed 42; cp "$tmp/out" "$tmp/s42.json"
check "new exits 0" rc 0
check "new prints a jaipur state" out_has '"game":"jaipur"'
run new jaipur --seed 42
check "new is deterministic" cmp -s "$tmp/out" "$tmp/s42.json"
run new jaipur --seed 43
check "another seed deals differently" bash -c "! cmp -s '$tmp/out' '$tmp/s42.json'"

# --seed is a decimal number from 0 to 2^64-1, nothing else.
run new jaipur --seed 18446744073709551615
check "largest seed accepted" rc 0
for bad in -1 18446744073709551616 0x10 12abc; do
  run new jaipur --seed "$bad"
  check "seed '$bad' refused" rc 2
done
check "bad seed says why" err_is_one_line_with "--seed: seed"
run legal "$tmp/s42.json"
check "legal needs no seed" rc 0

# legal: from a file and from stdin, sorted.
run legal "$tmp/s42.json"; cp "$tmp/out" "$tmp/legal"
check "legal exits 0" rc 0
check "legal lists moves" [ -s "$tmp/legal" ]
check "legal is sorted" bash -c "LC_ALL=C sort -c '$tmp/legal'"
"$souk" legal - <"$tmp/s42.json" >"$tmp/legal_stdin"
check "legal reads stdin" cmp -s "$tmp/legal" "$tmp/legal_stdin"

# apply: every listed move is accepted; illegal and malformed ones exit 2 with one line.
first=$(head -n 1 "$tmp/legal")
run apply "$tmp/s42.json" "$first"
check "apply a legal move" rc 0
run apply "$tmp/s42.json" "sell 1 diamond"
check "illegal move exits 2" rc 2
check "illegal move names the move and the rule" err_is_one_line_with "illegal move 'sell 1 diamond'"
run apply "$tmp/s42.json" "fly away"
check "malformed move exits 2" rc 2
check "malformed move says what is wrong" err_is_one_line_with "unknown action 'fly'"

# broken state files: status 2 and where.
head -c 100 "$tmp/s42.json" >"$tmp/truncated.json"
run legal "$tmp/truncated.json"
check "truncated state exits 2" rc 2
check "truncated state says where" err_is_one_line_with "invalid JSON: parse error at line 1, column"
sed 's/"herd":[0-9]*/"herd":"many"/' "$tmp/s42.json" >"$tmp/badherd.json"
run legal "$tmp/badherd.json"
check "bad field exits 2" rc 2
check "bad field names its path" err_is_one_line_with "players\[0\].herd: expected a whole number"
run legal "$tmp/does-not-exist.json"
check "missing file exits 1" rc 1

# view: no hidden information.
run view "$tmp/s42.json" --player 0
check "view exits 0" rc 0
check "view has no deck order" bash -c "! grep -q '\"deck\"' '$tmp/out'"
check "view has no PRNG state" bash -c "! grep -q '\"rng\"' '$tmp/out'"
check "view has the deck size" out_has '"deck_size":40'
run view "$tmp/s42.json" --player 2
check "view of a missing seat exits 2" rc 2

# demo + replay: a whole game, replayed to the same final state.
run demo jaipur --seed 5 --record "$tmp/game.record" --quiet
check "demo exits 0" rc 0
check "demo writes a record" grep -q '^souk-record 1$' "$tmp/game.record"
run replay "$tmp/game.record"
check "replay exits 0" rc 0
check "replayed game is over" out_has '"status":"game_over"'
cp "$tmp/out" "$tmp/final1"
run replay "$tmp/game.record"
check "replay is byte-identical" cmp -s "$tmp/out" "$tmp/final1"
# apply the record's moves one by one from the new game: the same final state.
mapfile -t moves < <(sed -n '/^moves$/,$p' "$tmp/game.record" | tail -n +2)
"$souk" new jaipur --seed 5 >"$tmp/step"
"$souk" apply "$tmp/step" "${moves[@]}" >"$tmp/applied"
check "apply of all moves equals replay" cmp -s "$tmp/applied" "$tmp/final1"
run replay --states "$tmp/game.record"
check "replay --states prints one state per move plus the start" \
  [ "$(wc -l <"$tmp/out")" -eq $((${#moves[@]} + 1)) ]
printf 'souk-record 1\ngame jaipur\nseed 5\nmoves\nsell 9 gold\n' >"$tmp/bad.record"
run replay "$tmp/bad.record"
check "bad record move exits 2" rc 2
check "bad record move is named" err_is_one_line_with "record move 1: illegal move 'sell 9 gold'"

# review: the keys scripts rely on (docs/review.md), byte-identical for a seed; a bad
# or unfinished record refused with one line. A tiny budget: this runs under ASan too.
run review "$tmp/game.record" --json --budget 10 --samples 1 --threads 1
check "review --json exits 0" rc 0
for key in played played_value best best_value loss flag accuracy luck skill win_chance chance_events budget seed; do
  check "review --json has '$key'" out_has "\"$key\":"
done
cp "$tmp/out" "$tmp/review1"
run review "$tmp/game.record" --json --budget 10 --samples 1 --threads 2
check "review is the same whatever the threads" cmp -s "$tmp/out" "$tmp/review1"
run review "$tmp/game.record" --budget 10 --samples 1
check "review prints the moves and the graph" out_has "Win chance by move"
check "review's graph fits 80 columns" [ "$(sed -n '/^Win chance by move/,$p' "$tmp/out" | awk '{ if (length > m) m = length } END { print m }')" -le 80 ]
run review "$tmp/bad.record"
check "review of a bad record exits 2" rc 2
check "review of a bad record names the move" err_is_one_line_with "record move 1: illegal move 'sell 9 gold'"
head -n 12 "$tmp/game.record" >"$tmp/unfinished.record"
run review "$tmp/unfinished.record"
check "review of an unfinished game exits 2" rc 2
check "review of an unfinished game says so" err_is_one_line_with "the game is not finished"
run review "$tmp/game.record" --budget 0
check "review --budget 0 exits 2" rc 2

# unknown game and bad options.
run new chess
check "unknown game exits 2" rc 2
check "unknown game lists the games" err_is_one_line_with "unknown game 'chess' (games: jaipur, marrakech)"
run new jaipur --players 3
check "jaipur refuses 3 players" rc 2
run frobnicate
check "unknown command exits 2" rc 2

# hint: the player's moves ranked from their view; refuses when it is not their turn.
run new jaipur --seed 42; cp "$tmp/out" "$tmp/h.json"
mover=$(grep -o '"to_move":[01]' "$tmp/h.json" | cut -d: -f2)
run hint "$tmp/h.json" --bot mcts:iterations=300 --top 0
check "hint exits 0" rc 0
check "hint lists every legal move" [ "$(grep -c '^ *[0-9]' "$tmp/out")" -eq "$("$souk" legal "$tmp/h.json" | wc -l)" ]
run hint "$tmp/h.json" --bot mcts:iterations=300 --seed 5 --json
check "hint --json names the player to move" out_has "\"player\":$mover"
cp "$tmp/out" "$tmp/hint1"
run hint "$tmp/h.json" --bot mcts:iterations=300 --seed 5 --json
check "hint is deterministic for a seed and iterations" bash -c "diff <(sed 's/\"seconds\":[0-9.e-]*//' '$tmp/out') <(sed 's/\"seconds\":[0-9.e-]*//' '$tmp/hint1') >/dev/null"
run hint "$tmp/h.json" --player $((1 - mover))
check "hint for the player not to move exits 2" rc 2
check "hint says whose turn it is" err_is_one_line_with "is not to move (player $mover is)"
run hint "$tmp/h.json" --bot wizard
check "hint with a bad bot exits 2" rc 2
check "hint names the bad bot" err_is_one_line_with "--bot: bad bot 'wizard'"
run new marrakech --seed 3 --players 2; cp "$tmp/out" "$tmp/m.json"
run apply "$tmp/m.json" straight; cp "$tmp/out" "$tmp/roll.json"
run hint "$tmp/roll.json"
check "no hint at a die roll" err_is_one_line_with "the next move is the die's"

# arena: results, JSON, determinism, bad set-ups.
run arena jaipur greedy random --games 4 --seed 3
check "arena exits 0" rc 0
check "arena reports an Elo difference" out_has "Elo difference (greedy over random)"
run arena marrakech random greedy mcts:iterations=50 --games 3 --seed 2 --json --threads 2
check "arena --json reports each bot" bash -c "grep -o '\"bot\":' '$tmp/out' | wc -l | grep -qx 3"
cp "$tmp/out" "$tmp/arena1"
run arena marrakech random greedy mcts:iterations=50 --games 3 --seed 2 --json
check "arena is deterministic whatever the threads" bash -c "diff <(grep -o '\"points\":[0-9.]*' '$tmp/out') <(grep -o '\"points\":[0-9.]*' '$tmp/arena1') >/dev/null"
run arena jaipur greedy random mcts
check "jaipur arena with 3 bots exits 2" rc 2
check "jaipur arena with 3 bots says so" err_is_one_line_with "jaipur needs 2 bots, got 3"
examples="$(dirname "$0")/../examples/engines"
run arena marrakech "engine:$examples/marrakech_random_engine.py" random random --games 3 --seed 4
check "the Marrakech example engine plays whole games" rc 0
check "the Marrakech example engine never fails" bash -c "! grep -q 'by failing' '$tmp/out'"
run arena jaipur engine:greedy-py greedy --games 2 --engines "$examples/engines.json"
check "the shipped engines file runs the README's greedy-py" rc 0
check "greedy-py plays without a failure" bash -c "! grep -q 'by failing' '$tmp/out'"
if command -v node >/dev/null 2>&1; then  # the web app's Node.js; the rest needs none
  run arena jaipur engine:random-js greedy --games 4 --seed 2 --engines "$examples/engines.json"
  check "the JavaScript example engine plays whole games" rc 0
  check "random-js plays without a failure (its moves are legal)" bash -c "! grep -q 'by failing' '$tmp/out'"
fi
run arena jaipur engine:/bin/false greedy --games 2 --seed 1
check "an arena where an engine failed every game exits 3" rc 3
check "it names the engine and its failure" err_is_one_line_with "arena: engine:/bin/false failed in every one of its 2 games (first: engine /bin/false crashed: "
check "it still prints the report" out_has "engine:/bin/false lost 2 games by failing"
check "games cut short are not averaged" out_has "average game length: none (a failure cut every game short)"
run arena jaipur greedy wizard
check "arena names a bad bot" err_is_one_line_with "bad bot 'wizard'"

# arena --journal: a run killed part way goes on where it stopped, to the same result.
"$souk" arena jaipur mcts:iterations=3000 greedy --games 8 --seed 4 >"$tmp/whole.txt"
# Killed once the journal holds a game, not after a fixed time: a sanitizer build may need
# seconds for the first game.
"$souk" arena jaipur mcts:iterations=3000 greedy --games 8 --seed 4 --journal "$tmp/run.jsonl" >/dev/null 2>&1 &
arena_pid=$!
for _ in $(seq 600); do
  [ "$( { wc -l <"$tmp/run.jsonl"; } 2>/dev/null || echo 0)" -ge 2 ] && break
  sleep 0.1
done
kill -TERM "$arena_pid" 2>/dev/null; wait "$arena_pid" 2>/dev/null
check "a killed arena's journal names the run and lacks games" bash -c "grep -q '^{\"souk_arena_journal\":1' '$tmp/run.jsonl' && [ \$(wc -l <'$tmp/run.jsonl') -lt 9 ]"
run arena jaipur mcts:iterations=3000 greedy --games 8 --seed 4 --journal "$tmp/run.jsonl"
check "arena --journal goes on with a killed run" rc 0
check "the resumed run says how many games it read" out_has "of the games read from the journal"
check "the resumed run reports what one sitting does" bash -c "diff <(grep -E '^(mcts|greedy|Elo)' '$tmp/whole.txt' | sed -E 's/ +[0-9.]+ +[0-9.]+\$//') <(grep -E '^(mcts|greedy|Elo)' '$tmp/out' | sed -E 's/ +[0-9.]+ +[0-9.]+\$//')"
run arena jaipur mcts:iterations=3000 greedy --games 8 --seed 5 --journal "$tmp/run.jsonl"
check "arena refuses another run's journal" err_is_one_line_with 'is the journal of another run: seed "4" where this run has "5"'

# train: the learned evaluation, reproducible from its seed.
run train jaipur-value --rounds 400 --seed 5 --out "$tmp/w1.inc"
check "train exits 0" rc 0
check "train prints the held-out curve and the hand-set figure" bash -c "grep -q '^400' '$tmp/out' && grep -q '^hand-set' '$tmp/out'"
"$souk" train jaipur-value --rounds 400 --seed 5 --out "$tmp/w2.inc" >/dev/null
check "train is reproducible from its seed" bash -c "cmp -s <(sed 1d '$tmp/w1.inc') <(sed 1d '$tmp/w2.inc')"
check "the weights file says how to regenerate it" grep -q '^// Generated by `souk train jaipur-value --rounds 400 --seed 5' "$tmp/w1.inc"
# Fine-tuning on search play, from a weights file: reproducible whatever the threads.
run train jaipur-value --from "$tmp/w1.inc" --policy mcts:iterations=20 --rounds 8 --holdout 100 --threads 2 --out "$tmp/w3.inc"
check "train --from --policy exits 0" rc 0
check "the weights file names the run it started from" grep -q '^// Started from weights generated by `souk train jaipur-value --rounds 400 --seed 5' "$tmp/w3.inc"
"$souk" train jaipur-value --from "$tmp/w1.inc" --policy mcts:iterations=20 --rounds 8 --holdout 100 --threads 1 --out "$tmp/w4.inc" >/dev/null
check "train on search play does not depend on the threads" bash -c "cmp -s <(sed 1d '$tmp/w3.inc') <(sed 1d '$tmp/w4.inc')"
run train jaipur-value --rounds 10 --holdout 0
check "train refuses an empty held-out set" err_is_one_line_with "--holdout must be from 1 to 1000000"
run train jaipur-value --rounds 10 --policy mcts:time=100
check "train refuses a policy on a time budget" err_is_one_line_with "is reproducible from its seed only with iterations"
run train jaipur-value --rounds 10 --policy greedy
check "train refuses a policy that is not a search" err_is_one_line_with '--policy must be rollout or an mcts spec ("greedy" is not)'
run train jaipur-value --rounds 10 --policy wizard
check "train names a bad policy" err_is_one_line_with "--policy: bad bot 'wizard'"
run train jaipur-value --rounds 10 --from "$tmp/no-such.inc"
check "train names a weights file it cannot read" err_is_one_line_with "no-such.inc: cannot open: No such file"
run hint "$tmp"
check "a folder given for a game file is named" err_is_one_line_with "$tmp: is a folder"
run train jaipur-value --rounds 10 --from "$tmp"
check "train names a folder given for weights" err_is_one_line_with "$tmp: is a folder"
run train jaipur-value --rounds 10 --out "$tmp/no-such-folder/w.inc"
check "train refuses an --out it cannot write before training" bash -c "grep -q 'w.inc: cannot write it: No such file' '$tmp/err' && ! grep -q '^rounds' '$tmp/out'"
printf '0.5f, 1.0f,\n0.25x,\n' >"$tmp/broken.inc"
run train jaipur-value --rounds 10 --from "$tmp/broken.inc"
check "train names the broken line of a weights file" err_is_one_line_with 'broken.inc: line 2: "0.25x" is not a weight'
run train marrakech-value
check "train names an unknown model" err_is_one_line_with 'unknown model "marrakech-value"'
run train jaipur-value --rounds 10 --lambda 2
check "train refuses a lambda above 1" err_is_one_line_with "--lambda must be from 0 to 1"

# loadtest: several servers by base URL; seats of one game through different URLs.
run loadtest --url ftp://127.0.0.1:1 --games 1 --seconds 1
check "loadtest with a bad --url exits 1" rc 1
check "loadtest says what is wrong with the URL" out_has "loadtest: --url ftp://127.0.0.1:1: must start with http://"
run loadtest --url http://127.0.0.1:99999 --games 1 --seconds 1
check "loadtest refuses a port out of range" out_has "port must be a number from 1 to 65535"
"$souk" serve --port 0 --db "$tmp/load.db" >"$tmp/serve.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$tmp/serve.out" && break; sleep 0.1; done
port=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
run loadtest --url "http://127.0.0.1:$port" --url "http://127.0.0.1:$port/" --games 3 --seconds 2 --think-ms 150
kill "$server"; wait "$server" 2>/dev/null
check "loadtest over two URLs exits 0" rc 0
check "loadtest says the seats are spread" out_has "their seats spread over 2 servers"
check "loadtest over two URLs loses no move" out_has " 0 errors, 0 lost moves"

# accounts: the operator's commands on the database a server uses (docs/accounts.md).
post() {  # post PORT PATH JSON: the answer's status line, over bash's /dev/tcp
  exec 3<>"/dev/tcp/127.0.0.1/$1"
  printf 'POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %s\r\nConnection: close\r\n\r\n%s' \
    "$2" "${#3}" "$3" >&3
  head -n 1 <&3 | tr -d '\r'
  exec 3<&-
}
"$souk" serve --port 0 --db "$tmp/accounts.db" >"$tmp/serve.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$tmp/serve.out" && break; sleep 0.1; done
port=$(sed -n 's|.*serving on http://[0-9.]*:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
signed_up=$(post "$port" /api/accounts '{"name": "Ann_Lee", "password": "correct horse"}')
check "a sign-up through the server" test "$signed_up" = "HTTP/1.1 201 Created"
run accounts list --db "$tmp/accounts.db"
check "accounts list shows the account" out_has "Ann_Lee.*active"
run accounts disable ann_lee --db "$tmp/accounts.db"
check "accounts disable exits 0" rc 0
check "a disabled account cannot log in" test "$(post "$port" /api/session '{"name": "Ann_Lee", "password": "correct horse"}')" = "HTTP/1.1 403 Forbidden"
run accounts enable Ann_Lee --db "$tmp/accounts.db"
echo "battery staple" >"$tmp/password"
run accounts reset-password Ann_Lee --db "$tmp/accounts.db" <"$tmp/password"
check "accounts reset-password exits 0" rc 0
check "the new password logs in" test "$(post "$port" /api/session '{"name": "Ann_Lee", "password": "battery staple"}')" = "HTTP/1.1 200 OK"
echo "short" >"$tmp/password"
run accounts reset-password Ann_Lee --db "$tmp/accounts.db" <"$tmp/password"
check "a short new password is refused" rc 2
run accounts delete Ann_Lee --db "$tmp/accounts.db"
check "accounts delete exits 0" rc 0
run accounts list --db "$tmp/accounts.db"
check "a deleted account is a tombstone" out_has "(deleted).*deleted"
run accounts delete nobody --db "$tmp/accounts.db"
check "accounts delete of an unknown name exits 1" rc 1
kill "$server"; wait "$server" 2>/dev/null

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/bash
# The arena lines the open issues still ask for, played one after another, every finished game journaled in
# JOURNALS/NAME.jsonl (by default docs/arena of this checkout). A session's machine is new each time: the journals
# committed in docs/arena are what carries a long line from one session to the next, so commit them as they grow.
#
#     git worktree add /work/arena/tree HEAD --detach      # the commit the journals' bots are (see docs/arena)
#     bash tools/arena_pypy.sh /opt/trixie                 # optional: PyPy plays most titles faster
#     PYPY=/opt/trixie/pypy bash tools/arena_lines.sh /work/arena/tree
#     bash tools/arena_lines.sh --status                   # games in each journal
#
# A line whose journal is full is passed over (its report stays as written). JOBS (default 2) processes
# play each line, on PyPy if PYPY is set, else on CPython (PYTHON, default python3). CPython plays faster in a
# checkout compiled by tools/arena_compiled.py, and PyPy ignores the compiled modules (they are built for CPython),
# so one compiled worktree serves both. Before a title's line runs under PyPy, check its choices there
# (tools/arena_pypy.sh says how) on the worktree's commit: every title's are the same (Shinoburi's since
# tools/same_choices.py writes sets in sorted order, 2026-11-28). A line's report goes to JOURNALS/NAME.out.
# A running line holds its journal open: `git stash` or a checkout that rewrites the file leaves the line writing
# to a deleted file (copy it back from /proc/PID/fd, then restart the line), so commit journals, never stash them.
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
JOURNALS=${JOURNALS:-$HERE/docs/arena}
JOBS=${JOBS:-2}

# name title players games bots [dup] (seed 90210, seats rotated); the order closes issues soonest: the cheapest
# issue first (Shinoburi's three lines take some 8 core-hours on PyPy, Neu/Noir's five some 50, Hexa's last line
# some 30, measured 2026-11-28; Hexa's ran first until then, 194 games). A line marked
# dup plays duplicate deals (`--duplicate`: each deal once from every seat, so the cards' luck falls on every bot
# alike; the interval is over deals): every line begun from the fourteenth session on, where a small difference
# in skill has to show (issue 21). Its games are a multiple of the players (1,001 at seven). Issue 21's Hard lines
# come last: their first 37-44 games (2026-11-27, twelfth session) put Hard at or below the fair share in all
# three titles. Shinobazu's and Kitsune-gaeshi's Hard got beliefs of their own (fab0030, thirteenth session);
# Shinobazu's line goes on as it began, Kitsune-gaeshi's and Fusejika's began again with duplicate deals
# (fourteenth session). The last two lines show those beliefs against uniform worlds at Normal's budget.
# Kitsune-gaeshi's Hard line comes right after Shinoburi's (sixteenth session): its Hard is the one most at risk of
# showing no edge, so its reading should come before the long lines. Shinobazu's and Fusejika's Hard lines began
# again on the mended hidden information (cf6f0b5, twenty-fourth session), Shinobazu's now on duplicate deals too
LINES="
powers-5p-hard-normal powers 5 1000 hard,normal,normal,normal,normal
powers-5p-normal-random powers 5 1000 normal,random,random,random,random
hexa-normal-random hexa 2 2000 normal,random
hexa-normal-easy hexa 2 2000 normal,easy
shinoburi-4p-normal-easy shinoburi 4 1000 normal,easy,easy,easy dup
shinoburi-2p-hard-normal shinoburi 2 1000 hard,normal dup
shinoburi-4p-hard-normal shinoburi 4 1000 hard,normal,normal,normal dup
kitsune_gaeshi-4p-hard-normal kitsune_gaeshi 4 1000 hard,normal,normal,normal dup
neu_noir-4p-normal-easy neu_noir 4 1000 normal,easy,easy,easy dup
neu_noir-7p-normal-random neu_noir 7 1001 normal,random,random,random,random,random,random dup
neu_noir-7p-normal-easy neu_noir 7 1001 normal,easy,easy,easy,easy,easy,easy dup
neu_noir-4p-hard-normal neu_noir 4 1000 hard,normal,normal,normal dup
neu_noir-7p-hard-normal neu_noir 7 1001 hard,normal,normal,normal,normal,normal,normal dup
hexa-hard-normal hexa 2 2000 hard,normal
kitsune_gaeshi-4p-normal-v1 kitsune_gaeshi 4 1000 normal,normal_v1,normal_v1,normal_v1 dup
shinobazu-4p-normal-v1 shinobazu 4 1000 normal,normal_v1,normal_v1,normal_v1 dup
fusejika-4p-normal-v1 fusejika 4 1000 normal,normal_v1,normal_v1,normal_v1 dup
shinobazu-4p-hard-normal shinobazu 4 1000 hard,normal,normal,normal dup
fusejika-4p-hard-normal fusejika 4 1000 hard,normal,normal,normal dup
shinobazu-4p-belief-normal shinobazu 4 1000 normal_belief,normal,normal,normal dup
kitsune_gaeshi-4p-draws-normal kitsune_gaeshi 4 1000 normal_draws,normal,normal,normal dup
"

if [ "${1:-}" = "--status" ]; then
  echo "$LINES" | while read -r name title players games bots dup; do
    [ -n "$name" ] || continue
    file=$JOURNALS/$name.jsonl
    held=0; first=0
    if [ -f "$file" ]; then
      held=$(($(grep -c '^{"game"' "$file" || true)))
      # games are journaled as they end, so a stop can leave a gap: a partial reading takes the first games in order
      first=$(grep -o '^{"game": [0-9]*' "$file" | grep -o '[0-9]*$' | sort -n | awk '$1 == k {k++} END {print k + 0}')
    fi
    if [ "$first" -eq "$held" ]; then
      printf '%-32s %5d / %d\n' "$name" "$held" "$games"
    else
      printf '%-32s %5d / %d (the first %d in order: read with --games %d)\n' "$name" "$held" "$games" "$first" "$first"
    fi
  done
  exit 0
fi

CHECKOUT=$(cd "${1:?usage: arena_lines.sh CHECKOUT | --status}" && pwd)
mkdir -p "$JOURNALS"
cd "$CHECKOUT"
echo "$LINES" | while read -r name title players games bots dup; do
  [ -n "$name" ] || continue
  file=$JOURNALS/$name.jsonl
  deals=(); [ "${dup:-}" = dup ] && deals=(--duplicate)
  if [ -f "$file" ] && [ "$(grep -c '^{"game"' "$file" || true)" -ge "$games" ]; then
    continue  # finished: its report stays as written when the last game was played
  fi
  python=${PYTHON:-python3}
  if [ -n "${PYPY:-}" ]; then python=$PYPY; fi
  echo "$(date -u +%H:%M) $name"
  nice -n 10 "$python" -m game.arena "$title" --players "$players" --games "$games" --seed 90210 --bots "$bots" \
    "${deals[@]}" --jobs "$JOBS" --journal "$JOURNALS/$name.jsonl" --json > "$JOURNALS/$name.out" || echo "$name failed"
done

#!/usr/bin/env python3
"""pybot: a carc bot in Python, with the standard library only.

A pipeline stage like carc-bot: it reads a state on standard input (or from FILE), makes every
decision the state waits for until it waits for carc-score, carc-draw or the end (the player's
whole turn), and writes the new state on standard output:

    carc-draw < game | examples/pybot.py | carc-score > next

It reads the game as JSON (carc-render --format json), the legal decisions as JSON objects
(carc-place --list --format json), gives each a score by a simple rule, and applies the best
with carc-place: the template for a bot in any language that can run a program through pipes.

The rule: a follower goes where it is likely to come back with points (a cloister, then a
city, then a road; a farmer only late in the game), the last two followers are kept for cities
and cloisters, and a tile alone is worth nothing. In a catapult round it aims its token at the
fair (target) or, with another kind, takes the first hurl suggested; it always seduces when it
can; where it may draw fewer tiles (ft-draw=may) it draws them all. Ties go to the decision
listed first, so the bot plays the same game every time.

A tool that fails passes on its message and its exit status, and nothing is written."""

import json
import os
import subprocess
import sys

# points a follower on each kind of feature is hoped to bring, before the adjustments below
WORTH = {"cloister": 4, "city": 3, "road": 1, "tent": 2, "field": 0}


def run(args, state):
    """Runs a carc tool on the state; its standard output, or its failure passed on."""
    p = subprocess.run(args, input=state, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.stderr.buffer.write(p.stderr)
        sys.exit(p.returncode)
    return p.stdout


def worth(d, game):
    """The score of one decision, an object of carc-place --list --format json."""
    me = game["players"][game["player"]]
    if d["kind"] == "hurl":
        return 1 if d["token"] == "target" else 0
    if d["kind"] == "seduce":
        return {"supply": 2, "board": 1}.get(d["from"], 0)
    if d["kind"] == "draw":
        return d["tiles"]  # under ft-draw=may: more tiles, more choice
    if d["kind"] != "place":
        return 0
    if d["feature"] is None:
        return 0
    kind = d["feature"].split(":")[0]
    value = WORTH.get(kind, 0)
    if kind == "field" and game["tiles_left"] < 10:
        value = 3  # late in the game a farmer no longer waits long for its points
    if sum(me["supply"].values()) <= 2 and kind not in ("city", "cloister"):
        value = -1  # the last followers are kept for what pays best
    return value


def main():
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):
        sys.stderr.write("usage: pybot.py [FILE]\n")
        return 64
    try:
        if len(sys.argv) == 2 and sys.argv[1] != "-":
            with open(sys.argv[1], "rb") as f:
                state = f.read()
        else:
            state = sys.stdin.buffer.read()
    except OSError as e:
        sys.stderr.write("pybot: %s: %s\n" % (sys.argv[1], e.strerror))
        return 66
    # every decision the state waits for, until it waits for carc-score, carc-draw or the
    # end, as carc-bot plays: one stage is the player's whole part of a turn (the phantom
    # after the tile, the dragon's steps ...)
    game = json.loads(run(["carc-render", "--format", "json"], state))
    for _ in range(1000):
        decisions = json.loads(run(["carc-place", "--list", "--format", "json"], state))
        if not decisions:
            sys.stderr.write("pybot: no legal decision\n")
            return 1
        best = max(decisions, key=lambda d: worth(d, game))  # the first of the best
        state = run(["carc-place", best["word"]], state)
        game = json.loads(run(["carc-render", "--format", "json"], state))
        if game["phase"] in ("draw", "score", "over"):
            break
    try:
        sys.stdout.buffer.write(state)
        sys.stdout.flush()
    except OSError as e:
        sys.stderr.write("pybot: cannot write standard output: %s\n" % e.strerror)
        return 74
    return 0


if __name__ == "__main__":
    # the tools of this checkout when there are, else those on PATH (an installed carc)
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bin")
    os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")
    sys.exit(main())

#!/usr/bin/env python3
"""Breakthrough rules engine for ludopress.

With no argument it speaks the engine protocol, version 2 (docs/engine-protocol.md): one JSON
request a line on standard input, one JSON answer a line on standard output. With `moves --json FILE` or
`score --json FILE` it answers for one position file, as the bundled engines' commands do.
"""
import json
import random
import sys

GAME = "breakthrough-py"
SIDES = ["white", "black"]
TOKENS = {"W": "white", "B": "black"}
FILES = "abcdefgh"
SIZE = 8
PAWNS = 16
KEYS = {"game", "to_move", "board"}


class Refused(Exception):
    """A position that is not one of the game's, with the reason."""


def name(cell):
    return "%s%d" % (FILES[cell[0]], cell[1] + 1)


def goal(side):
    """The rank a side's pawns run to: white's is the top one."""
    return SIZE - 1 if side == "white" else 0


def parse(pos):
    """Reads a position (a JSON object with the keys of a position file) or refuses it."""
    if not isinstance(pos, dict):
        raise Refused("a position is a table of keys")
    unknown = sorted(set(pos) - KEYS)
    if unknown:
        raise Refused("unknown key `%s` (expected to_move, board)" % unknown[0])
    if pos.get("game", GAME) != GAME:
        raise Refused("a position of `%s`, not of `%s`" % (pos.get("game"), GAME))
    side = pos.get("to_move")
    if side not in SIDES:
        raise Refused("`to_move` is `white` or `black`")
    text = pos.get("board")
    if not isinstance(text, str):
        raise Refused("missing key `board`")
    rows = []
    for line in text.splitlines():
        if line.strip():
            words = line.split()
            rows.append(words if len(words) > 1 else list(line.strip()))
    if len(rows) != SIZE:
        raise Refused("`board`: expected %d rows, found %d" % (SIZE, len(rows)))
    board = {}
    for i, row in enumerate(rows):
        if len(row) != SIZE:
            raise Refused("`board` row %d: expected %d tokens, found %d" % (i + 1, SIZE, len(row)))
        for f, tok in enumerate(row):
            if tok == ".":
                continue
            if tok not in TOKENS:
                raise Refused("`board`: unknown token `%s` (expected `.`, `W` or `B`)" % tok)
            board[(f, SIZE - 1 - i)] = TOKENS[tok]
    for s in SIDES:
        n = sum(1 for v in board.values() if v == s)
        if n > PAWNS:
            raise Refused("%s has %d pawns; the game has %d a side" % (s, n, PAWNS))
        # The game ended when a pawn reached its goal: only the side that did not is to move.
        arrived = [c for c, v in board.items() if v == s and c[1] == goal(s)]
        if arrived and s == side:
            raise Refused("%s's pawn on %s reached its goal rank: the game ended, %s cannot be to move"
                          % (s, name(arrived[0]), s))
    return side, board


def other(side):
    return SIDES[1 - SIDES.index(side)]


def moves(side, board):
    """Every move of `side`: its notation and the board after it."""
    step = 1 if side == "white" else -1
    out = []
    for (f, r), v in sorted(board.items()):
        if v != side or not 0 <= r + step < SIZE:
            continue
        for df in (-1, 0, 1):
            to = (f + df, r + step)
            if not 0 <= to[0] < SIZE:
                continue
            there = board.get(to)
            if there == side or (df == 0 and there is not None):
                continue
            after = dict(board)
            del after[(f, r)]
            after[to] = side
            out.append(("%s%s%s" % (name((f, r)), "x" if there else "-", name(to)), after))
    return out


def winner(side, board):
    """The winner, or None while the game goes on: a pawn on its goal rank, a side without
    pawns, or a side to move that cannot move (it loses)."""
    for s in SIDES:
        if any(v == s and c[1] == goal(s) for c, v in board.items()):
            return s
        if not any(v == s for v in board.values()):
            return other(s)
    if not moves(side, board):
        return other(side)
    return None


def write(side, board):
    rows = []
    for r in range(SIZE - 1, -1, -1):
        rows.append(" ".join({"white": "W", "black": "B"}.get(board.get((f, r)), ".") for f in range(SIZE)))
    return {"game": GAME, "to_move": side, "board": "\n".join(rows)}


def score(side, board):
    w = winner(side, board)
    return {
        "over": w is not None,
        "winner": w,
        "scores": {s: sum(1 for v in board.values() if v == s) for s in SIDES},
    }


def successors(side, board):
    if winner(side, board) is not None:
        return []
    return [{"move": m, "position": write(other(side), b)} for m, b in moves(side, board)]


def start():
    """The start: two ranks of pawns a side, white to move."""
    board = {}
    for f in range(SIZE):
        for r in (0, 1):
            board[(f, r)] = "white"
            board[(f, SIZE - 1 - r)] = "black"
    return "white", board


def count(req, key):
    """A whole number of the request (a seed, a cap), or a refusal."""
    n = req.get(key)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise Refused("`%s` is a whole number, 0 or more" % key)
    return n


def playout(side, board, seed, cap):
    """A random game from the position, at most `cap` plies: the same seed plays the same game."""
    rng = random.Random(seed)
    plies = 0
    while plies < cap and winner(side, board) is None:
        _, board = rng.choice(moves(side, board))
        side = other(side)
        plies += 1
    return {"position": write(side, board), "plies": plies}


def answer(req):
    cmd = req.get("cmd")
    if cmd == "info":
        return {"protocol": 2, "game": GAME, "sides": SIDES, "can": ["start", "play", "playout"]}
    if cmd == "start":
        return {"position": write(*start())}
    if cmd not in ("moves", "score", "play", "playout"):
        raise Refused("unknown request `%s` (expected info, moves, score, start, play or playout)" % cmd)
    side, board = parse(req.get("position"))
    if cmd == "score":
        return score(side, board)
    if cmd == "play":
        found = [b for m, b in moves(side, board) if m == req.get("move")]
        if winner(side, board) is not None or not found:
            raise Refused("`%s` is not a legal move here" % req.get("move"))
        return {"position": write(other(side), found[0])}
    if cmd == "playout":
        return playout(side, board, count(req, "seed"), count(req, "cap"))
    return {"moves": successors(side, board)}


def serve():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            req, out = {}, {"error": "not JSON: %s" % e}
        else:
            try:
                out = answer(req)
            except Refused as e:
                out = {"error": str(e)}
        out["id"] = req.get("id")
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


def command(args):
    import tomllib
    if len(args) != 3 or args[0] not in ("moves", "score") or args[1] != "--json":
        sys.stderr.write("usage: engine.py [moves|score] --json FILE\n")
        return 2
    try:
        with open(args[2], "rb") as f:
            pos = tomllib.load(f)
        for k in ("expect", "diagram"):
            pos.pop(k, None)
        side, board = parse(pos)
    except (OSError, ValueError, Refused) as e:
        sys.stderr.write("%s: error: %s\n" % (args[2], e))
        return 2
    out = successors(side, board) if args[0] == "moves" else score(side, board)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(command(sys.argv[1:]) if len(sys.argv) > 1 else serve())

#!/usr/bin/env python3
"""Differential test of floor's poker model and bet rules against pokerkit.

Plays random no-limit and pot-limit hold'em hands (2-6 players, mixed stack
depths so that short all-ins are common, a few short all-in blinds) in
pokerkit, an independent poker engine, and asks floor's oracle
(``examples/betting_oracle.rs``) the same questions at every decision:

- the total to call,
- whether the player to act may still raise (re-opening, TDA rule 47),
- the minimum raise-to (rule 43),
- the pot-limit maximum (rule 54),
- the `bet` rules on every raise pokerkit makes, pushed silently in one
  motion: the minimum raise-to they derive and the total the action counts as,
- and, at the end of the betting, the main and side pots and the uncalled
  excess (the other calculator, ``floor::poker::layer_pots``).

Every disagreement is put in a class. Where pokerkit's rule set differs from
the TDA rules the TDA rule wins: those classes are *explained* (see
``EXPLAINED`` below) and do not fail the run. Any other disagreement is
unexplained: it is printed with an example and the script exits 1.

Usage: pokerkit_diff.py --oracle PATH [--count N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from pokerkit import Automation, NoLimitTexasHoldem, PotLimitOmahaHoldem

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
)

# Disagreement classes where the TDA rule and pokerkit's rule set differ.
# Each entry: class id -> what differs, and which side floor follows.
EXPLAINED = {
    "cumulative-short-all-ins-reset": (
        "pokerkit sums consecutive short all-ins and forgets the sum once it "
        "reaches a full raise; a later short all-in then blocks a player who "
        "already acted, although since his action he faces at least a full "
        "raise. TDA 47: 'not facing at least a full bet or raise when the action "
        "returns' -- the player may raise (floor)."
    ),
    "short-all-in-below-big-blind": (
        "pokerkit measures a full raise by the largest raise increment of the "
        "round so far (0 before any, pre-flop too), not by at least the big "
        "blind: an all-in that bets or raises by less than the big blind re-opens "
        "betting in pokerkit when it is the largest increment yet, and pokerkit "
        "then lets a player who already acted raise. TDA 43/47: a full bet or "
        "raise is at least the big blind, so betting is not re-opened (floor); "
        "the pokerkit hand then goes on with a raise TDA does not allow, and "
        "floor rejects the rest of that betting round."
    ),
    "short-all-in-blind": (
        "a blind posted short by an all-in player: TDA 54-B computes the "
        "pot-limit maximum as if the blind were complete, and the big blind is "
        "the bet to call pre-flop; pokerkit uses the chips actually posted "
        "(floor follows TDA)."
    ),
}


@dataclass
class Hand:
    """One generated hand and the questions it asks."""

    game: str
    player_count: int
    blinds: tuple[int, int]
    stacks: list[int]
    questions: list[dict] = field(default_factory=list)
    expected: list[dict] = field(default_factory=list)
    short_blind: bool = False


def seat_names(n: int) -> list[str]:
    """Player names as the `actions` answer writes them: the blinds are SB and BB."""
    if n == 2:
        # pokerkit heads-up: player 0 posts the big blind, player 1 (the button) the small.
        return ["BB", "SB"]
    return ["SB", "BB"] + [f"P{i}" for i in range(2, n)]


def make_state(game: str, n: int, blinds: tuple[int, int], stacks: list[int]):
    cls = NoLimitTexasHoldem if game == "no-limit" else PotLimitOmahaHoldem
    return cls.create_state(AUTOMATIONS, True, 0, blinds, blinds[1], tuple(stacks), n)


def random_stack(rng: random.Random, bb: int) -> int:
    r = rng.random()
    if r < 0.35:
        return rng.randint(bb + 1, 6 * bb)  # short: all-ins happen
    if r < 0.8:
        return rng.randint(6 * bb, 60 * bb)
    return rng.randint(60 * bb, 300 * bb)


# Scripted hands, played before the random ones: the rule examples where the
# engines are known to part ways, so that every explanation is exercised.
# (game, (small blind, big blind), stacks, actions); an action is "cc"
# (check or call), "f" (fold) or a raise-to amount.
SCRIPTED = [
    # onk-2023-nl rule 47: A bets 100 on the flop, B all-in 125, C calls, D
    # all-in 200: A may raise (to at least 300), C may not.
    ("no-limit", (25, 50), [10_000, 175, 10_000, 250],
     ["cc", "cc", "cc", "cc", 100, 125, "cc", 200, "cc", "cc"]),
    # Three short all-ins in a row: 150, 200 (together a full raise over A's
    # 100) and 250. Back to A, he faces 150 more than his bet: TDA re-opens.
    ("no-limit", (25, 50), [10_000, 200, 250, 300, 10_000],
     ["cc", "cc", "cc", "cc", "cc", 100, 150, 200, 250, "cc", "cc"]),
    # Pot-limit: a short all-in big blind (60 of 100) pre-flop.
    ("pot-limit", (50, 100), [5_000, 60, 5_000, 5_000], ["cc", "cc", "cc"]),
]


def generate_hand(rng: random.Random, script=None) -> Hand:
    if script is None:
        n = rng.randint(2, 6)
        bb = rng.choice([2, 10, 40, 100, 200, 500])
        sb = max(1, bb // 2)
        game = rng.choice(["no-limit", "pot-limit"])
        stacks = [random_stack(rng, bb) for _ in range(n)]
        moves = None
    else:
        game, (sb, bb), stacks, moves = script
        stacks, moves, n = list(stacks), list(moves), len(stacks)
    hand = Hand(game, n, (sb, bb), stacks)
    names = seat_names(n)
    if moves is None and rng.random() < 0.04:
        # A short all-in blind.
        who = names.index(rng.choice(["SB", "BB"]))
        full = bb if names[who] == "BB" else sb
        if full > 1:
            stacks[who] = rng.randint(1, full - 1)
            hand.short_blind = True
    state = make_state(game, n, (sb, bb), stacks)
    posted = list(state.bets)
    short = None
    for i, name in enumerate(names):
        full = {"SB": sb, "BB": bb}.get(name)
        if full is not None and posted[i] < full:
            short = {"posted": posted[i], "full": full}
    raw = [0] * n  # each player's chips put in, before any uncalled chips go back
    street_actions: list[str] = []
    street = state.street_index
    while True:
        if state.actor_index is not None:
            if state.street_index != street:
                street, street_actions = state.street_index, []
            ask(state, hand, names, street_actions, short if street == 0 else None,
                posted[names.index("SB")])
            act(rng, state, hand, names, street_actions, moves.pop(0) if moves else None,
                short if street == 0 else None)
        elif state.can_collect_bets():
            for i, b in enumerate(state.bets):
                raw[i] += b
            state.collect_bets()
        else:
            break
    pots_question(state, hand, raw)
    return hand


def ask(state, hand: Hand, names: list[str], actions: list[str], short, small_blind) -> None:
    i = state.actor_index
    table = [
        {
            "name": names[j],
            "bet": state.bets[j],
            "stack": state.stacks[j],
            "folded": not state.statuses[j],
        }
        for j in range(hand.player_count)
    ]
    hand.questions.append(
        {
            "kind": "options",
            "street_index": state.street_index,
            "game": hand.game,
            "big_blind": hand.blinds[1],
            "street": "preflop" if state.street_index == 0 else "postflop",
            "actions": ",".join(actions),
            "player": names[i],
            "pot": state.total_pot_amount,
            "short_blind": short,
            "small_blind": small_blind,
            "table": table,
        }
    )
    may = state.can_complete_bet_or_raise_to()
    hand.expected.append(
        {
            "to_call": state.bets[i] + (state.checking_or_calling_amount or 0),
            "may_raise": may,
            "min_raise_to": state.min_completion_betting_or_raising_to_amount if may else None,
            "pl_max": state.pot_completion_betting_or_raising_to_amount
            if may and hand.game == "pot-limit"
            else None,
            "state": snapshot(state),
        }
    )


def snapshot(state) -> dict:
    """The pokerkit internals the explanations look at."""
    return {
        "acted": sorted(state.acted_player_indices),
        "short_all_ins": list(state.consecutive_short_all_in_amounts),
        "raise_amount": state.completion_betting_or_raising_amount,
        "actor": state.actor_index,
    }


def full_raise(actions: list[str], preflop: bool, bb: int) -> tuple[int, int]:
    """The bet and the last full bet or raise of the round by the TDA rule
    (a full bet or raise is at least the big blind), tracked from the
    round's actions independently of both engines."""
    facing, full = (bb, bb) if preflop else (0, 0)
    for a in actions:
        parts = a.split(":")
        if len(parts) < 3:
            continue
        total = int(parts[2])
        if total <= facing:
            continue
        inc = total - facing
        if facing == 0:
            if total >= bb:
                full = total
        elif inc >= max(full, bb):
            full = inc
        facing = total
    return facing, full


def act(rng: random.Random, state, hand: Hand, names: list[str], actions: list[str],
        move=None, short=None) -> None:
    i = state.actor_index
    name = names[i]
    before = max(state.bets)
    r = rng.random()
    if move == "f" or (move is None and r < 0.12 and state.can_fold()):
        state.fold()
        actions.append(f"{name}:fold")
        return
    if move == "cc" or (move is None and (r < 0.55 or not state.can_complete_bet_or_raise_to())):
        op = state.check_or_call()
        if op.amount == 0:
            actions.append(f"{name}:check")
        elif state.stacks[i] == 0:
            actions.append(f"{name}:all-in:{state.bets[i]}")
        else:
            actions.append(f"{name}:call")
        return
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    pick = rng.random()
    if isinstance(move, int):
        amount = move
    elif pick < 0.35:
        amount = lo
    elif pick < 0.65:
        amount = hi
    else:
        amount = rng.randint(lo, hi)
    bet_question(state, hand, names, actions, amount, short)
    state.complete_bet_or_raise_to(amount)
    if state.stacks[i] == 0:
        actions.append(f"{name}:all-in:{amount}")
    elif before == 0:
        actions.append(f"{name}:bet:{amount}")
    else:
        actions.append(f"{name}:raise:{amount}")


def bet_question(state, hand: Hand, names, actions: list[str], amount: int, short) -> None:
    """The `bet` rules on a silent raise pokerkit accepts: the player pushes
    the chips for a raise to `amount` in one motion."""
    i = state.actor_index
    bb = hand.blinds[1]
    facing, full = full_raise(actions, state.street_index == 0, bb)
    facing = max(facing, max(state.bets))
    hand.questions.append(
        {
            "kind": "bet",
            "street_index": state.street_index,
            "game": hand.game,
            "big_blind": bb,
            "facing": facing,
            "last_raise": full,
            "in_front": state.bets[i],
            "stack": state.stacks[i],
            "pushed": amount - state.bets[i],
            "pot": state.total_pot_amount,
            "short_blind": short,
            "player": names[i],
            "actions": ",".join(actions),
        }
    )
    hand.expected.append(
        {"min_raise_to": state.min_completion_betting_or_raising_to_amount, "total": amount}
    )


def pots_question(state, hand: Hand, raw: list[int]) -> None:
    contributions = [[j + 1, raw[j]] for j in range(hand.player_count) if raw[j] > 0]
    folded = [j + 1 for j in range(hand.player_count) if not state.statuses[j] and raw[j] > 0]
    hand.questions.append({"kind": "pots", "contributions": contributions, "folded": folded})
    pots = [
        {"amount": p.amount, "eligible": sorted(k + 1 for k in p.player_indices)}
        for p in state.pots
    ]
    hand.expected.append({"pots": pots, "returned": sum(raw) - sum(p["amount"] for p in pots)})


def classify(q: dict, exp: dict, got: dict) -> list[tuple[str, str]]:
    """The disagreements of one answer: (class, detail)."""
    if "error" in got:
        if q.get("short_blind") is not None:
            # TDA: the minimum raise pre-flop counts from the full big blind,
            # so pokerkit's raise over a short blind is not a legal raise.
            return [("short-all-in-blind", got["error"])]
        return [("oracle-error", got["error"])]
    out = []
    if q["kind"] == "bet":
        # pokerkit caps the minimum at the player's chips (an all-in).
        got = dict(got, min_raise_to=min(got["min_raise_to"], q["in_front"] + q["stack"]))
        diffs = [f for f in ("min_raise_to", "total") if exp[f] != got[f]]
        if not diffs:
            return []
        detail = ", ".join(f"{f}: pokerkit {exp[f]} floor {got[f]}" for f in diffs)
        if q["short_blind"] is not None:
            return [("short-all-in-blind", detail)]
        return [("unexplained-bet-" + "-".join(d.replace("_", "-") for d in diffs), detail)]
    if q["kind"] == "pots":
        live = {s for p in exp["pots"] for s in p["eligible"]}
        if len(live) == 1:
            # Won without a showdown: pokerkit hands the winner his whole
            # last bet back instead of potting the called part. Compare what
            # the winner gets.
            (winner,) = live
            pk = sum(p["amount"] for p in exp["pots"]) + exp["returned"]
            ours = sum(p["amount"] for p in got["pots"] if p["eligible"] == [winner])
            back = got["returned"] or {}
            ours += back.get("amount", 0) if back.get("seat") == winner else 0
            if pk != ours or any(p["eligible"] != [winner] for p in got["pots"]):
                out.append(("side-pots", f"pokerkit {exp['pots']} floor {got['pots']}"))
            return out
        if got["pots"] != exp["pots"]:
            out.append(("side-pots", f"pokerkit {exp['pots']} floor {got['pots']}"))
        floor_returned = (got["returned"] or {}).get("amount", 0)
        if floor_returned != exp["returned"]:
            out.append(("uncalled-excess", f"pokerkit {exp['returned']} floor {floor_returned}"))
        return out
    fields = ["to_call", "may_raise"]
    if exp["may_raise"] and got["may_raise"]:
        fields += ["min_raise_to", "pl_max"]
    diffs = [f for f in fields if exp[f] != got[f]]
    if not diffs:
        return []
    detail = ", ".join(f"{f}: pokerkit {exp[f]} floor {got[f]}" for f in diffs)
    return [(explain(q, exp, got, diffs), detail)]


def explain(q: dict, exp: dict, got: dict, diffs: list[str]) -> str:
    """Name the rule difference behind a disagreement, or 'unexplained-...'."""
    st = exp["state"]
    if q["short_blind"] is not None:
        return "short-all-in-blind"
    if diffs == ["may_raise"] and got["reopened"] != exp["may_raise"]:
        acted = st["actor"] in st["acted"]
        grown = got["raised_since_acted"]
        bb = q["big_blind"]
        full = max(st["raise_amount"], bb)
        if got["may_raise"] and not exp["may_raise"] and acted:
            # pokerkit refuses: a non-empty run of short all-ins below its full
            # amount, although the player faces a full raise since he acted.
            if st["short_all_ins"] and sum(st["short_all_ins"]) < st["raise_amount"] and grown >= full:
                return "cumulative-short-all-ins-reset"
        if exp["may_raise"] and not got["may_raise"]:
            # pokerkit allows: it counts an increment below the big blind as
            # a full raise (its largest increment so far), TDA does not.
            if st["raise_amount"] <= grown < bb:
                return "short-all-in-below-big-blind"
    return "unexplained-" + "-".join(d.replace("_", "-") for d in diffs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", required=True, help="path to the built betting_oracle example")
    ap.add_argument("--count", type=int, default=10_000, help="hands to play (default 10000)")
    ap.add_argument("--seed", type=int, default=20240521, help="random seed")
    args = ap.parse_args()

    started = time.monotonic()
    rng = random.Random(args.seed)
    questions, expected = [], []
    scripts = [None] * args.count
    scripts[: len(SCRIPTED)] = SCRIPTED
    for h, script in enumerate(scripts):
        hand = generate_hand(rng, script)
        for q, e in zip(hand.questions, hand.expected):
            q["id"] = len(questions)
            q["hand"] = h
            questions.append(q)
            expected.append(e)
    generated = time.monotonic()

    feed = "".join(json.dumps(q) + "\n" for q in questions)
    proc = subprocess.run([args.oracle], input=feed, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        print(f"oracle failed ({proc.returncode}): {proc.stderr}", file=sys.stderr)
        return 1
    answers = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    if len(answers) != len(questions):
        print(f"oracle answered {len(answers)} of {len(questions)} questions", file=sys.stderr)
        return 1
    answered = time.monotonic()

    counts: Counter[str] = Counter()
    agreements: Counter[str] = Counter()
    examples: dict[str, tuple[dict, str]] = {}
    # Betting rounds where pokerkit let a player raise that TDA does not.
    tainted: set[tuple[int, int]] = set()
    for q, e, a in zip(questions, expected, answers):
        found = classify(q, e, a)
        where = (q["hand"], q.get("street_index", -1))
        if any(cls == "short-all-in-below-big-blind" for cls, _ in found):
            tainted.add(where)
        if where in tainted:
            found = [
                ("short-all-in-below-big-blind", detail)
                if (
                    cls == "oracle-error"
                    and {"raise_closed", "all_in_closed"}
                    & set(detail.partition("]")[0].lstrip("[").split())
                )
                or (q["kind"] == "bet" and cls.startswith("unexplained-bet"))
                else (cls, detail)
                for cls, detail in found
            ]
        if not found:
            agreements[q["kind"]] += 1
        for cls, detail in found:
            counts[cls] += 1
            examples.setdefault(cls, (q, detail))

    print(f"pokerkit differential test: {args.count} hands, seed {args.seed}")
    print(
        f"  {len(questions)} questions: {agreements['options']} option answers, "
        f"{agreements['bet']} bet-rule answers (minimum raise, raise total) and "
        f"{agreements['pots']} pot answers agree"
    )
    unexplained = 0
    for cls in sorted(counts):
        known = cls in EXPLAINED
        unexplained += 0 if known else counts[cls]
        q, detail = examples[cls]
        print(f"\n[{'explained' if known else 'UNEXPLAINED'}] {cls}: {counts[cls]}")
        if known:
            print(f"  why: {EXPLAINED[cls]}")
        print(f"  example (hand {q['hand']}): {detail}")
        shown = {k: v for k, v in q.items() if k not in ("id", "hand", "table")}
        print(f"  question: {json.dumps(shown)}")
        if "table" in q:
            print(f"  table: {json.dumps(q['table'])}")
    print(
        f"\ntime: {generated - started:.1f}s pokerkit, {answered - generated:.1f}s oracle, "
        f"{time.monotonic() - started:.1f}s in all"
    )
    if unexplained:
        print(f"FAILED: {unexplained} unexplained disagreements", file=sys.stderr)
        return 1
    print("OK: no unexplained disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())

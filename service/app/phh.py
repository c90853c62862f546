"""A stored hand as a PHH hand history (pokerkit ``HandHistory``), replayed through pokerkit to check it.

Players are numbered as the rules engine numbers them (``HandState``): p1 is the first seat left of
the button, the button last. Actions come from the hand's rulings (what each chip action counted as),
board cards from its ``cards_dealt`` events, shown hands from ``hand_tabled``. Hole cards are written
only when the caller may see them, else as ``??``.
"""

from __future__ import annotations

import warnings
from typing import Any

from pokerkit import CheckingOrCalling, CompletionBettingOrRaisingTo, Folding, HandHistory, State

from rules.hand_state import Game, HandSetup, SeatSetup

VARIANTS = {Game.NLHE: "NT", Game.PLO: "PO", Game.FLHE: "FT"}  # PHH has no pot-limit hold'em
STREET_CARDS = (3, 1, 1)  # flop, turn, river


class PhhError(ValueError):
    """The hand cannot be written as PHH; the message says why."""


def hand_history(
    table_id: str,
    hand_id: str,
    setup_record: dict[str, Any] | None,
    events: list[dict[str, Any]],
    rulings: list[dict[str, Any]],
    hole_cards: dict[str, list[str | None]] | None,
) -> str:
    """The PHH text of one hand; ``hole_cards`` is None when the caller may not see them."""
    setup = _setup(hand_id, setup_record)
    variant = VARIANTS.get(setup.game)
    if variant is None:
        raise PhhError(f"hand {hand_id}: PHH has no variant for {setup.game.value}; export the evidence zip")
    order = setup.clockwise_from_button()
    player = {seat: i + 1 for i, seat in enumerate(order)}
    n = len(order)
    antes = [0] * n
    if setup.bb_ante:
        antes[0 if n == 2 else 1] = setup.bb_ante
    dealt = [
        f"d dh p{player[seat]} {_cards((hole_cards or {}).get(str(seat)), setup.game.hole_cards)}"
        for seat in order
    ]
    actions = dealt + _timeline(events, rulings, player)
    fields: dict[str, Any] = {
        "variant": variant,
        "antes": antes,
        "blinds_or_straddles": [setup.small_blind, setup.big_blind] + [0] * (n - 2),
        "starting_stacks": [next(s.stack for s in setup.seats if s.seat == seat) for seat in order],
        "actions": actions,
        "seats": list(order),
        "table": table_id,
        "hand": hand_id,
    }
    if setup.game is Game.FLHE:
        fields |= {"small_bet": setup.big_blind, "big_bet": 2 * setup.big_blind}
    else:
        fields["min_bet"] = setup.big_blind
    history = HandHistory(**fields)
    _check_replays(hand_id, history, actions)
    return history.dumps() + "\n"


def _setup(hand_id: str, record: dict[str, Any] | None) -> HandSetup:
    if not record:
        raise PhhError(
            f"hand {hand_id}: its worker sent no setup (game, blinds, button, seats); PHH needs one"
        )
    try:
        return HandSetup(
            game=Game(record["game"]),
            small_blind=int(record["blinds"][0]),
            big_blind=int(record["blinds"][1]),
            button=int(record["button"]),
            seats=tuple(SeatSetup(int(s["seat"]), int(s["stack"])) for s in record["seats"]),
            bb_ante=int(record.get("bb_ante", 0)),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise PhhError(f"hand {hand_id}: its setup is not usable ({exc})") from None


def _cards(cards: list[str | None] | None, count: int) -> str:
    if not cards or len(cards) != count:
        return "??" * count
    return "".join(c or "??" for c in cards)


def _timeline(
    events: list[dict[str, Any]], rulings: list[dict[str, Any]], player: dict[int, int]
) -> list[str]:
    """Betting, board and showdown actions in time order."""
    timed: list[tuple[float, str]] = []
    for r in rulings:
        action = {"check": "cc", "call": "cc", "fold": "f"}.get(r["action"], f"cbr {int(r['to'])}")
        timed.append((float(r.get("t", 0.0)), f"p{player[int(r['seat'])]} {action}"))
    pending: list[str | None] = []
    street = 0
    for record in events:
        body, t = record.get("cards_dealt"), float(record.get("t", 0.0))
        if isinstance(body, dict) and body.get("seat") is None and street < len(STREET_CARDS):
            pending += list(body.get("cards") or [None] * int(body.get("count", 1)))
            while street < len(STREET_CARDS) and len(pending) >= STREET_CARDS[street]:
                cards, pending = pending[: STREET_CARDS[street]], pending[STREET_CARDS[street] :]
                timed.append((t, f"d db {_cards(cards, len(cards))}"))
                street += 1
        shown = record.get("hand_tabled")
        if (
            isinstance(shown, dict)
            and shown.get("seat") in player
            and shown.get("cards")
            and all(shown["cards"])
        ):
            timed.append((t, f"p{player[shown['seat']]} sm {''.join(shown['cards'])}"))
    return [action for _, action in sorted(timed, key=lambda item: item[0])]


def _check_replays(hand_id: str, history: HandHistory, actions: list[str]) -> None:
    """Every action must apply as written: pokerkit would otherwise 'repair' the history (fold, check)."""
    applied: list[str] = []
    state: State | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for step in history.state_actions:
                state = step[0]
                if step[1] is not None:
                    applied.append(step[1])
    except ValueError as exc:
        raise PhhError(f"hand {hand_id}: its actions do not replay in pokerkit ({exc})") from None
    for i, action in enumerate(actions):
        if i >= len(applied) or applied[i] != action:
            raise PhhError(f"hand {hand_id}: action {i + 1} ({action!r}) does not replay in pokerkit")
    betting = (Folding, CheckingOrCalling, CompletionBettingOrRaisingTo)
    done = sum(isinstance(op, betting) for op in state.operations) if state is not None else 0
    given = sum(a.split()[1] in ("f", "cc", "cbr") for a in actions if not a.startswith("d "))
    if done != given:
        raise PhhError(
            f"hand {hand_id}: pokerkit needed {done - given} betting actions the hand does not have"
        )

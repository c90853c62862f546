"""Chips the camera could not count, read again by what the table did next.

An overhead camera sees only each stack's top chip, so an uncounted push says only that the seat
acted: the engine first reads it as a call facing a bet (or a bet with none to face). When a later
event contradicts the betting as the engine then has it (an action out of turn, a board card before
the betting is over, a declaration the bet does not allow, a fold facing no bet), ``reread`` replays
the hand under the other readings of those pushes and keeps the one that fits best. Uncounted chips
put in before the street's board cards are out ask the same question of the street before: was its
betting really over? And chips that
show in a seat's bet zone just after its tap were that visit's, and a chip action that continues the
seat's last one is its further motions: ``amend`` replays the hand with the amended action.

A reading maps uncounted chip actions, by (seat, time), to "raise" (at least the minimum) or "all_in";
``HandJudge`` passes it to the betting rules as ``Situation.uncounted_as``. Alerts already raised stay
raised; the hand's rulings become those of the reading kept, and the revised ones come out again, as
does the kept reading's ruling that an out-of-turn action is not binding (the action to it changed),
which is no contradiction.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.hand_state import Street
from rules.records import Alert, AlertKind, BetAction, Ruling, Severity
from vision.events import ChipAction, DecisionTime, Declaration, Event, Fold, PriorChips, TableTap

if TYPE_CHECKING:
    from rules.engine import HandJudge

Output = Ruling | Alert
Reading = dict[tuple[int, float], str]  # uncounted chip actions by (seat, t): "raise" or "all_in"

# alerts that say the table did something the engine's picture of the betting does not allow
CONTRADICTIONS = frozenset(
    {
        AlertKind.OUT_OF_TURN,
        AlertKind.PREMATURE_BOARD,
        AlertKind.INVALID_DECLARATION,
        AlertKind.NON_STANDARD_FOLD,
    }
)
# s a tap facing a bet waits for chips from the same seat: the analyzer's late chips come up to 0.8 s
# after the visit (``vision.actions.LATE_S``), and a release is stamped a little before that
TAP_HOLD_S = 1.0
REREAD_MAX = 4  # uncounted chip actions a reread reads again: 16 call/raise readings, 4 all-in


def contradicts(out: list[Output]) -> bool:
    return any(isinstance(o, Alert) and _contradiction(o) for o in out)


def _contradiction(alert: Alert) -> bool:
    """Whether ``alert`` says the table did what the engine's picture of the betting does not allow.
    The ruling that an out-of-turn action is not binding, the action to it having changed, says the
    table played as the engine has it."""
    return alert.kind in CONTRADICTIONS and not _action_changed(alert)


def _action_changed(alert: Alert) -> bool:
    """The ruling (not the warning) on an out-of-turn action: the action to the seat changed."""
    return alert.kind is AlertKind.OUT_OF_TURN and alert.severity is Severity.RULING


def reread(judge: HandJudge, street: Street, out: list[Output]) -> list[Output]:
    """The latest event (its outputs ``out``) contradicts the betting on ``street``. Uncounted chips
    that faced a bet there may each have been a call or a raise; and once a hand was tabled while
    betting was still expected (players table early only when all-in), any of the hand's latest may
    have been all-in. The hand is replayed under each such reading, and the one with the fewest
    contradictions (and actions left with no betting open) is kept; ties keep the current one, which
    is scored by a replay too."""
    facing = [(s, t) for s, t, st, f in judge.uncounted if st is street and f][-REREAD_MAX:]
    latest = [(s, t) for s, t, _, _ in judge.uncounted][-REREAD_MAX:]
    base = {k: v for k, v in judge.reading.items() if k not in facing}
    readings = [
        base | {c: "raise" for i, c in enumerate(facing) if mask >> i & 1} for mask in range(2 ** len(facing))
    ] + [judge.reading | {c: "all_in"} for c in latest if judge.tabled_early]
    # the current reading scored as a replay too: alerts an earlier reading raised stay in the
    # record but are not this reading's
    best, fewest, best_out = None, score(replay(judge, judge.events, judge.reading)[0]), out
    for reading in readings:
        if reading == judge.reading:
            continue
        replayed, replayed_out = replay(judge, judge.events, reading)
        if score(replayed) < fewest:
            best, fewest, best_out = replayed, score(replayed), replayed_out
    return out if best is None else adopt(judge, best, best_out, out)


def tap_before_chips(judge: HandJudge, ev: Event) -> TableTap | None:
    """The tap an uncounted chip action corrects: the same seat's check, the hand's latest ruling on
    this street, taken from a visit whose chips showed only after the hand had gone (chips out of
    turn from a seat that acted last are otherwise the same action seen twice). Those chips land
    within ``TAP_HOLD_S`` of the tap; later ones are another visit's (seed + 46000 oversized_chip_call:
    a felt print by seat 8's tabled cards, boxed as a chip 4 s after its river check, made the check a
    bet, reopened the betting, and its card turned at the showdown was "exposed with action pending")."""
    if not isinstance(ev, ChipAction) or ev.counted or judge.hand.actor == ev.seat:
        return None
    last = judge.last_ruling
    if last is None or last.action is not BetAction.CHECK or not judge.acted_last(ev.seat):
        return None
    actions = (ChipAction, Declaration, TableTap, Fold)
    mine = [e for e in judge.events if isinstance(e, actions) and e.seat == ev.seat]
    tap = mine[-1] if mine and isinstance(mine[-1], TableTap) else None
    return tap if tap is not None and ev.t - tap.t <= TAP_HOLD_S else None


def amend(judge: HandJudge, ev: Event) -> list[Output] | None:
    """What ``ev`` caused if it amends the seat's latest action rather than making another (None if not):
    chips showing just after a tap correct the check; a chip action that continues the seat's last one
    (``ChipAction.continues``) joins it as its further motions."""
    tap = tap_before_chips(judge, ev)
    if tap is not None:  # the chips of that visit showed only after the hand had gone
        return _replace(judge, tap, ev)
    last = _continued(judge, ev)
    if last is None or not isinstance(ev, ChipAction):
        return None
    counted = last.counted and ev.counted
    joined = replace(
        last,
        t=ev.t,
        frame=ev.frame,
        pushes=last.pushes + ev.pushes,
        returned_to_stack=True,
        non_value_items=last.non_value_items + ev.non_value_items,
        counted=counted,
        all_in=ev.all_in and not counted,
        stack_left=ev.stack_left and not counted and not ev.all_in,
    )
    return _replace(judge, last, joined)


def _continued(judge: HandJudge, ev: Event) -> ChipAction | None:
    """The chip action ``ev`` continues: the seat's, the hand's latest ruling on this street, nobody
    having acted since (string bets split over two visits, the hand lost at its stack between them:
    demo_feature_table at seed + 2000 and 46000). Otherwise ``ev`` is judged as an action of its own."""
    if not isinstance(ev, ChipAction) or not ev.continues or not judge.acted_last(ev.seat):
        return None
    actions = (ChipAction, Declaration, TableTap, Fold)
    mine = [e for e in judge.events if isinstance(e, actions) and e.seat == ev.seat]
    return mine[-1] if mine and isinstance(mine[-1], ChipAction) else None


def _replace(judge: HandJudge, old: Event, new: Event) -> list[Output]:
    """The hand replayed with ``new`` (the last event) for ``old``; what it caused, and rulings revised."""
    events = [e for e in judge.events if e is not old] + [new]
    replayed, replayed_out = replay(judge, events, judge.reading)
    return adopt(judge, replayed, replayed_out, [])


def went_in_unseen(judge: HandJudge, t: float, frame: int | None, out: list[Output]) -> bool:
    """Whether the seat whose turn it is had declared, the floor been alerted (a check facing a bet:
    call or fold), and its chips never seen; called as another seat acts or the dealer deals the next
    street. The table has moved on, so the chips went in unseen: they are judged as chips the camera
    could not count, with no second alert (non_value_item-s52000: a protector pushed out as a call,
    seen only leaving its cards, and the hand's trip read as a tap; holding the action on that seat
    made every later action out of turn and every street premature: 8 false alerts)."""
    seat = judge.hand.actor
    declared = judge.declared.get(seat) if seat is not None and judge.hand.betting_open else None
    if seat is None or declared is None or not declared[1].alert_kinds:
        return False
    chips = ChipAction(t, frame=frame, seat=seat, prior=PriorChips.LEFT, counted=False)
    judge._act(chips, out, unseen="its chips were not seen; the table played on as if they went in")
    judge._resolve_turns(t, out)
    return True


def hold_tap(judge: HandJudge, ev: Event) -> bool:
    """Whether ``ev`` is a tap facing a bet, no valid action, to hold ``TAP_HOLD_S`` for chips of the
    same seat: a hand that lets a stack go and withdraws looks like a tap until the detector finds
    the stack (seed + 7000 foreign_object_second_protector: 0.8 s later, and the "check facing a bet"
    had raised an alert). A check said aloud (``awaiting``) has its tap judged with it."""
    tap = ev if isinstance(ev, TableTap) and not ev.over_own_chips else None
    if tap is None or tap.seat in judge.awaiting or not judge._facing_bet(tap.seat):
        return False
    judge.held_tap = tap
    return True


def release_tap(judge: HandJudge, ev: Event) -> TableTap | None:
    """The held tap to judge before ``ev``, if any: chips of its seat in time replace it; anything
    but a shot-clock tick, or time running out, has it judged."""
    held = judge.held_tap
    if held is None:
        return None
    same_visit = isinstance(ev, ChipAction) and ev.seat == held.seat
    if not (same_visit or ev.t - held.t > TAP_HOLD_S or not isinstance(ev, DecisionTime)):
        return None
    judge.held_tap = None
    return None if same_visit and ev.t - held.t <= TAP_HOLD_S else held


def replay(judge: HandJudge, events: list[Event], reading: Reading) -> tuple[HandJudge, list[Output]]:
    """The hand judged afresh from ``events`` under ``reading``; the last event's outputs."""
    replayed = type(judge)(judge.setup, judge.profile, reading)
    out: list[Output] = []
    for ev in events:
        out = replayed.judge_one(ev)
    return replayed, out


def adopt(
    judge: HandJudge, replayed: HandJudge, replayed_out: list[Output], out: list[Output]
) -> list[Output]:
    """Take the replayed hand as ``judge``'s. Alerts already raised stay raised (``out``, the latest
    event's, is replaced by the replay's); earlier rulings the replay changed come out again, revised,
    and so does a ruling it makes on an earlier out-of-turn action, the action to it having changed
    (seed + 2000 out_of_turn: seat 5 called out of turn, seat 4's chips uncounted read as a call made
    the call binding, and seat 5's fold after them was out of turn; read as a raise, seat 5 may act
    again: the dealer lets it take its chips back, which the floor is told)."""
    raised = [a for a in judge.record.alerts if not any(a is o for o in out)]
    latest = [o for o in replayed_out if isinstance(o, Alert)]
    changed = [
        a
        for a in replayed.record.alerts
        if _action_changed(a)
        and not any(a is o for o in latest)
        and not any((b.kind, b.seat, b.t_end) == (a.kind, a.seat, a.t_end) for b in raised)
    ]
    replayed.record.alerts = raised + changed + latest
    revised = [
        r
        for r in replayed.record.rulings
        if r not in judge.record.rulings and not any(r is o for o in replayed_out)
    ]
    judge.__dict__.update(replayed.__dict__)
    return [*revised, *changed, *replayed_out]


def score(judge: HandJudge) -> int:
    """How badly a reading of the hand fits what the table did: contradictions raised, actions left
    unjudged because no betting was open for them, and chips put in before the street's cards."""
    return sum(1 for a in judge.record.alerts if _contradiction(a)) + judge.ignored + judge.early

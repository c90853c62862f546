"""The players' conduct: things put on the felt, cards and chips taken out of view, leaving and
coming back, the clock and the time a player takes."""

from __future__ import annotations

from dataclasses import replace

from datasets.sim.objects import HandPose, Item, ItemKind, Pose
from datasets.sim.script_betting import centre
from datasets.sim.stage import Stage
from datasets.sim.staging import CARDS_DEPTH, LAYER_ITEM, LAYER_ON_CARDS, STACK_ROWS
from datasets.sim.steps import CardsBack, Clock, HideCards, Leave, PlaceObject, PocketChips, StepError, Wait
from vision.events import (
    CardsOutOfView,
    ChipsOutOfView,
    ClockCalled,
    DecisionTime,
    ForeignObject,
    ObjectPlaced,
    ObjectRemoved,
    OutOfView,
    SeatReturned,
    SeatVacated,
)

_ITEM = {
    "phone": (ItemKind.PHONE, ForeignObject.PHONE),
    "drink_capped": (ItemKind.DRINK_CAPPED, ForeignObject.DRINK_CAPPED),
    "drink_open": (ItemKind.DRINK_OPEN, ForeignObject.DRINK_OPEN),
    "protector": (ItemKind.CARD_PROTECTOR, ForeignObject.CARD_PROTECTOR),
}
_SPOT = {
    "phone": (6.0, -17.0),
    "drink_capped": (3.0, 17.5),
    "drink_open": (3.0, 17.5),
    "protector": (CARDS_DEPTH, 9.0),
}
OFF_TABLE_DEPTH = -16.0  # past the rail's outer edge: out of the camera's sight of the table
AWAY_DEPTH = -30.0
WALK_CM = 110.0  # how far a player who gets up walks off (out of the overhead camera's view)
WALK_S = 1.2


def place(stage: Stage, step: PlaceObject) -> int:
    if step.do == "remove":
        return _remove(stage, step)
    kind, what = _ITEM[step.what]
    seat = step.seat
    key = (seat, step.what)
    already = len(stage.items.get(key, []))
    depth, lateral = _SPOT[step.what]
    on_cards = step.what == "protector" and stage.hole.get(seat)
    if on_cards:
        x, y = centre(stage.hole[seat])
        dest = Pose(x, y, stage.places[seat].angle, 0.4)
        if already:
            dest = stage.places[seat].pose(CARDS_DEPTH + 4.0, 5.0 * already, z=0.4)
    else:
        dest = stage.places[seat].pose(depth, lateral + 6.0 * already * (1 if lateral > 0 else -1))
    t = stage.now
    start = stage.places[seat].pose(OFF_TABLE_DEPTH, lateral, z=8.0)
    item = Item(stage.new_id(step.what), start, kind, variant=int(stage.rng.integers(0, 4)))
    track = stage.timeline.add(t, item, LAYER_ON_CARDS if on_cards else LAYER_ITEM)
    stage.hand(seat, t).change(t, pose=stage.hand_pose((start.x, start.y), seat, 9.0))
    released = stage.carry(seat, [track], [dest], t, secs=0.7, arc=2.0)
    stage.items.setdefault(key, []).append(track)
    stage.emit(ObjectPlaced, released, seat=seat, what=what)
    return stage.withdraw(seat, released)


def _remove(stage: Stage, step: PlaceObject) -> int:
    tracks = stage.items.get((step.seat, step.what), [])
    if not tracks:
        raise StepError(f"seat {step.seat} has no {step.what} on the felt to remove")
    track = tracks.pop()
    arrive = stage.reach(step.seat, stage.now, centre([track]), secs=0.4)
    away = stage.places[step.seat].pose(OFF_TABLE_DEPTH, 0.0, z=8.0)
    gone = stage.carry(step.seat, [track], [away], arrive, secs=0.6, arc=2.0)
    track.remove(gone)
    stage.emit(ObjectRemoved, gone, seat=step.seat, what=_ITEM[step.what][1])
    return stage.withdraw(step.seat, gone)


def hide_cards(stage: Stage, step: HideCards) -> int:
    seat = step.seat
    cards = stage.hole.get(seat) or []
    if not cards:
        raise StepError(f"seat {seat} has no cards on the felt to hide")
    arrive = stage.reach(seat, stage.now, centre(cards), secs=0.4)
    place = stage.places[seat]
    if step.where == "below_rail":  # slid to the edge of the felt, then down under the rail
        dests = [place.pose(-0.5, (i - 0.5) * 2.0, z=-0.5) for i in range(len(cards))]
        gone = stage.carry(seat, cards, dests, arrive, secs=0.5, keep=tuple(t.id for t in cards))
    else:  # lifted and carried off over the rail
        dests = [place.pose(OFF_TABLE_DEPTH, (i - 0.5) * 2.0, z=12.0) for i in range(len(cards))]
        gone = stage.carry(seat, cards, dests, arrive, secs=0.6, arc=4.0, keep=tuple(t.id for t in cards))
    for tr in cards:
        tr.remove(gone)
    stage.hidden[seat] = cards
    stage.hole[seat] = []
    stage.emit(CardsOutOfView, gone, seat=seat, where=OutOfView(step.where))
    hand = stage.hand(seat, gone)
    hand.change(gone, shape=HandPose.GRASP, holding=())
    return stage.withdraw(seat, gone, secs=0.3)


def cards_back(stage: Stage, step: CardsBack) -> int:
    seat = step.seat
    cards = stage.hidden.pop(seat, [])
    if not cards:
        raise StepError(f"seat {seat} has no cards out of view to bring back")
    place = stage.places[seat]
    t = stage.now
    hand = stage.hand(seat, t)
    hand.change(t, pose=stage.hand_pose(place.at(-0.5), seat), shape=HandPose.GRASP)
    for i, tr in enumerate(cards):
        seen = tr.last_seen
        assert seen is not None
        tr.set(t, replace(seen, pose=place.pose(-0.5, (i - 0.5) * 2.0)))
    back = stage.carry(seat, cards, stage.card_poses(seat, len(cards)), t, secs=0.5)
    stage.hole[seat] = cards
    return stage.withdraw(seat, back)


def pocket_chips(stage: Stage, step: PocketChips) -> int:
    seat = step.seat
    arrive = stage.reach(seat, stage.now, stage.places[seat].at(STACK_ROWS[0], 0.0), secs=0.4)
    grabbed = stage.grab(seat, list(step.chips), arrive)
    place = stage.places[seat]
    if step.where == "below_rail":
        dests = [place.pose(-0.5, 0.0, z=-0.5) for _ in grabbed]
        gone = stage.carry(
            seat, grabbed, dests, arrive + stage.f(0.1), secs=0.5, keep=tuple(t.id for t in grabbed)
        )
    else:
        dests = [place.pose(OFF_TABLE_DEPTH, 0.0, z=10.0) for _ in grabbed]
        gone = stage.carry(
            seat, grabbed, dests, arrive + stage.f(0.1), secs=0.6, arc=3.0, keep=tuple(t.id for t in grabbed)
        )
    for tr in grabbed:
        tr.remove(gone)
    stage.emit(ChipsOutOfView, gone, seat=seat, where=OutOfView(step.where), chips=tuple(step.chips))
    return stage.withdraw(seat, gone, secs=0.3)


def leave(stage: Stage, step: Leave) -> int:
    """The player rests a hand on the rail, gets up and walks off (``leave``), or walks back to the
    chair and sits down (``come_back``)."""
    seat = step.seat
    place = stage.places[seat]
    t = stage.now
    player = stage.timeline.track(f"player{seat}", LAYER_ITEM)
    if step.do == "leave":
        if seat in stage.away:
            raise StepError(f"seat {seat} is already away")
        hand = stage.hand(seat, t)
        rest = stage.hand_pose(place.at(-3.0, 8.0), seat, z=2.0)
        hand.move(t, t + stage.f(0.4), rest)
        start = t + stage.f(1.0)
        gone = start + stage.f(0.6)
        hand.move(start, gone, stage.hand_pose(place.at(AWAY_DEPTH, 8.0), seat, z=6.0))
        hand.remove(gone)
        walked = gone + stage.f(WALK_S)
        player.move(start, walked, stage.chair(seat, back=WALK_CM))
        player.remove(walked)
        stage.away.add(seat)
        stage.emit(SeatVacated, gone, seat=seat)
        return gone
    if seat not in stage.away:
        raise StepError(f"seat {seat} never left")
    stage.away.discard(seat)
    t = max(t, player.last_frame)  # still walking off: turns round where it is
    arrive = t + stage.f(WALK_S)
    player.set(t, stage.player(seat, stage.chair(seat, back=WALK_CM)))
    player.move(t, arrive, stage.chair(seat))
    hand = stage.hand(seat, arrive)
    hand.change(arrive, pose=stage.hand_pose(place.at(AWAY_DEPTH, 8.0), seat, z=6.0))
    back = arrive + stage.f(0.6)
    hand.move(arrive, back, stage.hand_pose(place.at(-3.0, 8.0), seat, z=2.0))
    stage.emit(SeatReturned, back, seat=seat)
    return stage.withdraw(seat, back + stage.f(0.5))


def clock(stage: Stage, step: Clock) -> int:
    stage.emit(ClockCalled, stage.now, seat=step.seat)
    return stage.now + stage.f(0.2)


def wait(stage: Stage, step: Wait) -> int:
    """Time passes; the shot clock reports the seat to act once a second."""
    end = stage.now + stage.f(step.seconds)
    tick = stage.now + stage.fps
    while tick <= end:
        actor = stage.judge.hand.actor
        if actor is not None and not stage.judge.stopped:
            stage.emit(
                DecisionTime, tick, seat=actor, seconds=round((tick - stage.turn_since) / stage.fps, 3)
            )
        tick += stage.fps
    return end

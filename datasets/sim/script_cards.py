"""Cards on the move: the deal (with its dealer errors), the board, extra pitches, folds, a player
turning a card up or peeking, showdowns, and the dealer gathering the cards at the end."""

from __future__ import annotations

from datasets.sim.motion import Track
from datasets.sim.objects import Card, HandPose, Pose
from datasets.sim.script_betting import centre, pull_in
from datasets.sim.stage import Stage
from datasets.sim.staging import CARDS_DEPTH, LAYER_CARD
from datasets.sim.steps import Deal, End, Expose, Fold, Peek, Pitch, Showdown, StepError, Street, TakeBack
from vision.events import CardExposed, CardsDealt, HandEnded, HandStarted, HandTabled
from vision.events import Fold as FoldEvent

PITCH_S = 0.3  # a card's flight from the deck to a seat
PITCH_EVERY_S = 0.2  # the dealer pitches this often


def deal(stage: Stage, step: Deal) -> int:
    sequence = _deal_order(stage, step)
    t = stage.now
    stage.emit(HandStarted, t, hand_id=stage.scn.name, button_seat=stage.scn.button_at or stage.scn.button)
    deck = stage.places[0].at(6.0)
    t = stage.reach(0, t, deck, secs=0.3, shape=HandPose.GRASP)
    boxed = {(r.seat, r.round) for r in step.boxed}
    exposed = {(r.seat, r.round) for r in step.expose}
    to_replace: list[tuple[int, Track]] = []
    last = t
    for seat, rnd in sequence:
        if (seat, rnd) in boxed:  # the dealer fetches it to the muck before the seat gets the next card
            track, last = _pitch(stage, seat, t, face_up=True, boxed=True)
            t = _set_aside(stage, track, last + stage.f(0.3), deck) + stage.f(0.1)
        own = stage.scn.seats[seat].cards if seat in stage.scn.seats else []
        wanted = own[rnd - 1] if rnd <= len(own) else None
        up = (seat, rnd) in exposed
        track, last = _pitch(stage, seat, t, face_up=up, wanted=wanted)
        if up:
            to_replace.append((seat, track))
        t += stage.f(PITCH_EVERY_S)
    t = last + stage.f(0.3)
    for seat, track in to_replace:  # the exposed card goes to the muck; the seat gets the next card
        stage.hole[seat].remove(track)
        stage.hole_cards[seat].remove(track.last.card)  # type: ignore[union-attr]
        _, t = _pitch(stage, seat, _set_aside(stage, track, t, deck), face_up=False)
    return stage.withdraw(0, t)


def _set_aside(stage: Stage, track: Track, t: int, deck: tuple[float, float]) -> int:
    """The dealer's hand goes from the deck to a card dealt face up, carries it face down to the muck and
    goes back to the deck; returns the frame it is back. (A boxed card used to fly to the muck on its
    own while the replacement landed on it 0.2 s after it did: no dealer does that, and the camera had
    two detector calls to see the boxed card.)"""
    arrive = stage.reach(0, t, centre([track]), secs=0.35)
    back = stage.carry(0, [track], [stage.muck_pose()], arrive, secs=0.4, face_up=False)
    stage.muck.append(track)
    stage.reach(0, back, deck, secs=0.3)
    return back + stage.f(0.3)


def _deal_order(stage: Stage, step: Deal) -> list[tuple[int, int]]:
    """(seat, round) for every pitch: left of the button first, with the scripted dealer errors."""
    order = list(stage.setup.clockwise_from_button())
    if step.start_at in order:
        k = order.index(step.start_at)
        order = order[k:] + order[:k]
    rounds = stage.scn.game.hole_cards
    empty_extras = [s for s in step.extra_to if s not in stage.scn.seats]
    sequence: list[tuple[int, int]] = []
    for rnd in range(1, rounds + 1):
        for seat in _with_empty_seats(order, empty_extras if rnd == 1 else []):
            if seat not in step.skip:
                sequence.append((seat, rnd))
    if step.start_at is not None and step.start_at not in order:
        sequence.insert(0, (step.start_at, 1))
    sequence += [(s, rounds + 1) for s in step.extra_to if s in stage.scn.seats]
    return sequence


def _with_empty_seats(order: list[int], empty: list[int]) -> list[int]:
    """``order`` with the empty seats the dealer wrongly pitches to, each at its place round the table."""
    out = list(order)
    for e in empty:
        after = (e - order[0]) % 10
        i = next((k for k, s in enumerate(out) if (s - order[0]) % 10 > after), len(out))
        out.insert(i, e)
    return out


def _pitch(
    stage: Stage, seat: int, t: int, face_up: bool, boxed: bool = False, wanted: str | None = None
) -> tuple[Track, int]:
    """One card off the deck to ``seat``; emits ``CardsDealt`` when it lands."""
    code = stage.draw(None if boxed else wanted)
    start = stage.places[0].pose(6.0, 0.0, z=1.5)
    track = stage.timeline.add(t, Card(stage.new_id("card"), start, code, face_up=boxed), LAYER_CARD)
    held = len(stage.hole[seat])
    n = max(stage.scn.game.hole_cards, held + 1)
    land = t + stage.f(PITCH_S)
    track.move(t, land, stage.card_poses(seat, n)[held], arc=3.0, face_up=face_up)
    if not boxed:
        stage.hole[seat].append(track)
        stage.hole_cards.setdefault(seat, []).append(code)
    stage.emit(CardsDealt, land, seat=seat, face_up=face_up, boxed=boxed, cards=(code,) if face_up else ())
    return track, land


def street(stage: Stage, step: Street) -> int:
    if step.pull_in and any(stage.bets.values()):
        stage.now = pull_in(stage) + stage.f(0.2)
    count = step.count or (3 if step.do == "flop" else 1)
    if step.cards and len(step.cards) != count:
        raise StepError(f"the {step.do} is {count} card(s) but {len(step.cards)} are named")
    if len(stage.board) + count > 5:
        raise StepError(f"the board has {len(stage.board)} cards; no room for {count} more")
    deck = stage.places[0].pose(6.0, 0.0, z=1.5)
    t = stage.reach(0, stage.now, (deck.x, deck.y), secs=0.3, shape=HandPose.GRASP)
    if step.burn:
        burn = stage.timeline.add(t, Card(stage.new_id("card"), deck, stage.draw()), LAYER_CARD)
        t += stage.f(0.35)
        burn.move(t - stage.f(0.35), t, stage.muck_pose(), arc=1.0)
        stage.muck.append(burn)
    landed = t
    tracks = []
    for i in range(count):
        code = stage.draw(step.cards[i] if step.cards else None)
        slot = stage.layout.board[min(len(stage.board), 4)]
        pose = Pose(slot[0], slot[1], float(stage.rng.normal(0, 2)), 0.0)
        if len(stage.board) >= 5:
            raise StepError("the board is full")
        track = stage.timeline.add(t, Card(stage.new_id("card"), deck, code), LAYER_CARD)
        landed = t + stage.f(0.35)
        track.move(t, landed, pose, arc=2.0)
        stage.board.append(track)
        stage.board_cards.append(code)
        tracks.append(track)
        t += stage.f(0.1)
    turned = landed + stage.f(0.25)
    for track in tracks:
        track.change(turned, face_up=True)
    codes = tuple(tr.last.card for tr in tracks)  # type: ignore[union-attr]
    stage.emit(CardsDealt, turned, seat=None, count=count, face_up=True, cards=codes)
    return stage.withdraw(0, turned)


def take_back(stage: Stage, step: TakeBack) -> int:
    if step.count > len(stage.board):
        raise StepError(f"the board has {len(stage.board)} cards; cannot take back {step.count}")
    back = stage.board[-step.count :]
    del stage.board[-step.count :]
    del stage.board_cards[-step.count :]
    arrive = stage.reach(0, stage.now, centre(back), secs=0.4)
    deck = stage.places[0].pose(6.0, 0.0, z=1.5)
    home = stage.carry(0, back, [deck] * len(back), arrive, secs=0.5, face_up=False)
    for tr in back:
        tr.remove(home)
    return stage.withdraw(0, home)


def pitch(stage: Stage, step: Pitch) -> int:
    t = stage.reach(0, stage.now, stage.places[0].at(6.0), secs=0.3, shape=HandPose.GRASP)
    _, land = _pitch(stage, step.seat, t, face_up=step.face_up)
    return stage.withdraw(0, land)


def fold(stage: Stage, step: Fold) -> int:
    land, done = _to_muck(stage, step.seat, stage.now, step.face_up)
    stage.emit(FoldEvent, land, seat=step.seat, face_up=step.face_up)
    return max(land, done)


def _to_muck(stage: Stage, seat: int, t: int, face_up: bool) -> tuple[int, int]:
    """The player pushes its cards forward and they slide on to the muck; (landing, hand gone)."""
    cards = _cards(stage, seat)
    arrive = stage.reach(seat, t, centre(cards), secs=0.4)
    place = stage.places[seat]
    ahead = [place.pose(CARDS_DEPTH + 7.0, (i - 0.5) * 3.0, turn=10.0 * i) for i in range(len(cards))]
    release = stage.carry(seat, cards, ahead, arrive, secs=0.3, face_up=face_up)
    land = release + stage.f(0.5)
    for tr in cards:
        tr.move(release, land, stage.muck_pose(), arc=1.5)
    stage.muck += cards
    stage.hole[seat] = []
    return land, stage.withdraw(seat, release)


def _cards(stage: Stage, seat: int) -> list[Track]:
    cards = stage.hole.get(seat) or []
    if not cards:
        why = "they are out of view" if stage.hidden.get(seat) else "it holds none"
        raise StepError(f"seat {seat} has no cards on the felt ({why})")
    return cards


def expose(stage: Stage, step: Expose) -> int:
    cards = _cards(stage, step.seat)
    if step.card > len(cards):
        raise StepError(f"seat {step.seat} holds {len(cards)} cards, not {step.card}")
    card = cards[step.card - 1]
    arrive = stage.reach(step.seat, stage.now, centre([card]), secs=0.4)
    pose = card.last.pose  # type: ignore[union-attr]
    flipped = arrive + stage.f(0.35)
    card.move(arrive, flipped, Pose(pose.x, pose.y, pose.angle + 15.0, 0.0), arc=3.0, face_up=True)
    stage.emit(CardExposed, flipped, seat=step.seat, card=card.last.card)  # type: ignore[union-attr]
    return stage.withdraw(step.seat, flipped)


def peek(stage: Stage, step: Peek) -> int:
    seat = step.seat
    cards = _cards(stage, seat)
    t = stage.reach(seat, stage.now, centre(cards), secs=0.4, shape=HandPose.CUPPED, z=3.5)
    for lift in (0.3, 0.6, 0.6, 0.3, 0.0):
        for tr in cards:
            tr.change(t, peek=lift)
        t += stage.f(0.15)
    return stage.withdraw(seat, t)


def showdown(stage: Stage, step: Showdown) -> int:
    live = stage.live_seats()
    order = step.order or [s for s in live if s not in step.muck]
    t = stage.now
    if any(stage.bets.values()):
        t = stage.now = pull_in(stage) + stage.f(0.2)
    for seat in order:
        cards = _cards(stage, seat)
        arrive = stage.reach(seat, t, centre(cards), secs=0.4)
        place = stage.places[seat]
        n = len(cards)
        tabled = arrive + stage.f(0.35)
        for i, tr in enumerate(cards):
            dest = place.pose(CARDS_DEPTH + 6.0, (i - (n - 1) / 2) * 6.8)
            tr.move(arrive, tabled, dest, arc=2.5, face_up=True)
        stage.emit(HandTabled, tabled, seat=seat, cards=tuple(tr.last.card for tr in cards))  # type: ignore[union-attr]
        stage.tabled.add(seat)
        stage.withdraw(seat, tabled)
        t = tabled + stage.f(0.3)
    for seat in step.muck:
        land, _ = _to_muck(stage, seat, t, face_up=False)
        stage.emit(FoldEvent, land, seat=seat)
        t = land + stage.f(0.2)
    return t


def end(stage: Stage, step: End | None = None) -> int:
    """The dealer gathers every card on the felt; the hand is over."""
    t = stage.now
    cards = [*stage.board, *(tr for s in range(1, 11) for tr in stage.hole[s]), *stage.muck]
    cards = [tr for tr in cards if tr.last is not None]
    deck = stage.places[0].pose(6.0, 0.0, z=1.5)
    done = t + stage.f(0.3)
    if cards:
        sweep = stage.reach(0, t, centre(stage.board or cards), secs=0.4)
        for i, tr in enumerate(cards):
            start = sweep + stage.f(0.03) * i
            done = start + stage.f(0.5)
            tr.move(start, done, deck, arc=1.0, face_up=False)
            tr.remove(done)
        stage.withdraw(0, done)
    stage.board, stage.muck = [], []
    stage.hole = {s: [] for s in stage.hole}
    stage.emit(HandEnded, done)
    return done

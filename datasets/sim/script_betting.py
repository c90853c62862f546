"""Chips on the move: blinds, pushes (one motion, string bets, tosses, prior-bet chips), calls and
bets worked out from the betting, taps, declarations, the dealer pulling bets in and pushing the pot.

Each action starts at ``stage.now`` and returns the frame it ends; events carry the frame where the
thing a camera would see completes (a ``ChipAction`` when the last chip is released).
"""

from __future__ import annotations

from collections import Counter

from datasets.sim.motion import Track
from datasets.sim.objects import ChipStack, HandPose, Pose
from datasets.sim.stage import HAND_Z, Stage, chips_of
from datasets.sim.staging import BET_ROWS, CARDS_DEPTH, CHIP_PITCH, LAYER_CHIPS, STACK_ROWS
from datasets.sim.steps import AllIn, Bet, Call, Check, Declare, PostBlinds, Push, PushPot, StepError
from vision.events import ChipAction, ChipsPulledIn, Declaration, PriorChips, TableTap


def post_blinds(stage: Stage, step: PostBlinds) -> int:
    """The blinds push their chips out together; the big blind's ante goes on to the pot."""
    hand_state = stage.judge.hand
    t = end = stage.now
    players = hand_state.seat_of_player
    big_blind = players[0 if len(players) == 2 else 1]
    ante: list[Track] = []
    for seat in players:
        amount = hand_state.bet_of(seat)
        pushes = [_plan(stage, seat, amount)] if amount else []
        if seat == big_blind and stage.setup.bb_ante:
            pushes.append(_plan(stage, seat, stage.setup.bb_ante))
        if not pushes:
            continue
        release = _motions(stage, seat, pushes, t, by=0 if seat in stage.away else seat)
        if seat == big_blind and stage.setup.bb_ante:
            n = len(set(pushes[-1]))
            ante = stage.bets[seat][-n:]
            stage.bets[seat] = stage.bets[seat][:-n]
        end = max(end, stage.withdraw(0 if seat in stage.away else seat, release))
        t += stage.f(0.4)
    if ante:
        arrive = stage.reach(0, end, centre(ante), secs=0.5)
        land = stage.carry(0, ante, fan(stage, stage.layout.pot, len(ante)), arrive, secs=0.6)
        stage.to_pot(ante, land)
        end = stage.withdraw(0, land)
    return end


def push(stage: Stage, step: Push) -> int:
    seat = step.seat
    prior = _prior(stage, step)
    t = stage.now
    pulled: tuple[int, ...] = ()
    if prior is PriorChips.PULLED_BACK:
        t = _pull_back(stage, seat, stage.bets[seat], t)
    elif prior is PriorChips.PARTLY_PULLED_BACK:
        t = _pull_back_some(stage, seat, step.pulled_back, t)
        pulled = tuple(step.pulled_back)
    pushes = [list(p) for p in step.pushes]
    if prior is PriorChips.COMBINED:
        release = _combined(stage, seat, [c for p in pushes for c in p], t)
    elif step.items and not pushes:
        release = _protector_only(stage, seat, t)
    elif step.returns:
        release = t
        for i, chips in enumerate(pushes):
            release = _motions(stage, seat, [chips], release, toss=step.toss)
            if i < len(pushes) - 1:
                release += stage.f(0.2)  # the hand goes back to the stack for more
    else:
        release = _motions(stage, seat, pushes, t, toss=step.toss, protector=bool(step.items))
    stage.emit(
        ChipAction,
        release,
        seat=seat,
        pushes=tuple(tuple(p) for p in pushes),
        returned_to_stack=step.returns and len(pushes) > 1,
        prior=prior,
        prior_pulled_back=pulled,
        non_value_items=step.items,
    )
    return stage.withdraw(seat, release)


def call(stage: Stage, step: Call) -> int:
    sit = stage.judge.hand.situation(step.seat)
    if sit.to_call <= 0:
        bet = f"the bet is {sit.current_bet:,}; {_turn(stage)}"
        raise StepError(f"seat {step.seat} has nothing to call ({bet}); use 'checks'")
    chips = _plan(stage, step.seat, sit.to_call)
    return push(stage, Push(do="push", seat=step.seat, pushes=[chips], line=step.line))


def bet(stage: Stage, step: Bet) -> int:
    """Chips for a bet or raise to ``to``. Facing a bet, no chip is larger than the raise itself, so
    the chips read as a raise under the multi-chip rules (a single big chip would be a call)."""
    sit = stage.judge.hand.situation(step.seat)
    if step.to <= sit.own_bet:
        raise StepError(
            f"seat {step.seat} already has {sit.own_bet:,} out this street ({_turn(stage)}); "
            f"'{step.do} to {step.to:,}' adds nothing"
        )
    largest = step.to - sit.current_bet if sit.facing_bet else None
    if largest is not None and largest <= 0:
        raise StepError(
            f"seat {step.seat}: {step.to:,} does not raise the bet of {sit.current_bet:,}; use 'calls'"
        )
    chips = _plan(stage, step.seat, step.to - sit.own_bet, largest)
    return push(stage, Push(do="push", seat=step.seat, pushes=[chips], line=step.line))


def all_in(stage: Stage, step: AllIn) -> int:
    chips = sorted(stage.banks[step.seat].chips.elements(), reverse=True)
    if not chips:
        raise StepError(f"seat {step.seat} has no chips left")
    return push(stage, Push(do="push", seat=step.seat, pushes=[chips], line=step.line))


def check(stage: Stage, step: Check) -> int:
    spot = stage.places[step.seat].at(CARDS_DEPTH + 5.0, 6.0)
    tap = stage.reach(step.seat, stage.now, spot, secs=0.4, z=HAND_Z + 2.0)
    hand = stage.hand(step.seat, tap)
    first = 0
    for _ in range(2):
        down = tap + stage.f(0.1)
        hand.move(tap, down, stage.hand_pose(spot, step.seat, z=0.8))
        first = first or down
        tap = down + stage.f(0.1)
        hand.move(down, tap, stage.hand_pose(spot, step.seat, z=HAND_Z + 2.0))
    stage.emit(TableTap, first, seat=step.seat)
    return stage.withdraw(step.seat, tap)


def declare(stage: Stage, step: Declare) -> int:
    stage.emit(
        Declaration,
        stage.now,
        seat=step.seat,
        what=step.what,
        amount=step.amount,
        before_chips=not step.after_chips,
    )
    return stage.now + stage.f(0.3)


def pull_in(stage: Stage, step: object = None) -> int:
    """The dealer sweeps every bet in front of the seats into the pot."""
    t = stage.now
    for seat in stage.setup.clockwise_from_button():
        tracks = [tr for tr in stage.bets[seat] if isinstance(tr.last, ChipStack)]
        if not tracks:
            continue
        arrive = stage.reach(0, t, centre(tracks), secs=0.35)
        land = stage.carry(0, tracks, fan(stage, stage.layout.pot, len(tracks)), arrive, secs=0.45)
        stage.to_pot(tracks, land)
        stage.bets[seat] = [tr for tr in stage.bets[seat] if tr not in tracks]
        stage.bet_used[seat] = 0
        t = land
    stage.emit(ChipsPulledIn, t)
    return stage.withdraw(0, t) if t > stage.now else t + stage.f(0.2)


def push_pot(stage: Stage, step: PushPot) -> int:
    if any(isinstance(tr.last, ChipStack) for bets in stage.bets.values() for tr in bets):
        stage.now = pull_in(stage) + stage.f(0.2)
    winner = step.to
    if winner is None:
        live = stage.live_seats()
        tabled = [s for s in stage.setup.clockwise_from_button() if s in stage.tabled]
        winner = live[0] if len(live) == 1 else (tabled[0] if tabled else None)
    if winner is None:
        raise StepError("say who wins the pot: 'push pot to seat N'")
    columns = [tr for tr in stage.timeline.tracks.values() if tr.id.startswith("pot") and tr.last is not None]
    if not columns:
        return stage.now
    arrive = stage.reach(0, stage.now, centre(columns), secs=0.4)
    place = stage.places[winner]
    dests = [
        place.pose(STACK_ROWS[1] + 5.0, (i - (len(columns) - 1) / 2) * CHIP_PITCH)
        for i in range(len(columns))
    ]
    land = stage.carry(0, columns, dests, arrive, secs=0.8)
    chips = list(stage.pot.elements())
    stage.pot.clear()
    stage.pot_pile.show(land, stage.pot)
    stage.banks[winner].give(chips)
    stage.piles[winner].show(land, stage.banks[winner].chips)
    return stage.withdraw(0, land)


def _turn(stage: Stage) -> str:
    actor = stage.judge.hand.actor
    return f"it is seat {actor}'s turn" if actor is not None else "no one is to act"


# ----- motions ----------------------------------------------------------------------------------


def _plan(stage: Stage, seat: int, amount: int, largest: int | None = None) -> list[int]:
    try:
        return stage.banks[seat].pick(amount, largest)
    except ValueError as exc:
        raise StepError(str(exc)) from None


def _motions(
    stage: Stage,
    seat: int,
    pushes: list[list[int]],
    t: int,
    toss: bool = False,
    protector: bool = False,
    by: int | None = None,
) -> int:
    """One trip from the stack: grab every push's chips, then release them push by push, moving
    forward between releases (more than one release is a bet in several motions). Returns the
    frame of the last release; the hand (the seat's, or the dealer's when ``by`` is 0) stays there."""
    hand = seat if by is None else by
    stack_at = stage.places[seat].at(STACK_ROWS[1], 0.0)
    arrive = stage.reach(hand, t, stack_at, secs=0.4)
    groups = [stage.grab(seat, p, arrive) for p in pushes]
    if protector:
        groups[-1] = groups[-1] + _protector(stage, seat)
    release = arrive + stage.f(0.15)
    for i, group in enumerate(groups):
        later = [tr for g in groups[i + 1 :] for tr in g]
        dests = stage.bet_poses(seat, len(group))
        cx, cy = sum(d.x for d in dests) / len(dests), sum(d.y for d in dests) / len(dests)
        riding = [Pose(cx, cy, 0.0, 1.5 + 0.4 * k) for k in range(len(later))]
        lift = 6.0 if toss else 0.0
        aims = [Pose(d.x, d.y, d.angle, lift) for d in dests]
        keep = tuple(tr.id for tr in later)
        release = stage.carry(hand, group + later, aims + riding, release, secs=0.45, keep=keep)
        if toss:
            for tr, dest in zip(group, dests, strict=True):
                tr.move(release, release + stage.f(0.15), dest)
            release += stage.f(0.15)
        stage.bets[seat].extend(group)
        if later:
            release += stage.f(0.25)
    return release


def _prior(stage: Stage, step: Push) -> PriorChips:
    in_front = [tr for tr in stage.bets[step.seat] if isinstance(tr.last, ChipStack)]
    if not in_front:
        if step.prior not in (None, "left"):
            raise StepError(f"seat {step.seat} has no chips in front of it for prior: {step.prior}")
        return PriorChips.NONE
    return PriorChips(step.prior or "left")


def _home(stage: Stage, seat: int, n: int) -> list[Pose]:
    x, y = stage.places[seat].at(STACK_ROWS[1], 0.0)
    return [Pose(x, y, 0.0, 0.0)] * n


def _pull_back(stage: Stage, seat: int, tracks: list[Track], t: int) -> int:
    tracks = [tr for tr in tracks if isinstance(tr.last, ChipStack)]
    arrive = stage.reach(seat, t, centre(tracks), secs=0.4)
    land = stage.carry(seat, tracks, _home(stage, seat, len(tracks)), arrive, secs=0.45)
    stage.to_stack(seat, tracks, land)
    stage.bets[seat] = [tr for tr in stage.bets[seat] if tr not in tracks]
    stage.bet_used[seat] = 0
    return land + stage.f(0.1)


def _pull_back_some(stage: Stage, seat: int, chips: list[int], t: int) -> int:
    tracks = [tr for tr in stage.bets[seat] if isinstance(tr.last, ChipStack)]
    have = Counter(c for tr in tracks for c in chips_of(tr))
    want = Counter(chips)
    if want - have:
        raise StepError(f"seat {seat} has {sorted(have.elements())} in front; cannot pull back {chips}")
    where = centre(tracks)
    arrive = stage.reach(seat, t, where, secs=0.4)
    for tr in tracks:  # under the hand the bet splits into what stays and what comes back
        tr.remove(arrive)
    stage.bets[seat] = [tr for tr in stage.bets[seat] if tr not in tracks]
    stage.bet_used[seat] = 0
    stage.bets[seat] += _stacks(stage, seat, have - want, arrive, stage.bet_poses(seat, len(have - want)))
    back = _stacks(stage, seat, want, arrive, [Pose(where[0], where[1], 0.0, 0.0)] * len(want))
    land = stage.carry(seat, back, _home(stage, seat, len(back)), arrive, secs=0.45)
    stage.to_stack(seat, back, land)
    return land + stage.f(0.1)


def _stacks(stage: Stage, seat: int, chips: Counter[int], frame: int, poses: list[Pose]) -> list[Track]:
    out = []
    for (value, n), pose in zip(sorted((+chips).items(), reverse=True), poses, strict=True):
        stack = ChipStack(stage.new_id(f"s{seat}_chips"), pose, (value,) * n)
        out.append(stage.timeline.add(frame, stack, LAYER_CHIPS))
    return out


def _combined(stage: Stage, seat: int, chips: list[int], t: int) -> int:
    """New chips carried to the prior bet, gathered with it and pushed forward together."""
    prior = [tr for tr in stage.bets[seat] if isinstance(tr.last, ChipStack)]
    where = centre(prior)
    if chips:
        arrive = stage.reach(seat, t, stage.places[seat].at(STACK_ROWS[1], 0.0), secs=0.4)
        new = stage.grab(seat, chips, arrive)
        gathered = stage.carry(seat, new, [Pose(where[0], where[1], 0.0, 1.0)] * len(new), arrive, secs=0.4)
    else:
        new, gathered = [], stage.reach(seat, t, where, secs=0.4, shape=HandPose.GRASP)
    held = prior + new
    place = stage.places[seat]
    dests = [place.pose(BET_ROWS[1] + 2.0, (i - (len(held) - 1) / 2) * CHIP_PITCH) for i in range(len(held))]
    release = stage.carry(seat, held, dests, gathered + stage.f(0.1), secs=0.45)
    stage.bets[seat] = [tr for tr in stage.bets[seat] if tr not in held] + held
    return release


def _protector(stage: Stage, seat: int) -> list[Track]:
    tracks = stage.items.get((seat, "protector"), [])
    if not tracks:
        raise StepError(f"seat {seat} has no card protector out; script 'seat {seat} places protector' first")
    stage.items[(seat, "protector")] = tracks[:-1]
    return tracks[-1:]


def _protector_only(stage: Stage, seat: int, t: int) -> int:
    item = _protector(stage, seat)
    arrive = stage.reach(seat, t, centre(item), secs=0.4)
    release = stage.carry(seat, item, stage.bet_poses(seat, 1), arrive + stage.f(0.1), secs=0.5)
    stage.bets[seat].extend(item)
    return release


def centre(tracks: list[Track]) -> tuple[float, float]:
    poses = [tr.last.pose for tr in tracks if tr.last is not None]
    if not poses:
        raise StepError("nothing there to pick up")
    return sum(p.x for p in poses) / len(poses), sum(p.y for p in poses) / len(poses)


def fan(stage: Stage, at: tuple[float, float], n: int) -> list[Pose]:
    """``n`` stacks side by side around ``at`` (a little off-centre each time)."""
    dx, dy = (float(v) for v in stage.rng.normal(0, 2.0, 2))
    return [Pose(at[0] + dx + (i - (n - 1) / 2) * CHIP_PITCH, at[1] + dy, 0.0, 0.0) for i in range(n)]

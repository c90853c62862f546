"""Temporal analyzers: a stream of ``TableScene``s in, the rules engine's observed events out.

Two mechanisms carry almost all of it:

- **Settled counts.** What lies in a zone (a seat's cards, the board, the bets, the pot) counts only
  once it has held still for ``hold`` seconds (``Settled``), so a card flying over a zone or a
  detector flicker changes nothing. Cards landing in a seat's zone are a deal; face-up cards on the
  board are a street; a seat's cards gone (to the muck) are a fold; every bet zone emptied into the
  pot is a pull-in; the table cleared is the end of the hand. A seat's count includes cards a pitch
  landed on top of (``vision.pitches``); a face-up card that was seen face up on the deck first was
  boxed, and does not count toward the seat's cards.
- **Seat visits.** A player's hand reaching onto the felt opens a visit for its seat; the visit ends
  once the hand is seen back on the rail (or off the table), or has not been seen for ``leave``
  seconds (lost from view, it may only be hidden). Chips that landed in the seat's bet zone during the
  visit are its pushes, counted by ``vision.pushes`` (how many motions, a trip back to the stack
  zone between two); a visit that moved nothing, by the seat whose turn it is, is a tap (a check).
  Chips that landed but could not all be valued (a colour not read; or, from a camera, any stack,
  which shows only its top chip) make a chip action all the same, marked not counted: the seat acted.
  A visit that took the seat's cards with it holds its chip action until the cards show again (it
  was a push) or are seen folded (the cards, thrown over the bet zone, were read as chips).

The cards (the deal, the board, folds, exposures) are read by ``vision.deal.CardWatch``, which
``ActionAnalyzer`` extends. Whose hand each one is comes from ``vision.hands``; phones, drinks and
protectors on the felt from ``vision.foreign``; seats left and returned to from ``vision.presence``
(the pipeline runs it beside this). Seats and turn order come from the caller (the rules engine's
hand state), through ``Turn``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from vision.board_cards import BoardCards
from vision.camera_config import ZoneKind
from vision.chipset import ChipSet
from vision.deal import CARDS, MUCK_WAIT, CardWatch
from vision.dealt_face_up import DealtFaceUp
from vision.detections import Box, iou
from vision.earlier_bet import all_shown, taken_away
from vision.events import (
    CardsDealt,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    OutOfView,
    PriorChips,
    TableTap,
)
from vision.foreign import OBJECT_EVENTS, ForeignObjects
from vision.hands import DEALER, HandOwners
from vision.late_chips import LateChips
from vision.pitches import PitchWatch
from vision.pushes import NEXT_CALL_S, PushCounter, Visit
from vision.settled import RestClock, Settled
from vision.table import FELT, OFF, RAIL, SeenObject, TableGeometry, TableScene

BET_MEMORY_S = 0.5  # chips seen in a bet zone this recently were there when a hand came (hidden by it)
MIDDLE = (FELT, "pot", "board")  # where the dealer's hands work, away from the seats and the deck
# a tap lands past the cards, whose zone's middle is at 0.5, and rests there a moment. Measured on renders:
# overhead taps reach 0.78-0.81 and peeks 0.33-0.39; oblique camera taps 0.63-0.86 and peeks 0.20-0.30.
# A peek's cupped hand boxed only below the cards reached 0.58, in one detector call (seed + 12000
# clean_protector_and_peek); taps show there in several.
TAP_REACH = 0.55
TAP_REST_S = NEXT_CALL_S  # s the hand shows that far forward: two detector calls
# a tap is reported once the hand is back this far behind ``TAP_REACH``, over the middle of the seat's
# cards, rather than once it has gone: 0.3-0.5 s sooner. Drawing back from a tap, hands showed next at
# 0.41 (seat 1) and 0.47 (seat 9, a detector call before 0.28) in seed + 2000 clean_check_raise_showdown
DRAWN_BACK = 0.05
# a seat's card count that had held this long when a hand came is what the seat had before it; a count
# that dropped just before says nothing of a card the hand brings (seed + 2000 invalid_declaration: a
# hand not yet seen covered a card 0.3 s before it showed in the bet zone; seed + 8000
# dealer_exposed_card: the exposed card had been taken 0.8 s before the replacement came)
STEADY_COUNT_S = 0.5
POT_SHOWS_S = 1.5  # s: bets cleared from their zones went into the pot if chips show there this soon
ALL_IN_EMPTY_S = 0.4  # an uncounted push is all-in once its seat's stack zone has shown no chip this long
OFF_TABLE_S = 0.1  # s chips must show on the rail or off the table, running, to be leaving it
ORDER_WAIT_S = 3.0  # s a betting action may wait for an earlier one still being seen (``_in_order``)
CONTINUE_S = 1.0  # s a hand lost short of the bet zone may be gone and come back to the same action
Turn = Callable[[], int | None]  # the seat to act now, from the hand state (None: nobody)


def _drawn_back(visit: Visit) -> bool:
    """Whether the hand is back over its seat's cards, having come from behind them (not the dealer's)."""
    return bool(visit.reach) and max(visit.reach[0][1], visit.reach[-1][1]) <= TAP_REACH - DRAWN_BACK


def _continues(last: Visit | None, visit: Visit, prior: PriorChips) -> bool:
    """Whether ``visit`` made further motions of the chip action of ``last``, the seat's visit before:
    the hand was lost from view short of the bet zone (at its stack, over its cards) and came back
    within ``CONTINUE_S`` with chips, those it let go before left where they lay (demo_feature_table-s46000:
    a string bet's hand lost over its stack for 0.4 s between its pushes; found at seed + 2000 too)."""
    return (
        last is not None
        and last.last_place != f"seat{visit.seat}_bet"
        and 0 < visit.start - last.last_seen <= CONTINUE_S
        and bool(visit.pushes)
        and prior in (PriorChips.LEFT, PriorChips.COMBINED)
    )


class ActionAnalyzer(CardWatch):
    """Scenes in, events out, for one camera. ``update`` returns the events the scene completed."""

    def __init__(
        self,
        geometry: TableGeometry,
        chips: ChipSet,
        turn: Turn,
        hold: float = 0.25,
        leave: float = 0.3,
        stacks_counted: bool = True,
        reads_drinks: bool = False,
        hole_cards: int = 2,
    ):
        """``reads_drinks``: the drinks' labels are a drink reader's, which says "unknown" when unsure
        (``vision.foreign``)."""
        self.geo = geometry
        self.chips = chips
        # whether a chip object's value is its whole stack's (the simulator's boxes) or only its top
        # chip's (a camera's): chip actions of uncounted stacks are ``counted=False``, a lower bound
        self.stacks_counted = stacks_counted
        self.turn = turn
        self.hole_cards = hole_cards  # each seat's, in this game
        self.hold, self.leave = hold, leave
        self.hands = HandOwners(geometry)  # whose hand each one in view is
        self.pushes = PushCounter(chips, stacks_counted)  # what each visit pushed into its seat's bet zone
        self.visits: dict[int, Visit] = {}
        self.late_chips = LateChips()  # chips showing just after a tap's hand has gone
        self.held: dict[int, tuple[ChipAction, float]] = {}  # seat -> chip action held, since when
        self.waiting: list[Event] = []  # betting actions waiting for an earlier one (``_in_order``)
        self.seat_cards: dict[int, Settled] = {s: Settled(hold) for s in geometry.seats}
        self.holding: dict[int, Settled] = {s: Settled(0.6) for s in geometry.seats}  # still has cards
        self.most_cards: dict[int, int] = {}  # this hand's most cards seen at each seat
        self.button: int | None = None  # the seat the dealer button was at when the hand began
        self.cards_out: dict[int, float] = {}  # seat -> when a card was last seen in its bet zone
        self.cards_since: dict[int, float] = {}  # seat -> since when it has shown a card without a break
        self.pitches = PitchWatch(geometry, hold)  # cards pitched on top of other cards
        self.seen_at_seat: dict[int, int] = {}  # seat -> cards seen in its zones in the last scene
        self.most_board = 0  # this hand's most face-up board cards
        # the fewest board cards since it last grew, and since when: cards taken back for a while (a
        # premature card set aside, a flop returned to the stub) are dealt again (``REDEAL_S``)
        self.board_low: tuple[int, float] = (0, 0.0)
        self.has_cards: dict[int, bool] = {}  # cards in the seat's own zones in the latest scene
        self.visit_ended: dict[int, float] = {}  # when each seat's last visit ended
        self.last_pushed: dict[int, Visit] = {}  # each seat's last visit that made a chip action
        # when a hand last left each seat's zones: its own visit's, or one taken for it provisionally
        # (``_hand_of_the_seat_deciding``) that showed no action; its cards going just after went with it
        self.hand_left: dict[int, float] = {}
        # when each seat's last visit ended with its hand lost from view out on the felt, not going back
        self.lost_in_middle: dict[int, float] = {}
        self.exposed_at: dict[int, float] = {}  # when each seat last showed a card
        # a card seen face up under the seat's own hand, held till the hand goes: (first seen, its label)
        self.held_exposures: dict[int, tuple[float, str | None]] = {}
        self.pairing: dict[int, float] = {}  # seat: when its one face-up card began to wait for a second
        self.gone: dict[int, float] = {}  # seat -> since when its cards are gone, destination unknown
        self._muck = next((z for z in geometry.zones if z.kind is ZoneKind.MUCK), None)
        self._dealer_zone = next((z.name for z in geometry.zones if z.kind is ZoneKind.DEALER), "dealer")
        self.up_on_deck = -1e9  # when a face-up card was last seen on the deck (a boxed card)
        self.dealt_face_up = DealtFaceUp()  # a face-up card dealt: boxed or exposed (its reports held)
        self.loose_boxes: list[tuple[int, Box, float]] = []  # loose cards' (track, box, last seen)
        self.card_rest = RestClock(parts=3)  # since when each card track has lain still
        self.arrivals: list[float] = []  # when cards last arrived in the muck or on the felt
        self.chips_left: dict[int, float] = {}  # seat -> when its chips were last seen leaving the table
        self.on_rail_since: dict[int, float] = {}  # seat -> since when chips near it show on the rail or off
        self.board, self.bets = Settled(hold), Settled(hold)
        self.board_cards = BoardCards()  # the board's cards, and those the detector lost where nothing moved
        self.table_clear = Settled(0.6)
        self.objects = ForeignObjects(geometry, hold * 2, reads_drinks)  # phones, drinks, protectors
        self.in_hand = self.deal_over = False  # deal_over: a player has acted (no more hole cards come)
        self.acted = False  # ... with chips, a tap or a fold (not a card exposed in the deal)
        self.folded: set[int] = set()
        self.exposed: set[int] = set()  # card tracks already reported face up
        self.exposed_boxes: list[Box] = []  # ... and where those reported unconfirmed lay
        self.tabled: set[int] = set()
        self.bets_since_pull = False
        self.bets_cleared: float | None = None  # when the bets last left their zones, the pot not yet seen
        self.last_place: dict[int, tuple[str, int | None, str, int]] = {}  # track -> place, seat, cls, value
        self.hand_no = 0
        # seat -> since when its stack zone has shown no chip, in scenes without its hand (None: chips now)
        self.stack_empty_since: dict[int, float | None] = {}
        # seat -> an uncounted chip action that left its stack zone empty, and whether its cards went with
        # the hand: all-in if the zone stays empty (``_settle_all_in``)
        self.maybe_all_in: dict[int, tuple[ChipAction, bool]] = {}
        # seat -> chip stacks tracked in its stack zone, the last scene without its hand (seed + 2000
        # tiny_chip: a stack seen now and then, never tracked, "left empty": a false all-in); 0 once the
        # zone is empty ``BET_MEMORY_S`` (seed + 42000 all_in_not_tabled: an unseen hand took the stack)
        self.stack_tracked: dict[int, int] = {}
        self.bet_recent: dict[int, dict[int, tuple[float, SeenObject]]] = {}  # seat -> track -> (t, chip)

    # ----- the one entry point -------------------------------------------------------------------

    def update(self, scene: TableScene) -> list[Event]:
        out: list[Event] = []
        hands = self.hands.update(scene, visiting=self.visits)
        self._deal_and_cards(scene, out)
        self._visits(scene, hands, out)
        self._settle_all_in(scene.t, out)
        self._release_held(scene.t, out)
        out += self.late_chips.update(scene, self.in_hand)
        self._bets_and_pot(scene, out)
        self.objects.update(scene, out)
        self._out_of_view(scene, out)
        self._end(scene, out)
        for e in out:  # the frame it was seen in, though it may wait to be reported (``_in_order``)
            object.__setattr__(e, "frame", scene.frame)
        out = self._in_order(scene.t, out)
        for e in out:  # an object put down is no action (clean_plo_pot_bet-s52000: a card read as protector)
            self.deal_over |= not isinstance(e, (CardsDealt, HandStarted, *OBJECT_EVENTS))
            self.acted |= isinstance(e, ChipAction | TableTap | Fold)
        return sorted(out, key=lambda e: e.t) if out else out

    # ----- hands: what a seat's visit did ---------------------------------------------------------

    def _visits(self, scene: TableScene, hands: list[tuple[SeenObject, int]], out: list[Event]) -> None:
        t = scene.t
        present: dict[int, SeenObject] = {}
        withdrawn: set[int] = set()  # seats whose hand is seen back over the rail
        for h, seat in hands:
            if seat != DEALER and h.place not in (RAIL, OFF):
                # of two boxes, the one furthest out is the hand at work (seed + 25000 rabbit_hunt: a
                # check's hand in the bet zone, and its wrist boxed by the stack, taken for the hand)
                if seat not in present or self.geo.reach(seat, h.centre) > self.geo.reach(
                    seat, present[seat].centre
                ):
                    present[seat] = h
            elif seat != DEALER:
                withdrawn.add(seat)
        provisional = self._hand_of_the_seat_deciding(scene, hands, present)
        for seat in self.seat_cards:
            if seat not in present:
                stack = scene.in_place(f"seat{seat}_stack", "chip")
                if stack:
                    self.stack_empty_since[seat] = None
                elif self.stack_empty_since.get(seat) is None:
                    self.stack_empty_since[seat] = t
                tracked, since = sum(o.track >= 0 for o in stack), self.stack_empty_since[seat]
                if tracked or (since is not None and t - since >= BET_MEMORY_S):
                    self.stack_tracked[seat] = tracked
        unwatched = {s: r for s, r in self.bet_recent.items() if s not in self.visits and s not in present}
        self.pushes.taken_back.watch(scene, unwatched if self.in_hand else {}, BET_MEMORY_S)
        for seat in self.seat_cards:  # each bet zone's chips of the last moments, by track
            recent = {k: v for k, v in self.bet_recent.get(seat, {}).items() if t - v[0] <= BET_MEMORY_S}
            for o in scene.in_place(f"seat{seat}_bet", "chip"):
                if o.track >= 0:
                    recent[o.track] = (t, o)
            self.bet_recent[seat] = recent
        for seat, h in present.items():
            visit = self.visits.get(seat)
            if visit is None:
                # the chips in front when the hand came: those in view, and those seen there a moment
                # ago that the hand covers as it arrives (seed + 2000 short_all_in: the big blind's
                # chips, hidden as the hand came to tap, then "pushed")
                in_bet = [o for _, o in self.bet_recent.get(seat, {}).values()]
                bets = frozenset(o.track for o in in_bet)
                visit = self.visits[seat] = Visit(seat, t, t, bets, {o.track: o.value for o in in_bet})
                # a hand first seen over the cards hides them; cards held until a moment ago count
                visit.had_cards = self.has_cards.get(seat, False) or self.holding[seat].value is True
                untracked = [o.box for o in scene.in_place(f"seat{seat}_bet", "chip") if o.track < 0]
                visit.bet_boxes = [o.box for o in in_bet] + untracked
                visit.bet_track_boxes = {o.track: o.box for o in in_bet}
                visit.unconfirmed_bet = untracked
                visit.stack_before = self.stack_tracked.get(seat, 0)
                count = self.seat_cards[seat]
                if count.candidate == count.value and t - count.since >= STEADY_COUNT_S:
                    visit.cards_at_start = int(count.value or 0)  # type: ignore[call-overload]
                visit.provisional = seat in provisional
                visit.axis = self.geo.seat_axis(seat)
                self.pushes.taken_back.visit_began(visit, t)
            visit.provisional &= seat in provisional  # the seat's own hand seen after all
            visit.last_seen = t
            zone = self.geo.by_name.get(h.place)
            kind = zone.kind.value if zone is not None and zone.seat == seat else ""
            rank = {"stack": 1, "cards": 2, "bet": 3}.get(kind, 0)
            if rank > {"stack": 1, "cards": 2, "bet": 3}.get(visit.deepest, 0):
                visit.deepest, visit.deepest_t = kind, t
            if rank >= 2:
                visit.reach_frames += 1
            visit.reach.append((t, self.geo.reach(seat, h.centre)))
            visit.hand_path.append((t, *h.centre))
            if visit.reach[-1][1] >= TAP_REACH:
                visit.in_front = (visit.in_front[0] if visit.in_front else t, t)
            elif visit.in_front and _drawn_back(visit):
                visit.cards_drawn_back = max(visit.cards_drawn_back, self.seen_at_seat.get(seat, 0))
            visit.last_place = h.place
            if kind != "stack":
                visit.at_stack_since = None
            elif visit.at_stack_since is None:
                visit.at_stack_since = t
            if visit.at_stack_since is not None and visit.pushes:
                if not visit.in_stack_after_push:  # since it came to the stack, if after the last push
                    # landed: the tracker confirms a push a call or two late (seed + 26000 non_value_item:
                    # a call's chips, uncovered as the hand came back, "came after the return")
                    visit.back_at = max(visit.at_stack_since, visit.release_t)
                visit.in_stack_after_push = True
            elif rank >= 2 and visit.in_stack_after_push:
                visit.forward_again = True
            self.pushes.update(scene, visit)
            if not visit.tapped and self._drew_back(visit, scene):
                visit.tapped = True
                out.append(self._tap(visit))
        for seat, visit in list(self.visits.items()):
            if seat in present:
                continue
            self.pushes.update(scene, visit)  # chips still show up as the hand draws back
            if seat in withdrawn or t - visit.last_seen >= self.leave:
                del self.visits[seat]
                if seat not in withdrawn and visit.last_place in MIDDLE and visit.reach[-1][1] >= 0:
                    self.lost_in_middle[seat] = t  # out on the table, not behind its stack going back
                self._close_visit(visit, t, out)

    def _hand_of_the_seat_deciding(
        self, scene: TableScene, hands: list[tuple[SeenObject, int]], present: dict[int, SeenObject]
    ) -> set[int]:
        """A hand the detector missed on its way in shows first away from the rail, where a new hand is
        the dealer's. First seen in the empty bet zone of the seat deciding, or on the felt beside that
        seat's stack or cards, it is put in ``present`` as that seat's, provisionally: the visit counts
        if chips land or it taps (seed + 2000 clean_protector_and_peek: seat 5's raise, its hand seen
        for two frames; clean_heads_up_check_down: seat 7's check on the river; seed + 8000
        premature_turn: seat 3's call, its hand first seen on the felt by its chips). Not a hand seen
        coming across the felt from elsewhere, nor one over chips, and the visit is dropped if another
        hand of the dealer's shows in the middle of the table while it lasts: the dealer at work
        (clean_check_raise_showdown, short_all_in: pulling the bets in). While the seat's visit lasts, a
        hand of the dealer's over the seat's own zones is the seat's, which the owners lost track of (a
        second box of it, unowned, took its place). Returns the seats given such a hand."""
        deciding = self.turn()
        if deciding is None or deciding in present or deciding in self.folded:
            return set()
        visit = self.visits.get(deciding)
        ongoing = visit is not None  # a hand over the seat's own zones while its visit lasts is its hand
        bet, own = f"seat{deciding}_bet", (f"seat{deciding}_stack", f"seat{deciding}_cards")

        def taken(h: SeenObject, new: bool) -> bool:
            beside = h.place == FELT and self.geo.nearest_place(*h.centre) in own
            if ongoing:
                return h.place in (bet, *own) or beside
            return new and (beside or (h.place == bet and not scene.in_place(bet, "chip")))

        pick = next(
            (
                i
                for i, ((h, seat), new) in enumerate(zip(hands, self.hands.new, strict=True))
                if seat == DEALER and taken(h, new)
            ),
            None,
        )
        # the dealer at work: another hand of the dealer's in the middle of the table (not the picked
        # hand boxed twice: seed + 11000 tiny_chip, seat 3's hand first seen on the felt as two boxes)
        picked = hands[pick][0].box if pick is not None else None
        if any(
            s == DEALER and h.place in MIDDLE and (picked is None or iou(h.box, picked) == 0)
            for i, (h, s) in enumerate(hands)
            if i != pick
        ):
            if visit is not None and visit.provisional:
                del self.visits[deciding]  # the dealer's hand at work: no visit of the seat's
            return set()
        if pick is None:
            return set()
        present[deciding] = hands[pick][0]
        return {deciding}

    def _close_visit(self, visit: Visit, t: float, out: list[Event]) -> None:
        self.hand_left[visit.seat] = t
        if visit.provisional:
            self.pushes.settle(visit)
            if not (
                self.in_hand
                and (visit.pushes or visit.unread or visit.tapped or self._is_tap(visit, hand_gone=True))
            ):
                return  # the dealer's hand after all: no visit of the seat's
        self.visit_ended[visit.seat] = t
        if not self.in_hand:
            return
        self.pushes.settle(visit)
        self.pushes.taken_back.visit_ended(visit, t)
        if not (visit.pushes or visit.items) and self.being_dealt(visit.seat):
            return  # no one acts before the deal gives them their cards: a blind grown was the dealer's arm
        if visit.pushes or visit.items or visit.unread:
            pushes, prior, pulled = self.pushes.prior_chips(visit)
            action = ChipAction(
                visit.release_t,
                seat=visit.seat,
                pushes=pushes,
                returned_to_stack=visit.returned,
                prior=prior,
                prior_pulled_back=pulled,
                non_value_items=len(visit.items),
                counted=self.stacks_counted and not visit.unread,
                continues=_continues(self.last_pushed.get(visit.seat), visit, prior),
            )
            self.last_pushed[visit.seat] = visit
            cards_left = visit.had_cards and not self.has_cards.get(visit.seat, False)
            empty_since = self.stack_empty_since.get(visit.seat, 0.0)  # None: chips in the stack zone now
            if not action.counted and visit.stack_before and empty_since is not None:
                # chips the camera cannot count, and none left in the seat's stack zone: all of them
                # went in, if it stays so (seed + 7000 all_in_not_tabled: read as a bet, the run-out
                # was "premature"; seed + 10000 clean_protector_and_peek: a stack missed by one
                # detector call as the hand left was no all-in)
                self.maybe_all_in[visit.seat] = (action, cards_left)
            else:  # uncounted chips, and the seat's stack still in its zone: not all its chips went in
                left = not action.counted and bool(visit.stack_before) and empty_since is None
                self._report(replace(action, stack_left=left), cards_left, t, out)
        elif visit.tapped or self._is_tap(visit, hand_gone=True):
            if not visit.tapped:
                out.append(self._tap(visit))
            # what lay in the bet zone as the hand came, chips and protectors (a protector read as a
            # chip after the tap is no late chip: seed + 19000 non_value_item)
            self.late_chips.tapped(visit.seat, t, visit.lay_at_start())

    @staticmethod
    def _tap(visit: Visit) -> TableTap:
        on_bet = visit.deepest == "bet" and bool(visit.bet_tracks_at_start)
        return TableTap(visit.deepest_t, seat=visit.seat, over_own_chips=on_bet)

    def _drew_back(self, visit: Visit, scene: TableScene) -> bool:
        """Whether the visit tapped and its hand has drawn back over the seat's cards, with nothing let go
        in the bet zone and the seat's cards in view lying still since the hand came: chips pushed under
        a hand show as it lifts off them, so the tap need not wait for the hand to leave. Chips that
        show later still count (the engine then corrects the check). A hand that picks its cards up to
        fold them rests in front of them too (seed + 2000 clean_plo_pot_bet: two folds "checked" first,
        a card showing again in the hand). A card the hand hid on its way starts its rest again when it
        shows: that tap waits for the hand to leave, as before."""
        if not (
            _drawn_back(visit)
            and self.pushes.nothing_let_go(visit, scene)
            and all_shown(visit)  # the earlier bet in view where it lay: not taken with the hand
            and self._is_tap(visit)
        ):
            return False
        cards = [o for o in scene.of_class(*CARDS) if o.place == f"seat{visit.seat}_cards"]
        since = scene.t - visit.start
        return bool(cards) and all(self.card_rest.still_for(o.track, scene.t) >= since for o in cards)

    def _report(self, action: ChipAction, cards_left: bool, t: float, out: list[Event]) -> None:
        if cards_left:
            # the seat's cards went with the hand: thrown over the bet zone, cards read as chips for a
            # moment look like a push. Held until the cards' fate is known (``_release_held``).
            self.held[action.seat] = (action, t)
        else:
            out.append(action)

    def _settle_all_in(self, t: float, out: list[Event]) -> None:
        """A chip action that left its stack zone empty is all-in once the zone has shown no chip for
        ``ALL_IN_EMPTY_S``, and no all-in if chips show there first."""
        for seat, (action, cards_left) in list(self.maybe_all_in.items()):
            since = self.stack_empty_since.get(seat)
            if since is None or t - since >= ALL_IN_EMPTY_S:
                del self.maybe_all_in[seat]
                empty = since is not None
                self._report(replace(action, all_in=empty, stack_left=not empty), cards_left, t, out)

    def _is_tap(self, visit: Visit, hand_gone: bool = False) -> bool:
        """Whether a visit that pushed nothing was a tap: a check (``hand_gone``: asked as it closes)."""
        return (
            visit.deepest in ("cards", "bet")
            and visit.reach_frames >= 2  # over the seat's cards or bet; a hand passing by is not
            # a tap rests on the felt in front of the cards; a peek is on them
            and visit.in_front is not None
            and visit.in_front[1] - visit.in_front[0] >= TAP_REST_S
            and self.turn() == visit.seat
            and visit.seat not in self.folded
            and visit.had_cards
            and self.exposed_at.get(visit.seat, -1e9) < visit.start  # showing a card is no check
            and not visit.pushed_tracks  # chips landed in the bet zone, values unread: a bet, not a tap
            and self.has_cards.get(visit.seat, False)  # cards going away (a fold) or coming back: no tap
            # a hand that leaves an object there (a protector, a phone, first seen as it came) did not tap
            and not self.objects.put_down_since(visit.seat, visit.start)
            and not self._cards_changed(visit, hand_gone)
            and not taken_away(visit)  # the hand took its earlier bet: no tap over it
        )

    def _cards_changed(self, visit: Visit, hand_gone: bool) -> bool:
        """Whether the visit's hand brought the seat a card, first seen in the bet zone: the dealer's
        (seed + 8000 dealer_exposed_card: the replacement for a card exposed in the deal); or, gone, left
        it fewer cards than it found, whoever's the owners made it (seed + 29000 dealer_exposed_card: the
        dealer, reaching from the middle of the table, taking the card it had exposed). A hand still
        there hides cards: a tap drawing back over them (``_drew_back``) is no card taken, nor one after
        which the seat showed all its cards as the hand drew back (invalid_declaration-s37000: seat 4's
        second card, under the first and boxed at 0.3-0.4, missed by the detector as the hand left)."""
        before, now = visit.cards_at_start, max(self._cards_now(visit.seat), visit.cards_drawn_back)
        return before is not None and ((hand_gone and now < before) or (visit.provisional and now > before))

    def _cards_now(self, seat: int) -> int:
        """The cards the seat shows now, settled or settling: the more of the two."""
        count = self.seat_cards[seat]
        return max(int(count.candidate or 0), int(count.value or 0))  # type: ignore[call-overload]

    def _release_held(self, t: float, out: list[Event]) -> None:
        """A chip action held because the seat's cards left with the hand: dropped when the cards
        prove to have been folded; reported (at its own time) when they show again at the seat, or once
        they have been gone as long as a fold takes to be seen."""
        for seat, (action, since) in list(self.held.items()):
            if seat in self.folded or self.has_cards.get(seat, False) or t - since >= MUCK_WAIT + 0.3:
                del self.held[seat]
                if seat not in self.folded:
                    out.append(action)

    def flush(self) -> list[Event]:
        """The end of the stream: actions still held or waiting, in time order."""
        out, self.waiting = self.waiting + self._take_held(), []
        return sorted(out, key=lambda e: e.t)

    def _take_held(self) -> list[Event]:
        """The chip actions still held (``_release_held``), less those of seats seen folding since."""
        out: list[Event] = [action for seat, (action, _) in self.held.items() if seat not in self.folded]
        self.held.clear()
        return out

    def _in_order(self, t: float, out: list[Event]) -> list[Event]:
        """``out``, less the betting actions that must wait, plus those that need wait no more. A seat's
        chip action is known only once its hand has gone (or its cards show again): actions by other
        seats since its visit began wait for it, up to ``ORDER_WAIT_S``, so that the rules engine
        judges them in the order they came (seed + 26000 cards_off_table: seat 2's bet, its visit kept
        open 3 s by its second card boxed as a hand, came after seats 5 and 8 had folded, two false
        out_of_turn)."""
        betting = ChipAction | TableTap | Fold
        self.waiting += [e for e in out if isinstance(e, betting)]
        out = [e for e in out if not isinstance(e, betting)]
        pending = [(v.seat, v.start) for v in self.visits.values() if v.pushes or v.unread or v.pushed_tracks]
        pending += [(seat, action.t) for seat, (action, _) in self.held.items()]

        def waits(e: Event) -> bool:
            seat = getattr(e, "seat", None)
            return t - e.t < ORDER_WAIT_S and any(s != seat and start < e.t for s, start in pending)

        out += [e for e in self.waiting if not waits(e)]
        self.waiting = [e for e in self.waiting if waits(e)]
        return out

    # ----- chips: bets pulled into the pot --------------------------------------------------------

    def _bets_and_pot(self, scene: TableScene, out: list[Event]) -> None:
        # chips in a bet zone a seat's own hand is over are hidden, not pulled in (seed + 10000
        # non_value_item: a protector in the bet, boxed as a chip, covered by each tap of its seat)
        bet_chips = sum(
            1
            for o in scene.of_class("chip")
            if o.place.endswith("_bet") and (o.seat is None or o.seat not in self.visits)
        )
        bet_chips += sum(len(v.bet_tracks_at_start) for v in self.visits.values())
        change = self.bets.update(scene.t, bet_chips)
        if not self.in_hand:
            return
        if change is not None:
            old, new = (int(v) if v is not None else 0 for v in change)  # type: ignore[call-overload]
            if new > 0:
                self.bets_since_pull, self.bets_cleared = True, None
            elif old > 0 and self.bets_since_pull:
                self.bets_cleared = self.bets.since
        # the bets went into the pot once the pot shows chips, read or not (seed + 39000 clean_heads_up_
        # check_down: unread, a pull lost), maybe a moment after the zones clear (seed + 21000: 0.5 s)
        if self.bets_cleared is not None and scene.in_place("pot", "chip"):
            if scene.t - self.bets_cleared <= POT_SHOWS_S:
                self.bets_since_pull = False
                self.pushes.taken_back.clear(scene.t)  # the bets went into the pot, not back to the stacks
                out.append(ChipsPulledIn(self.bets_cleared))
            self.bets_cleared = None

    # ----- cards and chips leaving the table ------------------------------------------------------

    def _out_of_view(self, scene: TableScene, out: list[Event]) -> None:
        """Chips beyond the rail are leaving the table: reported for the nearest seat, once per few
        seconds, once chips have shown on the rail or beyond it for ``OFF_TABLE_S`` running (more than one
        call: seed + 11000 clean_limped_pot) and beyond it in this call; the rail is still the table (seed
        + 38000 clean_full_ring_walk: an arm coming in over it boxed as a chip there in two calls)."""
        on_rail: set[int] = set()
        for o in scene.objects:
            if o.track >= 0 and o.cls in CARDS:
                self.last_place[o.track] = (o.place, o.seat, o.cls, o.value)
            if o.cls != "chip" or o.place not in (RAIL, OFF) or not self.in_hand:
                continue
            seat = self.geo.nearest_seat(*o.centre)
            if seat is None:
                continue
            on_rail.add(seat)
            since = self.on_rail_since.setdefault(seat, scene.t)
            new = since > self.chips_left.get(seat, -1e9) + 3.0  # once per few seconds
            if o.place == OFF and scene.t - since >= OFF_TABLE_S and new:
                self.chips_left[seat] = since
                chips = self.pushes.chips_of(o)
                out.append(ChipsOutOfView(since, seat=seat, where=OutOfView.OFF_TABLE, chips=chips))
        self.on_rail_since = {s: t for s, t in self.on_rail_since.items() if s in on_rail}

    # ----- the end of the hand --------------------------------------------------------------------

    def _end(self, scene: TableScene, out: list[Event]) -> None:
        table_cards = [o for o in scene.of_class(*CARDS) if o.place not in (OFF, RAIL, "dealer", FELT)]
        clear = not table_cards and scene.chip_value("pot") == 0
        change = self.table_clear.update(scene.t, clear)
        if change is not None and change[1] and self.in_hand:
            self.in_hand = False
            self.visits.clear()
            self._settle_all_in(float("inf"), out)
            out += self._take_held()
            out.append(HandEnded(self.table_clear.since))

"""The cards part of the temporal analyzers (``vision.actions``): the deal, the board, folds and
exposures, each read from settled card counts.

``CardWatch`` is a mixin of ``ActionAnalyzer``, which holds the state it reads and writes (the
attributes declared below) and calls ``_deal_and_cards`` once a scene. The deal starts the hand
(``_start``). A seat's count while the deal goes round is capped by the order of the deal
(``_deal_cap``). Once a player has acted, a card more is a late card only if the camera saw it fly in
from the deck and it shows as one more (or was seen on its way and came down hidden on the seat's
cards), or, in hold'em, if it is more than the game deals (``LANDED_S``). Board cards taken back for a
while and dealt again are dealt (``REDEAL_S``). A seat's cards gone are a fold when its own hand took
them and they reached the muck (``_where_did_they_go``).
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import median_low

from vision.board_cards import BoardCards
from vision.camera_config import ZoneKind
from vision.card_boxes import one_box_per_tabled_card
from vision.card_faces import WHITE_RING
from vision.dealt_face_up import DealtFaceUp
from vision.detections import Box, iou, share_covered
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    Event,
    Fold,
    HandStarted,
    HandTabled,
    OutOfView,
)
from vision.foreign import ForeignObjects
from vision.pitches import LANDED_S, PitchWatch
from vision.pushes import PushCounter, Visit
from vision.settled import RestClock, Settled
from vision.table import FELT, OFF, RAIL, PixelZone, SeenObject, TableGeometry, TableScene

CARDS = ("card_up", "card_down")
MUCK_WAIT = 1.2  # seconds a seat's vanished cards have to reach the muck before they count as hidden
REST_S = 0.2  # s a card in a seat's bet zone must lie still to count there (not one flying over)
# s: board cards taken back this long, with two seats still in and none tabled, were set aside, and
# the cards that come next are dealt (seed + 8000 premature_turn: the turn set aside, the betting
# finished, a new turn; a card a hand covers comes back within a second)
REDEAL_S = 2.0
PUSHED_OUT_S = 0.7  # s: cards seen in a seat's bet zone this close to leaving its zones went out that way
SAME_CARD_IOU = 0.5  # a card confirmed by the tracker over this much of a face-up card reported untracked
PILE_IOU = 0.8  # a muck card's box overlapping its last scene's less than this was boxed anew (cards landed)
LOOSE_MEMORY_S = 1.0  # a loose card's box seen this recently where one lies now is that card seen again
# a card arriving in the muck or over the felt this long before a seat's cards were gone from it may be
# them (the scenes between detector calls carry the last call's boxes); one earlier is another's
ARRIVAL_BEFORE_S = 0.15
BOXED_S = 1.5  # s: a face-up card landing this soon after one was seen on the deck was boxed
HELD_EXPOSURE_S = 1.0  # s after the seat's hand went that a card it seemed to turn up may take to show
PAIR_WAIT_S = 0.6  # s a seat's one face-up card waits for a second face-up box beside it to be counted


class CardWatch:
    """The deal, the board, folds and exposures, for ``ActionAnalyzer`` (which sets up this state)."""

    geo: TableGeometry
    turn: Callable[[], int | None]
    hold: float
    hole_cards: int
    pitches: PitchWatch
    pushes: PushCounter
    objects: ForeignObjects
    visits: dict[int, Visit]
    visit_ended: dict[int, float]
    hand_left: dict[int, float]
    lost_in_middle: dict[int, float]
    seat_cards: dict[int, Settled]
    holding: dict[int, Settled]
    board: Settled
    board_cards: BoardCards
    most_cards: dict[int, int]
    most_board: int
    board_low: tuple[int, float]
    cards_since: dict[int, float]
    seen_at_seat: dict[int, int]
    has_cards: dict[int, bool]
    cards_out: dict[int, float]
    gone: dict[int, float]
    arrivals: list[float]
    card_rest: RestClock
    last_place: dict[int, tuple[str, int | None, str, int]]
    exposed: set[int]
    exposed_boxes: list[Box]
    exposed_at: dict[int, float]
    held_exposures: dict[int, tuple[float, str | None]]
    pairing: dict[int, float]
    folded: set[int]
    tabled: set[int]
    up_on_deck: float
    dealt_face_up: DealtFaceUp
    loose_boxes: list[tuple[int, Box, float]]
    button: int | None
    in_hand: bool
    deal_over: bool
    acted: bool
    hand_no: int
    _muck: PixelZone | None
    _dealer_zone: str

    def _deal_and_cards(self, scene: TableScene, out: list[Event]) -> None:
        t = scene.t
        self._note_arrivals(scene)
        self.card_rest.update(t, scene.of_class(*CARDS))  # a move of a third of its size restarts it
        on_deck = any(o.cls == "card_up" for o in scene.in_place(self._dealer_zone))
        if on_deck or self._face_up_in_flight(scene):
            self.up_on_deck = t
        # hole cards are pitched before the board, never after; once a player has acted, a card
        # flying past a seat's cards is more likely the burn card before the board (seed + 6000
        # clean_check_raise_showdown: it "landed" on the button seat's cards, a dead hand of three),
        # so a card hidden under another then counts only if its flight was seen on its way from the
        # deck (``PitchWatch.update``); else a late card must show as one more
        if self.most_board == 0:
            self.pitches.order = self._dealing_order() if self.in_hand and not self.deal_over else []
            self.pitches.update(scene, self.seen_at_seat, self.visits, late=self.acted)
        self._confirmed_late(scene)
        self._boxed_landings(scene, out)
        for seat, settled in self.seat_cards.items():
            # tabled cards are turned over in front, in the bet zone; a card pitched to a seat further
            # on flies over this one's bet zone, so a card there counts only once it lies still
            cards = [
                o
                for o in scene.objects
                if o.cls in CARDS
                and (o.place == f"seat{seat}_cards" or (o.place == f"seat{seat}_bet" and self._resting(o, t)))
            ]
            self.seen_at_seat[seat] = len(cards)
            self.pitches.card_came_into_view(seat, len(cards), t)
            # on their way out, over the bet zone (tabled ones lying there are gathered later) or back
            # over the stack zone toward the rail
            if any(
                o.cls in CARDS and o.place in (f"seat{seat}_bet", f"seat{seat}_stack") for o in scene.objects
            ):
                self.cards_out[seat] = t
            if cards:
                self.cards_since.setdefault(seat, t)
            else:
                self.cards_since.pop(seat, None)
                self.pitches.cards_gone(seat)
            cap = self._one_too_many(seat, len(cards), self._deal_cap(seat, t))
            self.pitches.over_the_deal(seat, len(cards) - int(cap) if cap < len(cards) else 0, t)
            change = settled.update(t, min(len(cards) + self.pitches.covered.get(seat, 0), cap))
            if change is not None:
                new = int(change[1] or 0)  # type: ignore[call-overload]
                most = self.most_cards.get(seat, 0) if self.in_hand else 0
                # once play is under way, a count rising under the seat's own hand is its cards spread
                # or turned over, not a card dealt (a card pitched late arrives with the hand away)
                own_hand = seat in self.visits or self._own_hand_came_first(seat, settled.since)
                # nor is a card more that no card flying in from the deck brought, up to the game's hole
                # cards; with PLO's four, which overlap, beyond them too: seen as three through the deal,
                # or boxed as five (seed + 8000 clean_plo_pot_bet). A PLO seat seen short of four that
                # shows its fourth shows its own, whatever flew by (seed + 40000 clean_plo_pot_bet: seat
                # 4's, as the flop left the deck, was a late card: a misdeal, and the board a rabbit hunt)
                unseen = settled.since - self.pitches.landed.get(seat, -1e9) > LANDED_S
                plo = self.hole_cards > 2
                own_card = new <= self.hole_cards and (unseen or plo)  # up to the game's hole cards
                found = self.acted and (own_card or (plo and unseen))
                # nor at a seat that has tabled its hand: a box more there is a tabled card seen twice (no
                # card is pitched to a hand turned over; non_value_item-s55000: seat 2's, a card "dealt"
                # face up 0.3 s after it tabled, a false misdeal too late)
                found = found or seat in self.tabled
                if new > most and self.in_hand and self.deal_over and (own_hand or found):
                    self.most_cards[seat] = new
                elif new > most:  # more than the seat ever held this hand (a hidden card coming back is not)
                    # a seat's first card dealt when it first showed, though a duplicate box made
                    # its count flicker for a while (the order of the deal is judged by these times)
                    since = min(settled.since, self.cards_since.get(seat, t)) if most == 0 else settled.since
                    if not self.in_hand and unseen and self._own_hand_came_first(seat, since):
                        # before any deal, "cards" that came with the seat's own hand and none flying in
                        # from the deck are that hand, boxed as cards as it moved (seed + 16000: seat 3's
                        # hand posting its blind, a card down and a card up for two calls, started a
                        # hand, "boxed" a card and raised two misdeals): players do not deal themselves
                        continue
                    if not self.in_hand:  # from the first card any seat showed (no card before it)
                        shown = [v for v in self.cards_since.values() if since - v < 1.0]
                        self._start(min([since, *shown]), scene, out)
                        # the card that starts the hand is one (``_deal_cap``): a box more there is that
                        # card boxed twice, and the next card pitched onto it shows as that box
                        self.pitches.boxed_twice[seat] = len(cards) - 1
                    up = [o for o in cards if o.cls == "card_up"]
                    # a card seen face up on the deck before it was pitched was boxed: it is set
                    # aside, so it does not count toward the seat's cards
                    boxed = bool(up) and settled.since - self.up_on_deck <= BOXED_S
                    if not boxed:
                        self.most_cards[seat] = new
                    elif all(o.track in self.exposed for o in up):
                        continue  # already reported as it landed (``_boxed_landings``)
                    out.append(
                        CardsDealt(
                            since,
                            seat=seat,
                            count=new - most,
                            face_up=bool(up),
                            boxed=boxed,
                            cards=tuple(o.label or None for o in up) if len(up) == new - most else (),
                        )
                    )
                    self.exposed.update(o.track for o in up)
                    self.exposed_boxes += [o.box for o in up if o.track < 0]
            self.has_cards[seat] = bool(cards)
            held = self.holding[seat].update(t, bool(cards))
            if held is not None and held == (True, False) and self.in_hand and self._contesting(seat):
                # its own hand took them (the dealer collecting is not), seen or not; a hand taken for
                # the seat deciding provisionally counts (seed + 13000 clean_full_ring_walk: seat 6's
                # hand, first seen beside its cards, flicked them to the muck after it had gone)
                recent = t - self.hand_left.get(seat, -1e9) < 2.0
                if seat in self.visits or recent or self._pushed_out(seat, self.holding[seat].since):
                    self.gone[seat] = self.holding[seat].since
            self._where_did_they_go(scene, seat, out)
            up = [o for o in cards if o.cls == "card_up" and o.track >= 0]
            steady = settled.candidate == settled.value  # not a card arriving (a deal reports those)
            if self.in_hand and seat not in self.folded and steady:
                fresh = [o for o in up if o.track not in self.exposed]
                if len(up) >= 2 and seat not in self.tabled and fresh:
                    self.tabled.add(seat)
                    self.exposed.update(o.track for o in up)
                    boxes, scores = [o.box for o in up], [o.score for o in up]
                    hand = one_box_per_tabled_card(boxes, scores, self.hole_cards)
                    out.append(HandTabled(t, seat=seat, cards=tuple(up[i].label or None for i in hand)))
                elif len(up) == 1 and fresh and seat in self.exposed_at:
                    # the seat's exposed card, tracked afresh once a hand had covered it (seed + 8000
                    # card_exposed_action_pending): one exposure a seat and hand (two cards up are tabled)
                    self.exposed.add(fresh[0].track)
                elif (
                    len(up) == 1
                    and fresh
                    and seat not in self.tabled
                    and not self._tabling(seat, fresh[0], scene)
                ):
                    self.exposed.add(fresh[0].track)
                    first_up = self.exposed_at[seat] = self.pairing.pop(seat, t)  # waited for a second card
                    # under the seat's own hand, or boxed where a hand is boxed (seed + 38000 out_of_turn:
                    # seat 4's hand, coming in to bet, boxed as a face-up card and as a hand in one call,
                    # not yet a visit): reported once the hand has gone, if a card still shows face up
                    if seat in self.visits or self._under_a_hand(fresh[0], scene):
                        self.held_exposures.setdefault(seat, (first_up, fresh[0].label or None))
                    else:
                        out.append(CardExposed(first_up, seat=seat, card=fresh[0].label or None))
            hand_gone = seat not in self.visits and not any(self._under_a_hand(o, scene) for o in up)
            if seat in self.held_exposures and hand_gone:
                self._release_exposure(seat, t, up, bool(cards), out)
        dealing = self.in_hand and not self.deal_over and self.most_board == 0
        for report in self.dealt_face_up.update(scene, out, dealing):  # set aside: not the seat's card
            seat = report.seat or 0
            self.most_cards[seat] = max(0, self.most_cards.get(seat, 0) - report.count)
        board = [o for o in scene.in_place("board") if o.cls == "card_up"]
        # with those the detector lost where nothing moved (``vision.board_cards``)
        change = self.board.update(t, self.board_cards.update([o.box for o in board], scene.moving))
        if change is not None and self.in_hand:
            new = int(change[1] or 0)  # type: ignore[call-overload]
            low, since = self.board_low
            if new < self.most_board:
                self.board_low = (new, t) if new < low else self.board_low
            redealt = new > low and self.board.since - since >= REDEAL_S and self._contested()
            if new > self.most_board or redealt:  # more than the board held (not cards gathered up)
                # as many cards as the board grew by: a card the tracker gave a new track is not
                # a new card (seed + 6000 clean_limped_pot: the turn came as two, a premature river)
                fresh = [o for o in board if o.track not in self.exposed]
                self.exposed.update(o.track for o in board)
                count = new - (low if redealt else self.most_board)
                self.most_board = max(self.most_board, new)
                self.board_low = (self.most_board, t)
                labels = tuple(o.label or None for o in fresh) if len(fresh) == count else ()
                out.append(CardsDealt(self.board.since, count=count, face_up=True, cards=labels))
            elif new > low:
                # the board back up before ``REDEAL_S``: what came back into view was not taken back,
                # and a later dip is timed from its own start (seed + 11000 all_in_not_tabled: a dim flop
                # card read as a back for 0.7 s, then for 1 s again 1.7 s later, was "dealt again" on the
                # turn); nor short of whole (premature_turn-s56000: the flop's ace unseen for 0.9 s as
                # the early turn was set aside, the board at two for 0.3 s, and the turn dealt again 4 s
                # later was two cards)
                self.board_low = (new, t)

    def being_dealt(self, seat: int) -> bool:
        """Whether the initial deal goes on with ``seat`` yet to get all its cards, as far as the camera
        counts them (four PLO cards overlap, often seen as three). Seed + 40000 misdeal_boxed_cards: the
        dealer's arm, reaching over seat 1's blind for a boxed card at seat 2, "grew" the blind, a bet
        that ended the deal, and seat 2 was "dealt out"."""
        in_full = self.hole_cards if self.hole_cards <= 2 else self.hole_cards - 1
        return self.in_hand and not self.deal_over and self.most_cards.get(seat, 0) < in_full

    def _deal_cap(self, seat: int, t: float) -> int | float:
        """The most cards a seat can hold while the initial deal goes round, one card at a time from the
        first seat left of the button: no more than the seats before it in that order that hold cards,
        nor than one more than the fewest any other seat shows. "The seats before it" is the lower
        median of what they show, so that one seat seen a card short does not hold back every seat
        after it (seed + 8000 clean_full_ring_showdown); with four PLO cards, which overlap and are
        often seen as fewer, the most any of them shows. A count above it is the camera's: a card box
        seen twice, or a card flying to the next seat taken as one more pitched on top (seed + 2000
        clean_plo_pot_bet: seat 4 "held" five PLO cards while the others showed two; seed + 8000
        premature_river: the button's first card boxed twice, a misdeal of three). The card that starts
        the hand is one (foreign_object_second_protector-s55000: seat 8's, boxed twice as it landed,
        started the hand as two, and its second made three, a false misdeal). No cap while no other
        seat shows a card, nor after the deal (a late card). Another seat's count is
        the most it settled on, or the count it has been settling on for half the hold: the next seat's
        card comes 0.2 s after its own, so no seat waits on another's settling, and a seat's own
        duplicate box does not ride in on the next seat's card."""
        if self.deal_over:
            return float("inf")
        if not self.in_hand:
            return 1
        shown = {s: self.most_cards.get(s, 0) for s in self.seat_cards}
        for s, count in self.seat_cards.items():
            if t - count.since >= self.hold / 2:
                shown[s] = max(shown[s], int(count.candidate or 0))  # type: ignore[call-overload]
        others = {s: n for s, n in shown.items() if s != seat and n > 0}
        if not others:
            return float("inf")
        dealing = self._from_the_button()
        if dealing:
            before = [others[s] for s in dealing[: dealing.index(seat)] if s in others]
            if before:
                most = max(before) if self.hole_cards > 2 else median_low(before)
                return min(most, 1 + min(others.values()))
        return 1 + min(others.values())

    def _one_too_many(self, seat: int, seen: int, cap: int | float) -> int | float:
        """The deal's cap, raised for cards counted hidden under one pitched on top of the seat's cards
        after every other seat dealt in came to show its hole cards in full: the deal had gone round,
        and the card pitched on top is one too many (misdeal_wrong_card_count at seed + 2000 and
        49000-51000: the button's third card came down squarely on its two, and was held back by the
        cap until the first player acted, 2.3-2.8 s later). One counted hidden before another seat last
        showed a card more is as likely a landing seen twice (oversized_chip_declared_raise-s2000: seat
        4's first card, "three" once all had two). Nor a box seen twice: only cards counted hidden
        (``PitchWatch.covered``) raise it."""
        watch = self.pitches
        if not watch.covered.get(seat) or self.deal_over:  # most scenes: nothing counted hidden here
            return cap
        others = [s for s in self._dealing_order() if s != seat]
        if not others:
            return cap
        if min(self.most_cards.get(s, 0) for s in others) < self.hole_cards:
            return cap
        if watch.covered_by.get(seat, -1e9) <= max(watch.rose.get(s, -1e9) for s in others):
            return cap
        return max(cap, min(seen, cap) + watch.covered[seat])

    def _from_the_button(self) -> list[int]:
        """The seats, in the order the deal goes round (from the first seat left of the button); none
        while the button is not at one of them."""
        order = sorted(self.seat_cards)
        if self.button not in order:
            return []
        start = order.index(self.button) + 1
        return order[start:] + order[:start]

    def _dealing_order(self) -> list[int]:
        """The seats holding cards, in the order the deal goes round: from the button's left, or, with
        the button at no seat, from the lowest seat. The pitch watch reads only how many seats on one
        card is from the last, the same wherever the round starts (pot_limit_overbet-s46000: the
        button, lying just off seat 6's bet zone, was at no seat, and seat 2's fourth card, seen by
        nobody, was not read from the order: a false misdeal)."""
        seats = self._from_the_button() or sorted(self.seat_cards)
        return [s for s in seats if self.most_cards.get(s, 0) > 0]

    def _own_hand_came_first(self, seat: int, t: float) -> bool:
        """Whether the seat's own hand was there (in a visit begun by ``t``, or one ended at most 0.3 s
        before it) when its cards first showed at ``t``."""
        visit = self.visits.get(seat)
        return (visit is not None and visit.start <= t) or self.visit_ended.get(seat, -1e9) >= t - 0.3

    def _face_up_in_flight(self, scene: TableScene) -> bool:
        """A card flying face up during the deal (not resting, not yet at a seat's cards) came off the
        deck face up: at 10 detector calls a second it is seldom caught still on the deck. Not a box in a
        seat's stack zone: that lies behind the seat's cards, where no pitch flies, and chips there can
        read as a face (misdeal_exposed_first_card-s36000: a stack boxed as a face-up card for one call
        before the hand made the card the dealer exposed 1.4 s later a boxed one)."""
        if self.in_hand and (self.most_board or self.deal_over):
            return False
        for o in scene.of_class("card_up", "card_down"):
            zone = self.geo.by_name.get(o.place)
            if (zone is not None and zone.kind in (ZoneKind.CARDS, ZoneKind.STACK)) or self._resting(
                o, scene.t
            ):
                continue
            # boxed face up; or face down, blurred, with a face's white ring, nearer the deck than any
            # seat's cards (``vision.card_faces.WHITE_RING``; a card the dealer exposes turns over on
            # its way to the seat)
            if o.cls == "card_up" or (o.label == WHITE_RING and self.pitches.nearer_the_deck(o.centre)):
                return True
        return False

    def _confirmed_late(self, scene: TableScene) -> None:
        """A face-up card reported before the tracker confirmed it is the same card once confirmed where
        it lay, under its new track: no new report. misdeal_boxed_cards-s37000: the boxed card, reported
        as it landed, was reported boxed again once confirmed (two boxed cards, a misdeal at the first);
        s36000: its confirmation read as a new exposure, which ended the deal before the dealer set it
        aside."""
        for o in scene.of_class("card_up"):
            fresh = o.track >= 0 and o.track not in self.exposed
            if fresh and any(iou(o.box, box) >= SAME_CARD_IOU for box in self.exposed_boxes):
                self.exposed.add(o.track)

    def _boxed_landings(self, scene: TableScene, out: list[Event]) -> None:
        """A card seen face up on the deck that lands face up at a seat during the deal was boxed. The
        dealer sets it aside at once, often pitching the replacement on top of it first, so it is
        reported as it lands rather than once the seat's count settles."""
        if not self.in_hand or self.most_board or scene.t - self.up_on_deck > BOXED_S:
            return
        for o in scene.of_class("card_up"):
            zone = self.geo.by_name.get(o.place)
            if o.track < 0 or o.track in self.exposed or zone is None or zone.kind is not ZoneKind.CARDS:
                continue
            self.exposed.add(o.track)
            label = o.label or None
            out.append(CardsDealt(scene.t, seat=zone.seat, count=1, face_up=True, boxed=True, cards=(label,)))

    def _resting(self, o: SeenObject, t: float) -> bool:
        """Whether a card has lain still for ``REST_S`` (an unconfirmed track is a card just arriving)."""
        return o.track in self.card_rest.rest and self.card_rest.still_for(o.track, t) >= REST_S

    def _note_arrivals(self, scene: TableScene) -> None:
        """Cards newly over the felt or in the muck (where thrown-away cards fly and land): a box where
        none lay a moment ago, tracked or not (a fast card the tracker has not confirmed), or the
        muck's pile boxed anew: cards thrown onto it move or grow its box under the same track (seed +
        21000 left_with_live_hand: seat 4's fold landed on a one-box muck, its box shifted 10-15 px,
        IoU 0.7; the fold was taken for cards hidden below the rail, then seat 1's for out of turn). A
        box lying where one of the same track, or an unconfirmed one, lay in the last
        ``LOOSE_MEMORY_S`` is that card seen again (seed + 31000 cards_out_of_view: a muck card boxed
        at 0.37, unconfirmed, then confirmed, lost for 0.2 s and found again, "arrived" again and
        again, and seat 1's cards taken off the table were called a fold). Every box seen is kept that
        long, not only a track's latest: seed + 42000 cards_out_of_view, the pile boxed two ways by
        turns under one track, 0.5-0.7 s apart, each switch back an "arrival"."""
        t = scene.t
        loose = [
            o
            for o in scene.of_class(*CARDS)
            if o.place == FELT or self.geo.by_name.get(o.place) is self._muck
        ]
        recent = [(track, box, seen) for track, box, seen in self.loose_boxes if t - seen <= LOOSE_MEMORY_S]

        def seen_there(o: SeenObject) -> bool:
            return any(
                iou(o.box, box) >= PILE_IOU and (track == o.track or min(track, o.track) < 0)
                for track, box, _ in recent
            )

        if not all(seen_there(o) for o in loose):
            self.arrivals = [a for a in self.arrivals if t - a <= 5.0] + [t]
        self.loose_boxes = [(o.track, o.box, t) for o in loose] + [
            r for r in recent if not any(iou(r[1], o.box) >= PILE_IOU for o in loose)
        ]

    def _cards_left(self, seat: int) -> bool:
        """Whether the seat's cards were last seen on the rail or off the table."""
        return any(
            s == seat and place in (RAIL, OFF)
            for (place, s, cls, _) in self.last_place.values()
            if cls in CARDS
        )

    def _live(self) -> list[int]:
        """The seats dealt cards this hand that have not folded."""
        return [s for s, n in self.most_cards.items() if n > 0 and s not in self.folded]

    def _contesting(self, seat: int) -> bool:
        """Whether the seat is in the hand with another seat still in it: the last seat left has won,
        and its cards going to the muck are no fold (seed + 8000 chips_out_of_view)."""
        return seat in self._live() and len(self._live()) > 1

    def _contested(self) -> bool:
        """Two seats or more still in the hand and no hand tabled: the betting goes on."""
        return len(self._live()) > 1 and not self.tabled

    def _pushed_out(self, seat: int, since: float) -> bool:
        """Whether the cards of the seat deciding, gone from its zones ``since`` then, were seen going
        out over its bet zone at the time: its own hand pushed them toward the middle, though the
        detector may have missed the hand (seed + 8000 chips_out_of_view: seat 1's hand, small on a
        far table, scored under the bar as it folded). Or back over its stack zone: its hand took them
        toward the rail (seed + 46000 cards_out_of_view: the hand that held them below the rail was
        never boxed). Not cards tabled there, which the dealer gathers."""
        return (
            self.turn() == seat
            and seat not in self.tabled
            and abs(self.cards_out.get(seat, -1e9) - since) <= PUSHED_OUT_S
        )

    def _where_did_they_go(self, scene: TableScene, seat: int, out: list[Event]) -> None:
        """A seat's cards gone from its zones: a fold when they were seen flying over the felt or landing
        in the muck; nothing when they reappear (a hand covered them); out of view (below the rail, or
        off the table when last seen there) when, ``MUCK_WAIT`` on and the seat's hand gone, they never
        reached the muck. But the seat deciding whose hand took them and was last seen out on the felt,
        not going back over the rail, folded: cards thrown on top of the muck often change nothing
        the detector sees there (seed + 11000 premature_turn: seat 6's cards went onto a muck of two
        cards, still two boxes; the engine waited on seat 6 for the rest of the hand). A card arriving
        while the seat's cards still lay there is not them (``ARRIVAL_BEFORE_S``; seed + 32000
        short_all_in: a muck card boxed twice 0.2 s before seat 2's hand covered its cards to table
        them, a "fold" of an all-in showdown's hand). Nor while cards lie face up in the seat's bet zone,
        not yet still: turned over there (clean_heads_up_check_down-s49000: a card boxed on the felt as
        seat 2's hand turned its cards, a "fold" 0.1 s before the two in front counted as its own)."""
        if seat not in self.gone:
            return
        since = self.gone[seat]
        if self.has_cards.get(seat, False):  # only covered by the hand for a while
            del self.gone[seat]
        elif scene.in_place(f"seat{seat}_bet", "card_up"):
            return  # turned over in front of the seat, not yet still: tabled there, or on their way
        elif any(a >= since - ARRIVAL_BEFORE_S for a in self.arrivals):
            del self.gone[seat]
            self.folded.add(seat)
            out.append(Fold(since, seat=seat, face_up=self._seen_up(seat)))
        elif scene.t - since >= MUCK_WAIT and seat not in self.visits:  # the hand has gone, and they with it
            del self.gone[seat]
            if self.turn() == seat and self.lost_in_middle.get(seat, -1e9) >= since:
                self.folded.add(seat)
                out.append(Fold(since, seat=seat, face_up=self._seen_up(seat)))
                return
            off = self._cards_left(seat)
            out.append(
                CardsOutOfView(since, seat=seat, where=OutOfView.OFF_TABLE if off else OutOfView.BELOW_RAIL)
            )

    def _release_exposure(
        self, seat: int, t: float, up: list[SeenObject], cards: bool, out: list[Event]
    ) -> None:
        """A card seen face up while the seat's own hand was over its cards, now the hand has gone: an
        exposure (dated when first seen) if a card of the seat's still shows face up; nothing if the
        cards went with the hand (a fold) or none shows face up within ``HELD_EXPOSURE_S``. A pale hand
        over the cards is boxed as a face-up card: seed + 22000's players, whose skin reads as white as
        paper to the face check, "exposed" a card in 9 of 59 renders (clean_limped_pot: seat 6's hand,
        picking up its cards to fold, boxed as a face-up card at 0.61 and as a hand at 0.36)."""
        since, label = self.held_exposures[seat]
        if seat in self.tabled:  # the hand was turning the cards over: they are tabled, not exposed
            del self.held_exposures[seat]
        elif up and seat not in self.folded:
            del self.held_exposures[seat]
            out.append(CardExposed(since, seat=seat, card=label))
        elif not cards or seat in self.folded or t - self.visit_ended.get(seat, t) > HELD_EXPOSURE_S:
            del self.held_exposures[seat]
            self.exposed_at.pop(seat, None)

    def _tabling(self, seat: int, card: SeenObject, scene: TableScene) -> bool:
        """Whether the seat's one face-up card waits for a second: another face-up box shows beside it
        at the seat, not yet counted (moving still, or not confirmed by the tracker), and has for less
        than ``PAIR_WAIT_S``. A hand turned over card by card is tabled, not a card exposed then the
        hand (seed + 48000 prior_chips_pulled_back: seat 3 turned both cards at once at showdown, the
        second boxed at 0.25-0.4 and confirmed 0.5 s after the first, an exposure reported between)."""
        places = (f"seat{seat}_cards", f"seat{seat}_bet")
        beside = any(
            o.cls == "card_up"
            and o.place in places
            and o.track != card.track
            and (o.track < 0 or o.track not in self.exposed)
            and iou(o.box, card.box) < SAME_CARD_IOU
            for o in scene.objects
        )
        if not beside:
            self.pairing.pop(seat, None)
            return False
        return scene.t - self.pairing.setdefault(seat, scene.t) < PAIR_WAIT_S

    @staticmethod
    def _under_a_hand(card: SeenObject, scene: TableScene) -> bool:
        """Whether a hand's box in this scene covers most of the card's."""
        return any(share_covered(card.box, h.box) >= 0.5 for h in scene.of_class("hand"))

    def _seen_up(self, seat: int) -> bool:
        return any(cls == "card_up" and s == seat for (_, s, cls, _) in self.last_place.values())

    def _start(self, t: float, scene: TableScene, out: list[Event]) -> None:
        self.in_hand = True
        self.most_cards.clear()
        self.pitches.reset()
        self.most_board = 0
        self.board_low = (0, t)
        self.board_cards.clear()
        self.pushes.new_hand()
        self.last_place.clear()  # per-track memory lasts one hand, so a long stream stays small
        self.exposed.clear()
        self.exposed_boxes.clear()
        self.objects.new_hand()
        self.hand_no += 1
        self.deal_over = self.acted = False
        self.folded.clear()
        self.tabled.clear()
        self.exposed_at.clear()
        self.held_exposures.clear()
        self.pairing.clear()
        buttons = scene.of_class("dealer_button")
        self.button = buttons[0].seat if buttons else None
        out.append(HandStarted(t - 0.01, hand_id=f"hand-{self.hand_no}", button_seat=self.button))

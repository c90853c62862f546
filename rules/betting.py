"""What a physical chip action means under a house's rules: one pure function, ``judge``.

Input: the betting ``Situation`` of the seat, the ``ChipAction`` the camera saw (or none), and the
``Declaration`` typed at the dealer console (or none). Output: a ``Ruling`` (check / call / bet /
raise to X / fold, what must be completed, what is returned, the rules it rests on), or a
``Pending`` when a declaration alone does not settle the action yet ("raise" with no amount).

The order of reasoning follows the rulebooks: verbal-vs-chips precedence, string bets, then the
declaration, else the silent-chip rules (prior-bet chips, the single oversized chip, the multi-chip
"every chip needed" test, the 50% raise standard, undercalls), then the limits (minimum raise,
all-in, pot limit, re-opening). Chips the camera saw land but could not count (``ChipAction.counted``
False: an overhead camera sees only each stack's top chip) skip the silent-chip rules, which need the
amount: the seat acted, a call or a bet (``_uncounted``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.hand_state import Game, Situation
from rules.profile import (
    HouseProfile,
    MultiChipStandard,
    NonValueItemPolicy,
    StringBetDefinition,
    UndercallPolicy,
)
from rules.records import AlertKind, BetAction, Citation, Ruling
from vision.events import ChipAction, Declaration, DeclarationKind, PriorChips


@dataclass(frozen=True, slots=True)
class Pending:
    """A declaration that binds the seat but does not settle the action until chips arrive."""

    seat: int
    explanation: str
    min_to: int | None = None  # the declaration binds at least this total
    may_raise: bool = True
    citations: tuple[Citation, ...] = ()
    alert_kinds: tuple[AlertKind, ...] = ()


@dataclass(slots=True)
class _Draft:
    """The ruling under construction: notes and citations accumulate as the rules apply."""

    sit: Situation
    profile: HouseProfile
    notes: list[str]
    cites: list[Citation]
    kinds: list[AlertKind]
    declared: bool
    discretion: bool = False

    def cite(self, topic: str, note: str = "", kind: AlertKind | None = None) -> None:
        citation = self.profile.cite(topic)
        if citation not in self.cites:
            self.cites.append(citation)
        if note:
            self.notes.append(note)
        if kind is not None and kind not in self.kinds:
            self.kinds.append(kind)

    def ruling(
        self, action: BetAction, to: int = 0, put_out: int = 0, complete_to: int | None = None
    ) -> Ruling:
        """``put_out``: the chips the action left in front of the seat beyond its counted bet; a
        surplus over what the ruling adds is returned, a shortfall must be completed."""
        sit = self.sit
        if action in (BetAction.CHECK, BetAction.FOLD):
            to = sit.own_bet
        all_in = action not in (BetAction.CHECK, BetAction.FOLD) and to >= sit.all_in_to
        to = min(to, sit.all_in_to)
        adds = max(0, to - sit.own_bet)
        returned = max(0, put_out - adds) if put_out else 0
        if put_out and action not in (BetAction.CHECK, BetAction.FOLD):
            complete_to = None if put_out >= adds else (complete_to or to)
        if complete_to is not None:
            complete_to = min(complete_to, sit.all_in_to)
        if not self.declared and action is not BetAction.FOLD:
            self.notes.append("no declaration seen")
        return Ruling(
            seat=sit.seat,
            action=action,
            to=to,
            adds=adds,
            returned=returned,
            all_in=all_in,
            must_complete_to=complete_to,
            floor_discretion=self.discretion,
            declaration_seen=self.declared,
            explanation="; ".join(self.notes),
            citations=tuple(self.cites),
            alert_kinds=tuple(self.kinds),
        )


def judge(
    sit: Situation, profile: HouseProfile, chips: ChipAction | None, said: Declaration | None
) -> Ruling | Pending:
    """Rule on one seat's action. ``chips`` and ``said`` may each be ``None`` but not both."""
    if chips is None and said is None:
        raise ValueError("judge needs a chip action, a declaration, or both")
    rules = profile.rules
    governs = said is not None and (
        said.before_chips or chips is None or rules.verbal_precedence.value == "verbal_prevails"
    )
    d = _Draft(sit, profile, [], [], [], declared=governs)
    if said is not None and not governs:
        d.cite("verbal_precedence", f"'{said.what}' came after the chips landed: the chips define the bet")
    elif said is not None and chips is not None and not said.before_chips:
        d.cite(
            "verbal_precedence",
            f"'{said.what}' came after the chips landed: the verbal statement in turn takes precedence",
        )
    pushes = chips.pushes if chips is not None else ()
    if chips is not None and _is_string_bet(chips, profile) and not governs:
        pushes = pushes[:1]
        d.cite(
            "string_bet_definition",
            f"string bet: {chips.motions} motions"
            + (" with a return to the stack" if chips.returned_to_stack else "")
            + f"; only the first motion ({sum(pushes[0]):,}) counts",
            AlertKind.STRING_BET,
        )
    if chips is not None and chips.non_value_items:
        if not any(pushes):  # no chip of value in any motion (a motion of unread chips has none)
            return _non_value_items_only(d)
        d.cite("non_value_items", "non-value items (bounty chips) pushed with the bet do not count", None)
    if governs and said is not None:
        return _declared(d, said, chips, pushes)
    assert chips is not None
    if not chips.counted:
        return _uncounted(d, chips, pushes)
    return _silent(d, chips, pushes)


# ----- chips the camera could not count -------------------------------------------------------


_PRIOR_MOVED = {
    PriorChips.PULLED_BACK: "prior-bet chips pulled back: the new chips alone are the bet",
    PriorChips.PARTLY_PULLED_BACK: "prior-bet chips partly pulled back: the rest and the new are one bet",
    PriorChips.COMBINED: "prior and new chips pushed forward together: one multi-chip bet",
}


def _uncounted(d: _Draft, action: ChipAction, pushes: tuple[tuple[int, ...], ...]) -> Ruling:
    """Chips that landed but that the camera could not count (``ChipAction.counted`` is False): the
    seat acted, for at least the chips it could value, one per stack. No rule that needs the amount
    (undercall, oversized chip, multi-chip, raise standard) is applied, so no alert comes of it: a
    call facing a bet, unless more than one stack is seen and even their top chips make a full raise;
    a bet when there is none to face. The dealer's count settles the amount. What became of the
    earlier bet (pulled back, combined with the new chips) needs no amount: it is cited."""
    sit = d.sit
    new = [c for push in pushes for c in push]
    misread = [c for c in new if c > sit.stack]  # one chip worth more than the seat has: read wrong
    new = [c for c in new if c <= sit.stack]
    at_least = sit.own_bet + sum(new)  # the seat's bet so far stays in (or came back with the new chips)
    # chips still in the seat's stack zone, yet the top chips read as all it had: the largest are read
    # wrong (seed + 41000 bluff_street_37: a black 100 on blue felt read as a blue 25,000, an "all-in")
    while action.stack_left and new and at_least >= sit.all_in_to:
        misread.append(new.pop(new.index(max(new))))
        at_least = sit.own_bet + sum(new)
    seen = f"{sum(new):,} seen" if new else "no chip value read"
    d.notes.append(f"chips not counted by the camera ({seen}, one chip a stack): the amount is the dealer's")
    moved = _PRIOR_MOVED.get(action.prior)
    # what the earlier bet did needs no amount; a posted blind "moved" under the hand that adds to it is
    # the camera's doubt, not a ruling (seed + 20000: the small blind's completion, three false alerts)
    if moved and (sit.prior_chips or sit.own_bet) and not sit.prior_posted:
        d.cite("prior_chips_partial_is_multi_chip", moved, AlertKind.PRIOR_CHIPS)
    if misread:
        why = "chips still show in its stack zone" if action.stack_left else f"the seat has {sit.stack:,}"
        d.notes.append(f"a {max(misread):,} chip read, but {why}: misread, left out")
    if at_least >= sit.all_in_to:
        d.notes.append("at least all the seat's chips: all-in")
        return _all_in(d, 0)
    if action.all_in:
        d.notes.append("no chips left in the seat's stack zone: all-in")
        return _all_in(d, 0)
    if sit.uncounted_as == "all_in":
        d.notes.append("taken as all the seat's chips, since the play that followed fits an all-in")
        return _all_in(d, 0)
    if not sit.facing_bet:
        d.notes.append("no bet to face: a bet, at least the minimum")
        return d.ruling(_raise_or_bet(sit), max(at_least, sit.min_raise_to))
    # top chips that make a full raise say "raise" only against a bet known to the chip: after
    # uncounted chips on this street the bet faced may be larger than its minimum (seed + 7000
    # clean_check_raise_showdown: a call of 1,600 topped 1,025, over a raise read as the minimum 400)
    if len(new) > 1 and at_least >= sit.min_raise_to and sit.may_raise and not sit.amounts_uncertain:
        d.notes.append(f"stacks worth at least {at_least:,} facing {sit.current_bet:,}: a raise")
        return d.ruling(BetAction.RAISE, at_least)
    if sit.uncounted_as == "raise" and sit.may_raise:
        d.notes.append(
            f"facing {sit.current_bet:,}: taken as a raise, at least the minimum, since the action that "
            "followed fits a raise and not a call"
        )
        return d.ruling(BetAction.RAISE, max(at_least, sit.min_raise_to))
    d.notes.append(f"facing {sit.current_bet:,}: taken as a call")
    return d.ruling(BetAction.CALL, sit.current_bet)


# ----- silent chips --------------------------------------------------------------------------


def _silent(d: _Draft, action: ChipAction, pushes: tuple[tuple[int, ...], ...]) -> Ruling:
    sit = d.sit
    new = [c for push in pushes for c in push]
    chips, base, overchip_is_call = _chips_in_play(d, action, new)
    total = base + sum(chips)
    physical = _put_out(sit, action)
    if not sit.facing_bet:
        return _opening(d, chips, total, physical)
    if len(chips) == 1 and overchip_is_call and total >= sit.current_bet:
        if total > sit.current_bet:
            d.cite(
                "oversized_chip_facing_bet_is_call",
                f"single {chips[0]:,} chip facing {sit.current_bet:,}: a call unless raise was declared "
                "before the chip landed",
                AlertKind.OVERSIZED_CHIP,
            )
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    if total < sit.current_bet:
        return _short(d, total, physical)
    return _multi_chip(d, chips, total, physical)


def _chips_in_play(d: _Draft, action: ChipAction, new: list[int]) -> tuple[list[int], int, bool]:
    """Which chips the multi-chip rules look at, the amount already counted under them, and
    whether a single new chip may be an overchip call (the prior-bet-chips rules)."""
    sit = d.sit
    prior = list(sit.prior_chips) or ([sit.own_bet] if sit.own_bet else [])
    covers = sum(prior) >= sit.current_bet and sit.current_bet > 0
    mode = action.prior
    if mode is PriorChips.NONE or not prior:
        return new, sit.own_bet, True
    if mode is PriorChips.LEFT:
        if covers:
            d.cite(
                "prior_chips_partial_is_multi_chip", "prior-bet chips cover the call: all chips are one bet"
            )
            _tag(d, AlertKind.PRIOR_CHIPS)
            return prior + new, 0, False
        return new, sit.own_bet, True
    if mode is PriorChips.PULLED_BACK:
        d.cite("prior_chips_partial_is_multi_chip", "prior-bet chips pulled back: the new chips are the bet")
        _tag(d, AlertKind.PRIOR_CHIPS)
        return new, 0, not covers
    if mode is PriorChips.PARTLY_PULLED_BACK:
        left = list(prior)
        for chip in action.prior_pulled_back:
            if chip in left:
                left.remove(chip)
        d.cite("prior_chips_partial_is_multi_chip", "prior-bet chips partly pulled back: one multi-chip bet")
        _tag(d, AlertKind.PRIOR_CHIPS)
        return left + new, 0, False
    d.cite(
        "prior_chips_partial_is_multi_chip", "prior and new chips pushed forward together: one multi-chip bet"
    )
    _tag(d, AlertKind.PRIOR_CHIPS)
    return prior + new, 0, False


def _opening(d: _Draft, chips: list[int], total: int, physical: int) -> Ruling:
    """Chips put out when not facing a bet: a bet (or a raise of the big blind's own option)."""
    sit = d.sit
    if total <= sit.own_bet:
        return d.ruling(BetAction.CHECK, put_out=physical)
    if len(chips) == 1 and sit.current_bet == 0:
        d.cite(
            "oversized_chip_opening_is_bet_of_chip",
            f"single {chips[0]:,} chip, no bet to face: a bet of the chip",
        )
    action = BetAction.RAISE if sit.current_bet else BetAction.BET
    return _limit_raise(d, action, total, physical)


def _short(d: _Draft, total: int, physical: int) -> Ruling:
    """Chips that do not reach the call: all-in for less, a tiny chip, or an undercall."""
    sit = d.sit
    rules = d.profile.rules
    if total >= sit.all_in_to:
        return d.ruling(BetAction.CALL, sit.all_in_to, physical)
    added = total - sit.own_bet
    if added < rules.tiny_chip_fraction.value * sit.to_call:
        d.discretion = True
        d.cite(
            "tiny_chip_fraction",
            f"{added:,} silently facing {sit.to_call:,} to call is tiny: "
            "floor's discretion, may be ruled a full call",
            AlertKind.TINY_CHIP,
        )
        return d.ruling(BetAction.CALL, sit.current_bet, physical, complete_to=sit.current_bet)
    policy = rules.undercall.value
    mandatory = (
        policy is not UndercallPolicy.HEADS_UP_OR_OPENING_BET or sit.heads_up or sit.facing_opening_bet
    )
    d.discretion = not mandatory or policy in (
        UndercallPolicy.MANDATORY_FOLD_AT_DISCRETION,
        UndercallPolicy.COMPLETE_OR_FORFEIT,
    )
    why = {
        UndercallPolicy.HEADS_UP_OR_OPENING_BET: "a mandatory full call"
        if mandatory
        else "floor's discretion: full call, or forfeit the chips and fold",
        UndercallPolicy.MANDATORY_FOLD_AT_DISCRETION: (
            "must complete the call; floor may allow a fold forfeiting the chips"
        ),
        UndercallPolicy.COMPLETE_OR_FORFEIT: "complete the call or forfeit the chips and fold",
        UndercallPolicy.ALWAYS_CORRECTED: "the call is corrected to the full amount",
    }[policy]
    d.cite("undercall", f"undercall: {total:,} facing {sit.current_bet:,}: {why}", AlertKind.UNDERCALL)
    return d.ruling(BetAction.CALL, sit.current_bet, physical, complete_to=sit.current_bet)


def _multi_chip(d: _Draft, chips: list[int], total: int, physical: int) -> Ruling:
    """Chips reaching the call: the every-chip-needed test, then the raise standard."""
    sit = d.sit
    rules = d.profile.rules
    every_chip = rules.multi_chip_standard.value is MultiChipStandard.EVERY_CHIP_NEEDED
    if every_chip and len(chips) > 1 and total - min(chips) < sit.current_bet:
        if total > sit.current_bet:
            d.cite(
                "multi_chip_standard",
                f"{len(chips)} chips totalling {total:,} facing {sit.current_bet:,}: "
                "every chip is needed, a call",
                AlertKind.MULTI_CHIP_BET,
            )
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    if total == sit.current_bet:
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    several = len(chips) > 1
    if several:
        d.cite(
            "multi_chip_standard",
            f"{len(chips)} chips totalling {total:,} facing {sit.current_bet:,}: "
            + ("not every chip is needed to call, " if every_chip else "")
            + "judged by the raise standard",
        )
    if total >= sit.all_in_to and rules.last_chips_are_all_in.value:
        d.cite("last_chips_are_all_in", f"last chips ({total:,}) put out: an all-in bet")
        return _limit_raise(d, BetAction.RAISE, total, physical)
    increment = total - sit.current_bet
    if increment >= sit.last_raise:
        if several:
            d.cite("overbet_for_change_counts", "every chip pushed out silently counts in the bet")
        return _limit_raise(d, BetAction.RAISE, total, physical)
    threshold = rules.raise_threshold.value
    if increment >= threshold * sit.last_raise:
        kind = AlertKind.OVERBET_FOR_CHANGE if len(set(chips)) > 1 else AlertKind.UNDER_RAISE
        if kind is AlertKind.OVERBET_FOR_CHANGE:
            d.cite("overbet_for_change_counts", "chips pushed silently count in the bet, change is not given")
        d.cite(
            "raise_threshold",
            f"{total:,} is a raise of {increment:,}, at least {threshold:.0%} of the last raise "
            f"{sit.last_raise:,}: must complete to {sit.min_raise_to:,}",
            kind,
        )
        return _limit_raise(d, BetAction.RAISE, total, physical)
    d.cite(
        "raise_threshold",
        f"{total:,} is a raise of {increment:,}, under {threshold:.0%} of the last raise "
        f"{sit.last_raise:,}: a call",
        AlertKind.MULTI_CHIP_BET,
    )
    return d.ruling(BetAction.CALL, sit.current_bet, physical)


# ----- declarations ----------------------------------------------------------------------------


def _declared(
    d: _Draft, said: Declaration, chips: ChipAction | None, pushes: tuple[tuple[int, ...], ...]
) -> Ruling | Pending:
    sit = d.sit
    what = said.what
    new = [c for push in pushes for c in push]
    physical = _put_out(sit, chips)
    if what is DeclarationKind.FOLD:
        if not sit.facing_bet and sit.amounts_uncertain:
            d.notes.append("chips not counted on this street: the bet faced may have been larger")
        elif not sit.facing_bet:
            d.cite(
                "fold_not_facing_bet_binding",
                "fold when not facing a bet: binding",
                AlertKind.NON_STANDARD_FOLD,
            )
        return d.ruling(BetAction.FOLD)
    if what is DeclarationKind.CHECK:
        if not sit.facing_bet:
            return d.ruling(BetAction.CHECK, put_out=physical)
        d.cite(
            "invalid_declarations",
            "'check' facing a bet: may call or fold, not raise",
            AlertKind.INVALID_DECLARATION,
        )
        if chips is None:
            return _pending(d, min_to=None, may_raise=False)
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    if what is DeclarationKind.CALL:
        if not sit.facing_bet:
            d.cite(
                "invalid_declarations", "'call' with no bet to call is a check", AlertKind.INVALID_DECLARATION
            )
            return d.ruling(BetAction.CHECK, put_out=physical)
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    if what is DeclarationKind.ALL_IN:
        return _all_in(d, physical)
    if what is DeclarationKind.POT:
        if sit.game in (Game.PLHE, Game.PLO):
            return _limit_raise(d, _raise_or_bet(sit), sit.max_raise_to, physical)
        d.cite(
            "bet_the_pot_in_no_limit",
            "'I bet the pot' is not a valid bet in this game: it binds a minimum bet or raise",
            AlertKind.INVALID_DECLARATION,
        )
        least = sit.min_raise_to
        if chips is None:
            return _pending(d, min_to=least)
        return _limit_raise(d, _raise_or_bet(sit), max(least, sit.own_bet + physical), physical)
    if what is DeclarationKind.AMOUNT:
        assert said.amount is not None
        amount = _resolve_ambiguous(d, said.amount)
        added = amount - sit.own_bet if amount > sit.own_bet and not new else amount
        d.notes.append(f"declared amount {amount:,} counts as chips pushed silently")
        d.declared = True
        return _silent_amount(d, added, physical)
    # BET or RAISE, with or without an amount
    if not sit.facing_bet and what is DeclarationKind.RAISE and sit.current_bet == 0:
        d.cite("invalid_declarations", "'raise' with no bet to face binds at least a minimum bet", None)
    if said.amount is not None:
        target = said.amount
    elif chips is not None and not chips.counted:
        d.notes.append("raise declared, chips not counted by the camera: at least the minimum raise")
        target = max(sit.min_raise_to, sit.own_bet + sum(new))
    elif chips is not None:
        overchip = len(new) == 1 and (chips.prior in (PriorChips.NONE, PriorChips.LEFT))
        target = sit.own_bet + physical
        if overchip and sit.facing_bet:
            d.cite(
                "oversized_chip_declared_raise",
                f"raise declared before the {new[0]:,} chip landed, no amount: the most the chip allows",
                AlertKind.OVERSIZED_CHIP,
            )
    else:
        return _pending(d, min_to=sit.min_raise_to)
    return _limit_raise(d, _raise_or_bet(sit), target, physical)


def _silent_amount(d: _Draft, added: int, put_out: int) -> Ruling:
    """A declared amount only: judged as the same chips pushed silently, without the chip tests."""
    sit = d.sit
    total = sit.own_bet + added
    if not sit.facing_bet:
        return _opening(d, [], total, put_out)
    if total < sit.current_bet:
        return _short(d, total, put_out)
    return _multi_chip(d, [added], total, put_out)


def _resolve_ambiguous(d: _Draft, amount: int) -> int:
    """'Five' with blinds 200-400 means 500 or 5,000: the largest reading within the pot."""
    sit = d.sit
    if amount >= sit.big_blind or not d.profile.rules.ambiguous_amount_largest_within_pot.value:
        return amount
    readings = [amount * 10**k for k in range(1, 8) if sit.big_blind <= amount * 10**k <= sit.all_in_to]
    if not readings:
        return amount
    within = [r for r in readings if r <= sit.pot]
    chosen = max(within) if within else min(readings)
    d.cite(
        "ambiguous_amount_largest_within_pot",
        f"'{amount}' can mean {' or '.join(f'{r:,}' for r in readings)}; "
        f"pot is {sit.pot:,}: ruled {chosen:,}",
        AlertKind.AMBIGUOUS_AMOUNT,
    )
    return chosen


# ----- limits ----------------------------------------------------------------------------------


def _limit_raise(d: _Draft, action: BetAction, to: int, physical: int) -> Ruling:
    """Apply re-opening, minimum raise, all-in and pot-limit bounds to a bet or raise to ``to``."""
    sit = d.sit
    if action is BetAction.RAISE and sit.facing_bet and not sit.may_raise:
        d.cite(
            "short_all_in_reopen",
            "the betting was not re-opened to this seat (short all-in): it may only call or fold",
            AlertKind.SHORT_ALL_IN,
        )
        return d.ruling(BetAction.CALL, sit.current_bet, physical)
    if to >= sit.all_in_to:
        # min_raise_to is capped at the stack; a full raise is the last full bet or raise on top
        if sit.current_bet < sit.all_in_to < sit.current_bet + sit.last_raise:
            d.cite("short_all_in_reopen", "all-in for less than a full raise: does not re-open the betting")
            _tag(d, AlertKind.SHORT_ALL_IN)
        return d.ruling(action, sit.all_in_to, physical)
    if sit.game in (Game.PLHE, Game.PLO) and to > sit.max_raise_to:
        d.cite(
            "pot_limit_overbet_reduced",
            f"{to:,} exceeds the pot limit {sit.max_raise_to:,}: reduced, surplus returned",
            AlertKind.POT_LIMIT_OVERBET,
        )
        return d.ruling(action, sit.max_raise_to, physical)
    if sit.game is Game.FLHE:
        return d.ruling(action, sit.min_raise_to, physical)
    if to < sit.min_raise_to:
        d.cite(
            "under_raise_corrected_on_street",
            f"{to:,} is below the minimum {'raise' if sit.current_bet else 'bet'} {sit.min_raise_to:,}: "
            "must be completed",
            AlertKind.UNDER_RAISE,
        )
        return d.ruling(action, sit.min_raise_to, physical, complete_to=sit.min_raise_to)
    return d.ruling(action, to, physical)


def _put_out(sit: Situation, action: ChipAction | None) -> int:
    """What the chip action leaves in front of the seat beyond its counted bet: new chips plus the
    prior-bet chips still out, less the bet already counted (pulled-back chips go to the stack)."""
    if action is None or not action.counted:  # chips not counted: nothing to return or complete
        return 0
    prior = sum(sit.prior_chips) if sit.prior_chips else sit.own_bet
    if action.prior is PriorChips.PULLED_BACK:
        prior = 0
    elif action.prior is PriorChips.PARTLY_PULLED_BACK:
        prior -= sum(action.prior_pulled_back)
    return max(0, prior + action.amount - sit.own_bet)


def _all_in(d: _Draft, physical: int) -> Ruling:
    """All the seat's chips: a call when they do not exceed the bet faced, else a bet or raise."""
    sit = d.sit
    if sit.facing_bet and sit.all_in_to <= sit.current_bet:
        return d.ruling(BetAction.CALL, sit.all_in_to, physical)
    return _limit_raise(d, _raise_or_bet(sit), sit.all_in_to, physical)


def _raise_or_bet(sit: Situation) -> BetAction:
    return BetAction.RAISE if sit.current_bet else BetAction.BET


def _is_string_bet(chips: ChipAction, profile: HouseProfile) -> bool:
    if chips.motions < 2:
        return False
    if profile.rules.string_bet_definition.value is StringBetDefinition.MULTIPLE_MOTIONS:
        return True
    return chips.returned_to_stack


def _non_value_items_only(d: _Draft) -> Ruling:
    """Only bounty chips / tokens pushed: no chips of value, so whatever is ruled must be put in."""
    policy = d.profile.rules.non_value_items.value
    d.discretion = True
    sit = d.sit
    if policy is NonValueItemPolicy.NOT_LIVE_MAY_BE_ALL_IN:
        d.cite(
            "non_value_items",
            "only a bounty chip pushed: it has no value, but may be ruled all-in",
            AlertKind.NON_VALUE_ITEM,
        )
        all_in = _all_in(d, 0)
        return replace(all_in, must_complete_to=all_in.to)
    if policy is NonValueItemPolicy.NOT_ALLOWED:
        note = "only a non-tournament item pushed: not allowed on the table and no wager; floor's discretion"
    else:
        note = "only a non-value item (bounty chip) pushed: floor's discretion, call or all-in"
    d.cite(
        "non_value_items",
        note + ("; ruled a call" if sit.facing_bet else "; ruled a check"),
        AlertKind.NON_VALUE_ITEM,
    )
    if not sit.facing_bet:
        return d.ruling(BetAction.CHECK)
    return d.ruling(BetAction.CALL, sit.current_bet, complete_to=sit.current_bet)


def _pending(d: _Draft, min_to: int | None, may_raise: bool = True) -> Pending:
    return Pending(
        seat=d.sit.seat,
        explanation="; ".join(d.notes) or "declaration recorded; waiting for the chips",
        min_to=min_to,
        may_raise=may_raise,
        citations=tuple(d.cites),
        alert_kinds=tuple(d.kinds),
    )


def _tag(d: _Draft, kind: AlertKind) -> None:
    if kind not in d.kinds:
        d.kinds.append(kind)


def with_declaration_limits(sit: Situation, pending: Pending | None) -> Situation:
    """A pending 'check' facing a bet removes the option to raise."""
    if pending is not None and not pending.may_raise:
        return replace(sit, may_raise=False)
    return sit

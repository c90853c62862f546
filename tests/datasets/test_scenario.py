"""Scenario files: the shorthand, the mapping forms, variants, and errors that name file, line, field."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.sim.scenario import ScenarioError, load_scenarios, read_scenario_file
from datasets.sim.step_text import normalize_step, parse_shorthand
from datasets.sim.steps import StepError

HEADER = """\
version: 1
description: a small hand
profile: tda
blinds: [100, 200]
button: 3
seats: {1: 20000, 2: 20000, 3: 20000}
"""


def write(tmp_path: Path, body: str, name: str = "hand.yaml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def scenario_text(steps: str, extra: str = "", expect: str = "[]") -> str:
    return HEADER + extra + "hand:\n" + steps + f"expect_alerts: {expect}\n"


@pytest.mark.parametrize(
    ("line", "step"),
    [
        ("post blinds", {"do": "post_blinds"}),
        ("deal", {"do": "deal"}),
        ("seat 3 pushes [1000, 1000]", {"do": "push", "seat": 3, "pushes": [[1000, 1000]], "returns": False}),
        (
            "seat 5 pushes [500] then returns to stack then pushes [500]",
            {"do": "push", "seat": 5, "pushes": [[500], [500]], "returns": True},
        ),
        (
            "seat 5 pushes [1k] then pushes [500]",
            {"do": "push", "seat": 5, "pushes": [[1000], [500]], "returns": False},
        ),
        ("seat 2 drops [5000]", {"do": "push", "seat": 2, "pushes": [[5000]], "toss": True}),
        ("seat 2 pushes protector", {"do": "push", "seat": 2, "items": 1}),
        ("seat 4 says raise 5000", {"do": "declare", "seat": 4, "what": "raise", "amount": 5000}),
        ("seat 4 says all in", {"do": "declare", "seat": 4, "what": "all_in"}),
        ("seat 4 says 5", {"do": "declare", "seat": 4, "what": "amount", "amount": 5}),
        ("seat 6 checks", {"do": "check", "seat": 6}),
        ("seat 6 folds face up", {"do": "fold", "seat": 6, "face_up": True}),
        ("seat 1 raises to 1,200", {"do": "raise", "seat": 1, "to": 1200}),
        ("seat 1 goes all in", {"do": "all_in", "seat": 1}),
        ("seat 7 places a phone", {"do": "place", "seat": 7, "what": "phone"}),
        ("seat 7 places second protector", {"do": "place", "seat": 7, "what": "protector"}),
        ("seat 7 puts a cup on the table", {"do": "place", "seat": 7, "what": "drink_open"}),
        ("seat 3 holds cards below the rail", {"do": "hide_cards", "seat": 3}),
        ("seat 3 pockets [5000]", {"do": "pocket_chips", "seat": 3, "chips": [5000]}),
        ("seat 3 leaves the table", {"do": "leave", "seat": 3}),
        ("seat 3 comes back", {"do": "come_back", "seat": 3}),
        ("seat 3 exposes card 2", {"do": "expose", "seat": 3, "card": 2}),
        ("flop Kd 7s 2c", {"do": "flop", "cards": ["Kd", "7s", "2c"]}),
        ("four card flop", {"do": "flop", "count": 4, "cards": []}),
        ("take back the turn", {"do": "take_back", "count": 1}),
        ("clock on seat 4", {"do": "clock", "seat": 4}),
        ("wait 27", {"do": "wait", "seconds": 27.0}),
        ("push pot to seat 2", {"do": "push_pot", "to": 2}),
        ("dealer pulls in the bets", {"do": "pull_in"}),
    ],
)
def test_shorthand_reads_as_the_step(line: str, step: dict[str, object]) -> None:
    assert parse_shorthand(line) == step


@pytest.mark.parametrize(
    ("raw", "step"),
    [
        ({"check": 3}, {"do": "check", "seat": 3}),
        ({"wait": 5}, {"do": "wait", "seconds": 5}),
        ({"flop": ["Kd", "7s", "2c"]}, {"do": "flop", "cards": ["Kd", "7s", "2c"]}),
        (
            {"declare": {"seat": 4, "raise": 5000}},
            {"do": "declare", "seat": 4, "what": "raise", "amount": 5000},
        ),
        ({"declare": {"seat": 4, "call": True}}, {"do": "declare", "seat": 4, "what": "call"}),
        ({"Push Pot": None}, {"do": "push_pot"}),
    ],
)
def test_mapping_steps_and_their_sugar(raw: dict[str, object], step: dict[str, object]) -> None:
    assert normalize_step(raw) == step


def test_deal_options_take_one_seat_or_a_list_and_the_long_names(tmp_path: Path) -> None:
    steps = "  - deal: {skip_seat: 1, extra_card_to: 7, boxed: {seat: 2, round: 2}, expose: [3]}\n"
    deal = load_scenarios(write(tmp_path, scenario_text(steps)))[0].hand[0]
    assert deal.do == "deal"
    assert (deal.skip, deal.extra_to, deal.boxed[0].round, deal.expose[0].seat) == ([1], [7], 2, 3)


def test_unreadable_shorthand_says_how_to_write_it() -> None:
    with pytest.raises(StepError, match=r"write e\.g\. 'seat 3 pushes"):
        parse_shorthand("seat 3 push 1000")


def test_a_scenario_with_variants_rotates_seats_and_restages(tmp_path: Path) -> None:
    steps = "  - post blinds\n  - deal: {expose: [{seat: 2, round: 2}], skip: [1]}\n  - seat 3 folds\n"
    extra = "variants:\n  - {name: turned, rotate: 8, camera: oblique, chipset: casino, seed: 4}\n"
    base, turned = load_scenarios(write(tmp_path, scenario_text(steps) + extra))
    assert base.name == "hand" and turned.name == "hand-turned"
    assert sorted(turned.seats) == [1, 9, 10] and turned.button == 1
    deal = turned.hand[1]
    assert deal.expose[0].seat == 10 and deal.expose[0].round == 2 and deal.skip == [9]
    assert turned.hand[2].seat == 1
    assert (turned.camera.view, turned.chipset, turned.seed) == ("oblique", "casino", 4)
    assert base.camera.view == "overhead" and base.hand[1].line == 9


@pytest.mark.parametrize(
    ("body", "line", "needle"),
    [
        (scenario_text("  - post blinds\n  - seat 3 pushs [1000]\n"), 9, "field 'hand.1': cannot read step"),
        (scenario_text("  - post blinds\n  - seat 4 checks\n"), 9, "seat 4 is not at the table"),
        (
            scenario_text("  - post blinds\n  - seat 3 pushes [2000]\n"),
            9,
            "no 2,000 chip in the tournament set",
        ),
        (scenario_text("  - post blinds\n  - flop: {cards: [Kd, 7x, 2c]}\n"), 9, "hand.1.flop.cards.1"),
        (scenario_text("  - post blinds\n  - check: {seat: 3, loud: true}\n"), 9, "loud"),
        (scenario_text("  - deal\n", extra="camera: {view: fisheye}\n"), 7, "camera.view"),
        (scenario_text("  - deal\n", extra="chipset: plastic\n"), 7, "unknown chip set 'plastic'"),
        (scenario_text("  - deal\n").replace("profile: tda", "profile: vegas"), 3, "unknown profile 'vegas'"),
        (
            scenario_text("  - deal\n").replace("button: 3", "button: 4"),
            5,
            "field 'button': seat 4 is not one",
        ),
        (
            scenario_text("  - deal\n").replace("1: 20000,", "1: 20010,"),
            6,
            "not a multiple of the tournament set's 25",
        ),
        (scenario_text("  - deal\n", expect="[phone_on_table]"), 9, "expect_alerts.0"),
        (scenario_text("  - deal\n") + "colour: red\n", 10, "colour"),
        (scenario_text("  - deal\n", extra="table: {style: {felt: red}}\n"), 7, "field 'table.style.felt'"),
        (
            scenario_text("  - seat 2 calls\n"),
            8,
            "seat 2 has nothing to call (the bet is 200; it is seat 3's turn)",
        ),
        (scenario_text("  - deal\n  - seat 3 pushes protector\n"), 9, "has no card protector out"),
    ],
)
def test_errors_name_the_file_line_field_and_reason(
    tmp_path: Path, body: str, line: int, needle: str
) -> None:
    path = write(tmp_path, body)
    with pytest.raises(ScenarioError) as info:
        from datasets.sim.script import compile_scenario

        for scn in load_scenarios(path):
            compile_scenario(scn)
    message = str(info.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert needle in message


def test_not_yaml_and_missing_files_are_errors_too(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"hand.yaml:\d+: not valid YAML"):
        read_scenario_file(write(tmp_path, "version: 1\nseats: [1, 2\n"))
    with pytest.raises(ScenarioError, match="no such scenario file"):
        read_scenario_file(tmp_path / "missing.yaml")


def test_variant_errors_say_which_variant(tmp_path: Path) -> None:
    steps = "  - post blinds\n  - deal\n  - seat 3 pushes [5000]\n"
    extra = "variants:\n  - {name: small-chips, chipset: pokevisor}\n"
    with pytest.raises(
        ScenarioError, match=r"hand.yaml:10: .*no 5,000 chip in the pokevisor set.*small-chips"
    ):
        load_scenarios(write(tmp_path, scenario_text(steps) + extra))


def test_the_example_in_the_library_readme_compiles_and_judges_as_it_says(tmp_path: Path) -> None:
    from datasets.sim.library import SCENARIOS_DIR, verify

    text = (SCENARIOS_DIR / "README.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    scenarios = load_scenarios(write(tmp_path, example, "readme.yaml"))
    assert [s.name for s in scenarios] == ["readme", "readme-oblique-casino", "readme-playlive"]
    for scn in scenarios:
        verdict = verify(scn)
        assert verdict.ok, verdict.explain()

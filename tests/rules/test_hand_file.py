"""Hand files: a malformed file fails with the file, the line, the field and the reason."""

from pathlib import Path

import pytest

from rules.hand_file import HandFileError, load_hand

EXAMPLES = sorted((Path(__file__).parents[2] / "rules/examples").glob("*.yaml"))

HEAD = """version: 1
game: nlhe
blinds: [100, 200]
button: 1
seats:
  - {seat: 1, stack: 5000}
  - {seat: 2, stack: 5000}
events:
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_shipped_examples_load(path):
    hand = load_hand(path)
    assert hand.events and hand.setup.hand_id


def test_bad_event_names_the_line_and_field(tmp_path):
    path = write(
        tmp_path, HEAD + "  - {t: 1, chip_action: {seat: 1, chips: [200]}}\n  - {t: 2, fold: {seet: 2}}\n"
    )
    with pytest.raises(HandFileError, match=r"hand\.yaml:10: events\[1\]: fold: unknown field 'seet'"):
        load_hand(path)


def test_unknown_seat_is_rejected(tmp_path):
    path = write(tmp_path, HEAD + "  - {t: 1, fold: {seat: 9}}\n")
    with pytest.raises(HandFileError, match=r":9: events\[0\]: seat 9 is not one of the seats \[1, 2\]"):
        load_hand(path)


def test_time_must_not_go_backwards(tmp_path):
    path = write(tmp_path, HEAD + "  - {t: 5, fold: {seat: 2}}\n  - {t: 4, fold: {seat: 1}}\n")
    with pytest.raises(HandFileError, match="goes back in time"):
        load_hand(path)


def test_bad_header_field(tmp_path):
    path = write(tmp_path, HEAD.replace("game: nlhe", "game: stud") + "  - {t: 1, fold: {seat: 2}}\n")
    with pytest.raises(HandFileError, match=r"hand\.yaml:1: field 'game'"):
        load_hand(path)


def test_bad_stack_names_the_seat_line(tmp_path):
    path = write(
        tmp_path,
        HEAD.replace("{seat: 2, stack: 5000}", "{seat: 2, stack: -5}") + "  - {t: 1, fold: {seat: 2}}\n",
    )
    with pytest.raises(HandFileError, match=r"hand\.yaml:7: field 'seats\.1\.stack'"):
        load_hand(path)


def test_button_must_be_a_seat(tmp_path):
    path = write(tmp_path, HEAD.replace("button: 1", "button: 4") + "  - {t: 1, fold: {seat: 2}}\n")
    with pytest.raises(HandFileError, match="button seat 4 is not one of the seats"):
        load_hand(path)


def test_not_yaml_and_missing_file(tmp_path):
    with pytest.raises(HandFileError, match="no such hand file"):
        load_hand(tmp_path / "missing.yaml")
    with pytest.raises(HandFileError, match=r"hand\.yaml:\d+: not valid YAML"):
        load_hand(write(tmp_path, "version: 1\nseats: [\n"))
    with pytest.raises(HandFileError, match="must be a YAML mapping"):
        load_hand(write(tmp_path, "- 1\n- 2\n"))

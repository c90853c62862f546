"""House profiles: every house loads, inherits the TDA baseline where silent, and bad files fail clearly."""

from pathlib import Path

import pytest

from rules.profile import (
    BASELINE_ID,
    HouseRules,
    ProfileError,
    ShortAllInReopen,
    available_profiles,
    load_profile,
)

HOUSES = ["bluff_street", "playlive", "cpa_2008", "general_dealing", "blasters"]


def test_every_rulebook_has_a_profile_and_the_baseline_exists():
    assert set(available_profiles()) == {BASELINE_ID, *HOUSES}


@pytest.mark.parametrize("house", HOUSES)
def test_house_inherits_only_what_it_is_silent_on(house):
    profile = load_profile(house)
    assert profile.inherits == BASELINE_ID
    own = [topic for topic, p in profile.rules if not p.inherited_from]
    inherited = [topic for topic, p in profile.rules if p.inherited_from]
    assert len(own) >= 20, "each house rulebook addresses most topics itself"
    for topic in inherited:
        param = getattr(profile.rules, topic)
        baseline = getattr(load_profile(BASELINE_ID).rules, topic)
        assert param.inherited_from == BASELINE_ID
        assert param.value == baseline.value and param.rule == baseline.rule


@pytest.mark.parametrize("house", HOUSES)
def test_every_parameter_cites_a_rule_with_an_excerpt(house):
    profile = load_profile(house)
    for topic in HouseRules.model_fields:
        citation = profile.cite(topic)
        assert citation.profile == house
        assert citation.rule.strip() and citation.excerpt.strip()


def test_citation_of_an_inherited_parameter_says_the_house_is_silent():
    profile = load_profile("general_dealing")
    topic = next(t for t, p in profile.rules if p.inherited_from)
    assert str(profile.cite(topic)).startswith("general_dealing: silent; tda ")


@pytest.mark.parametrize(
    ("house", "boxed", "reopen", "phone"),
    [
        ("bluff_street", 2, ShortAllInReopen.CUMULATIVE, "forbidden"),
        ("playlive", 5, ShortAllInReopen.CUMULATIVE, "forbidden"),
        ("cpa_2008", None, ShortAllInReopen.CUMULATIVE, "forbidden"),
        ("blasters", 3, ShortAllInReopen.NEVER_COMBINED, "allowed"),
    ],
)
def test_houses_disagree_on_boxed_cards_short_all_ins_and_phones(house, boxed, reopen, phone):
    rules = load_profile(house).rules
    assert rules.boxed_cards_for_misdeal.value == boxed
    assert rules.short_all_in_reopen.value is reopen
    assert rules.phone_on_table.value.value == phone


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "tda.yaml").write_text(
        (Path(__file__).parents[2] / "rules/profiles/tda.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    return path


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(ProfileError, match=r"unknown profile 'nope'.*bluff_street"):
        load_profile("nope")


def test_unknown_parameter_names_file_and_field(tmp_path):
    _write(
        tmp_path,
        "house",
        "version: 1\nid: house\nname: H\nsource: h.txt\ninherits: tda\nparameters:\n"
        "  clock_secs: {value: 30, rule: '9', excerpt: 'x'}\n",
    )
    with pytest.raises(
        ProfileError, match=r"house\.yaml: field 'parameters\.clock_secs': not a known rule parameter"
    ):
        load_profile("house", tmp_path)


def test_bad_value_names_the_field_and_reason(tmp_path):
    _write(
        tmp_path,
        "house",
        "version: 1\nid: house\nname: H\nsource: h.txt\ninherits: tda\nparameters:\n"
        "  short_all_in_reopen: {value: sometimes, rule: '9', excerpt: 'x'}\n",
    )
    with pytest.raises(ProfileError, match=r"field 'parameters\.short_all_in_reopen\.value'"):
        load_profile("house", tmp_path)


def test_missing_citation_is_an_error(tmp_path):
    _write(
        tmp_path,
        "house",
        "version: 1\nid: house\nname: H\nsource: h.txt\ninherits: tda\n"
        "parameters:\n  clock_seconds: {value: 30}\n",
    )
    with pytest.raises(ProfileError, match=r"parameters\.clock_seconds\.rule"):
        load_profile("house", tmp_path)


def test_a_profile_without_a_baseline_must_set_everything(tmp_path):
    _write(tmp_path, "house", "version: 1\nid: house\nname: H\nsource: h.txt\nparameters: {}\n")
    with pytest.raises(ProfileError, match="Field required"):
        load_profile("house", tmp_path)


def test_future_version_and_broken_yaml_are_rejected(tmp_path):
    _write(tmp_path, "house", "version: 9\nid: house\nname: H\nsource: h.txt\nparameters: {}\n")
    with pytest.raises(ProfileError, match="field 'version'"):
        load_profile("house", tmp_path)
    _write(tmp_path, "house", "version: 1\nid: [house\n")
    with pytest.raises(ProfileError, match=r"house\.yaml:\d+: not valid YAML"):
        load_profile("house", tmp_path)


def test_id_must_match_file_name(tmp_path):
    _write(
        tmp_path, "house", "version: 1\nid: other\nname: H\nsource: h.txt\ninherits: tda\nparameters: {}\n"
    )
    with pytest.raises(ProfileError, match="field 'id'"):
        load_profile("house", tmp_path)

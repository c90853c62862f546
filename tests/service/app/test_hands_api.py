"""Hands: list, timeline with hole cards hidden from the floor while live, PHH export, evidence zip."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from pokerkit import HandHistory

from rules.records import AlertKind
from service.app.auth import Role
from service.app.messages import alert_key
from tests.service.app.helpers import TABLE, Service, alert_message, judged_hand


def _audit(service: Service) -> list[tuple[str, str, str]]:
    return [(e["action"], e["user"], e["target"]) for e in service.get("/api/audit", Role.ADMIN).json()]


def _hole_cards_in_events(timeline: dict) -> list:  # type: ignore[type-arg]
    return [e["detail"].get("cards") for e in timeline["events"] if e["kind"] == "cards_dealt" and e["seat"]]


def test_live_hand_hides_hole_cards_from_the_floor(service: Service) -> None:
    service.ingest(("hand", TABLE, judged_hand(ended=False)))
    floor = service.get("/api/hands/1").json()
    assert floor["hand"]["hole_cards"] is None and floor["hand"]["hole_cards_hidden"] is True
    assert _hole_cards_in_events(floor) == [None] * 12
    assert floor["hand"]["board"] == ["Kd", "7s", "2c", "9h", "3s"]  # the board is public
    assert _audit(service) == []  # nothing to audit: no card identities went out
    admin = service.get("/api/hands/1", Role.ADMIN).json()
    assert admin["hand"]["hole_cards"] is None
    surveillance = service.get("/api/hands/1", Role.SURVEILLANCE).json()
    assert surveillance["hand"]["hole_cards"]["3"] == ["Ah", "Kh"]
    assert ["Ah"] in _hole_cards_in_events(surveillance)
    assert _audit(service) == [("view_cards", "surveillance-user", "hand:1")]


def test_ended_hand_shows_hole_cards_to_everyone_and_audits_it(service: Service) -> None:
    service.ingest(("hand", TABLE, judged_hand(ended=False)))
    service.ingest(("hand", TABLE, judged_hand(ended=True)))  # the same hand, now over
    floor = service.get("/api/hands/1").json()
    assert floor["hand"]["hole_cards"]["5"] == ["Qs", "Qd"] and floor["hand"]["ended_at"]
    assert _audit(service) == [("view_cards", "floor-user", "hand:1")]


def test_timeline_and_list(service: Service) -> None:
    service.ingest(alert_message(AlertKind.SHOWDOWN_ORDER, hand_id="clean-0001", t=53.0))
    service.ingest(("hand", TABLE, judged_hand()))
    service.ingest(("hand", TABLE, judged_hand(hand_id="clean-0002")))
    hands = service.get("/api/hands").json()
    assert [(h["hand_id"], h["alerts"]) for h in hands] == [("clean-0002", 0), ("clean-0001", 1)]
    assert [h["hand_id"] for h in service.get("/api/hands?limit=1&before_id=2").json()] == ["clean-0001"]
    assert service.get("/api/hands?table=nowhere").json() == []
    assert len(service.get("/api/hands?table=&limit=50").json()) == 2
    timeline = service.get("/api/hands/1").json()
    assert set(timeline) == {"hand", "events", "rulings", "alerts"}
    assert timeline["alerts"][0]["kind"] == "showdown_order"
    assert timeline["rulings"][0]["action"] == "raise" and timeline["rulings"][0]["seat"] == 3
    first = timeline["events"][0]
    assert (first["kind"], first["t"]) == ("hand_started", 0.0)
    assert service.get("/api/hands/99").status_code == 404


def test_phh_export_parses_back_with_pokerkit(service: Service) -> None:
    service.ingest(("hand", TABLE, judged_hand()))
    response = service.get("/api/hands/1/phh", Role.SURVEILLANCE)
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    history = HandHistory.loads(response.text)
    states = list(history)
    assert history.variant == "NT" and history.blinds_or_straddles[:2] == [200, 400]
    assert "d dh p3 AhKh" in history.actions and "p3 cbr 1000" in history.actions
    assert "d db Kd7s2c" in history.actions
    final = states[-1]
    assert not final.status  # the hand played out to the end
    assert list(final.stacks) == [23800, 30100, 26900, 27200, 10100, 40300]  # seat 3's aces-king won
    assert ("export", "surveillance-user", "hand:1") in _audit(service)


def test_phh_of_a_hand_without_setup_is_409(service: Service) -> None:
    service.ingest(alert_message(hand_id="h-x"))  # only a stub hand, made for the alert
    response = service.get("/api/hands/1/phh", Role.ADMIN)
    assert response.status_code == 409 and "setup" in response.json()["detail"]


def test_evidence_zip_holds_hand_json_and_the_clip(service: Service, tmp_path: Path) -> None:
    message = alert_message(AlertKind.SHOWDOWN_ORDER, hand_id="clean-0001", t=53.0)
    service.ingest(message)
    service.ingest(("hand", TABLE, judged_hand()))
    clip, thumb = tmp_path / "clip.mp4", tmp_path / "clip.jpg"
    clip.write_bytes(b"fake mp4 " * 100)
    thumb.write_bytes(b"\xff\xd8 fake jpeg")
    service.ingest(("clip", TABLE, alert_key(message[2]), str(clip)))  # the thumbnail beside it is found
    response = service.get("/api/hands/1/evidence", Role.SURVEILLANCE)
    assert response.status_code == 200 and response.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as zf:
        names = set(zf.namelist())
        assert {"hand.json", "hand.phh", "clips/alert-1.mp4", "clips/alert-1.jpg"} <= names
        assert zf.read("clips/alert-1.mp4") == clip.read_bytes()
        record = json.loads(zf.read("hand.json"))
    assert record["alerts"][0]["citations"][0]["rule"] == "43.a"
    assert record["events"] and record["rulings"] and record["missing"] == []
    assert ("export", "surveillance-user", "hand:1") in _audit(service)

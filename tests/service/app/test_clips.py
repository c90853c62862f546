"""Clips and thumbnails: served with Range support; 404 with a reason when there is none or it is gone."""

from __future__ import annotations

from pathlib import Path

from service.app.messages import alert_key
from tests.service.app.helpers import TABLE, Service, alert_message


def _alert_with_clip(service: Service, folder: Path, overlay: bool = False) -> Path:
    message = alert_message()
    service.ingest(message)
    clip = folder / "a1.mp4"
    clip.write_bytes(bytes(range(256)) * 40)
    (folder / "a1.jpg").write_bytes(b"\xff\xd8\xff jpeg")
    if overlay:
        (folder / "a1.overlay.mp4").write_bytes(b"overlay")
    service.ingest(("clip", TABLE, alert_key(message[2]), str(clip)))
    return clip


def test_clip_with_range(service: Service, tmp_path: Path) -> None:
    clip = _alert_with_clip(service, tmp_path)
    alert = service.get("/api/alerts").json()["items"][0]
    assert alert["clip_url"] == "/api/alerts/1/clip" and alert["thumb_url"] == "/api/alerts/1/thumb"
    whole = service.get("/api/alerts/1/clip")
    assert whole.status_code == 200 and whole.headers["content-type"] == "video/mp4"
    assert whole.content == clip.read_bytes() and whole.headers["accept-ranges"] == "bytes"
    part = service.get("/api/alerts/1/clip", headers={"Range": "bytes=100-199"})
    assert part.status_code == 206 and part.content == clip.read_bytes()[100:200]
    assert part.headers["content-range"] == f"bytes 100-199/{clip.stat().st_size}"
    thumb = service.get("/api/alerts/1/thumb")
    assert thumb.status_code == 200 and thumb.headers["content-type"] == "image/jpeg"


def test_overlay_clip(service: Service, tmp_path: Path) -> None:
    _alert_with_clip(service, tmp_path, overlay=True)
    assert service.get("/api/alerts/1/clip?overlay=1").content == b"overlay"
    assert service.get("/api/alerts/1/clip?overlay=2").status_code == 422


def test_missing_clip_says_why(service: Service, tmp_path: Path) -> None:
    service.ingest(alert_message())
    none_yet = service.get("/api/alerts/1/clip")
    assert none_yet.status_code == 404 and "no clip" in none_yet.json()["detail"]
    assert "no thumbnail" in service.get("/api/alerts/1/thumb").json()["detail"]
    clip = _alert_with_clip(service, tmp_path)  # the same alert again: its clip arrives
    assert "no overlay clip" in service.get("/api/alerts/1/clip?overlay=1").json()["detail"]
    clip.unlink()  # the retention sweep took it
    gone = service.get("/api/alerts/1/clip")
    assert gone.status_code == 404 and "is gone" in gone.json()["detail"]
    assert service.get("/api/alerts/7/clip").json()["detail"].startswith("no alert 7")

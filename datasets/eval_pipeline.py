"""Score the camera pipeline on rendered scenarios against their answer keys.

For each rendered folder (``video.mp4``, ``camera.yaml``, ``events.json``, ``alerts.json``,
``annotations.jsonl``) the pipeline runs on the video; what the dealer console would have typed
(declarations, clock calls) is fed in from the truth, since no camera sees words. Then:

- events: per kind, matched to the truth by kind and seat, nearest in time within ``EVENT_TOLERANCE``
  seconds: precision, recall, timing error (seen minus true, seconds); "exact" counts matched events
  whose details (chips pushed, cards, face up...) also agree;
- alerts: per kind, matched by kind and seat within ``ALERT_TOLERANCE``: precision, recall, timing;
  ruling accuracy (the matched alert's ruling text equals the answer key's); lag: how far into the
  video, after the true event ended, the frame was whose processing raised the alert (what a live
  camera adds to the pipeline's own processing delay before the floor sees it);
- false alarms per 100 clean hands: unmatched alerts in scenarios tagged ``clean``.

``perception="oracle"`` feeds the renderer's own boxes (scores the trackers, zones and analyzers
alone); ``"model"`` runs the shipped ONNX models (scores the whole chain).
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vision.camera_config import CameraConfig
from vision.event_codec import from_record, to_record
from vision.events import ClockCalled, DecisionTime, Declaration, Event
from vision.source import Frame, FrameSource

EVENT_TOLERANCE = 1.5  # seconds
ALERT_TOLERANCE = 3.0
CONSOLE = (Declaration, ClockCalled)  # typed at the console, never seen by the camera
UNSCORED = (DecisionTime,)  # shot-clock ticks: once a second by construction, not an observation


@dataclass(slots=True)
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    exact: int = 0
    dt: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)  # alerts: video seconds from the event's end to raising

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def summary(self) -> dict[str, Any]:
        p95 = _p95([abs(d) for d in self.dt])
        lag_p95 = _p95(self.lag)
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "exact": self.exact,
            "dt_mean": round(statistics.fmean(self.dt), 3) if self.dt else None,
            "abs_dt_p95": round(p95, 3) if p95 is not None else None,
            "lag_p95": round(lag_p95, 3) if lag_p95 is not None else None,
        }


def _p95(values: list[float]) -> float | None:
    ordered = sorted(values)
    return ordered[min(int(0.95 * len(ordered)), len(ordered) - 1)] if ordered else None


@dataclass(slots=True)
class ScenarioResult:
    name: str
    clean: bool
    hands: int
    events: dict[str, Tally]
    alerts: dict[str, Tally]
    rulings_right: int
    rulings_matched: int
    false_alarms: int
    error: str | None = None


def _key(kind: str, seat: int | None) -> tuple[str, int | None]:
    return kind, seat


def match(
    truth: list[tuple[str, int | None, float, Any]],
    seen: list[tuple[str, int | None, float, Any]],
    tolerance: float,
    tallies: dict[str, Tally],
) -> list[tuple[int, int]]:
    """Greedy nearest-in-time matching within (kind, seat); fills ``tallies``; returns the matched
    pairs as (index in ``truth``, index in ``seen``)."""
    pairs: list[tuple[int, int]] = []
    by_key: dict[tuple[str, int | None], list[tuple[float, Any, int]]] = defaultdict(list)
    for j, (kind, seat, t, detail) in enumerate(seen):
        by_key[_key(kind, seat)].append((t, detail, j))
    for i in sorted(range(len(truth)), key=lambda i: truth[i][2]):
        kind, seat, t, detail = truth[i]
        pool = by_key.get(_key(kind, seat), [])
        best = min(range(len(pool)), key=lambda k: abs(pool[k][0] - t), default=None)
        tally = tallies.setdefault(kind, Tally())
        if best is not None and abs(pool[best][0] - t) <= tolerance:
            st, sd, j = pool.pop(best)
            tally.tp += 1
            tally.dt.append(st - t)
            pairs.append((i, j))
            if _same(detail, sd):
                tally.exact += 1
        else:
            tally.fn += 1
    for (kind, _), rest in by_key.items():
        tallies.setdefault(kind, Tally()).fp += len(rest)
    return pairs


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a == b
    return bool(a == b)


def _event_rows(events: Iterable[Event]) -> list[tuple[str, int | None, float, Any]]:
    rows = []
    for e in events:
        if isinstance(e, CONSOLE + UNSCORED):
            continue
        record = to_record(e)
        kind = next(k for k in record if k not in ("t", "frame"))
        detail = {k: v for k, v in record[kind].items() if k != "hand_id"}
        rows.append((kind, getattr(e, "seat", None), e.t, detail))
    return rows


def score_scenario(
    folder: Path, perceive_for: Callable[[Any], Any], detector_rate: float | None = None
) -> ScenarioResult:
    """Run the pipeline over one rendered folder and score it; ``detector_rate`` replaces the
    camera config's detector calls per second while things move."""
    from service.pipeline import CameraPipeline
    from vision.camera_config import load_camera_config
    from vision.source import FrameSource

    truth = [from_record(r) for r in json.loads((folder / "events.json").read_text(encoding="utf-8"))]
    key_alerts = json.loads((folder / "alerts.json").read_text(encoding="utf-8"))
    meta = json.loads((folder / "scenario.json").read_text(encoding="utf-8"))
    tags = meta.get("scenario", {}).get("tags", []) if isinstance(meta.get("scenario"), dict) else []
    config = load_camera_config(folder / "camera.yaml")
    if detector_rate is not None:
        config = config.model_copy(
            update={"detector": config.detector.model_copy(update={"rate": detector_rate})}
        )
    raised_at: dict[int, float] = {}  # id(alert) -> video time of the frame that raised it

    def note_raised(output: Any, _log: Any) -> None:
        raised_at[id(output)] = pipeline.scene.t if pipeline.scene is not None else 0.0

    pipeline = CameraPipeline(
        config,
        perceive_for(config),
        console=[e for e in truth if isinstance(e, CONSOLE)],
        on_output=note_raised,
        overlap=True,
    )
    last_t = 0.0
    error = None
    try:
        with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
            for frame in frames:
                pipeline.process(frame)
                last_t = frame.t
    except Exception as exc:  # a broken folder is reported in the table, not fatal to the run
        error = f"{type(exc).__name__}: {exc}"
    try:
        pipeline.close(last_t)  # finishes the frames still waiting for their detections
    except Exception as exc:
        error = error or f"{type(exc).__name__}: {exc}"
    seen_events = [e for h in pipeline.hands for e in h.events]
    events: dict[str, Tally] = {}
    match(_event_rows(truth), _event_rows(seen_events), EVENT_TOLERANCE, events)
    alerts: dict[str, Tally] = {}
    key_rows = [(a["kind"], a["seat"], a["t_start"], a["ruling"]) for a in key_alerts]
    seen_alerts = [a for h in pipeline.hands for a in h.alerts]
    seen_rows = [(a.kind.value, a.seat, a.t_start, a.ruling) for a in seen_alerts]
    pairs = match(key_rows, seen_rows, ALERT_TOLERANCE, alerts)
    for i, j in pairs:
        lag = raised_at.get(id(seen_alerts[j]), seen_alerts[j].t_end) - key_alerts[i]["t_end"]
        alerts[key_rows[i][0]].lag.append(max(0.0, lag))
    clean = "clean" in tags
    return ScenarioResult(
        name=folder.name,
        clean=clean,
        hands=len(pipeline.hands),
        events=events,
        alerts=alerts,
        rulings_right=sum(1 for i, j in pairs if key_rows[i][3] == seen_rows[j][3]),
        rulings_matched=len(pairs),
        false_alarms=sum(t.fp for t in alerts.values()) if clean else 0,
        error=error,
    )


def find_folders(paths: Iterable[Path]) -> list[Path]:
    """Rendered scenario folders: each path is one, or a folder of them."""
    out: list[Path] = []
    for p in paths:
        if (p / "events.json").is_file():
            out.append(p)
        elif p.is_dir():
            out += sorted(
                q
                for q in p.iterdir()
                if not q.name.startswith(".")  # a render still in progress
                and (q / "events.json").is_file()
                and (q / "camera.yaml").is_file()
            )
    return out


def sampled_frames(config: CameraConfig, step: float) -> Iterator[Frame]:
    """One frame of the config's video every ``step`` seconds, the first half a step in (the
    per-frame measuring tools: `datasets.eval_regions`, `datasets.eval_close_look`)."""
    next_t = step / 2
    with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
        for frame in frames:
            if frame.t >= next_t:
                next_t += step
                yield frame


def aggregate(results: list[ScenarioResult]) -> dict[str, Any]:
    events: dict[str, Tally] = defaultdict(Tally)
    alerts: dict[str, Tally] = defaultdict(Tally)
    for r in results:
        for target, source in ((events, r.events), (alerts, r.alerts)):
            for kind, t in source.items():
                agg = target[kind]
                agg.tp, agg.fp, agg.fn, agg.exact = (
                    agg.tp + t.tp,
                    agg.fp + t.fp,
                    agg.fn + t.fn,
                    agg.exact + t.exact,
                )
                agg.dt += t.dt
                agg.lag += t.lag
    clean_hands = sum(max(r.hands, 1) for r in results if r.clean)
    false_alarms = sum(r.false_alarms for r in results)
    matched = sum(r.rulings_matched for r in results)
    return {
        "scenarios": len(results),
        "errors": {r.name: r.error for r in results if r.error},
        "events": {k: v.summary() for k, v in sorted(events.items())},
        "alerts": {k: v.summary() for k, v in sorted(alerts.items())},
        "alert_lag_s": _lag_figures(alerts),
        "ruling_accuracy": round(sum(r.rulings_right for r in results) / matched, 4) if matched else None,
        "clean_hands": clean_hands,
        "false_alarms": false_alarms,
        "false_alarms_per_100_clean_hands": round(100 * false_alarms / clean_hands, 2)
        if clean_hands
        else None,
        "per_scenario": [
            {
                "name": r.name,
                "missed_alerts": {k: t.fn for k, t in r.alerts.items() if t.fn},
                "extra_alerts": {k: t.fp for k, t in r.alerts.items() if t.fp},
                "missed_events": {k: t.fn for k, t in r.events.items() if t.fn},
                "extra_events": {k: t.fp for k, t in r.events.items() if t.fp},
                "alert_lag_s": {k: [round(x, 3) for x in t.lag] for k, t in r.alerts.items() if t.lag},
            }
            for r in results
        ],
    }


def _lag_figures(alerts: dict[str, Tally]) -> dict[str, Any] | None:
    """p50, p95 and the worst lag over every matched alert, and the kind of the worst."""
    lags = sorted((lag, kind) for kind, t in alerts.items() for lag in t.lag)
    if not lags:
        return None
    values = [lag for lag, _ in lags]
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 3),
        "p95": round(_p95(values) or 0.0, 3),
        "max": round(values[-1], 3),
        "worst_kind": lags[-1][1],
    }


def as_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=1, default=lambda o: asdict(o))


def _lag_line(lag: dict[str, Any] | None) -> str:
    if not lag:
        return "- alert lag: no alert matched"
    return (
        f"- alert lag in video time (the true event's end to the frame that raised it), {lag['n']} "
        f"alerts: p50 {lag['p50']:.2f} s, p95 {lag['p95']:.2f} s, worst {lag['max']:.2f} s "
        f"({lag['worst_kind']})"
    )


def as_markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown section: headline figures, per-kind tables, the scenarios still wrong."""
    alerts = report["alerts"]
    met = [k for k, s in alerts.items() if s["precision"] >= 0.95 and s["recall"] >= 0.95]
    wrong = [s for s in report["per_scenario"] if s["missed_alerts"] or s["extra_alerts"]]

    def overall(kind: str) -> str:
        tp = sum(s["tp"] for s in report[kind].values())
        fp = sum(s["fp"] for s in report[kind].values())
        fn = sum(s["fn"] for s in report[kind].values())
        p, r = (tp / (tp + fp) if tp + fp else 0.0), (tp / (tp + fn) if tp + fn else 0.0)
        return f"{kind} recall {r:.3f}, precision {p:.3f}"

    lines = [
        f"{report['scenarios']} scenarios, {report['perception']} perception"
        + (f", detector at {report['detector_rate']} calls/s" if report.get("detector_rate") else "")
        + ".",
        "",
        f"- {overall('events')}; {overall('alerts')}",
        f"- alert kinds meeting both 0.95 targets: {len(met)} of {len(alerts)}",
        f"- scenarios raising exactly their answer key: {report['scenarios'] - len(wrong)} of "
        f"{report['scenarios']}",
        f"- ruling accuracy on matched alerts: {report['ruling_accuracy']}",
        _lag_line(report.get("alert_lag_s")),
        f"- false alarms: {report['false_alarms']} in {report['clean_hands']} clean hands "
        f"({report['false_alarms_per_100_clean_hands']} per 100; target <= 1)",
    ]
    for kind in ("events", "alerts"):
        lag_head, lag_rule = (" lag p95 s |", "---|") if kind == "alerts" else ("", "")
        lines += [
            "",
            f"| {kind[:-1]} kind | true | seen | precision | recall | timing mean s | abs p95 s |{lag_head}",
        ]
        lines.append("|---|---|---|---|---|---|---|" + lag_rule)
        for name, s in report[kind].items():
            mean = "-" if s["dt_mean"] is None else f"{s['dt_mean']:+.2f}"
            p95 = "-" if s["abs_dt_p95"] is None else f"{s['abs_dt_p95']:.2f}"
            lag = (" -" if s["lag_p95"] is None else f" {s['lag_p95']:.2f}") + " |" if lag_head else ""
            lines.append(
                f"| {name} | {s['tp'] + s['fn']} | {s['tp'] + s['fp']} | {s['precision']:.3f} "
                f"| {s['recall']:.3f} | {mean} | {p95} |{lag}"
            )
    if wrong:
        lines += ["", "Scenarios not raising exactly their answer key:", ""]
        lines += [
            f"- {s['name']}: missed {s['missed_alerts'] or '-'}, extra {s['extra_alerts'] or '-'}"
            for s in wrong
        ]
    return "\n".join(lines) + "\n"

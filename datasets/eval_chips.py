"""Chip value measurement: real photos and simulator renders, written to docs/chip_value_eval.md.

(a) Real: the PokeVisor crops (shared/real-samples/pokevisor_chips, measuring only). The chip set is
    calibrated on the seven ``chips/colors/<colour>/token-*.jpg`` photos (one per colour) and every
    other image whose value its folder gives is read: ``values/val_X``, ``chips/values/val_X`` and the
    colour folders (``unknown/`` is skipped). Byte-identical copies are counted once, and copies of a
    calibration photo are left out (they would be read back, not measured). Reported with and
    without calibration, for whole-chip crops and for the value-print crops (15-37 px close-ups of
    the printed number, not a chip).
(b) Synthetic: random scenes of each chip set rendered by ``Renderer`` (random style, overhead and
    oblique cameras, 1920-3200 px wide so chips are 20-50 px); each ChipStack annotation (at least 90%
    visible) is cropped (oblique: the top face) and valued by its top chip. Per renderer (one camera
    and light), the set is calibrated on the uniform stacks of its first frame and read on the others;
    also read with the spec colours. Oblique stacks are also counted from their boxes (``vision.stacks``).

Run: ``.venv/bin/python -m datasets.eval_chips [--renderers 12] [--frames 4] [--seed 7]``.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from rich.progress import Progress

from vision.chips import UNKNOWN, ChipClassifier, calibrate_chips, top_face_crop
from vision.chipset import CHIP_SETS, POKEVISOR, ChipSet
from vision.stacks import StackGeometry

REAL_DIR = Path("/work/shared/real-samples/pokevisor_chips/chip_detector/sample_images")
DOCS = Path(__file__).parents[1] / "docs"
COLOUR_VALUE = {
    "gray": 1,
    "grey": 1,
    "red": 5,
    "blue": 10,
    "green": 25,
    "black": 100,
    "purple": 500,
    "yellow": 1000,
}
MIN_CHIP_PX = 15


@dataclass(frozen=True, slots=True)
class Sample:
    crop: np.ndarray
    value: int
    source: str  # file or "set/renderer/frame/id"
    kind: str  # "chip", "value-print", "overhead", "oblique"


@dataclass(slots=True)
class Score:
    """Readings of one group of samples: (true, read, guess, source) per sample, and each reading's
    confidence (for the threshold sweep)."""

    rows: list[tuple[int, int, int, str]] = field(default_factory=list)
    confidence: list[float] = field(default_factory=list)

    def add(self, true: int, read: int, guess: int, source: str, confidence: float = 1.0) -> None:
        self.rows.append((true, read, guess, source))
        self.confidence.append(confidence)

    def extend(self, other: Score) -> None:
        self.rows += other.rows
        self.confidence += other.confidence

    def sweep(self, threshold: float) -> tuple[float, float]:
        """(accuracy, right when answered) had readings under ``threshold`` been refused."""
        kept = [(t, g) for (t, _, g, _), c in zip(self.rows, self.confidence, strict=True) if c >= threshold]
        right = sum(t == g for t, g in kept)
        return right / max(len(self.rows), 1), right / max(len(kept), 1)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def accuracy(self) -> float:
        """Share read right (an "unknown" counts as not right)."""
        return sum(t == r for t, r, _, _ in self.rows) / max(len(self.rows), 1)

    @property
    def coverage(self) -> float:
        return sum(r > 0 for _, r, _, _ in self.rows) / max(len(self.rows), 1)

    @property
    def precision(self) -> float:
        """Share right among those not refused."""
        known = [(t, r) for t, r, _, _ in self.rows if r > 0]
        return sum(t == r for t, r in known) / max(len(known), 1)

    @property
    def forced(self) -> float:
        """Share whose best guess is right (no refusal)."""
        return sum(t == g for t, _, g, _ in self.rows) / max(len(self.rows), 1)

    def summary(self) -> str:
        return (
            f"{self.accuracy:.3f} ({sum(t == r for t, r, _, _ in self.rows)}/{len(self)}); "
            f"answered {self.coverage:.0%}, right when answered {self.precision:.3f}; "
            f"best guess {self.forced:.3f}"
        )


def read_all(clf: ChipClassifier, samples: Iterable[Sample], score: Score) -> list[tuple[Sample, int, int]]:
    """Read every sample into ``score``; returns the wrong ones with (read, guess)."""
    wrong = []
    for s in samples:
        r = clf.read(s.crop)
        score.add(s.value, r.value, r.guess, s.source, r.confidence)
        if r.value != s.value:
            wrong.append((s, r.value, r.guess))
    return wrong


# ---------------------------------------------------------------------------------------------- real


def real_samples(root: Path) -> tuple[list[Sample], list[Sample], int]:
    """(calibration samples, test samples, files with a known value) from the PokeVisor folders."""
    calib, seen = [], set()
    for colour in ("gray", "red", "blue", "green", "black", "purple", "yellow"):
        for path in sorted((root / "chips/colors" / colour).glob("token-*.jpg")):
            seen.add(hashlib.sha256(path.read_bytes()).hexdigest())
            calib.append(Sample(_imread(path), COLOUR_VALUE[colour], str(path.relative_to(root)), "chip"))
    test, files = [], 0
    for path in sorted(root.rglob("*.jpg")):
        folder = path.parent.name
        value = int(folder[4:]) if folder.startswith("val_") else COLOUR_VALUE.get(folder)
        if value is None or (
            path.parent.parent.name == "colors" and path.parent.parent.parent.name == "chips"
        ):
            continue  # unknown/, or a calibration photo
        files += 1
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        kind = "value-print" if folder.startswith("val_") else "chip"
        test.append(Sample(_imread(path), value, str(path.relative_to(root)), kind))
    return calib, test, files


def _imread(path: Path) -> np.ndarray:
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise SystemExit(f"{path}: cannot be read as an image")
    return img


def confusion(score: Score, values: Sequence[int]) -> str:
    """Markdown confusion matrix: rows true value, columns the reading (0 = unknown)."""
    counts = Counter((t, r) for t, r, _, _ in score.rows)
    cols = [*values, 0]
    head = "| true \\ read | " + " | ".join(f"{v:,}" if v else UNKNOWN for v in cols) + " |"
    lines = [head, "|" + "---|" * (len(cols) + 1)]
    for t in values:
        if any(tt == t for tt, _, _, _ in score.rows):
            lines.append(f"| {t:,} | " + " | ".join(str(counts[(t, c)] or ".") for c in cols) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- synthetic


@dataclass(slots=True)
class Renders:
    """Crops from one renderer: calibration samples (first frame, uniform stacks) and test samples,
    plus (estimated, true, messy) chip counts of oblique stacks."""

    calib: list[Sample] = field(default_factory=list)
    test: list[Sample] = field(default_factory=list)
    counts: list[tuple[int, int, bool, int]] = field(default_factory=list)


def render_set(chipset: ChipSet, renderer_id: int, frames: int, seed: int) -> Renders:
    """Render ``frames`` random scenes of ``chipset`` through one random camera and style."""
    from datasets.sim import camera as cameras
    from datasets.sim.assets.sample_scenes import random_scene
    from datasets.sim.objects import ChipStack, DetClass
    from datasets.sim.render import Renderer
    from datasets.sim.style import random_style
    from datasets.sim.world import make_layout

    rng = np.random.default_rng([seed, renderer_id, sorted(CHIP_SETS).index(chipset.name)])
    layout = make_layout()
    oblique = renderer_id % 2 == 1
    width = int(rng.choice([1920, 2560, 3200]))
    make = cameras.oblique if oblique else cameras.overhead
    camera = make(width, width * 9 // 16, rng=rng)
    renderer = Renderer(layout, camera, random_style(rng, chipset), int(rng.integers(1 << 30)))
    eye = -cv2.Rodrigues(camera.rvec)[0].T @ camera.tvec
    centre_tilt = _tilt(eye, 0.0, 0.0)
    out = Renders()
    for frame in range(frames):
        # frames 100 apart: each scene is new, so no motion blur between them
        scene = random_scene(layout, rng, chipset, frame=frame * 100, hands=int(rng.integers(0, 3)))
        img, anns = renderer.render(scene)
        objs = scene.by_id()
        for ann in anns:
            if ann.cls is not DetClass.CHIP or ann.visible < 0.9 or not ann.chips:
                continue
            crop = top_face_crop(img, ann.box, oblique)
            if crop is None or min(crop.shape[:2]) < MIN_CHIP_PX:
                continue
            kind = "oblique" if oblique else "overhead"
            sample = Sample(
                crop.copy(), ann.chips[-1], f"{chipset.name}/r{renderer_id}/f{frame}/{ann.id}", kind
            )
            if frame == 0:
                if len(set(ann.chips)) == 1:
                    out.calib.append(sample)
            else:
                out.test.append(sample)
            stack = objs[ann.id]
            if oblique and isinstance(stack, ChipStack):
                box = np.array([ann.box], np.float32)
                geometry = StackGeometry.of(chipset, centre_tilt)
                felt_y, height_y = _scales(camera, stack.pose.x, stack.pose.y, stack.pose.z)
                scaled = geometry.chip_counts(box, felt_y, height_y)[0]
                aspect = geometry.chip_counts(box)[0]
                out.counts.append((int(scaled), len(ann.chips), stack.messy > 0, int(aspect)))
    return out


def _scales(camera: object, x: float, y: float, z: float) -> tuple[float, float]:
    """The camera's scales at a felt point: px per cm along image y of the felt (a 1 cm circle's
    projected height) and px per cm of height along image y."""
    a = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    ring = np.column_stack([x + 0.5 * np.cos(a), y + 0.5 * np.sin(a), np.full_like(a, z)])
    felt_y = float(np.ptp(camera.project(ring)[:, 1]))  # type: ignore[attr-defined]
    up = camera.up_vector_px(x, y)  # type: ignore[attr-defined]
    return felt_y, abs(float(up[1]))


def _tilt(eye: np.ndarray, x: float, y: float) -> float:
    """Degrees off vertical of the view from ``eye`` (cm) to the felt point (x, y)."""
    ray = eye - np.array([x, y, 0.0])
    return math.degrees(math.acos(ray[2] / np.linalg.norm(ray)))


# ---------------------------------------------------------------------------------------------- report


def failures_png(
    rows: list[tuple[str, Sample, int, int]], path: Path, per_row: int = 10, tile: int = 96
) -> None:
    """A sheet of misread crops, each with 'read / true' under it."""
    tiles = []
    for title, s, read, guess in rows:
        crop = s.crop
        scale = tile / max(crop.shape[:2])
        img = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
        cell = np.full((tile + 30, tile, 3), 32, np.uint8)
        cell[: img.shape[0], : img.shape[1]] = img
        said = f"{read}" if read else f"?{guess}"
        cv2.putText(
            cell, f"{said} / {s.value}", (2, tile + 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (80, 255, 80), 1
        )
        cv2.putText(cell, title[:16], (2, tile + 26), cv2.FONT_HERSHEY_SIMPLEX, 0.32, (200, 200, 200), 1)
        tiles.append(cell)
    if not tiles:
        tiles.append(np.full((tile + 30, tile, 3), 32, np.uint8))
    while len(tiles) % per_row:
        tiles.append(np.zeros_like(tiles[0]))
    sheet = np.vstack([np.hstack(tiles[i : i + per_row]) for i in range(0, len(tiles), per_row)])
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), sheet)


Failure = tuple[str, Sample, int, int]  # (title, sample, read, guess)
THRESHOLDS = (0.0, 0.03, 0.05, 0.1, 0.2)


def real_section(root: Path, fails: list[Failure]) -> tuple[list[str], Score]:
    """Markdown for (a) and the calibrated whole-chip score."""
    calib, test, files = real_samples(root)
    calibrated = calibrate_chips([(s.crop, s.value) for s in calib], POKEVISOR)
    md = [
        f"## (a) Real: PokeVisor photos\n\nCalibrated on {len(calib)} photos (one per colour, "
        f"`chips/colors/*/token-*.jpg`); {files} other files have a known value, {len(test)} of them "
        "distinct and not copies of a calibration photo (the rest are byte-identical copies).\n",
        "| crops | chip set colours | images | accuracy (right/all); answered; right when answered; "
        "best guess |",
        "|---|---|---|---|",
    ]
    scores = {}
    for kind in ("chip", "value-print"):
        part = [s for s in test if s.kind == kind]
        for label, cs in (("calibrated", calibrated), ("as specified", POKEVISOR)):
            sc = Score()
            wrong = read_all(ChipClassifier(cs), part, sc)
            scores[(kind, label)] = sc
            md.append(f"| {kind} | {label} | {len(part)} | {sc.summary()} |")
            if label == "calibrated":
                fails += [(f"real {Path(s.source).name}", s, r, g) for s, r, g in wrong]
    every = Score()
    every.extend(scores[("chip", "calibrated")])
    every.extend(scores[("value-print", "calibrated")])
    md += [
        f"| all | calibrated | {len(every)} | {every.summary()} |\n",
        "The value-print crops (`values/`, `chips/values/`) are 15-37 px close-ups of the printed "
        "number: a dark panel and white digits with a sliver of body colour, not a chip. The reader is "
        "built for chip crops and is not expected to read them; they are counted apart so that they "
        "neither hide nor inflate the whole-chip figure.\n",
        "Whole-chip crops, calibrated (rows: true value; columns: the reading):\n",
        confusion(scores[("chip", "calibrated")], POKEVISOR.values) + "\n",
        "Whole-chip crops, the chip set's colours as specified (no calibration):\n",
        confusion(scores[("chip", "as specified")], POKEVISOR.values) + "\n",
        "Value-print crops (close-ups of the printed number, not a chip), calibrated:\n",
        confusion(scores[("value-print", "calibrated")], POKEVISOR.values) + "\n",
        "Calibrated colours (BGR): "
        + ", ".join(f"{c.value} {c.name} {c.base}" for c in calibrated.chips)
        + "\n",
    ]
    return md, scores[("chip", "calibrated")]


@dataclass(slots=True)
class Synthetic:
    md: list[str] = field(default_factory=list)
    calibrated: dict[str, Score] = field(default_factory=dict)
    counts: list[tuple[int, int, bool, int]] = field(default_factory=list)
    crops: list[np.ndarray] = field(default_factory=list)


def synthetic_section(renderers: int, frames: int, seed: int, fails: list[Failure]) -> Synthetic:
    """Markdown for (b), with the calibrated scores per set, oblique stack counts and crops for timing."""
    out = Synthetic()
    out.md += [
        f"## (b) Synthetic renders\n\n{renderers} renderers per chip set (alternately overhead and "
        f"oblique, random light and chip design), {frames} frames each; the first frame calibrates.\n",
        "| chip set | view | crops | spec colours: accuracy | calibrated per camera: accuracy |",
        "|---|---|---|---|---|",
    ]
    refused: list[Failure] = []
    with Progress(transient=True) as progress:
        task = progress.add_task("rendering", total=len(CHIP_SETS) * renderers)
        try:
            for name, cs in CHIP_SETS.items():
                spec_sc = {v: Score() for v in ("overhead", "oblique")}
                cal_sc = {v: Score() for v in ("overhead", "oblique")}
                for r in range(renderers):
                    got = render_set(cs, r, frames, seed)
                    out.counts += got.counts
                    out.crops += [s.crop for s in got.test]
                    samples = [(s.crop, s.value) for s in got.calib]
                    clf_cal = ChipClassifier(calibrate_chips(samples, cs) if samples else cs)
                    for view in ("overhead", "oblique"):
                        part = [s for s in got.test if s.kind == view]
                        read_all(ChipClassifier(cs), part, spec_sc[view])
                        for s, rd, g in read_all(clf_cal, part, cal_sc[view]):
                            (refused if rd == 0 else fails).append((f"{name[:4]} {view[:2]} r{r}", s, rd, g))
                    progress.advance(task)
                both_spec, both_cal = Score(), Score()
                for view in ("overhead", "oblique"):
                    out.md.append(
                        f"| {name} | {view} | {len(spec_sc[view])} | {spec_sc[view].summary()} "
                        f"| {cal_sc[view].summary()} |"
                    )
                    both_spec.extend(spec_sc[view])
                    both_cal.extend(cal_sc[view])
                out.md.append(
                    f"| **{name}** | both | {len(both_spec)} | {both_spec.summary()} | {both_cal.summary()} |"
                )
                out.calibrated[name] = both_cal
        except KeyboardInterrupt:
            out.md.append("\n(interrupted: the figures cover the renders finished so far)")
    fails += refused
    out.md.append("")
    return out


def sweep_section(scores: dict[str, Score]) -> list[str]:
    """Accuracy / right-when-answered had the confidence threshold been each of ``THRESHOLDS``."""
    md = [
        "### Confidence threshold (calibrated readings)\n",
        "Each cell: accuracy (refusals count wrong) / right when answered. The default is "
        "`ChipClassifier(min_confidence=0.05)`.\n",
        "| readings | " + " | ".join(f"min_confidence {t}" for t in THRESHOLDS) + " |",
        "|---|" + "---|" * len(THRESHOLDS),
    ]
    for name, sc in scores.items():
        cells = (f"{a:.3f} / {p:.3f}" for a, p in (sc.sweep(t) for t in THRESHOLDS))
        md.append(f"| {name} ({len(sc)}) | " + " | ".join(cells) + " |")
    md.append("")
    return md


def heights_section(counts: list[tuple[int, int, bool, int]]) -> list[str]:
    est = np.array(counts)
    md = ["### Stack heights from oblique boxes (`vision.stacks.StackGeometry`)\n"]
    for label, rows in (("neat stacks", est[~est[:, 2].astype(bool)]), ("all stacks (messy included)", est)):
        if not len(rows):
            continue
        scaled = np.abs(rows[:, 0] - rows[:, 1])
        aspect = np.abs(rows[:, 3] - rows[:, 1])
        md.append(
            f"- {label}, {len(rows)} stacks of 1-21 chips. With the camera's scales at the stack: exact "
            f"{np.mean(scaled == 0):.2f}, within 1 chip {np.mean(scaled <= 1):.2f}, within 2 "
            f"{np.mean(scaled <= 2):.2f}, mean error {scaled.mean():.2f} chips. From the box aspect and the "
            f"camera's tilt at the table centre only: exact {np.mean(aspect == 0):.2f}, within 1 "
            f"{np.mean(aspect <= 1):.2f}, within 2 {np.mean(aspect <= 2):.2f}, "
            f"mean error {aspect.mean():.2f}."
        )
    md.append("")
    return md


def speed_line(crops: list[np.ndarray]) -> str:
    clf = ChipClassifier(POKEVISOR)
    clf.read(crops[0])
    t0, c0 = time.perf_counter(), time.process_time()
    for c in crops:
        clf.read(c)
    wall = (time.perf_counter() - t0) / len(crops) * 1e3
    cpu = (time.process_time() - c0) / len(crops) * 1e3
    return (
        f"Speed: {wall:.2f} ms wall, {cpu:.2f} ms CPU per chip ({len(crops)} render crops, one process, "
        "on a shared 2-core machine: wall time includes waiting for the CPU).\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m datasets.eval_chips", description=__doc__.split("\n\n")[0])
    ap.add_argument("--real", type=Path, default=REAL_DIR, help="PokeVisor sample_images folder")
    ap.add_argument("--renderers", type=int, default=12, help="renderers (camera + light) per chip set")
    ap.add_argument("--frames", type=int, default=4, help="frames per renderer (the first calibrates)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--out", type=Path, default=DOCS, help="folder for chip_value_eval.md and the failure sheet"
    )
    args = ap.parse_args(argv)
    command = " ".join(["python -m datasets.eval_chips", *(argv if argv is not None else sys.argv[1:])])
    md = [f"# Chip value: measured\n\nProduced by `{command}` (method: `vision/chips.py`).\n"]
    fails: list[Failure] = []
    scores: dict[str, Score] = {}
    if args.real.is_dir():
        real_md, scores["real whole-chip crops"] = real_section(args.real, fails)
        md += real_md
    else:
        md.append(f"## (a) Real\n\nskipped: {args.real} is not a folder\n")
    synth = synthetic_section(args.renderers, args.frames, args.seed, fails)
    md += synth.md
    scores.update({f"{name} renders": sc for name, sc in synth.calibrated.items()})
    md += sweep_section(scores)
    if synth.counts:
        md += heights_section(synth.counts)
    if synth.crops:
        md.append(speed_line(synth.crops[:400]))
    sheet = args.out / "chip_value_failures.png"
    failures_png(fails[:90], sheet)
    md.append(
        f"Failures: `{sheet.name}`: real misreads and refusals, then synthetic misreads, then synthetic "
        "refusals (calibrated); under each crop 'read / true' ('?g': refused, best guess g).\n"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / "chip_value_eval.md"
    report.write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))
    print(f"wrote {report} and {sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

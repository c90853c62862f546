"""Detector training images (ultralytics YOLO format) and card-index crops for the card classifier.

    railbird synth dataset --images N --out DIR [--seed S] [--size 640] [--val-fraction 0.1]

``DIR`` holds::

    images/{train,val}/NNNNNN.jpg     labels/{train,val}/NNNNNN.txt  (class cx cy w h, 0..1)
    cards/{train,val}/<RANK><SUIT>/NNNNNN_k.png   cards/index.csv   data.yaml   manifest.json

Why these images. The detector trains on renders alone but must work on real photos. The real
photos it can be measured on (``shared/real-samples``) are phone shots of one to six cards that
fill a fifth to a half of the frame, on carpet, desks, wood and cloth, and table photos with
cards large and chips close; the product's ceiling camera shows the same objects at 2-4 px/cm.
A detector learns the scale and the surroundings of objects from its data: trained on whole-table
renders only, it learns that a card is 15 px high and lies on green felt, and misses the card in a
photo. So every image is one of four kinds (``dataset_images.Mode``), mixed so that no one scale
or background dominates:

- ``table`` (30%): the whole table at the output size through a jittered overhead or oblique
  camera: the product's own view (2-10 seats, random look and chip set, random moment of a hand);
- ``zoom`` (25%): a square window of 180-720 px of a 1280x720 table render resized to the output
  size: the table at 1-3.5x, softer, as from a tighter camera or a crop of a larger frame;
- ``close`` (27%): a camera 25-110 cm across aimed at a seat's cards, a bet, a stack, the board or
  the pot, tilted up to 45 degrees and turned any way, rendered natively (sharp cards and chips,
  hands reaching in), with objects heaped at the aim: the scale of the real photos, on a table;
- ``loose`` (18%): one to six cards, sometimes chips, large on felt, carpet, wood, cloth, paper or
  a cluttered desk (``dataset_loose``): a card is a card whatever lies under it.

Images sharing a renderer (table, camera, look: a group) share a split, so validation never holds
a near twin of a training image. Labels are the renderer's annotations: objects at least 15%
visible, the whole object's box clipped to the frame. Card-index crops: see ``dataset_crops``.

Determinism: each group draws from ``default_rng([seed, group, 1])`` alone and JPEGs are encoded
at a quality fixed per image, so the same arguments give byte-identical images, labels, crops and
manifest, whatever the number of worker processes.

Renderer work-arounds (its files are not edited here): close cameras render without the players
around the table (their heads, projected through a near camera, make giant canvases), without
lens distortion (it folds far points back into the frame as streaks), and without the objects
that are out of view or behind the camera (``dataset_scenes.in_view``).
"""

from __future__ import annotations

import contextlib
import csv
import json
import multiprocessing
import os
import shutil
import signal
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from .assets.sample_scenes import DECK
from .dataset_crops import CROP_SIZE, INDEX_CM, MIN_GLYPH_PX, MIN_MATCH
from .dataset_images import GROUP_SIZE, MODE_SHARE, Group, Mode, Sample, Split, render_group
from .objects import DET_CLASSES

GENERATOR = "railbird.synth.dataset"
GENERATOR_VERSION = "1"


class DatasetSpec(BaseModel):
    """What ``railbird synth dataset`` was asked for (the manifest records it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    images: int = Field(gt=0, le=10_000_000, description="number of images to write")
    seed: int = Field(default=0, ge=0, lt=2**63, description="seed of everything drawn")
    size: int = Field(default=640, ge=64, le=4096, description="images are size x size pixels")
    val_fraction: float = Field(default=0.1, ge=0.0, lt=1.0, description="share of image groups in val")


class DatasetError(ValueError):
    """An unusable output folder; the message names it and says what to do."""


@dataclass(frozen=True, slots=True)
class DatasetSummary:
    """What ``generate`` wrote (the manifest has the details)."""

    count: int
    complete: bool
    splits: dict[str, int]
    instances: dict[str, int]  # per class name, in DET_CLASSES order
    crops: int
    cards_cropped: int  # how many of the 52 cards have at least one crop


def plan_groups(spec: DatasetSpec) -> list[Group]:
    """Groups covering images 0..N-1 in order; each group's kind comes from (seed, group) alone,
    drawn so that kinds get their ``MODE_SHARE`` of the images. ``val_fraction`` of the groups (at
    least one when it is above 0 and there are two groups or more, never all) go to val."""
    modes = list(MODE_SHARE)
    shares = np.array([MODE_SHARE[m] / GROUP_SIZE[m] for m in modes])  # per group, not per image
    groups: list[Group] = []
    first = 0
    while first < spec.images:
        g = len(groups)
        mode = modes[
            int(np.random.default_rng([spec.seed, g, 0]).choice(len(modes), p=shares / shares.sum()))
        ]
        count = min(GROUP_SIZE[mode], spec.images - first)
        groups.append(Group(g, mode, first, count))
        first += count
    n_val = round(len(groups) * spec.val_fraction)
    if spec.val_fraction > 0 and len(groups) >= 2:
        n_val = min(max(n_val, 1), len(groups) - 1)
    val = set(np.random.default_rng([spec.seed, 1 << 20]).permutation(len(groups))[:n_val].tolist())
    return [replace(g, split=Split.VAL) if g.index in val else g for g in groups]


# ---------------------------------------------------------------------------------------- output folder


def check_output(out: Path) -> None:
    """Raise DatasetError unless ``out`` can take a dataset: a folder that can be created and
    written, and either empty or a dataset of this generator (whose images, labels and cards are
    then replaced)."""
    if out.exists() and not out.is_dir():
        raise DatasetError(f"{out}: exists and is not a folder; give --out a folder path")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".railbird_write_test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise DatasetError(
            f"{out}: cannot write there ({exc.strerror}); give --out a writable folder"
        ) from None
    if any(out.iterdir()) and not _ours(out / "manifest.json"):
        raise DatasetError(
            f"{out}: not empty and not a railbird dataset (no manifest.json of ours); "
            "give --out an empty or new folder"
        )


def _ours(manifest: Path) -> bool:
    try:
        return json.loads(manifest.read_text(encoding="utf-8")).get("generator") == GENERATOR
    except (OSError, ValueError, AttributeError):
        return False


def _prepare(out: Path) -> None:
    check_output(out)
    (out / "manifest.json").unlink(missing_ok=True)
    for sub in ("images", "labels", "cards"):
        shutil.rmtree(out / sub, ignore_errors=True)
        for split in Split:
            (out / sub / split).mkdir(parents=True)


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary name, then a rename)."""
    tmp = path.with_name(f".{path.name}.part")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def data_yaml(out: Path) -> str:
    """ultralytics' dataset file: ``path`` is absolute (edit it if the folder moves)."""
    names = "".join(f"  - {c}\n" for c in DET_CLASSES)
    head = f"path: {out.resolve()}\ntrain: images/train\nval: images/val\nnc: {len(DET_CLASSES)}\n"
    return f"{head}names:\n{names}"


# ---------------------------------------------------------------------------------------- writing


@dataclass(slots=True)
class _Written:
    """What has been written so far; the manifest is made from it."""

    spec: DatasetSpec
    records: list[dict[str, object]] = field(default_factory=list)
    instances: dict[Split, Counter[str]] = field(default_factory=lambda: {s: Counter() for s in Split})
    crops: Counter[str] = field(default_factory=Counter)


class _Rows(Protocol):
    def writerows(self, rows: Iterable[Iterable[object]], /) -> object: ...


def _write_sample(out: Path, sample: Sample, written: _Written, crop_index: _Rows) -> None:
    """Label, crops, then the image; interrupted part way, what this sample wrote is removed again,
    so an image on disk always has its label file and crops, and every index row its crop."""
    stem, split = f"{sample.index:06d}", str(sample.split)
    done: list[Path] = []
    rows = []
    try:
        done.append(out / "labels" / split / f"{stem}.txt")
        _write(done[-1], sample.labels.encode())
        for k, crop in enumerate(sample.crops):
            ok, png = cv2.imencode(".png", crop.image)
            if not ok:
                raise RuntimeError(f"image {stem}: PNG encoding of card crop {k} failed")
            (out / "cards" / split / crop.card).mkdir(exist_ok=True)
            done.append(out / "cards" / split / crop.card / f"{stem}_{k}.png")
            _write(done[-1], png.tobytes())
            file = f"{split}/{crop.card}/{stem}_{k}.png"
            rows.append([file, crop.card, split, stem, str(crop.corner), crop.px_per_cm, crop.match])
        done.append(out / "images" / split / f"{stem}.jpg")
        _write(done[-1], sample.jpeg)
    except BaseException:
        for path in done:
            path.unlink(missing_ok=True)
        raise
    crop_index.writerows(rows)
    written.crops.update(crop.card for crop in sample.crops)
    written.instances[sample.split].update(str(DET_CLASSES[c]) for c in sample.classes)
    written.records.append(sample.record.to_json())


def manifest(written: _Written, complete: bool) -> dict[str, object]:
    """The manifest: arguments, counts per split, kind and class, card crops, one record per image."""
    spec = written.spec
    splits = Counter(str(r["split"]) for r in written.records)
    modes = Counter(str(r["mode"]) for r in written.records)
    total = sum(written.instances.values(), Counter())
    return {
        "generator": GENERATOR,
        "version": GENERATOR_VERSION,
        "seed": spec.seed,
        "count": len(written.records),
        "requested": spec.images,
        "complete": complete,
        "size": spec.size,
        "val_fraction": spec.val_fraction,
        "classes": [str(c) for c in DET_CLASSES],
        "splits": {str(s): splits[str(s)] for s in Split},
        "modes": {str(m): modes[str(m)] for m in Mode},
        "instances": {str(c): total[str(c)] for c in DET_CLASSES},
        "instances_by_split": {
            str(s): {str(c): n[str(c)] for c in DET_CLASSES} for s, n in written.instances.items()
        },
        "card_crops": {
            "size": list(CROP_SIZE),
            "index_cm": list(INDEX_CM),
            "min_glyph_px": MIN_GLYPH_PX,
            "min_match": MIN_MATCH,
            "total": sum(written.crops.values()),
            "per_card": {c: written.crops[c] for c in DECK if written.crops[c]},
        },
        "images": written.records,
    }


def _worker_init() -> None:
    """A rendering process: Ctrl-C is the parent's to handle; one OpenCV thread, as the processes
    already fill the cores and more threads only contend."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    cv2.setNumThreads(1)


def _render(args: tuple[int, int, Group]) -> list[Sample]:
    return render_group(*args)


@contextlib.contextmanager
def _rendered(spec: DatasetSpec, groups: list[Group], workers: int) -> Iterator[Iterator[list[Sample]]]:
    """The groups' samples in order, rendered by ``workers`` processes (1: in this one)."""
    jobs = [(spec.seed, spec.size, g) for g in groups]
    if workers <= 1 or len(groups) <= 1:
        yield (_render(job) for job in jobs)
        return
    # never plain fork: a process that has used OpenCV holds its thread pool's locks, and a child
    # forked with them held hangs at its first cv2 call
    ctx: BaseContext
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
    else:
        ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(min(workers, len(groups)), initializer=_worker_init)
    try:
        yield pool.imap(_render, jobs, chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def generate(
    spec: DatasetSpec, out: Path, workers: int = 1, progress: Callable[[int, int], None] | None = None
) -> DatasetSummary:
    """Write the dataset into ``out`` and say what was written; ``progress(done, total)`` after each
    group. Ctrl-C (KeyboardInterrupt) keeps every finished image and still writes the manifest,
    with ``complete: false``, before it goes on."""
    _prepare(out)
    (out / "data.yaml").write_text(data_yaml(out), encoding="utf-8")
    written = _Written(spec)
    complete = False
    with (out / "cards" / "index.csv").open("w", newline="", encoding="utf-8") as fh:
        crop_index = csv.writer(fh, lineterminator="\n")
        crop_index.writerow(["file", "card", "split", "image", "corner", "px_per_cm", "match"])
        try:
            with _rendered(spec, plan_groups(spec), workers) as stream:
                for samples in stream:
                    for sample in samples:
                        _write_sample(out, sample, written, crop_index)
                    fh.flush()
                    if progress is not None:
                        progress(len(written.records), spec.images)
            complete = True
        finally:
            info = manifest(written, complete)
            _write(out / "manifest.json", (json.dumps(info, indent=1) + "\n").encode())
    total = sum(written.instances.values(), Counter())
    return DatasetSummary(
        count=len(written.records),
        complete=complete,
        splits={str(s): sum(1 for r in written.records if r["split"] == s) for s in Split},
        instances={str(c): total[str(c)] for c in DET_CLASSES},
        crops=sum(written.crops.values()),
        cards_cropped=len(written.crops),
    )

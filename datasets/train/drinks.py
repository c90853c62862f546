"""Train the drink classifier for ``vision.drinks``: what a box the detector called a drink, a phone or a
card protector holds (a capped drink, an open one, a phone, a protector, or none of these). Crops cut
from simulator frames, a small CNN in plain PyTorch, exported to ONNX with its model card.

    railbird train drinks [--groups 160] [--shots 8] [--epochs 14] [--out models/drink_classifier.onnx]
    python -m datasets.train.drinks ...  (the same, without the CLI)

Data: each group is one random table, look and camera (overhead 55%, oblique 45%, the video size
1280 x 720, as ``railbird synth library`` films); each of its shots is a random moment of a hand with
2-5 drinks, phones and protectors put down round random seats (every variant the renderer draws,
turned at random; some protectors and phones against a chip stack), plus whatever the random scene put
down itself. Each object at least 60% visible is
cut by ``vision.drinks.drink_crops`` from the frame after a JPEG round trip at the look's quality: the
exact box for validation, the box shifted and scaled a little (a detector's box) for training. "none"
crops are cut round what the detector has boxed as such objects by mistake: a hand over its chip stack
(seed + 2000 prior_chips_combined), a hand, a chip stack, a card, the button. Groups are split whole
between training and validation (every fifth group validates). No licensed real photos of these objects
on a poker table were available, so every figure is synthetic.

Training reuses the card classifier's augmentation (``datasets.train.cards.augment``: geometry, blur,
lost resolution, light, colour cast, noise, JPEG) plus quarter turns and mirroring; seeded and
in-process, 2 torch threads, so the same seed gives the same model.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from vision.drinks import CROP_PX, MARGIN, drink_crops

if TYPE_CHECKING:
    from datasets.sim.objects import Annotation, Pose

CLASSES = ("capped", "open", "phone", "card_protector", "none")
MIN_VISIBLE = 0.6
NONE_VISIBLE = 0.3  # a hand, chip stack, card or button at least this visible is cut as "none"
NONE_PER_SHOT = 6  # at most this many "none" crops per shot (hands over stacks first)
VAL_EVERY = 5  # every fifth group is validation
JITTER_COPIES = 3  # training crops per object, each from a jittered box
EXTRA_OBJECTS = (2, 6)  # objects put down per shot on top of the random scene's own (low, high)
BESIDE_CHIPS = 0.4  # the share of extra protectors and phones put down against a chip stack instead


@dataclass(frozen=True, slots=True)
class DrinkCrops:
    images: np.ndarray  # (n, S, S, 3) uint8 BGR
    labels: np.ndarray  # (n,) index into CLASSES
    groups: np.ndarray  # (n,) the group each crop came from

    def __len__(self) -> int:
        return len(self.labels)


def _jittered(rng: np.random.Generator, box: tuple[float, float, float, float]) -> np.ndarray:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2 + rng.normal(0, 0.06) * w, (y0 + y1) / 2 + rng.normal(0, 0.06) * h
    s = float(np.exp(rng.normal(0, 0.08)))
    return np.array([cx - w * s / 2, cy - h * s / 2, cx + w * s / 2, cy + h * s / 2])


def _beside(rng: np.random.Generator, stack: Pose, chip_cm: float) -> Pose:
    """A pose against ``stack``: a protector pushed out with a bet, or a phone put down by the chips
    (seed + 17000 non_value_item: a protector lying against a black chip was read as none of these)."""
    from datasets.sim.objects import Pose

    heading, reach = rng.uniform(0, 2 * np.pi), rng.uniform(0.7, 1.2) * chip_cm
    x, y = stack.x + reach * np.cos(heading), stack.y + reach * np.sin(heading)
    return Pose(float(x), float(y), float(rng.uniform(0, 360)), 0.1)


def _union(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _none_boxes(rng: np.random.Generator, anns: list[Annotation]) -> list[tuple[float, float, float, float]]:
    """Boxes round what the detector now and then calls a foreign object: a hand over its stack (the
    two boxes' union), a hand, a chip stack, a card, the button; at most ``NONE_PER_SHOT``."""
    from datasets.sim.objects import DetClass

    hands = [a for a in anns if a.cls is DetClass.HAND and a.visible >= NONE_VISIBLE]
    chips = [a for a in anns if a.cls is DetClass.CHIP and a.visible >= NONE_VISIBLE]
    others = [
        a
        for a in anns
        if a.cls
        in (DetClass.HAND, DetClass.CHIP, DetClass.CARD_DOWN, DetClass.CARD_UP, DetClass.DEALER_BUTTON)
        and a.visible >= NONE_VISIBLE
    ]
    out = [_union(h.box, c.box) for h in hands for c in chips if _overlap(h.box, c.box)][:2]
    for k in rng.permutation(len(others))[: NONE_PER_SHOT - len(out)]:
        out.append(others[int(k)].box)
    return out


def render_crops(
    seed: int, groups: range, shots: int = 8, all_exact: bool = False
) -> tuple[DrinkCrops, DrinkCrops]:
    """(training, validation) crops from ``groups`` of ``shots`` frames each (see the module docstring);
    ``all_exact``: every group is cut as validation is (exact boxes), for a measurement."""
    from datasets.sim import camera as cameras
    from datasets.sim.dataset_scenes import random_layout, seated_players, table_scene
    from datasets.sim.objects import ChipStack, Item, ItemKind, Pose
    from datasets.sim.render import Renderer
    from datasets.sim.staging import places
    from datasets.sim.style import random_style

    kinds = {
        ItemKind.DRINK_CAPPED: 0,
        ItemKind.DRINK_OPEN: 1,
        ItemKind.PHONE: 2,
        ItemKind.CARD_PROTECTOR: 3,
    }
    variants = {
        ItemKind.DRINK_CAPPED: 5,
        ItemKind.DRINK_OPEN: 5,
        ItemKind.PHONE: 5,
        ItemKind.CARD_PROTECTOR: 4,
    }
    beside_chips = (ItemKind.PHONE, ItemKind.CARD_PROTECTOR)
    none = CLASSES.index("none")
    out: dict[bool, tuple[list[np.ndarray], list[int], list[int]]] = {True: ([], [], []), False: ([], [], [])}
    for g in groups:
        rng = np.random.default_rng([seed, g, 11])
        layout = random_layout(rng)
        style = random_style(rng)
        quality = int(style.jpeg_quality or 90)
        style = replace(style, jpeg_quality=None)
        make = cameras.overhead if rng.random() < 0.55 else cameras.oblique
        cam = make(1280, 720, layout.length, rng=rng)
        renderer = Renderer(layout, cam, style, int(rng.integers(1 << 30)))
        spots = places(layout)
        players = seated_players(layout, rng) if style.players else ()
        val = all_exact or g % VAL_EVERY == VAL_EVERY - 1
        for k in range(shots):
            scene = table_scene(layout, rng, style.chipset, frame=4 * k)
            stacks = [o for o in scene.objects if isinstance(o, ChipStack)]
            extra = []
            for d in range(int(rng.integers(*EXTRA_OBJECTS))):
                seat = layout.seats[int(rng.integers(len(layout.seats)))].seat
                depth, lateral = rng.uniform(-2, 30), rng.choice([-1, 1]) * rng.uniform(4, 26)
                p = spots[seat].pose(float(depth), float(lateral))
                kind = list(kinds)[int(rng.integers(len(kinds)))]
                pose = Pose(p.x, p.y, float(rng.uniform(0, 360)), 0.1)
                if kind in beside_chips and stacks and rng.random() < BESIDE_CHIPS:
                    stack = stacks[int(rng.integers(len(stacks)))]
                    pose = _beside(rng, stack.pose, style.chipset.diameter_cm)
                extra.append(Item(f"objcrop{d}", pose, kind, int(rng.integers(0, variants[kind]))))
            scene = replace(scene, objects=players + scene.objects + tuple(extra))
            kind_of = {o.id: kinds[o.kind] for o in scene.objects if isinstance(o, Item) and o.kind in kinds}
            img, anns = renderer.render(scene)
            ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
            frame = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8) if ok else img
            images, labels, group = out[val]
            for a in anns:
                if a.id not in kind_of or a.visible < MIN_VISIBLE:
                    continue
                boxes = [np.array(a.box)] if val else [_jittered(rng, a.box) for _ in range(JITTER_COPIES)]
                images.extend(drink_crops(frame, np.array(boxes)))
                labels.extend([kind_of[a.id]] * len(boxes))
                group.extend([g] * len(boxes))
            for box in _none_boxes(rng, anns):
                b = np.array(box) if val else _jittered(rng, box)
                images.extend(drink_crops(frame, b[None]))
                labels.append(none)
                group.append(g)

    def pack(v: tuple[list[np.ndarray], list[int], list[int]]) -> DrinkCrops:
        images = np.array(v[0], np.uint8).reshape(-1, CROP_PX, CROP_PX, 3)
        return DrinkCrops(images, np.array(v[1], np.int64), np.array(v[2], np.int64))

    return pack(out[False]), pack(out[True])


# ---------------------------------------------------------------------------------------- model


def build_model() -> object:
    """Four 3x3 conv stages (32 -> 16 -> 8 -> 4), global average pooling, one linear layer: about
    40 k parameters, a fraction of a millisecond per crop on a CPU core."""
    from torch import nn

    def conv(cin: int, cout: int) -> list[nn.Module]:
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

    return nn.Sequential(
        *conv(3, 16),
        nn.MaxPool2d(2),
        *conv(16, 32),
        nn.MaxPool2d(2),
        *conv(32, 48),
        nn.MaxPool2d(2),
        *conv(48, 64),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Dropout(0.2),
        nn.Linear(64, len(CLASSES)),
    )


def _augmented(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    from datasets.train.cards import augment

    img = augment(rng, crop, strength=0.7, miscut=0.0)
    img = np.rot90(img, int(rng.integers(4)))
    return np.ascontiguousarray(img[:, ::-1] if rng.random() < 0.5 else img)


def _tensor(images: np.ndarray) -> object:
    import torch

    return torch.from_numpy(np.ascontiguousarray(images[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0


def accuracy(model: object, data: DrinkCrops, threshold: float) -> dict[str, Any]:
    """Share right over all crops, and over the sure ones (top probability >= ``threshold``): how
    many are sure, and how many sure answers are wrong; per class, the share right, the share sure
    and right, and how many were surely read as another class."""
    import torch

    if not len(data):
        zeros = dict.fromkeys(CLASSES, 0.0)
        return {
            "n": 0,
            "accuracy": 0.0,
            "sure": 0.0,
            "sure_wrong": 0.0,
            "recall": zeros,
            "sure_recall": zeros,
            "sure_as_other": zeros,
        }
    model.eval()  # type: ignore[attr-defined]
    with torch.no_grad():
        p = torch.softmax(model(_tensor(data.images)), dim=1).numpy()  # type: ignore[operator]
    best, conf = p.argmax(1), p.max(1)
    sure = conf >= threshold
    of = [data.labels == k for k in range(len(CLASSES))]
    return {
        "n": len(data),
        "accuracy": float((best == data.labels).mean()),
        "sure": float(sure.mean()),
        "sure_wrong": float(((best != data.labels) & sure).sum() / max(int(sure.sum()), 1)),
        "recall": {
            c: float((best[m] == k).mean()) if m.any() else 0.0
            for k, (c, m) in enumerate(zip(CLASSES, of, strict=True))
        },
        "sure_recall": {
            c: float(((best[m] == k) & sure[m]).mean()) if m.any() else 0.0
            for k, (c, m) in enumerate(zip(CLASSES, of, strict=True))
        },
        "sure_as_other": {
            c: float(((best[m] != k) & sure[m]).sum())
            for k, (c, m) in enumerate(zip(CLASSES, of, strict=True))
        },
    }


@dataclass(slots=True)
class DrinkRun:
    onnx: Path
    card: Path
    params: int
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, float]] = field(default_factory=list)
    val: dict[str, Any] = field(default_factory=dict)


def train_drink_classifier(
    out: Path | str,
    groups: int = 160,
    shots: int = 8,
    epochs: int = 14,
    seed: int = 0,
    threshold: float = 0.8,
    batch: int = 128,
    lr: float = 3e-3,
) -> DrinkRun:
    """Render the crops, train, export ``out`` (ONNX) and write its model card beside it."""
    import torch

    torch.set_num_threads(2)
    torch.manual_seed(seed)
    start = time.perf_counter()
    train, val = render_crops(seed, range(groups), shots)
    if not len(train) or not len(val):
        raise ValueError(
            f"{groups} groups of {shots} shots gave no training or no validation crops: use more"
        )
    model = build_model()
    params = sum(p.numel() for p in model.parameters())  # type: ignore[attr-defined]
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=5e-4)  # type: ignore[attr-defined]
    steps = epochs * -(-len(train) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps + 10, pct_start=0.2)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    counts = {f"train_{c}": int((train.labels == i).sum()) for i, c in enumerate(CLASSES)}
    counts |= {f"val_{c}": int((val.labels == i).sum()) for i, c in enumerate(CLASSES)}
    run = DrinkRun(Path(out), Path(out).with_suffix(".md"), int(params), counts=counts)
    for epoch in range(epochs):
        rng = np.random.default_rng([seed, epoch, 5])
        order = rng.permutation(len(train))
        model.train()  # type: ignore[attr-defined]
        total = 0.0
        for i in range(0, len(order), batch):
            idx = order[i : i + batch]
            if len(idx) < 2:
                continue
            x = _tensor(np.stack([_augmented(rng, train.images[j]) for j in idx]))
            loss = loss_fn(model(x), torch.from_numpy(train.labels[idx]))  # type: ignore[operator]
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        record = {"epoch": epoch + 1, "loss": total / len(train)}
        scores = accuracy(model, val, threshold)
        record |= {f"val_{k}": scores[k] for k in ("accuracy", "sure", "sure_wrong")}
        run.history.append(record)
        print(json.dumps({k: round(v, 4) for k, v in record.items()}), flush=True)
    run.val = accuracy(model, val, threshold)
    run.seconds = time.perf_counter() - start
    export_onnx(model, run, threshold, seed)
    write_model_card(run, groups, shots, epochs, seed, threshold, batch, lr)
    return run


def export_onnx(model: object, run: DrinkRun, threshold: float, seed: int) -> None:
    """The network with a softmax, dynamic batch, and the metadata ``vision.drinks.DrinkReader`` reads."""
    import onnx
    import torch

    model.eval()  # type: ignore[attr-defined]
    probs = torch.nn.Sequential(model, torch.nn.Softmax(dim=1))  # type: ignore[call-overload]
    run.onnx.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        probs,
        (torch.zeros(2, 3, CROP_PX, CROP_PX),),
        str(run.onnx),
        input_names=["crops"],
        output_names=["probs"],
        dynamic_axes={"crops": {0: "n"}, "probs": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    m = onnx.load(str(run.onnx))
    meta = {
        "classes": repr(list(CLASSES)),
        "imgsz": str(CROP_PX),
        "margin": str(MARGIN),
        "threshold": str(threshold),
        "input": f"crops: (n, 3, {CROP_PX}, {CROP_PX}) float32 RGB 0..1 (vision.drinks.drink_crops)",
        "description": "railbird drink reader: capped or open drink, phone, card protector or none, softmax",
        "seed": str(seed),
        "val": json.dumps(run.val),
    }
    del m.metadata_props[:]
    for k, v in meta.items():
        p = m.metadata_props.add()
        p.key, p.value = k, v
    onnx.checker.check_model(m)
    onnx.save(m, str(run.onnx))


def write_model_card(
    run: DrinkRun, groups: int, shots: int, epochs: int, seed: int, threshold: float, batch: int, lr: float
) -> None:
    v = run.val
    rows = "\n".join(
        f"| {r['epoch']:.0f} | {r['loss']:.4f} | {r['val_accuracy']:.4f} | {r['val_sure']:.4f} | "
        f"{r['val_sure_wrong']:.4f} |"
        for r in run.history
    )
    per_class = "\n".join(
        f"| {c} | {v['recall'][c]:.4f} | {v['sure_recall'][c]:.4f} | {v['sure_as_other'][c]:.0f} |"
        for c in CLASSES
    )
    text = f"""# Drink classifier: `{run.onnx.name}`

Reads what a box the detector called a drink, a phone or a card protector holds, for
`vision.drinks.DrinkReader`: a capped drink (bottle or can), an open one (cup, glass, mug), a phone, a
protector, or none of these (a hand over its stack, a chip stack, a card). `vision.foreign` takes the
majority of a track's sure readings while it lies still. House rules need capped from open (Bluff Street
allows one capped bottle and no open drink); the detector mistakes one of these objects for another,
and hands and stacks for them (a face-down phone boxed as a drink, seed + 15000 foreign_object_phone).

- input `crops`: (n, 3, {CROP_PX}, {CROP_PX}) float32 RGB 0..1, a square of {MARGIN} times the drink box's
  longer side round its centre (`vision.drinks.drink_crops`)
- output `probs`: (n, {len(CLASSES)}) softmax over {", ".join(f"`{c}`" for c in CLASSES)};
  below {threshold} the reading is "unknown"
- {run.params} parameters, {run.onnx.stat().st_size // 1024} KB

## Data

Rendered here (`datasets.train.drinks.render_crops`, seed {seed}): {groups} groups (one random table,
look and camera each, 1280 x 720, overhead 55% / oblique 45%) of {shots} shots,
{EXTRA_OBJECTS[0]}-{EXTRA_OBJECTS[1] - 1} drinks, phones and protectors put down round random seats in every
variant the renderer draws ({BESIDE_CHIPS:.0%} of the protectors and phones against a chip stack, as a
protector pushed out with a bet lies), cut after a JPEG round trip at the look's quality; up to
{NONE_PER_SHOT} "none" crops a shot round hands over stacks,
hands, chip stacks, cards and the button. Every fifth group is validation; training crops come from
jittered boxes ({JITTER_COPIES} per object, one per "none").
Crops: {json.dumps(run.counts)}.

**No real photos.** No licensed photos of these objects on a poker table were at hand, so these figures
say how well the classifier separates the simulator's objects, not real ones.

## Recipe

Four conv stages (16, 32, 48, 64) with BatchNorm and ReLU, max pooling, global average pooling, dropout
0.2, one linear layer. {epochs} epochs, batch {batch}, AdamW lr {lr} (one-cycle), label smoothing 0.05;
augmentation `datasets.train.cards.augment` (strength 0.7) with quarter turns and mirroring. Seed {seed},
2 torch threads on CPU; training took {run.seconds / 60:.1f} min including rendering.

## Validation (held-out groups, exact boxes)

- accuracy {v["accuracy"]:.4f} over {v["n"]:.0f} crops
- sure (top probability >= {threshold}): {v["sure"]:.4f} of the crops
- wrong among the sure: {v["sure_wrong"]:.4f}

| class | right | sure and right | sure and read as another class |
|---|---|---|---|
{per_class}

| epoch | loss | val accuracy | val sure | val sure wrong |
|---|---|---|---|---|
{rows}

## Command

`railbird train drinks --groups {groups} --shots {shots} --epochs {epochs} --seed {seed} --out {run.onnx}`
"""
    run.card.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m datasets.train.drinks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", default="models/drink_classifier.onnx")
    parser.add_argument("--groups", type=int, default=160)
    parser.add_argument("--shots", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    run = train_drink_classifier(args.out, args.groups, args.shots, args.epochs, args.seed)
    print(json.dumps({"onnx": str(run.onnx), "params": run.params, "val": run.val}))


if __name__ == "__main__":
    main()

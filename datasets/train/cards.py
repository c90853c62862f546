"""Train the card-corner classifier: a small CNN in plain PyTorch, exported to ONNX for ``vision.cards``.

    python -m datasets.train.cards train --crops DIR [--crops DIR2 ...] [--real DIR]
        --out models/card_classifier.onnx
    python -m datasets.train.cards extract-real --out DIR --teacher models/card_classifier.onnx

Input: a (3, 48, 32) RGB 0..1 index corner (rank over small suit), as ``vision.card_crops.corner_crops``
cuts it and ``railbird synth dataset`` writes it. Output: two softmax heads, ``rank`` (14: the 13
ranks and "none", no index in the crop) and ``suit`` (4). Two heads rather than 52 classes let a
crop labelled with its rank only (edje_cards) teach the rank, and the "none" class lets the reader
tell a hidden or blank corner from a readable one.

Augmentation is what carries renders to photos: small rotations, shifts, scale and perspective
(an imperfect rectification), blur and lost resolution, noise, brightness, contrast, gamma and
colour casts, light gradients and JPEG. Everything is drawn from seeded generators and the loader
runs in this process, so the same data and seed give the same model; torch uses 2 threads.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from datasets.train.card_data import (
    RANK_CLASSES,
    RANKS,
    SUITS,
    CropSet,
    font_crops,
    load_crops,
    random_patches,
    texture_negatives,
)
from vision.card_crops import CROP_SIZE

NONE_RANK = len(RANKS)


# ---------------------------------------------------------------------------------------- augmentation


MISCUT_SHARE = 0.25  # share of training crops given a badly cut geometry (``augment``)


def augment(
    rng: np.random.Generator, crop: np.ndarray, strength: float = 1.0, miscut: float = MISCUT_SHARE
) -> np.ndarray:
    """One randomly varied copy of a (48, 32, 3) uint8 BGR crop (same shape). A ``miscut`` share of
    the copies get two and a half times the geometric jitter."""
    h, w = crop.shape[:2]
    img = crop
    if rng.random() < 0.9:  # geometry: an imperfect rectification
        # a badly cut crop: a card read from its box, turned or larger than the box says
        # (overlapped cards in a photo), so the index sits turned, shifted or bigger in the crop
        s = strength * (2.5 if rng.random() < miscut else 1.0)
        ang = rng.normal(0, 4 * s)
        scale = float(np.exp(rng.normal(0, 0.1 * s)))
        tx, ty = rng.normal(0, 2.0 * s), rng.normal(0, 2.5 * s)
        M = cv2.getRotationMatrix2D((w / 2, h / 2), float(ang), scale)
        M[:, 2] += np.array([tx, ty])
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        dst = cv2.transform(src[None], M)[0] + rng.normal(0, 0.8 * s, (4, 2)).astype(np.float32)
        P = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
        img = cv2.warpPerspective(img, P, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    f = img.astype(np.float32)
    if rng.random() < 0.3:  # lost resolution: a card far away, or a small phone crop
        k = rng.uniform(0.35, 0.8)
        small = cv2.resize(f, (max(int(w * k), 4), max(int(h * k), 6)), interpolation=cv2.INTER_AREA)
        f = np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)
    if rng.random() < 0.35:
        f = np.asarray(cv2.GaussianBlur(f, (0, 0), float(rng.uniform(0.3, 1.3))), np.float32)
    if rng.random() < 0.8:  # light: level, contrast, colour cast, gradient
        gain = rng.uniform(0.55, 1.3)
        contrast = rng.uniform(0.55, 1.25)
        cast = rng.uniform(0.85, 1.15, 3).astype(np.float32)
        mean = f.mean()
        f = ((f - mean) * contrast + mean) * gain * cast
        if rng.random() < 0.4:
            gx, gy = rng.normal(0, 0.25, 2)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            f = f * (1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5))[..., None]
    if rng.random() < 0.25:  # washed-out colour (white balance, cheap sensor)
        grey = f.mean(axis=2, keepdims=True)
        f = grey + (f - grey) * rng.uniform(0.2, 0.9)
    if rng.random() < 0.3:
        g = rng.uniform(0.7, 1.4)
        f = 255.0 * (np.clip(f, 0, 255) / 255.0) ** g
    if rng.random() < 0.5:
        f = f + rng.normal(0, rng.uniform(2, 12), f.shape).astype(np.float32)
    out = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(25, 95))])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            out = np.asarray(decoded, np.uint8)
    return out


# ---------------------------------------------------------------------------------------- model


def build_model(width: tuple[int, int, int, int] = (16, 32, 48, 96), hidden: int = 96) -> object:
    """The classifier: a stride-2 stem and three conv stages (48x32 -> 24x16 -> 12x8 -> 6x4 -> 3x2;
    about 6 M multiply-adds a crop), per-crop input standardisation inside the graph, a small
    dense layer and the two heads."""
    import torch
    from torch import nn

    def conv(cin: int, cout: int, stride: int = 1) -> list[nn.Module]:
        return [
            nn.Conv2d(cin, cout, 3, stride, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        ]

    a, b, c, d = width

    class CardNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.features = nn.Sequential(
                *conv(3, a, 2),
                *conv(a, b),
                nn.MaxPool2d(2),
                *conv(b, c),
                *conv(c, c),
                nn.MaxPool2d(2),
                *conv(c, d),
                nn.AvgPool2d(2),
            )
            self.dense = nn.Sequential(
                nn.Flatten(), nn.Dropout(0.2), nn.Linear(d * 6, hidden), nn.ReLU(inplace=True)
            )
            self.rank = nn.Linear(hidden, len(RANK_CLASSES))
            self.suit = nn.Linear(hidden, len(SUITS))

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            mean = x.mean(dim=(1, 2, 3), keepdim=True)
            std = x.std(dim=(1, 2, 3), keepdim=True)
            z = self.dense(self.features((x - mean) / (std + 0.03)))
            return self.rank(z), self.suit(z)

    return CardNet()


class _Softmaxed:
    """Wraps the network so the exported graph gives probabilities."""

    @staticmethod
    def wrap(model: object) -> object:
        import torch
        from torch import nn

        class Probs(nn.Module):
            def __init__(self, net: nn.Module) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
                r, s = self.net(x)
                return torch.softmax(r, dim=1), torch.softmax(s, dim=1)

        return Probs(model)  # type: ignore[arg-type]


def to_tensor(images: np.ndarray) -> object:
    """(n, 48, 32, 3) uint8 BGR -> torch (n, 3, 48, 32) float32 RGB 0..1."""
    import torch

    return torch.from_numpy(np.ascontiguousarray(images[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0


# ---------------------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class CardRecipe:
    crops: tuple[str, ...]  # `railbird synth dataset` folders (their cards/{train,val})
    real: tuple[str, ...] = ()  # extracted real crops (extract-real folders: {train,val}/<label>)
    epochs: int = 20
    seed: int = 0
    samples_per_epoch: int = 12000  # drawn from the sources by ``shares``, with replacement
    batch: int = 128
    lr: float = 3e-3
    weight_decay: float = 5e-4
    font_crops: int = 6000  # drawn index corners
    negatives: int = 5000  # random patches of synthetic images ("none")
    # shares of each epoch by source; a real folder is the source "real_<folder name>" (others: "real_other")
    shares: tuple[tuple[str, float], ...] = (
        ("synthetic", 0.3),
        ("font", 0.12),
        ("negatives", 0.15),
        ("real_blackjack", 0.28),
        ("real_edje", 0.15),
        ("real_other", 0.15),
    )
    threshold: float = 0.5  # default reading threshold written into the model
    width: tuple[int, int, int, int] = (16, 32, 48, 96)
    miscut_share: float = MISCUT_SHARE  # crops given a badly cut geometry (``augment``)


@dataclass(slots=True)
class CardRun:
    onnx: Path
    card: Path
    params: int
    seconds: float
    history: list[dict[str, float]] = field(default_factory=list)
    val: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


def _synthetic(recipe: CardRecipe, split: str) -> CropSet:
    return CropSet.concat([load_crops(Path(d) / "cards", split) for d in recipe.crops])


def training_data(recipe: CardRecipe) -> tuple[dict[str, CropSet], dict[str, CropSet]]:
    """(training sources by name, validation sets by name); empty sources are left out."""
    synth_train = _synthetic(recipe, "train")
    if len(synth_train) == 0:
        raise FileNotFoundError(
            f"no crops under {[str(Path(d) / 'cards' / 'train') for d in recipe.crops]} "
            "(make them with `railbird synth dataset`)"
        )
    images = sorted(p for d in recipe.crops for p in (Path(d) / "images" / "train").glob("*.jpg"))
    negatives = random_patches(images, recipe.negatives, recipe.seed) if recipe.negatives else CropSet.empty()
    sources = {
        "synthetic": synth_train,
        "font": font_crops(recipe.font_crops, recipe.seed) if recipe.font_crops else CropSet.empty(),
        "negatives": CropSet.concat([negatives, texture_negatives(recipe.seed)]),
    }
    for d in recipe.real:
        sources[f"real_{Path(d).name}"] = load_crops(Path(d), "train")
    vals = {"synthetic": _synthetic(recipe, "val")}
    for d in recipe.real:
        val = load_crops(Path(d), "val")
        if len(val):
            vals[f"real_{Path(d).name}"] = val
    return {k: v for k, v in sources.items() if len(v)}, {k: v for k, v in vals.items() if len(v)}


def epoch_samples(sources: dict[str, CropSet], recipe: CardRecipe, rng: np.random.Generator) -> CropSet:
    """``samples_per_epoch`` rows drawn from the sources in proportion to their ``shares``."""
    listed = dict(recipe.shares)
    shares = {k: listed.get(k, listed.get("real_other", 0.0)) for k in sources}
    total = sum(shares.values())
    parts = []
    for name, share in shares.items():
        n = round(recipe.samples_per_epoch * share / total)
        parts.append(sources[name].take(rng.integers(0, len(sources[name]), n)))
    pool = CropSet.concat(parts)
    return pool.take(rng.permutation(len(pool)))


def evaluate(model: object, data: CropSet, batch: int = 512) -> dict[str, float]:
    """Accuracy of the argmax card, rank and suit on ``data`` (card and suit where the suit is known)."""
    import torch

    model.eval()  # type: ignore[attr-defined]
    ranks, suits = [], []
    with torch.no_grad():
        for i in range(0, len(data), batch):
            r, s = model(to_tensor(data.images[i : i + batch]))  # type: ignore[operator]
            ranks.append(r.argmax(1).numpy())
            suits.append(s.argmax(1).numpy())
    if not ranks:
        return {}
    rank, suit = np.concatenate(ranks), np.concatenate(suits)
    known = data.suit >= 0
    out = {"rank_acc": float((rank == data.rank).mean()), "n": float(len(data))}
    if known.any():
        out["suit_acc"] = float((suit[known] == data.suit[known]).mean())
        out["card_acc"] = float(((rank == data.rank) & (suit == data.suit))[known].mean())
    return out


def train_card_classifier(
    crops_dir: Path | str | list[Path | str],
    out: Path | str,
    epochs: int = 20,
    seed: int = 0,
    **options: object,
) -> CardRun:
    """Train on the crops of ``crops_dir`` (one or more `railbird synth dataset` folders) and
    ``options`` (see ``CardRecipe``: real=..., font_crops=..., negatives=..., samples_per_epoch=...);
    writes ``out`` (ONNX) and its model card (same name, .md). Ctrl-C stops training and still
    exports what was trained."""
    import torch

    dirs = [crops_dir] if isinstance(crops_dir, str | Path) else list(crops_dir)
    notes = str(options.pop("notes", ""))
    recipe = CardRecipe(crops=tuple(str(d) for d in dirs), epochs=epochs, seed=seed, **options)  # type: ignore[arg-type]
    torch.set_num_threads(2)
    torch.manual_seed(seed)
    start = time.perf_counter()
    sources, vals = training_data(recipe)
    model = build_model(recipe.width)
    params = sum(p.numel() for p in model.parameters())  # type: ignore[attr-defined]
    opt = torch.optim.AdamW(model.parameters(), lr=recipe.lr, weight_decay=recipe.weight_decay)  # type: ignore[attr-defined]
    steps = max(recipe.epochs * -(-recipe.samples_per_epoch // recipe.batch), 1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.lr, total_steps=steps + 8, pct_start=0.15)
    rank_loss = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    suit_loss = torch.nn.CrossEntropyLoss(label_smoothing=0.05, ignore_index=-1)
    counts = {f"{k}_train": len(v) for k, v in sources.items()} | {
        f"{k}_val": len(v) for k, v in vals.items()
    }
    run = CardRun(Path(out), Path(out).with_suffix(".md"), int(params), 0.0, counts=counts)
    try:
        for epoch in range(recipe.epochs):
            rng = np.random.default_rng([seed, epoch, 3])
            pool = epoch_samples(sources, recipe, rng)
            model.train()  # type: ignore[attr-defined]
            total, seen = 0.0, 0
            t0 = time.perf_counter()
            for i in range(0, len(pool), recipe.batch):
                batch = pool.take(np.arange(i, min(i + recipe.batch, len(pool))))
                if len(batch) < 2:
                    continue
                x = to_tensor(
                    np.stack([augment(rng, img, miscut=recipe.miscut_share) for img in batch.images])
                )
                r = torch.from_numpy(batch.rank)
                s = torch.from_numpy(np.where(batch.rank == NONE_RANK, -1, batch.suit))
                out_r, out_s = model(x)  # type: ignore[operator]
                loss = rank_loss(out_r, r)
                if (s >= 0).any():
                    loss = loss + suit_loss(out_s, s)
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                total += float(loss.detach()) * len(batch)
                seen += len(batch)
            record = {"epoch": epoch + 1, "loss": total / max(seen, 1), "seconds": time.perf_counter() - t0}
            for name, data in vals.items():
                for k, v in evaluate(model, data).items():
                    if k != "n":
                        record[f"{name}_{k}"] = v
            run.history.append(record)
            print(
                json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in record.items()}),
                flush=True,
            )
    except KeyboardInterrupt:
        print(f"interrupted after {len(run.history)} epochs; exporting what was trained", flush=True)
    for name, data in vals.items():
        for k, v in evaluate(model, data).items():
            run.val[f"{name}_{k}"] = v
    run.seconds = time.perf_counter() - start
    export_onnx(model, Path(out), recipe, run)
    from datasets.train.card_model_card import write_model_card  # it imports this module

    write_model_card(run, recipe, notes)
    return run


# ---------------------------------------------------------------------------------------- export


def export_onnx(model: object, out: Path, recipe: CardRecipe, run: CardRun | None = None) -> Path:
    """Write the softmaxed network to ``out`` with dynamic batch and the class lists, input size
    and reading threshold in the metadata (what ``vision.cards.CardReader`` reads)."""
    import onnx
    import torch

    model.eval()  # type: ignore[attr-defined]
    wrapped = _Softmaxed.wrap(model)
    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(2, 3, CROP_SIZE[1], CROP_SIZE[0])
    torch.onnx.export(
        wrapped,  # type: ignore[arg-type]
        (dummy,),
        str(out),
        input_names=["crops"],
        output_names=["rank", "suit"],
        dynamic_axes={"crops": {0: "n"}, "rank": {0: "n"}, "suit": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    m = onnx.load(str(out))
    names = {i: r + s for i, (r, s) in enumerate((r, s) for r in RANKS for s in SUITS)}
    meta = {
        "ranks": repr(list(RANK_CLASSES)),
        "suits": repr(list(SUITS)),
        "names": repr(names),
        "imgsz": repr([CROP_SIZE[1], CROP_SIZE[0]]),
        "input": "crops: (n, 3, 48, 32) float32 RGB 0..1 index corners (vision.card_crops.corner_crops)",
        "threshold": str(recipe.threshold),
        "description": "railbird card-corner classifier: rank (13 + none) and suit heads, softmax",
        "seed": str(recipe.seed),
        "epochs": str(recipe.epochs),
    }
    if run is not None:
        meta["val"] = json.dumps({k: round(v, 4) for k, v in run.val.items()})
    del m.metadata_props[:]
    for k, v in meta.items():
        p = m.metadata_props.add()
        p.key, p.value = k, v
    onnx.checker.check_model(m)
    onnx.save(m, str(out))
    return out


# ---------------------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m datasets.train.cards", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train and export the classifier")
    t.add_argument(
        "--crops", action="append", required=True, help="a `railbird synth dataset` folder (repeatable)"
    )
    t.add_argument("--real", action="append", default=[], help="an extract-real folder (repeatable)")
    t.add_argument("--out", default="models/card_classifier.onnx")
    t.add_argument("--epochs", type=int, default=20)
    t.add_argument("--samples-per-epoch", type=int, default=12000)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--font-crops", type=int, default=6000)
    t.add_argument("--negatives", type=int, default=5000)
    t.add_argument("--batch", type=int, default=128)
    t.add_argument("--lr", type=float, default=3e-3)
    t.add_argument("--notes", type=Path, default=None, help="a markdown file appended to the model card")
    e = sub.add_parser("extract-real", help="cut labelled corners from blackjack_v13_train and edje train")
    e.add_argument("--out", required=True)
    e.add_argument(
        "--teacher", default=None, help="a classifier that decides mirrored cards and hidden corners"
    )
    args = parser.parse_args(argv)
    if args.command == "train":
        run = train_card_classifier(
            args.crops,
            args.out,
            args.epochs,
            args.seed,
            real=tuple(args.real),
            font_crops=args.font_crops,
            negatives=args.negatives,
            samples_per_epoch=args.samples_per_epoch,
            batch=args.batch,
            lr=args.lr,
            notes=args.notes.read_text(encoding="utf-8") if args.notes else "",
        )
        print(json.dumps({"onnx": str(run.onnx), "params": run.params, "val": run.val}))
    else:
        from datasets.train.card_real import extract_real

        out = Path(args.out)
        counts = extract_real(out, args.teacher)
        command = f"python -m datasets.train.cards extract-real --out {out}" + (
            f" --teacher {args.teacher}" if args.teacher else ""
        )
        (out / "extract.json").write_text(
            json.dumps({"command": command, "counts": counts}, indent=1) + "\n", encoding="utf-8"
        )
        print(json.dumps(counts))


if __name__ == "__main__":
    main()

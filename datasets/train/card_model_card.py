"""The card classifier's model card: data, recipe, the commands that remake it, and its figures."""

from __future__ import annotations

import json
from pathlib import Path

from datasets.train.cards import CardRecipe, CardRun

LICENCES = {
    "blackjack": 'Roboflow Universe "Black Jack" v13 (black-jack-group-alpha), train split, CC BY 4.0: '
    "https://universe.roboflow.com/black-jack-group-alpha/black-jack-8goxw/dataset/13",
    "edje": "EdjeElectronics TensorFlow Object Detection API tutorial cards, images/train only, Apache-2.0",
}


def train_command(recipe: CardRecipe, out: Path) -> str:
    """The ``python -m datasets.train.cards train`` line that reproduces ``recipe``."""
    parts = ["python -m datasets.train.cards train"]
    parts += [f"--crops {d}" for d in recipe.crops] + [f"--real {d}" for d in recipe.real]
    parts += [
        f"--out {out}",
        f"--epochs {recipe.epochs}",
        f"--seed {recipe.seed}",
        f"--samples-per-epoch {recipe.samples_per_epoch}",
        f"--font-crops {recipe.font_crops}",
        f"--negatives {recipe.negatives}",
        f"--batch {recipe.batch}",
        f"--lr {recipe.lr}",
    ]
    return " ".join(parts)


def _dataset_command(folder: Path) -> str:
    try:
        m = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"# {folder}: no manifest.json (not a `railbird synth dataset` folder?)"
    line = f"railbird synth dataset --images {m.get('requested')} --out {folder} --seed {m.get('seed')}"
    if not m.get("complete"):
        line += f"  # stopped with Ctrl-C after {m.get('count')} images"
    return line


def _extract_command(folder: Path) -> str | None:
    try:
        return str(json.loads((folder.parent / "extract.json").read_text(encoding="utf-8"))["command"])
    except (OSError, ValueError, KeyError):
        return None


def write_model_card(run: CardRun, recipe: CardRecipe, notes: str = "") -> Path:
    """The model card beside the ONNX file (same name, .md): data, recipe, commands, validation;
    the real-photo section is left for ``python -m datasets.eval_cards --card``."""
    out = run.onnx
    size_kb = out.stat().st_size / 1024 if out.is_file() else 0.0
    data_rows = []
    for key, n in run.counts.items():
        source = key.rsplit("_", 1)[0]
        licence = (
            "project renders (railbird synth dataset)"
            if source == "synthetic"
            else {
                "font": "drawn here: DejaVu fonts (free licence) and the simulator's suit shapes",
                "negatives": "random patches of the synthetic images, blank card corners and backs",
            }.get(source, "")
        )
        if source.startswith("real"):
            licence = LICENCES.get(source.removeprefix("real_"), "")
        data_rows.append(f"| {key} | {n} | {licence} |")
    commands = [_dataset_command(Path(d)) for d in recipe.crops]
    extract = {c for c in (_extract_command(Path(d)) for d in recipe.real) if c}
    commands += sorted(extract)
    commands.append(train_command(recipe, out))
    commands.append(
        f"python -m datasets.eval_cards --model {out} --card {out.with_suffix('.md')} "
        "--failures docs/card_reader_failures.png --bench"
    )
    val = {k: round(v, 4) for k, v in run.val.items()}
    lines = [
        f"# Card classifier: `{out.name}`",
        "",
        "Reads one index corner of a face-up card (rank over small suit) for `vision.cards.CardReader`, "
        "which "
        "rectifies each card in its detection box, reads both index corners in one batched call and answers "
        'the surer one, or "unreadable" below the threshold or when two sure corners disagree.',
        "",
        "- input `crops`: (n, 3, 48, 32) float32 RGB 0..1, the index region 1.8 x 2.7 cm from a card corner "
        "(`vision.card_crops.corner_crops`; the same geometry as `railbird synth dataset` crops)",
        "- outputs: `rank` (n, 14) softmax over `23456789TJQKA` + `none` (no index in the crop); "
        "`suit` (n, 4) softmax over `shdc`",
        f"- metadata: `ranks`, `suits`, `names` (52 cards), `imgsz` [48, 32], "
        f"`threshold` {recipe.threshold}, `val`",
        f"- {run.params} parameters, about 6 M multiply-adds per crop, {size_kb:.0f} KB",
        "",
        "## Data",
        "",
        "| source | crops | origin / licence |",
        "|---|---|---|",
        *data_rows,
        "",
        "Synthetic validation crops come from image groups (one table, camera and look) held out by the "
        "dataset generator. `edje_cards/images/test` is never used for training; it is the real-photo "
        "measurement below.",
        "",
        "## Recipe",
        "",
        f"- network: stride-2 stem and three conv stages, widths {list(recipe.width)}, BatchNorm + ReLU, max "
        "pooling, 3x2 average pool, dense 96, two linear heads; per-crop standardisation inside the graph",
        f"- {recipe.epochs} epochs of {recipe.samples_per_epoch} crops drawn with replacement by shares "
        f"{dict(recipe.shares)} (shares of absent sources are dropped), batch {recipe.batch}",
        f"- AdamW lr {recipe.lr} (one-cycle), weight decay {recipe.weight_decay}, label smoothing 0.05; "
        "suit loss "
        "only where the suit is known",
        "- augmentation (`datasets.train.cards.augment`): rotation, scale, shift and corner jitter "
        f"(an imperfect rectification; {recipe.miscut_share:.0%} of crops at 2.5 times the jitter: a "
        "card read from its box, its index turned, off-centre or larger), lost resolution, Gaussian "
        "blur, gain / contrast / colour cast / light gradient, "
        "desaturation, gamma, sensor noise, JPEG 25-95",
        f"- seed {recipe.seed}, torch with 2 threads, loader in-process: the same data and seed give the "
        "same model",
        f"- training time {run.seconds / 60:.1f} min on 2 CPU threads",
        "",
        "## Commands",
        "",
        "```",
        *commands,
        "```",
        "",
        "## Validation",
        "",
        f"Final: `{json.dumps(val)}`",
        "",
    ]
    if run.history:
        keys = [k for k in run.history[0] if k not in ("epoch", "loss", "seconds")]
        lines.append("| epoch | loss | " + " | ".join(keys) + " |")
        lines.append("|---|---|" + "---|" * len(keys))
        for h in run.history:
            lines.append(
                f"| {h['epoch']} | {h['loss']:.4f} | " + " | ".join(f"{h[k]:.4f}" for k in keys) + " |"
            )
    lines += [
        "",
        "## Real photos",
        "",
        "<!-- real-photos:start -->",
        f"Not measured yet: run `python -m datasets.eval_cards --model {out} "
        f"--card {out.with_suffix('.md')}`.",
        "<!-- real-photos:end -->",
    ]
    if notes:
        lines += ["", "## Notes", "", notes.strip()]
    path = out.with_suffix(".md")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path

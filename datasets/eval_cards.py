"""How well the card reader reads real photos: rank accuracy on edje_cards' test split.

    python -m datasets.eval_cards [--model models/card_classifier.onnx] [--card models/card_classifier.md]
        [--failures docs/card_reader_failures.png] [--bench]

The 67 test photos (EdjeElectronics, Apache-2.0) hold 1-6 real cards each with a whole-card box and
a rank label (nine to ace; suit not labelled). The reader runs on the ground-truth boxes (the
detector is measured on its own): it rectifies the card inside each box, reads both index corners
and answers a card or "unreadable". A card counts as right when the rank read is the labelled
rank; "unreadable" counts as not right and is reported on its own, apart from wrong reads (the
costly kind: a confident wrong card). A threshold sweep shows the trade between the two.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from datasets.train.card_data import EDJE_RANKS, REAL_SAMPLES
from datasets.train.card_real import edje_boxes, edje_image, source_split
from vision.card_crops import index_crops
from vision.cards import UNREADABLE, CardReader, CornerReading, bench_card_reader

EDJE_TEST = REAL_SAMPLES / "edje_cards" / "images" / "test"
EDJE_TRAIN = REAL_SAMPLES / "edje_cards" / "images" / "train"
CARD_MARK = ("<!-- real-photos:start -->", "<!-- real-photos:end -->")


@dataclass(frozen=True, slots=True)
class CardResult:
    image: str
    box: tuple[float, float, float, float]
    true_rank: str  # "9", "T", "J", "Q", "K", "A"
    corners: tuple[CornerReading, ...]  # the first look's
    more: tuple[CornerReading, ...]  # a second look's (taken for every card, used when needed)
    crops: np.ndarray  # (k, 48, 32, 3) uint8, what the model saw
    fitted: bool
    card: str  # the reader's answer at its threshold
    confidence: float

    @property
    def correct(self) -> bool:
        return self.card != UNREADABLE and self.card[0] == self.true_rank


def read_edje(reader: CardReader, folder: Path = EDJE_TEST, held_out: bool = False) -> list[CardResult]:
    """Every labelled card of ``folder`` read on its ground-truth box; with ``held_out``, only the
    photos ``extract-real`` puts in its val split (edje train photos never trained on: for tuning)."""
    results = []
    for xml_path in sorted(folder.glob("*.xml")):
        if held_out and source_split(xml_path.stem) != "val":
            continue
        img = edje_image(xml_path)
        if img is None:
            raise FileNotFoundError(f"{xml_path}: no image beside it")
        for name, box in edje_boxes(xml_path):
            rank = EDJE_RANKS.get(name)
            if rank is None:
                continue
            found = index_crops(img, box)
            if found is None:
                results.append(
                    CardResult(
                        xml_path.stem,
                        box,
                        rank,
                        (),
                        (),
                        np.zeros((0, 48, 32, 3), np.uint8),
                        False,
                        UNREADABLE,
                        0.0,
                    )
                )
                continue
            crops, fitted = found
            corners = tuple(reader.corner_readings(*reader.classify(crops)))
            second = index_crops(img, box, second_look=True)
            more: tuple[CornerReading, ...] = ()
            if second is not None:
                more = tuple(reader.corner_readings(*reader.classify(second[0])))
            result = CardResult(xml_path.stem, box, rank, corners, more, crops, fitted, UNREADABLE, 0.0)
            card, conf = answer(reader, result)
            if card == UNREADABLE and second is not None:
                crops = np.concatenate([crops, second[0]])
            results.append(replace(result, crops=crops, card=card, confidence=conf))
    return results


def answer(reader: CardReader, result: CardResult) -> tuple[str, float]:
    """What ``CardReader.read_many`` answers for this card at the reader's threshold: the first look,
    then, when that is unreadable, the first and second looks together."""
    card, conf = reader.decide(list(result.corners))
    if card == UNREADABLE and result.more:
        card, conf = reader.decide([*result.corners, *result.more], second_look=True)
    return card, conf


def summarise(
    results: list[CardResult], reader: CardReader, threshold: float | None = None
) -> dict[str, float]:
    """Rank accuracy, unreadable and wrong shares at ``threshold`` (the reader's when None)."""
    saved = reader.threshold
    if threshold is not None:
        reader.threshold = threshold
    try:
        answers = [answer(reader, r) for r in results]
    finally:
        reader.threshold = saved
    n = len(results)
    right = sum(a != UNREADABLE and a[0] == r.true_rank for (a, _), r in zip(answers, results, strict=True))
    unreadable = sum(a == UNREADABLE for a, _ in answers)
    read = n - unreadable
    return {
        "cards": n,
        "threshold": reader.threshold if threshold is None else threshold,
        "rank_accuracy": right / max(n, 1),
        "unreadable": unreadable / max(n, 1),
        "wrong": (read - right) / max(n, 1),
        "accuracy_when_read": right / max(read, 1),
        "fitted_outline": sum(r.fitted for r in results) / max(n, 1),
    }


def failure_sheet(results: list[CardResult], path: Path, per_row: int = 3) -> Path | None:
    """A picture of every card not read right: its corner crops (2x; two from a fitted outline, up to
    eight from the box hypotheses) with the answer, its confidence and the truth."""
    bad = [r for r in results if not r.correct]
    if not bad:
        return None
    tiles = []
    for r in bad:
        tile = np.full((126, 8 * 66 + 4, 3), 255, np.uint8)
        for j, c in enumerate(r.crops[:8]):
            tile[2:98, 2 + 66 * j : 66 + 66 * j] = cv2.resize(c, (64, 96), interpolation=cv2.INTER_NEAREST)
        color = (0, 0, 200) if r.card != UNREADABLE else (0, 120, 200)
        label = "unreadable" if r.card == UNREADABLE else f"read {r.card}"
        cv2.putText(tile, f"{label} {r.confidence:.2f}", (2, 110), cv2.FONT_HERSHEY_PLAIN, 0.9, color, 1)
        cv2.putText(
            tile,
            f"true {r.true_rank} {'fit' if r.fitted else 'box'} {r.image[-8:]}",
            (2, 123),
            cv2.FONT_HERSHEY_PLAIN,
            0.9,
            (0, 0, 0),
            1,
        )
        tiles.append(tile)
    while len(tiles) % per_row:
        tiles.append(np.full_like(tiles[0], 255))
    sheet = np.vstack([np.hstack(tiles[i : i + per_row]) for i in range(0, len(tiles), per_row)])
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), sheet)
    return path


def sweep(results: list[CardResult], reader: CardReader) -> list[dict[str, float]]:
    return [summarise(results, reader, t) for t in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)]


def markdown(
    summary: dict[str, float],
    table: list[dict[str, float]],
    model: Path,
    where: str = "edje_cards/images/test",
) -> str:
    lines = [
        f"Measured with `python -m datasets.eval_cards --model {model}` on {where} "
        f"({int(summary['cards'])} cards, ground-truth boxes; rank only, suit not labelled):",
        "",
        f"- rank accuracy {summary['rank_accuracy']:.3f} (unreadable {summary['unreadable']:.3f}, wrong "
        f"{summary['wrong']:.3f}; {summary['accuracy_when_read']:.3f} of the cards read are right) "
        f"at threshold "
        f"{summary['threshold']:.2f}",
        f"- card outline fitted for {summary['fitted_outline']:.3f} of the boxes "
        "(the rest read from the box corners)",
        "",
        "| threshold | rank accuracy | unreadable | wrong | right when read |",
        "|---|---|---|---|---|",
    ]
    for row in table:
        lines.append(
            f"| {row['threshold']:.1f} | {row['rank_accuracy']:.3f} | {row['unreadable']:.3f} | "
            f"{row['wrong']:.3f} | {row['accuracy_when_read']:.3f} |"
        )
    return "\n".join(lines)


def update_card(card: Path, text: str) -> None:
    """Replace the text between the real-photo markers of the model card."""
    body = card.read_text(encoding="utf-8")
    start, end = CARD_MARK
    if start not in body or end not in body:
        raise ValueError(f"{card}: no {start} ... {end} section to fill")
    head, rest = body.split(start, 1)
    _, tail = rest.split(end, 1)
    card.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(prog="python -m datasets.eval_cards", description=__doc__.split("\n")[0])
    parser.add_argument("--model", type=Path, default=Path("models/card_classifier.onnx"))
    parser.add_argument(
        "--folder", type=Path, default=EDJE_TEST, help="edje_cards images folder with VOC XML"
    )
    parser.add_argument("--failures", type=Path, default=None, help="write a PNG of the cards not read right")
    parser.add_argument(
        "--card", type=Path, default=None, help="fill the real-photo section of this model card"
    )
    parser.add_argument("--threshold", type=float, default=None)
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="read the edje train photos kept out of training instead (tuning)",
    )
    parser.add_argument("--bench", action="store_true", help="also time the reader (ms per card, 2 threads)")
    args = parser.parse_args(argv)
    reader = CardReader(args.model, threshold=args.threshold)
    t0 = time.perf_counter()
    results = read_edje(reader, EDJE_TRAIN if args.held_out else args.folder, held_out=args.held_out)
    summary = summarise(results, reader)
    table = sweep(results, reader)
    print(json.dumps({k: round(v, 4) for k, v in summary.items()}))
    where = "the held-out edje_cards/images/train photos" if args.held_out else str(args.folder)
    text = markdown(summary, table, args.model, where.replace(str(REAL_SAMPLES) + "/", ""))
    print(text)
    print(f"({time.perf_counter() - t0:.1f} s)")
    if args.failures is not None:
        failure_sheet(results, args.failures)
    if args.card is not None:
        update_card(args.card, text)
    if args.bench:
        bench_card_reader(args.model)
    return summary


if __name__ == "__main__":
    main()

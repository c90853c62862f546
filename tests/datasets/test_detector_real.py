"""Real photos for the detector's training: labels mapped to the detector's classes, the measurement
split refused, and a data.yaml that trains on both and validates on the synthetic val split."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
import yaml

from datasets.sim.objects import DET_CLASSES
from datasets.train.card_real import BLACKJACK_NAMES
from datasets.train.detector import data_description
from datasets.train.detector_real import blackjack_class, build, polygon_box, write_edje_train

NAMES = [c.value for c in DET_CLASSES]  # the simulator's detector classes


@pytest.mark.parametrize(
    ("name", "cls"),
    [("Ace of spades", "card_up"), ("Joker", "card_up"), ("card back", "card_down"), ("chips", "chip")],
)
def test_blackjack_labels_become_detector_classes(name: str, cls: str) -> None:
    assert blackjack_class(name) == cls


def test_a_polygon_becomes_its_clipped_bounding_box() -> None:
    assert polygon_box([0.2, 0.3, 0.6, 0.25, 0.7, 0.8, 0.1, 1.2]) == pytest.approx((0.1, 0.25, 0.7, 1.0))
    assert polygon_box([0.5, 0.5, 0.2, 0.4]) == pytest.approx((0.4, 0.3, 0.6, 0.7))  # cx cy w h
    assert polygon_box([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]) is None  # a point, not a box


def fake_real_samples(root: Path) -> Path:
    """One Black Jack photo (a card outline, a card back, a chip) and one edje train photo."""
    bj = root / "blackjack_v13_train" / "train"
    (bj / "images").mkdir(parents=True)
    (bj / "labels").mkdir(parents=True)
    cv2.imwrite(str(bj / "images" / "a_jpg.rf.1.jpg"), np.full((640, 640, 3), 90, np.uint8))
    ace, back, chips = (BLACKJACK_NAMES.index(n) for n in ("Ace of spades", "card back", "chips"))
    (bj / "labels" / "a_jpg.rf.1.txt").write_text(
        f"{ace} 0.1 0.1 0.3 0.1 0.3 0.4 0.1 0.4\n"
        f"{back} 0.5 0.5 0.7 0.5 0.7 0.8 0.5 0.8\n"
        f"{chips} 0.9 0.9 0.05 0.05\n"
    )
    edje = root / "edje_cards" / "images" / "train"
    edje.mkdir(parents=True)
    cv2.imwrite(str(edje / "c1.jpg"), np.full((3000, 4000, 3), 120, np.uint8))
    (edje / "c1.xml").write_text(
        "<annotation><object><name>king</name><bndbox><xmin>400</xmin><ymin>300</ymin>"
        "<xmax>1200</xmax><ymax>1500</ymax></bndbox></object></annotation>"
    )
    return root


def test_build_writes_labels_and_a_data_yaml_over_both_sets(tmp_path: Path) -> None:
    synthetic = tmp_path / "synth"
    (synthetic / "images" / "train").mkdir(parents=True)
    (synthetic / "data.yaml").write_text(
        yaml.safe_dump({"path": str(synthetic), "train": "images/train", "val": "images/val", "names": NAMES})
    )
    out = tmp_path / "out"
    counts = build(out, synthetic / "data.yaml", fake_real_samples(tmp_path / "real"), max_side=960)
    assert counts["blackjack_v13_train"] == {"images": 1, "boxes": 3, "dropped_labels": 0}
    assert counts["edje_cards_train"] == {"images": 1, "boxes": 1}
    bj = (out / "labels" / "train" / "bj_a_jpg.rf.1.txt").read_text().split("\n")
    assert [line.split()[0] for line in bj if line] == ["0", "1", "2"]  # card_up, card_down, chip
    assert [float(v) for v in bj[0].split()[1:]] == pytest.approx([0.2, 0.25, 0.2, 0.3])
    edje = (out / "labels" / "train" / "edje_c1.txt").read_text().split()
    assert edje[0] == "0" and [float(v) for v in edje[1:]] == pytest.approx([0.2, 0.3, 0.2, 0.4])
    assert max(cv2.imread(str(out / "images" / "train" / "edje_c1.jpg")).shape[:2]) == 960  # scaled down
    data = yaml.safe_load((out / "data.yaml").read_text())
    assert data["names"] == NAMES
    assert data["train"] == [
        str((synthetic / "images" / "train").resolve()),
        str((out / "images" / "train").resolve()),
    ]
    assert data["val"] == str((synthetic / "images" / "val").resolve())
    card = data_description(out / "data.yaml")  # the model card's data section names the real photos
    assert "no real images" not in card
    assert '"Black Jack" v13' in card and "CC BY 4.0: 1 photos, 3 boxes" in card
    assert "kept out of training: `edje_cards/images/test`" in card
    assert "no real images in training" in data_description(synthetic / "data.yaml")


def test_the_edje_test_split_is_never_written_for_training(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="measurement set"):
        write_edje_train(tmp_path, NAMES, tmp_path / "edje_cards" / "images" / "test", 960)

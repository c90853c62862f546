"""The drink classifier's training path end to end, tiny: rendered crops -> one epoch -> ONNX -> the
reader. The real run is `railbird train drinks`."""

from pathlib import Path

import numpy as np
import pytest

from datasets.sim.objects import Pose
from datasets.train.drinks import CLASSES, _beside, train_drink_classifier
from vision.drinks import DrinkReader


@pytest.mark.slow
def test_tiny_training_writes_a_model_and_card_the_reader_loads(tmp_path: Path):
    run = train_drink_classifier(tmp_path / "drinks.onnx", groups=10, shots=1, epochs=1, seed=1)
    assert run.onnx.is_file() and run.card.is_file()
    card = run.card.read_text()
    assert "accuracy" in card and "No real photos" in card
    assert all(run.counts[f"train_{c}"] > 0 for c in CLASSES)  # every class, "none" too
    reader = DrinkReader(run.onnx)
    assert reader.classes == CLASSES and reader.size == 32
    p = reader.probs(np.zeros((3, 32, 32, 3), np.uint8))
    assert p.shape == (3, len(CLASSES)) and np.allclose(p.sum(axis=1), 1.0, atol=1e-5)


def test_too_few_tables_to_validate_on_is_a_clear_error(tmp_path: Path):
    with pytest.raises(ValueError, match="no training or no validation crops"):
        train_drink_classifier(tmp_path / "drinks.onnx", groups=2, shots=1, epochs=1)
    assert not (tmp_path / "drinks.onnx").exists()


def test_an_object_put_beside_chips_lies_against_the_stack_not_on_it_or_far_off():
    """A protector pushed out with a bet lies against the chips (seed + 17000 non_value_item), so the
    training crops put some there: 0.7-1.2 chip diameters from the stack's middle, all round it."""
    rng = np.random.default_rng(3)
    stack = Pose(10.0, -5.0)
    poses = [_beside(rng, stack, 3.9) for _ in range(400)]
    reach = np.array([np.hypot(p.x - stack.x, p.y - stack.y) for p in poses])
    assert reach.min() >= 0.7 * 3.9 - 1e-9 and reach.max() <= 1.2 * 3.9 + 1e-9
    headings = np.degrees(np.arctan2([p.y - stack.y for p in poses], [p.x - stack.x for p in poses]))
    assert np.histogram(headings, bins=4, range=(-180, 180))[0].min() > 60  # every side of the stack
    assert all(p.z == 0.1 for p in poses)  # flat on the felt, as the other objects are put down

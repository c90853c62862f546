"""The drink classifier's training path end to end, tiny: rendered crops -> one epoch -> ONNX -> the
reader. The real run is `railbird train drinks`."""

from pathlib import Path

import numpy as np
import pytest

from datasets.train.drinks import CLASSES, train_drink_classifier
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

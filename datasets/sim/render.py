"""Scene -> realistic frame plus exact annotations.

The static table (felt, prints, rail, tray, players), the light map and the noise bank are made
once per ``Renderer``. Each frame copies the table, composites one sprite per object (cards and chip
tops are pre-drawn textures warped into small regions; stacks, items and hands are drawn through
the camera), multiplies the light map in, adds sensor noise and, for datasets, a JPEG round trip.
Lens distortion is baked in: the table is sampled through it and objects are projected with it.

Determinism: the image and annotations depend only on (layout, camera, style, seed) and the scenes
rendered so far (motion blur compares a scene with the previous frame's). Per-frame randomness
comes from ``numpy.random.default_rng([seed, frame])``; per-object randomness from the object's id.

Classes: a face-up card is CARD_UP with its identity, face down CARD_DOWN; each ChipStack is one
CHIP with its chips and value; a Hand is HAND (box from fingertips to wrist, arm left out) with its
seat; a Person (a seated player) is PLAYER with its seat; items map to DEALER_BUTTON /
CARD_PROTECTOR / PHONE / DRINK (capped and open). An
ALL_IN_BUTTON is drawn but not annotated (a look-alike the detector must learn to leave alone).
Objects under 15% visible (hidden by hands or other objects, or out of frame) are left out; a
seated player, of whom an overhead camera often sees only the shoulders and arms, under 4%.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.chipset import CHIP_SETS, ChipSet

from .assets.card_sprite import card_sprite
from .assets.cards import N_BACK_DESIGNS, N_FACE_DESIGNS, RANKS, SUITS, back_texture, face_texture
from .assets.chips import N_CHIP_DESIGNS, chip_face_opaque
from .assets.common import Sprite, motion_blur
from .assets.compose import OCCLUDER, ZoneIndex, blit, object_box, visible_count
from .assets.felt import build_table
from .assets.hands import hand_sprite
from .assets.items import item_sprite
from .assets.lighting import add_noise, jpeg_roundtrip, light_map, noise_bank, noise_lut
from .assets.people import person_sprite
from .assets.stacks import stack_sprites
from .assets.view import View
from .camera import Camera
from .objects import Annotation, Card, ChipStack, DetClass, Hand, Item, ItemKind, Person, Scene, SceneObject
from .style import SleeveKind, Style
from .world import TableLayout

MIN_VISIBLE = 0.15
MIN_VISIBLE_PLAYER = 0.04  # a seated player at the frame's edge shows only shoulders and arms
SHUTTER = 0.5  # share of the frame interval the shutter is open (motion blur length)
MAX_BLUR_PX = 40.0
TELEPORT_PX = 160.0  # a jump larger than this between frames is a cut, not motion

_ITEM_CLASS = {
    ItemKind.DEALER_BUTTON: DetClass.DEALER_BUTTON,
    ItemKind.CARD_PROTECTOR: DetClass.CARD_PROTECTOR,
    ItemKind.PHONE: DetClass.PHONE,
    ItemKind.DRINK_CAPPED: DetClass.DRINK,
    ItemKind.DRINK_OPEN: DetClass.DRINK,
}
_FLAT_ITEMS = (ItemKind.PHONE, ItemKind.CARD_PROTECTOR)
_NOTHING = Sprite(0, 0, np.zeros((1, 1, 3), np.uint8), np.zeros((1, 1), np.uint8))  # out of the camera's view


def warm_up(chipsets: tuple[ChipSet, ...] = tuple(CHIP_SETS.values())) -> None:
    """Draw every card face and back and every chip face once (about a second), so the first frames of
    a long run are not slower than the rest. Optional: they are otherwise drawn when first needed."""
    for design in range(N_FACE_DESIGNS):
        for rank in RANKS:
            for suit in SUITS:
                face_texture(rank + suit, design)
    for design in range(N_BACK_DESIGNS):
        back_texture(design)
    for chipset in chipsets:
        for spec in chipset.chips:
            for design in range(N_CHIP_DESIGNS):
                chip_face_opaque(spec, design, chipset.diameter_cm)


@dataclass(slots=True)
class _Drawn:
    """A drawn object and what its annotation needs: ``mask`` (h, w) bool, pixel ``total`` (frame
    edge included) and the frame-clipped ``box`` (None: entirely outside)."""

    sprite: Sprite
    mask: np.ndarray
    total: int
    box: tuple[float, float, float, float] | None


class Renderer:
    """Draws scenes of one table through one camera in one style."""

    def __init__(self, layout: TableLayout, camera: Camera, style: Style, seed: int):
        self.layout = layout
        self.camera = camera
        self.style = style
        self.seed = int(seed)
        self.view = View(camera, style.light_dir)
        step = 8
        table, cx, cy = build_table(layout, camera, style, self.seed, step)
        rng = np.random.default_rng([self.seed, 0x7AB1E])
        self._light = light_map(layout, cx, cy, step, camera.width, camera.height, style, rng)
        self._table = cv2.multiply(table, self._light, scale=1 / 128)
        self._noise = noise_bank(camera.height, camera.width)
        self._noise_gain = cv2.LUT(self._table, noise_lut(style))  # shot noise follows the lit table
        self._zones = ZoneIndex(layout)
        self._labels = np.zeros((camera.height, camera.width), np.uint16)
        self._label_of: dict[str, int] = {}
        self._cache: dict[object, _Drawn] = {}
        self._snap: tuple[list[object], np.ndarray, np.ndarray] | None = None
        self._prev: Scene | None = None
        self._stack_sprites: dict[object, Sprite] = {}

    # ------------------------------------------------------------------ public

    def render(self, scene: Scene) -> tuple[np.ndarray, list[Annotation]]:
        """The frame (H, W, 3) uint8 BGR and one annotation per visible object, in scene order."""
        prev = self._previous(scene)
        order = self._draw_order(scene)
        keys: list[object] = [(obj, self._motion(obj, prev.get(obj.id))) for obj in order]
        labels = self._labels
        snap = self._snap
        resume = 0
        if snap is not None and len(snap[0]) <= len(keys) and keys[: len(snap[0])] == snap[0]:
            frame = snap[1].copy()
            np.copyto(labels, snap[2])
            resume = len(snap[0])
        else:
            frame = self._table.copy()
            labels.fill(0)
        cache: dict[object, _Drawn] = {}
        drawn: dict[str, tuple[_Drawn, int]] = {}
        new_snap = None
        changed = False
        self._batch_stacks(order, keys)
        for k, (obj, key) in enumerate(zip(order, keys, strict=True)):
            item = self._cache.get(key)
            if item is None:
                if k > resume and not changed:
                    # everything before this object is as it was last frame: keep the frame so far
                    new_snap = (keys[:k], frame.copy(), labels.copy())
                changed = True
                item = self._draw_item(obj, key)
            cache[key] = item
            annotated = self._class(obj) is not None
            label = self._label(obj.id) if annotated else int(OCCLUDER)
            if k >= resume:
                blit(frame, labels, item.sprite, item.mask, label, self.style.shadow_strength, self._light)
            if annotated:
                drawn[obj.id] = (item, label)
        if not changed and len(keys) > resume:
            new_snap = (keys, frame.copy(), labels.copy())
        if new_snap is not None:
            self._snap = new_snap
        self._cache = cache
        self._prev = scene
        anns = []
        for obj in scene.objects:
            if obj.id in drawn:
                ann = self._annotate(obj, *drawn[obj.id])
                if ann is not None:
                    anns.append(ann)
        return self._finish(frame, scene), anns

    # ------------------------------------------------------------------ drawing

    def _label(self, obj_id: str) -> int:
        label = self._label_of.get(obj_id)
        if label is None:
            if len(self._label_of) >= int(OCCLUDER) - 1:
                self._label_of.clear()
                self._snap = None
            label = len(self._label_of) + 1
            self._label_of[obj_id] = label
        return label

    def _previous(self, scene: Scene) -> dict[str, SceneObject]:
        if not self.style.motion_blur or self._prev is None or self._prev.frame != scene.frame - 1:
            return {}
        return self._prev.by_id()

    def _draw_order(self, scene: Scene) -> list[SceneObject]:
        """Cards, then flat items, then solids (stacks, standing items, seated players) far to near,
        then each hand after what it holds."""
        hands = [o for o in scene.objects if isinstance(o, Hand)]
        held = {h_id for h in hands for h_id in h.holding}
        view = self.view
        cards, flats, solids = [], [], []
        for k, o in enumerate(scene.objects):
            if isinstance(o, Hand) or o.id in held:
                continue
            if isinstance(o, Card):
                cards.append((o.pose.z, k, o))
            elif isinstance(o, Item) and o.kind in _FLAT_ITEMS:
                flats.append((o.pose.z, k, o))
            else:
                solids.append((-view.depth(o.pose.x, o.pose.y, o.pose.z), k, o))
        order: list[SceneObject] = [o for *_, o in sorted(cards, key=lambda t: t[:2])]
        order += [o for *_, o in sorted(flats, key=lambda t: t[:2])]
        order += [o for *_, o in sorted(solids, key=lambda t: t[:2])]
        by_id = scene.by_id()
        for h in sorted(hands, key=lambda h: (h.pose.z, h.id)):
            order += [by_id[i] for i in h.holding if i in by_id and not isinstance(by_id[i], Hand)]
            order.append(h)
        return order

    def _batch_stacks(self, order: list[SceneObject], keys: list[object]) -> None:
        """Draw all new chip stacks of the frame in one go (their array work is shared)."""
        todo = [
            (obj, key)
            for obj, key in zip(order, keys, strict=True)
            if isinstance(obj, ChipStack) and key not in self._cache
        ]
        self._stack_sprites = {}
        if todo:
            st = self.style
            sprites = stack_sprites([o for o, _ in todo], self.view, st.chipset, st.chip_design, self.seed)
            self._stack_sprites = {key: sp for (_, key), sp in zip(todo, sprites, strict=True)}

    def _draw_item(self, obj: SceneObject, key: object) -> _Drawn:
        motion = key[1]  # type: ignore[index]
        sprite = self._stack_sprites.pop(key, None) or self._draw(obj)
        if motion is not None:
            sprite = motion_blur(sprite, *motion)
        mask = sprite.object_mask()
        box = object_box(sprite, mask, self.camera.width, self.camera.height)
        return _Drawn(sprite, mask, int(np.count_nonzero(mask)), box)

    def _motion(self, obj: SceneObject, before: SceneObject | None) -> tuple[float, float] | None:
        if before is None or before.pose == obj.pose:
            return None
        a, b = self.view.project(
            np.array([[before.pose.x, before.pose.y, before.pose.z], [obj.pose.x, obj.pose.y, obj.pose.z]])
        )
        v = (b - a) * SHUTTER
        length = float(np.hypot(*v))
        if length < 1.5 or length * 2 > TELEPORT_PX:
            return None
        if length > MAX_BLUR_PX:
            v *= MAX_BLUR_PX / length
        return round(float(v[0]), 1), round(float(v[1]), 1)

    def _draw(self, obj: SceneObject) -> Sprite:
        st, view = self.style, self.view
        if isinstance(obj, Card):
            return card_sprite(obj, view, st.card_face, st.card_back, st.glare, self.seed)
        if isinstance(obj, ChipStack):
            return stack_sprites([obj], view, st.chipset, st.chip_design, self.seed)[0]
        if isinstance(obj, Hand):
            skin = st.skin_tones[obj.skin % len(st.skin_tones)]
            if obj.seat == 0 and obj.sleeve > 0:
                sleeve = (str(st.dealer_sleeve[0]), st.dealer_sleeve[1])
            elif obj.sleeve > 0:
                kind, color = st.sleeves[(obj.sleeve - 1) % len(st.sleeves)]
                sleeve = (str(kind), color)
            else:
                sleeve = (str(SleeveKind.BARE), (0, 0, 0))
            return hand_sprite(obj, view, self.layout, skin, sleeve, self.seed)
        if isinstance(obj, Person):
            return person_sprite(obj, view) or _NOTHING
        return item_sprite(obj, view, self.seed)

    # ------------------------------------------------------------------ annotations and sensor

    @staticmethod
    def _class(obj: SceneObject) -> DetClass | None:
        if isinstance(obj, Card):
            return DetClass.CARD_UP if obj.face_up else DetClass.CARD_DOWN
        if isinstance(obj, ChipStack):
            return DetClass.CHIP
        if isinstance(obj, Hand):
            return DetClass.HAND
        if isinstance(obj, Person):
            return DetClass.PLAYER
        return _ITEM_CLASS.get(obj.kind)

    def _annotate(self, obj: SceneObject, item: _Drawn, label: int) -> Annotation | None:
        cls = self._class(obj)
        if cls is None or item.box is None or item.total == 0:
            return None
        visible = min(visible_count(self._labels, item.box, label) / item.total, 1.0)
        if visible < (MIN_VISIBLE_PLAYER if cls is DetClass.PLAYER else MIN_VISIBLE):
            return None
        zone = self._zones.name_at(obj.pose.x, obj.pose.y)
        card = obj.card if isinstance(obj, Card) and obj.face_up else None
        chips = obj.chips if isinstance(obj, ChipStack) else ()
        value = obj.value if isinstance(obj, ChipStack) else None
        seat = obj.seat if isinstance(obj, Hand | Person) else None
        return Annotation(obj.id, cls, item.box, round(visible, 4), zone, card, chips, value, seat)

    def _finish(self, frame: np.ndarray, scene: Scene) -> np.ndarray:
        st = self.style
        rng = np.random.default_rng([self.seed, scene.frame & 0x7FFFFFFF, 1])
        if st.blur_sigma > 0.25:
            frame = cv2.GaussianBlur(frame, (0, 0), st.blur_sigma)
        if st.noise_sigma > 0 or st.shot_noise > 0:
            frame = add_noise(frame, self._noise, self._noise_gain, rng)
        if st.jpeg_quality is not None:
            frame = jpeg_roundtrip(frame, st.jpeg_quality)
        return frame

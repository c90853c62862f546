"""The renderer: deterministic frames, exact annotations (boxes, identities, values, zones,
occlusion), and the overhead / oblique difference a stack shows."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from datasets.sim import camera as cameras
from datasets.sim.objects import Card, ChipStack, DetClass, Hand, HandPose, Item, ItemKind, Pose, Scene
from datasets.sim.render import Renderer
from datasets.sim.style import Style, random_style
from datasets.sim.world import make_layout
from vision.chipset import TOURNAMENT

W, H = 640, 360


@pytest.fixture(scope="module")
def layout():
    return make_layout()


@pytest.fixture(scope="module")
def style() -> Style:
    return dataclasses.replace(random_style(np.random.default_rng(5), TOURNAMENT), jpeg_quality=80)


def make_renderer(layout, style, view: str = "overhead", seed: int = 1, **size) -> Renderer:
    w, h = size.get("width", W), size.get("height", H)
    cam = cameras.overhead(w, h) if view == "overhead" else cameras.oblique(w, h)
    return Renderer(layout, cam, style, seed)


def table_scene(layout, frame: int = 0) -> Scene:
    s2, s5 = layout.seat(2), layout.seat(5)
    return Scene(
        t=frame / 30,
        frame=frame,
        objects=(
            Card("up", Pose(*layout.board[0]), "Qh", face_up=True),
            Card("down", Pose(*s2.cards, 15.0), "7c"),
            Card("peek", Pose(s2.cards[0] + 4, s2.cards[1], 15.0), "2d", peek=0.7, bend=0.4),
            ChipStack("bet5", Pose(*s5.bet), (100, 100, 500, 500, 1000)),
            ChipStack("messy", Pose(*s5.stack, 30.0), (25,) * 12, messy=0.6),
            Item("button", Pose(s2.stack[0] + 12, s2.stack[1]), ItemKind.DEALER_BUTTON),
            Item("cup", Pose(layout.pot[0] - 30, layout.pot[1]), ItemKind.DRINK_OPEN, 2),
            Item("bottle", Pose(layout.pot[0] + 30, layout.pot[1]), ItemKind.DRINK_CAPPED, 1),
            Item("allin", Pose(layout.pot[0], layout.pot[1] + 25), ItemKind.ALL_IN_BUTTON),
            Hand(
                "hand5", Pose(s5.bet[0] + 20, s5.bet[1] - 5), 5, HandPose.OPEN, skin=2, sleeve=1, watch=True
            ),
        ),
    )


def by_id(anns):
    return {a.id: a for a in anns}


def test_same_inputs_give_byte_identical_frames_and_annotations(layout, style):
    scene = table_scene(layout)
    img1, anns1 = make_renderer(layout, style).render(scene)
    img2, anns2 = make_renderer(layout, style).render(scene)
    assert img1.shape == (H, W, 3) and img1.dtype == np.uint8
    assert img1.tobytes() == img2.tobytes()
    assert anns1 == anns2


def test_cached_and_fresh_renders_agree(layout, style):
    """A renderer reusing its static layer draws exactly what a fresh one draws."""
    r = make_renderer(layout, style)
    r.render(table_scene(layout, frame=0))
    moved = table_scene(layout, frame=9)  # not consecutive: no motion blur
    hand = next(o for o in moved.objects if isinstance(o, Hand))
    moved = dataclasses.replace(
        moved,
        objects=tuple(
            dataclasses.replace(o, pose=Pose(o.pose.x + 3, o.pose.y)) if o is hand else o
            for o in moved.objects
        ),
    )
    img_cached, anns_cached = r.render(moved)
    img_fresh, anns_fresh = make_renderer(layout, style).render(moved)
    assert img_cached.tobytes() == img_fresh.tobytes()
    assert anns_cached == anns_fresh


def test_boxes_hold_the_projected_centre_and_stay_in_frame(layout, style):
    for view in ("overhead", "oblique"):
        r = make_renderer(layout, style, view)
        scene = table_scene(layout)
        _, anns = r.render(scene)
        objs = scene.by_id()
        assert anns
        for a in anns:
            x0, y0, x1, y1 = a.box
            assert 0 <= x0 < x1 <= W and 0 <= y0 < y1 <= H, (view, a)
            p = objs[a.id].pose
            z = p.z if not isinstance(objs[a.id], Hand) else p.z + 2
            cx, cy = r.camera.project(np.array([[p.x, p.y, z]]))[0]
            assert x0 - 1 <= cx <= x1 + 1 and y0 - 1 <= cy <= y1 + 1, (view, a.id, (cx, cy), a.box)
            assert 0.15 <= a.visible <= 1.0


def test_cards_carry_identity_only_face_up(layout, style):
    anns = by_id(make_renderer(layout, style).render(table_scene(layout))[1])
    assert anns["up"].cls is DetClass.CARD_UP and anns["up"].card == "Qh"
    assert anns["down"].cls is DetClass.CARD_DOWN and anns["down"].card is None
    assert anns["peek"].cls is DetClass.CARD_DOWN


def test_chip_stacks_carry_their_chips_and_value(layout, style):
    anns = by_id(make_renderer(layout, style).render(table_scene(layout))[1])
    assert anns["bet5"].cls is DetClass.CHIP
    assert anns["bet5"].chips == (100, 100, 500, 500, 1000) and anns["bet5"].value == 2200
    assert anns["messy"].value == 300


def test_items_map_to_their_classes_and_all_in_buttons_are_not_annotated(layout, style):
    anns = by_id(make_renderer(layout, style).render(table_scene(layout))[1])
    assert anns["button"].cls is DetClass.DEALER_BUTTON
    assert anns["cup"].cls is DetClass.DRINK and anns["bottle"].cls is DetClass.DRINK
    assert "allin" not in anns
    assert anns["hand5"].cls is DetClass.HAND and anns["hand5"].seat == 5


@pytest.mark.parametrize("seat", [1, 4, 7, 9])
def test_zones_follow_the_layout(layout, style, seat):
    g = layout.seat(seat)
    scene = Scene(
        0,
        0,
        (
            ChipStack("bet", Pose(*g.bet), (25, 25)),
            ChipStack("stack", Pose(*g.stack), (100,) * 8),
            Card("hole", Pose(*g.cards, 0.0), "As"),
        ),
    )
    anns = by_id(make_renderer(layout, style).render(scene)[1])
    assert anns["bet"].zone == f"seat{seat}_bet"
    assert anns["stack"].zone == f"seat{seat}_stack"
    assert anns["hole"].zone == f"seat{seat}_cards"


def test_board_and_pot_zones(layout, style):
    scene = Scene(
        0,
        0,
        (Card("b", Pose(*layout.board[2]), "Kd", face_up=True), ChipStack("p", Pose(*layout.pot), (25,))),
    )
    anns = by_id(make_renderer(layout, style).render(scene)[1])
    assert anns["b"].zone == "board" and anns["p"].zone == "pot"


def test_oblique_view_shows_a_tall_stack_taller(layout, style):
    stack = ChipStack("tall", Pose(*layout.pot), (500,) * 20)
    aspect = {}
    for view in ("overhead", "oblique"):
        a = make_renderer(layout, style, view).render(Scene(0, 0, (stack,)))[1][0]
        x0, y0, x1, y1 = a.box
        aspect[view] = (y1 - y0) / (x1 - x0)
    assert aspect["overhead"] < 1.2
    assert aspect["oblique"] > aspect["overhead"] * 1.3


def test_a_hand_over_a_card_hides_part_of_it(layout, style):
    g = layout.seat(3)
    card = Card("c", Pose(*g.cards, 0.0), "Js", face_up=True)
    alone = by_id(make_renderer(layout, style).render(Scene(0, 0, (card,)))[1])["c"]
    hand = Hand("h", Pose(*g.cards), 3, HandPose.CUPPED)
    covered = by_id(make_renderer(layout, style).render(Scene(0, 0, (card, hand)))[1])
    assert alone.visible > 0.95
    assert "c" not in covered or covered["c"].visible < alone.visible - 0.2


def test_objects_out_of_frame_are_left_out(layout, style):
    far = ChipStack("far", Pose(1000.0, 0.0), (25,))
    assert make_renderer(layout, style).render(Scene(0, 0, (far,)))[1] == []


def test_random_styles_are_valid_values(layout):
    rng = np.random.default_rng(0)
    for _ in range(20):
        st = random_style(rng)
        assert hash(st) is not None
        assert st.for_video().jpeg_quality is None
    fixed = dataclasses.replace(random_style(rng), felt_texture="suede", logo="none", felt_color=[10, 20, 30])
    assert fixed.felt_color == (10, 20, 30) and fixed.logo == "none"
    with pytest.raises(ValueError, match="felt_color"):
        dataclasses.replace(fixed, felt_color=(1, 2))

// Hand review (/review): tables -> hands with alert counts -> a hand's timeline (events, rulings and
// alerts in time order) and the clip player. ?table= and ?hand= in the address keep the place.

import { api, banner, card, chips, dateTime, download, el, human, showUser, signIn } from "./api.js";
import { citations, setTableName, tableName } from "./alerts.js";
import { ClipPlayer } from "./player.js";

const tableSelect = document.getElementById("table");
const handsNode = document.getElementById("hands");
const moreHands = document.getElementById("more-hands");
const timelineNode = document.getElementById("timeline");
const factsNode = document.getElementById("hand-facts");
const exportsNode = document.getElementById("exports");
const exportStatus = document.getElementById("export-status");

const player = new ClipPlayer(document.getElementById("player"));
let me = null;
let current = null; // the hand being shown: {hand, events, rulings, alerts}
let lastHandId = null;

function remember(params) {
  const url = new URL(location.href);
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  history.replaceState(null, "", url);
}

// ---- hands list ----

function handRow(h) {
  const ended = h.ended_at ? "" : " · in progress";
  return el(
    "li",
    {},
    el(
      "button",
      { class: "hand-row", dataset: { handPk: h.id }, onclick: () => openHand(h.id) },
      el("span", { class: "hand-id", text: `Hand ${h.hand_id}` }),
      el("span", { class: "count", dataset: { n: h.alerts }, text: h.alerts === 1 ? "1 alert" : `${h.alerts} alerts` }),
      el("span", { class: "when muted", text: `${dateTime(h.started_at)}${ended}` }),
    ),
  );
}

async function loadHands({ more = false } = {}) {
  const params = new URLSearchParams({ table: tableSelect.value, limit: "50" });
  if (more && lastHandId !== null) params.set("before_id", lastHandId);
  const hands = await api(`/api/hands?${params}`);
  if (!more) handsNode.replaceChildren();
  handsNode.append(...hands.map(handRow));
  lastHandId = hands.length ? hands[hands.length - 1].id : lastHandId;
  moreHands.hidden = hands.length < 50;
  document.getElementById("hands-empty").hidden = handsNode.children.length > 0;
  markSelected();
}

function markSelected() {
  for (const b of handsNode.querySelectorAll(".hand-row")) {
    b.setAttribute("aria-current", String(current !== null && Number(b.dataset.handPk) === current.hand.id));
  }
}

// ---- one hand ----

const PLAIN = new Set(["frame", "seat", "count", "button_seat", "hand_id", "non_value_items", "seconds"]);

/** One field of an event: cards as cards, chip pushes as amounts, flags by name, numbers as chips. */
function field(key, value) {
  if (value === null || value === undefined || value === false || (Array.isArray(value) && !value.length)) return null;
  const name = el("span", { class: "muted", text: `${human(key)} ` });
  if (value === true) return el("span", { class: "kv flag", text: human(key) });
  if (key === "pushes") {
    const sums = value.map((push) => push.reduce((a, b) => a + b, 0));
    const text = `${chips(sums.reduce((a, b) => a + b, 0))}${sums.length > 1 ? ` in ${sums.length} motions (${sums.map(chips).join(" + ")})` : ""}`;
    return el("span", { class: "kv" }, el("span", { class: "muted", text: "chips " }), text);
  }
  if (key === "cards" || key === "card" || key === "board") {
    return el("span", { class: "kv cards" }, [].concat(value).map(card));
  }
  if (typeof value === "number") return el("span", { class: "kv" }, name, PLAIN.has(key) ? String(value) : chips(value));
  if (typeof value === "object") return el("span", { class: "kv" }, name, JSON.stringify(value));
  return el("span", { class: "kv" }, name, human(String(value)));
}

/** An event's detail ({field: value}). */
function detail(value) {
  if (!value || typeof value !== "object") return value ? el("span", { class: "detail", text: String(value) }) : null;
  const fields = Object.keys(value).map((k) => field(k, value[k])).filter(Boolean);
  return fields.length ? el("span", { class: "detail" }, fields) : null;
}

function rulingText(r) {
  if (r.summary) return r.summary;
  const amount = r.to ? ` ${chips(r.to)}` : "";
  const verb = r.action === "raise" ? "raise to" : r.action;
  return `${verb}${amount}${r.all_in ? " (all-in)" : ""}${r.must_complete_to ? `, must complete to ${chips(r.must_complete_to)}` : ""}`;
}

function entries(data) {
  const t0 = Number.isFinite(data.hand.t_start) ? data.hand.t_start : 0;
  const items = [
    ...data.events.map((e) => ({ t: e.t, type: "event", item: e })),
    ...(data.rulings || []).map((r) => ({ t: r.t ?? 0, type: "ruling", item: r })),
    ...(data.alerts || []).map((a) => ({ t: a.t_start ?? 0, type: "alert", item: a })),
  ];
  const order = { event: 0, ruling: 1, alert: 2 };
  items.sort((a, b) => a.t - b.t || order[a.type] - order[b.type]);
  return items.map((x) => ({ ...x, rel: x.t - t0 }));
}

/** One timeline row: the time, then a head line (what, seat, frame) and the body below it. */
function timelineItem({ rel, type, item }) {
  const at = el("time", { class: "t", text: `${rel >= 0 ? "+" : ""}${rel.toFixed(1)} s` });
  const seat = item.seat === null || item.seat === undefined ? null : el("span", { class: "seat", text: `seat ${item.seat}` });
  const row = (cls, dataset, what, body, frame = null) =>
    el("li", { class: `ev ${cls}`, dataset }, at,
      el("div", { class: "ev-main" },
        el("div", { class: "ev-head" }, what, seat, frame === null || frame === undefined ? null : el("span", { class: "frame muted", text: `frame ${frame}` })),
        body));
  if (type === "event") {
    const { frame, ...rest } = item.detail || {};
    return row("event", { kind: item.kind }, el("span", { class: "what", text: human(item.kind) }), detail(rest), frame);
  }
  if (type === "ruling") {
    return row("ruling", {}, el("span", { class: "what", text: "Ruling" }),
      el("div", { class: "ruling-body" }, el("b", { text: rulingText(item) }),
        item.explanation ? el("div", { class: "muted", text: item.explanation }) : null,
        citations(item)));
  }
  return row(
    "alert-ev",
    { severity: item.severity, alertId: item.id },
    el("span", { class: "what" }, el("span", { class: "sev", text: human(item.severity) }), " ", el("b", { class: "kind", text: human(item.kind) })),
    el(
      "div",
      { class: "alert-body" },
      el("div", { text: item.message }),
      item.ruling ? el("div", {}, el("b", { text: "Ruling: " }), item.ruling) : null,
      citations(item),
      el("button", { class: "play-clip small", text: item.clip_url ? "▶ Play clip" : "Clip pending", disabled: !item.clip_url,
        onclick: () => playAlert(item) }),
    ),
  );
}

function playAlert(alert) {
  for (const li of timelineNode.querySelectorAll(".alert-ev")) li.classList.toggle("playing", Number(li.dataset.alertId) === alert.id);
  player.load(alert);
}

function facts(hand) {
  const holes = hand.hole_cards && typeof hand.hole_cards === "object"
    ? Object.entries(hand.hole_cards).map(([s, cards]) => el("span", { class: "hole" }, `seat ${s} `, (cards || []).map(card)))
    : [];
  return [
    el("div", { class: "hand-title" }, el("b", { text: `Hand ${hand.hand_id}` }), ` · ${tableName(hand.table_id)}`),
    el("div", { text: `${dateTime(hand.started_at)} – ${hand.ended_at ? dateTime(hand.ended_at) : "in progress"}` }),
    hand.board && hand.board.length ? el("div", { class: "board" }, "Board ", hand.board.map(card)) : null,
    holes.length ? el("div", { class: "holes" }, holes) : null,
    hand.hole_cards_hidden ? el("div", { class: "muted", text: "Hole cards are hidden from this role until the hand ends." }) : null,
  ];
}

async function openHand(pk) {
  try {
    current = await api(`/api/hands/${pk}`);
  } catch (err) {
    banner(err.message);
    return;
  }
  banner("");
  remember({ hand: pk });
  markSelected();
  factsNode.replaceChildren(...facts(current.hand).filter(Boolean));
  factsNode.classList.remove("muted");
  timelineNode.replaceChildren(...entries(current).map(timelineItem));
  const canExport = me.role === "surveillance" || me.role === "admin";
  exportsNode.hidden = false;
  exportStatus.textContent = canExport ? "" : "Exports are for surveillance and admin tokens.";
  for (const b of exportsNode.querySelectorAll("button")) b.disabled = !canExport;
  const first = (current.alerts || []).find((a) => a.clip_url);
  if (first) playAlert(first);
}

async function exportHand(kind) {
  const pk = current.hand.id;
  exportStatus.textContent = "Preparing…";
  try {
    const name = await download(`/api/hands/${pk}/${kind}`, kind === "phh" ? `hand-${current.hand.hand_id}.phh` : `hand-${current.hand.hand_id}-evidence.zip`);
    exportStatus.textContent = `Saved ${name}`;
  } catch (err) {
    exportStatus.textContent = err.message;
  }
}

async function main() {
  me = await signIn();
  showUser(me);
  const tables = await api("/api/tables");
  for (const t of tables) setTableName(t.id, t.name);
  tableSelect.append(...tables.map((t) => el("option", { value: t.id, text: t.name || t.id })));
  const url = new URL(location.href);
  if (url.searchParams.get("table")) tableSelect.value = url.searchParams.get("table");
  tableSelect.addEventListener("change", () => {
    remember({ table: tableSelect.value, hand: null });
    loadHands().catch((err) => banner(err.message));
  });
  moreHands.addEventListener("click", () => loadHands({ more: true }).catch((err) => banner(err.message)));
  document.getElementById("export-phh").addEventListener("click", () => exportHand("phh"));
  document.getElementById("export-evidence").addEventListener("click", () => exportHand("evidence"));
  if (!tables.length) {
    banner("No tables are configured.", "info");
    return;
  }
  await loadHands();
  if (url.searchParams.get("hand")) await openHand(Number(url.searchParams.get("hand")));
}

main().catch((err) => banner(err.message));

// Floor dashboard: table tiles with a running shot clock, and the live alert feed.
//
// Initial state: GET /api/tables and GET /api/alerts (filters as query params). Then WS /api/live
// pushes {type: alert | alert_update | table | ping}; a dropped socket reconnects with backoff and
// reloads both lists so nothing raised meanwhile is missed.

import { api, banner, chips, el, human, minSec, parseTime, showUser, signIn, token } from "./api.js";
import { KINDS, SEVERITIES, ack, alertCard, alertRow, askNote, resolve, setTableName } from "./alerts.js";
import { openClip } from "./player.js";
import { beep, soundOn, wireSoundToggle } from "./sound.js";

const SHOT_CLOCK_WARN_S = 30; // the clock turns amber, then red, as a decision drags on
const SHOT_CLOCK_LATE_S = 60;
const CAMERA_SILENT_S = 20; // heartbeats come every few seconds; this long without one is worth a look
const FEED_MAX = 300; // cards kept in the page; older ones are a "Load older" away

const feed = document.getElementById("feed");
const tilesNode = document.getElementById("tiles");
const filtersForm = document.getElementById("filters");
const olderButton = document.getElementById("older");
const liveNode = document.getElementById("live");

const tiles = new Map(); // table id -> {tile, receivedAt}
let nextBeforeId = null;

// ---- filters ----

function fillFilters() {
  const add = (select, values) => {
    for (const v of values) {
      if (![...select.options].some((o) => o.value === v)) select.append(el("option", { value: v, text: human(v) }));
    }
  };
  add(filtersForm.elements.severity, SEVERITIES);
  add(filtersForm.elements.kind, KINDS);
}

function addTableOption(id, name) {
  const select = filtersForm.elements.table;
  if (![...select.options].some((o) => o.value === id)) select.append(el("option", { value: id, text: name || id }));
}

function filters() {
  const data = new FormData(filtersForm);
  return Object.fromEntries([...data.entries()].filter(([, v]) => v));
}

function matches(alert, f = filters()) {
  return (
    (!f.table || alert.table_id === f.table) &&
    (!f.severity || alert.severity === f.severity) &&
    (!f.kind || alert.kind === f.kind) &&
    (!f.status || alert.status === f.status)
  );
}

// ---- feed ----

const actions = {
  onAck: async (alert) => upsert(await ack(alert)),
  onResolve: async (alert) => {
    const note = await askNote(alert);
    if (note) upsert(await resolve(alert, note));
  },
  onClip: (alert) => openClip(alert),
};

const cardOf = (id) => feed.querySelector(`article.alert[data-alert-id="${id}"]`);

/** Insert or replace an alert's card, newest (highest id) first. */
function upsert(alert, { fresh = false } = {}) {
  const existing = cardOf(alert.id);
  if (!existing && !matches(alert)) return;
  const card = alertCard(alert, actions);
  if (fresh) {
    card.classList.add("fresh");
    card.addEventListener("animationend", () => card.classList.remove("fresh"), { once: true });
  }
  if (existing) {
    existing.replaceWith(card);
  } else {
    const after = [...feed.children].find((c) => Number(c.dataset.alertId) < alert.id);
    feed.insertBefore(card, after || null);
    while (feed.children.length > FEED_MAX) feed.lastElementChild.remove();
  }
  updateTileAlert(alert);
  showEmpty();
}

function showEmpty() {
  document.getElementById("feed-empty").hidden = feed.children.length > 0;
}

async function loadAlerts({ append = false } = {}) {
  const params = new URLSearchParams({ ...filters(), limit: "50" });
  if (append && nextBeforeId !== null) params.set("before_id", nextBeforeId);
  const page = await api(`/api/alerts?${params}`);
  if (!append) feed.replaceChildren();
  for (const alert of page.items) upsert(alert);
  nextBeforeId = page.next_before_id ?? null;
  olderButton.hidden = nextBeforeId === null;
  showEmpty();
}

// ---- tiles ----

function tileNode(tile) {
  const hand = tile.hand;
  const recent = el(
    "div",
    { class: "recent" },
    (tile.recent_alerts || []).slice(0, 3).map((a) => alertRow(a, () => focusAlert(a.id))),
  );
  const turn = hand && hand.to_act !== null && hand.to_act !== undefined;
  return el(
    "article",
    { class: "tile", dataset: { table: tile.id } },
    el(
      "header",
      {},
      el("h3", { text: tile.name || tile.id }),
      el("span", { class: "profile", text: tile.profile || "" }),
      el("a", { class: "button small", href: `/console/${encodeURIComponent(tile.id)}`, text: "Console" }),
    ),
    "heartbeat_at" in tile ? el("div", { class: "camera", dataset: { state: "ok" } }) : null,
    hand
      ? el(
          "div",
          { class: "hand" },
          el("div", { class: "facts" },
            el("span", { class: "hand-id", text: `Hand ${hand.hand_id}` }),
            el("span", { class: "street", text: human(hand.street) }),
            el("span", { class: "pot", text: `pot ${chips(hand.pot)}` })),
          turn
            ? el("div", { class: "turn" },
                el("span", { text: `Seat ${hand.to_act} to act` }),
                el("span", { class: "shot-clock", title: "time on this decision", text: minSec(hand.decision_s ?? 0) }))
            : el("div", { class: "turn muted", text: "No one to act" }),
        )
      : el("div", { class: "hand idle muted", text: "No hand in progress" }),
    recent,
  );
}

function renderTile(tile) {
  addTableOption(tile.id, tile.name);
  setTableName(tile.id, tile.name);
  const node = tileNode(tile);
  tiles.set(tile.id, { tile, receivedAt: performance.now(), node });
  const old = tilesNode.querySelector(`.tile[data-table="${CSS.escape(tile.id)}"]`);
  if (old) old.replaceWith(node);
  else tilesNode.append(node);
  tickClocks();
}

/** Keep a tile's recent alerts current when an alert arrives or changes. */
function updateTileAlert(alert) {
  const entry = tiles.get(alert.table_id);
  if (!entry) return;
  const recent = (entry.tile.recent_alerts || []).filter((a) => a.id !== alert.id);
  recent.push(alert);
  recent.sort((a, b) => b.id - a.id);
  entry.tile = { ...entry.tile, recent_alerts: recent.slice(0, 3) };
  const node = tileNode(entry.tile);
  entry.node.replaceWith(node);
  entry.node = node;
  tickClocks();
}

/** The camera's last report: nothing while fresh, a warning once it has been silent a while. */
function showCamera(tile, node) {
  const camera = node.querySelector(".camera");
  if (!camera) return;
  const at = parseTime(tile.heartbeat_at);
  const silent = at ? (Date.now() - at.getTime()) / 1000 : Infinity;
  camera.dataset.state = silent > CAMERA_SILENT_S ? "silent" : "ok";
  camera.textContent = !at ? "No report from this table's camera yet" : silent > CAMERA_SILENT_S ? `Camera silent for ${minSec(silent)}` : "";
}

function tickClocks() {
  for (const { tile, receivedAt, node } of tiles.values()) {
    showCamera(tile, node);
    const clockNode = node.querySelector(".shot-clock");
    if (!clockNode) continue;
    const seconds = (tile.hand.decision_s ?? 0) + (performance.now() - receivedAt) / 1000;
    clockNode.textContent = minSec(seconds);
    clockNode.dataset.level = seconds >= SHOT_CLOCK_LATE_S ? "late" : seconds >= SHOT_CLOCK_WARN_S ? "warn" : "ok";
  }
}

async function loadTiles() {
  const list = await api("/api/tables");
  tilesNode.replaceChildren();
  tiles.clear();
  for (const tile of list) renderTile(tile);
  document.getElementById("tiles-empty").hidden = list.length > 0;
}

function focusAlert(id) {
  const card = cardOf(id);
  if (!card) return;
  card.scrollIntoView({ behavior: "smooth", block: "center" });
  card.classList.remove("flash");
  void card.offsetWidth; // restart the animation
  card.classList.add("flash");
}

// ---- live feed ----

let socket = null;
let backoffMs = 1000;
let lastMessageAt = 0;
let everOpen = false;

function setLive(state, text) {
  liveNode.dataset.state = state;
  liveNode.textContent = text;
}

function onMessage(message) {
  lastMessageAt = Date.now();
  if (message.type === "alert") {
    upsert(message.alert, { fresh: true });
    if (message.alert.severity === "hand_stopping" && soundOn()) beep();
  } else if (message.type === "alert_update") {
    upsert(message.alert);
  } else if (message.type === "table") {
    renderTile(message.table);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/live?token=${encodeURIComponent(token())}`);
  socket.addEventListener("open", () => {
    const reconnected = everOpen;
    everOpen = true;
    backoffMs = 1000;
    lastMessageAt = Date.now();
    setLive("open", "live");
    if (reconnected) refresh(); // catch up on what was raised while the socket was down
  });
  socket.addEventListener("message", (ev) => onMessage(JSON.parse(ev.data)));
  socket.addEventListener("close", (ev) => {
    const refused = ev.code === 1008 || ev.code === 4401 || ev.code === 4403;
    setLive("down", refused ? "live feed refused this token" : `reconnecting in ${Math.round(backoffMs / 1000)} s`);
    setTimeout(connect, backoffMs);
    backoffMs = Math.min(backoffMs * 2, 30_000);
  });
}

// the server pings every 15 s; silence for 40 s means a dead connection the browser has not noticed
setInterval(() => {
  if (socket && socket.readyState === WebSocket.OPEN && Date.now() - lastMessageAt > 40_000) socket.close();
}, 5000);

async function refresh() {
  try {
    await Promise.all([loadTiles(), loadAlerts()]);
    banner("");
  } catch (err) {
    banner(err.message);
  }
}

async function main() {
  const me = await signIn();
  showUser(me);
  wireSoundToggle(document.getElementById("sound"));
  fillFilters();
  filtersForm.addEventListener("change", () => loadAlerts().catch((err) => banner(err.message)));
  olderButton.addEventListener("click", () => loadAlerts({ append: true }).catch((err) => banner(err.message)));
  setInterval(tickClocks, 1000);
  await refresh();
  connect();
}

main().catch((err) => banner(err.message));

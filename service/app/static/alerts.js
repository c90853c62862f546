// An alert as a card (dashboard feed) or a compact row (table tiles, review timeline), and the
// acknowledge / resolve calls. Severity colours live in style.css under [data-severity].

import { api, clock, el, human, withToken } from "./api.js";

// The contract's four levels plus the engine's "violation" (between warning and hand_stopping).
export const SEVERITIES = ["info", "warning", "ruling", "violation", "hand_stopping"];

// rules.records.AlertKind, for the kind filter; kinds the server sends that are not here are added live.
export const KINDS = [
  "string_bet", "oversized_chip", "multi_chip_bet", "prior_chips", "overbet_for_change", "undercall",
  "under_raise", "short_all_in", "invalid_declaration", "verbal_chips_conflict", "ambiguous_amount",
  "out_of_turn", "tiny_chip", "non_value_item", "pot_limit_overbet", "misdeal", "misdeal_too_late",
  "four_card_flop", "premature_board", "rabbit_hunt", "card_exposed", "all_in_not_tabled",
  "showdown_order", "non_standard_fold", "clock_countdown", "clock_expired", "foreign_object",
  "chips_out_of_view", "cards_out_of_view", "absent_at_deal", "left_with_live_hand",
];

const tableNames = new Map(); // table id -> name, filled by the pages from GET /api/tables

export function setTableName(id, name) {
  if (name) tableNames.set(id, name);
}

export const tableName = (id) => tableNames.get(id) || id;

export const ack = (alert) => api(`/api/alerts/${alert.id}/ack`, { method: "POST", body: {} });
export const resolve = (alert, note) => api(`/api/alerts/${alert.id}/resolve`, { method: "POST", body: { note } });

/** The cited rules: "playlive 45-A" and the excerpt as a quote. */
export function citations(alert) {
  const cites = alert.citations || [];
  if (!cites.length) return null;
  return el(
    "div",
    { class: "cites" },
    cites.map((c) =>
      el(
        "figure",
        { class: "cite" },
        el("figcaption", {}, el("b", { text: `${c.profile} ${c.rule}` })),
        el("blockquote", { text: c.excerpt || c.text || "" }),
      ),
    ),
  );
}

function who(alert) {
  const lines = [];
  if (alert.acked_by) {
    lines.push(el("div", { class: "who-ack", text: `Acknowledged by ${alert.acked_by} · ${clock(alert.acked_at)}` }));
  }
  if (alert.resolved_by) {
    lines.push(
      el(
        "div",
        { class: "who-resolved" },
        `Resolved by ${alert.resolved_by} · ${clock(alert.resolved_at)}`,
        alert.note ? el("q", { class: "note", text: alert.note }) : null,
      ),
    );
  }
  return lines.length ? el("div", { class: "who" }, lines) : null;
}

function seatText(alert) {
  return alert.seat === null || alert.seat === undefined ? "" : `seat ${alert.seat}`;
}

/**
 * A full alert card. `actions` = {onAck, onResolve, onClip}: onAck/onResolve return a promise of the
 * updated alert (the page swaps the card); a failure is shown on the card with the server's reason.
 */
export function alertCard(alert, actions) {
  const error = el("p", { class: "card-error error", role: "alert", hidden: true });
  const busy = (button, work) => async () => {
    button.disabled = true;
    error.hidden = true;
    try {
      await work();
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  };
  const open = alert.status === "open";
  const done = alert.status === "resolved";
  const ackButton = el("button", { class: "ack", text: "Acknowledge" });
  ackButton.addEventListener("click", busy(ackButton, () => actions.onAck(alert)));
  const resolveButton = el("button", { class: "resolve", text: "Resolve…" });
  resolveButton.addEventListener("click", busy(resolveButton, () => actions.onResolve(alert)));
  const clipButton = el("button", {
    class: "clip", text: alert.clip_url ? "▶ Clip" : "Clip pending", disabled: !alert.clip_url,
    onclick: () => actions.onClip(alert),
  });
  const thumb = alert.thumb_url
    ? el("button", { class: "thumb", "aria-label": "Play the clip", onclick: () => alert.clip_url && actions.onClip(alert) },
        el("img", { src: withToken(alert.thumb_url), alt: `${human(alert.kind)} at ${tableName(alert.table_id)}`, loading: "lazy" }))
    : el("div", { class: "thumb none", text: "no image" });

  return el(
    "article",
    { class: "alert", dataset: { alertId: alert.id, severity: alert.severity, status: alert.status } },
    el(
      "header",
      {},
      el("span", { class: "sev", text: human(alert.severity) }),
      el("h3", { text: human(alert.kind) }),
      el("span", { class: "status", text: alert.status }),
    ),
    el(
      "div",
      { class: "where" },
      el("b", { text: tableName(alert.table_id) }),
      alert.seat !== null && alert.seat !== undefined ? el("span", { class: "seat", text: seatText(alert) }) : null,
      alert.hand_id ? el("span", { text: `hand ${alert.hand_id}` }) : null,
      el("time", { datetime: alert.created_at, text: clock(alert.created_at) }),
    ),
    who(alert), // near the top: at a glance, someone is on it
    el(
      "div",
      { class: "body" },
      thumb,
      el(
        "div",
        { class: "text" },
        el("p", { class: "message", text: alert.message }),
        alert.ruling ? el("p", { class: "ruling" }, el("b", { text: "Ruling: " }), alert.ruling) : null,
        citations(alert),
      ),
    ),
    error,
    el("footer", {}, open ? ackButton : null, done ? null : resolveButton, clipButton),
  );
}

/** One line for a tile or a list: severity dot, kind, seat, time. */
export function alertRow(alert, onclick) {
  return el(
    "button",
    { class: "alert-row", dataset: { severity: alert.severity, status: alert.status, alertId: alert.id }, onclick },
    el("span", { class: "dot", "aria-hidden": "true" }),
    el("span", { class: "kind", text: human(alert.kind) }),
    el("span", { class: "seat", text: seatText(alert) }),
    el("time", { text: clock(alert.created_at) }),
  );
}

/** Ask for the resolution note (1..2000 characters); resolves to the note, or null when cancelled. */
export function askNote(alert) {
  const input = el("textarea", { name: "note", required: true, maxlength: 2000, rows: 4, "aria-label": "Note" });
  const dialog = el(
    "dialog",
    { class: "note-dialog" },
    el(
      "form",
      { method: "dialog" },
      el("h2", { text: `Resolve: ${human(alert.kind)} · ${tableName(alert.table_id)}${alert.seat ? ` seat ${alert.seat}` : ""}` }),
      el("label", { text: "What was decided (saved with your name):" }),
      input,
      el(
        "div",
        { class: "row" },
        el("button", { value: "cancel", formnovalidate: true, text: "Cancel" }),
        el("button", { class: "primary", value: "ok", text: "Resolve" }),
      ),
    ),
  );
  document.body.append(dialog);
  return new Promise((done) => {
    dialog.addEventListener("close", () => {
      const note = dialog.returnValue === "ok" ? input.value.trim() : null;
      dialog.remove();
      done(note || null);
    });
    dialog.showModal();
    input.focus();
  });
}

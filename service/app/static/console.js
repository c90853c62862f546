// Dealer console for one table (/console/{table}): declarations, clock calls and corrections.
// Each POST shows the server's answer, or its reason for refusing, in the Server panel.

import { api, banner, chips, clock, el, showUser, signIn } from "./api.js";

const SEATS = 10;
const MAX_DIGITS = 9;
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const base = `/api/console/${encodeURIComponent(table)}`;

const seatsNode = document.getElementById("seats");
const amountNode = document.getElementById("amount");
const resultNode = document.getElementById("result");
const logNode = document.getElementById("log");

let seat = null;
let digits = "";

// ---- seat and amount ----

function pickSeat(n) {
  seat = n;
  for (const b of seatsNode.children) b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === n));
  document.getElementById("clock").textContent = `Call the clock on seat ${n}`;
}

function showAmount() {
  amountNode.textContent = chips(Number(digits || "0"));
  amountNode.dataset.empty = String(!digits);
}

function press(key) {
  if (key === "clear") digits = "";
  else if (key === "back") digits = digits.slice(0, -1);
  else if ((digits + key).length <= MAX_DIGITS) digits = (digits + key).replace(/^0+/, "");
  showAmount();
}

function buildPads() {
  for (let n = 1; n <= SEATS; n++) {
    seatsNode.append(el("button", { type: "button", class: "seat-button", dataset: { seat: n }, "aria-pressed": "false",
      text: String(n), onclick: () => pickSeat(n) }));
  }
  const keypad = document.getElementById("keypad");
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "back"];
  for (const key of keys) {
    keypad.append(el("button", { type: "button", class: "key", dataset: { key },
      "aria-label": key === "back" ? "Delete last digit" : key, text: key === "back" ? "⌫" : key, onclick: () => press(key) }));
  }
  keypad.append(el("button", { type: "button", class: "key clear", dataset: { key: "clear" }, text: "Clear",
    onclick: () => press("clear") }));
  for (const select of document.querySelectorAll(".seat-select")) {
    for (let n = 1; n <= SEATS; n++) select.append(el("option", { value: n, text: `Seat ${n}` }));
  }
  // a physical keyboard works too, unless the person is typing in a form field
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    if (/^[0-9]$/.test(ev.key)) press(ev.key);
    else if (ev.key === "Backspace") press("back");
    else if (ev.key === "Escape") press("clear");
  });
}

// ---- sending ----

/** The server's answer in a line: the console entry it stored (ConsoleOut), else its JSON. */
function serverSays(response) {
  if (response === undefined || response === null) return null;
  const text =
    response.id !== undefined && response.kind
      ? `Server: ${response.kind} #${response.id} stored for ${response.table_id}, entered by ${response.entered_by}` +
        (response.delivered === true ? ", delivered to the table's camera" : "")
      : `Server: ${JSON.stringify(response)}`;
  return el("span", { class: "server-says", text });
}

function show(kind, text, response) {
  resultNode.dataset.kind = kind;
  resultNode.replaceChildren(el("div", { class: "result-text", text }), serverSays(response));
  logNode.prepend(el("li", { dataset: { kind } }, el("time", { text: clock(new Date().toISOString()) }), ` ${text}`));
  while (logNode.children.length > 12) logNode.lastElementChild.remove();
}

async function send(path, body, what) {
  try {
    const response = await api(`${base}/${path}`, { method: "POST", body });
    if (response && response.delivered === false) {
      show("warn", `✓ ${what} — saved, but no camera worker is running for this table to apply it`, response);
    } else {
      show("ok", `✓ ${what}`, response);
    }
    return true;
  } catch (err) {
    show("error", `✗ ${what}: ${err.message}`);
    return false;
  }
}

async function declare(what) {
  if (seat === null) return show("error", "Pick the seat first.");
  const needsAmount = what === "bet" || what === "raise";
  if (needsAmount && !digits) return show("error", `Enter the ${what} amount on the keypad first.`);
  const body = { seat, what };
  if (needsAmount) body.amount = Number(digits);
  const label = needsAmount ? `Seat ${seat} ${what} ${chips(body.amount)}` : `Seat ${seat} ${what}`;
  if (await send("declaration", body, label)) press("clear");
}

function wireCorrections() {
  const form = (id, build) =>
    document.getElementById(id).addEventListener("submit", (ev) => {
      ev.preventDefault();
      const data = Object.fromEntries(new FormData(ev.target));
      const [body, label] = build(data);
      send("correction", body, label);
    });
  form("fix-button", (d) => [{ button: Number(d.button) }, `Button to seat ${d.button}`]);
  form("fix-blinds", (d) => [{ blinds: [Number(d.sb), Number(d.bb)] }, `Blinds ${chips(d.sb)} / ${chips(d.bb)}`]);
  form("fix-stack", (d) => [
    { stack: { seat: Number(d.seat), amount: Number(d.amount) } },
    `Seat ${d.seat} stack ${chips(d.amount)}`,
  ]);
}

async function main() {
  if (!table) {
    banner("No table in the address: open /console/<table id>.");
    return;
  }
  document.title = `railbird · console · ${table}`;
  document.getElementById("table-name").textContent = table;
  buildPads();
  showAmount();
  for (const button of document.querySelectorAll("#actions [data-what]")) {
    button.addEventListener("click", () => declare(button.dataset.what));
  }
  document.getElementById("clock").addEventListener("click", () =>
    seat === null ? show("error", "Pick the seat first.") : send("clock", { seat }, `Clock called on seat ${seat}`),
  );
  wireCorrections();
  const me = await signIn();
  showUser(me);
  try {
    const tile = (await api("/api/tables")).find((t) => t.id === table);
    if (tile) document.getElementById("table-name").textContent = tile.name || table;
    else banner(`No table "${table}" on this floor service; declarations will be refused.`, "info");
  } catch {
    /* the name is a nicety; the console works without it */
  }
}

main().catch((err) => banner(err.message));

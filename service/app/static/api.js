// Shared by the three pages: the token, the JSON API client, a DOM helper and formatting.
//
// The token arrives once as ?token= (or is typed into the sign-in dialog), is kept in sessionStorage
// for this tab only, and is removed from the address bar at once. API calls send it as a Bearer
// header; media URLs and the WebSocket, which cannot send headers, carry it as ?token=.

const TOKEN_KEY = "railbird.token";

export const token = () => sessionStorage.getItem(TOKEN_KEY) || "";
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY);

function takeTokenFromUrl() {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get("token");
  if (fromUrl === null) return;
  sessionStorage.setItem(TOKEN_KEY, fromUrl);
  url.searchParams.delete("token");
  history.replaceState(history.state, "", url);
}

/** `url` with this tab's token added as ?token= (for <img>, <video>, downloads and the WebSocket). */
export function withToken(url, params = {}) {
  const u = new URL(url, location.origin);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  u.searchParams.set("token", token());
  return u.origin === location.origin ? u.pathname + u.search : u.href;
}

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

function describe(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    // FastAPI validation errors: [{loc: ["body", "amount"], msg: "..."}]
    return detail
      .map((d) => {
        const where = (d.loc || []).filter((p) => p !== "body").join(".");
        const msg = String(d.msg || "").replace(/^Value error, /, "");
        return where ? `${where}: ${msg}` : msg;
      })
      .join("; ");
  }
  return JSON.stringify(detail);
}

async function errorOf(res) {
  let text = `${res.status} ${res.statusText}`.trim();
  try {
    const body = await res.json();
    if (body && body.detail !== undefined) text = describe(body.detail);
  } catch {
    /* not JSON: keep the status line */
  }
  if (res.status === 401) text = `Not signed in: ${text}`;
  if (res.status === 403) text = `Not allowed for this token's role: ${text}`;
  return new ApiError(res.status, text);
}

/** Call the API; returns parsed JSON (or the Response when `raw`). Throws ApiError with the server's reason. */
export async function api(path, { method = "GET", body, raw = false } = {}) {
  const headers = { Authorization: `Bearer ${token()}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, `Cannot reach the floor service (${err.message}). Check the network and retry.`);
  }
  if (!res.ok) throw await errorOf(res);
  if (raw) return res;
  return res.status === 204 ? null : res.json();
}

/** Download an authenticated file (PHH, evidence zip) through fetch, so the token stays in a header. */
export async function download(path, fallbackName) {
  const res = await api(path, { raw: true });
  const cd = res.headers.get("Content-Disposition") || "";
  const name = (cd.match(/filename="?([^";]+)"?/) || [])[1] || fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

function askToken(message) {
  const dialog = el(
    "dialog",
    { class: "login", id: "login" },
    el(
      "form",
      { method: "dialog" },
      el("h2", { text: "Sign in to railbird" }),
      el("p", { class: "muted", text: "Paste the token you were given. It is kept for this tab only." }),
      message ? el("p", { class: "error", role: "alert", text: message }) : null,
      el("input", {
        name: "token", type: "password", required: true, autocomplete: "off",
        "aria-label": "Token", placeholder: "token",
      }),
      el("button", { class: "primary", value: "ok", text: "Sign in" }),
    ),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("cancel", (ev) => ev.preventDefault()); // there is nothing to do without one
    dialog.addEventListener("close", () => {
      const value = dialog.querySelector("input").value.trim();
      dialog.remove();
      resolve(value);
    });
    dialog.showModal();
  });
}

/** Make sure this tab has a token the server accepts; resolves to `{name, role}` from /api/me. */
export async function signIn() {
  takeTokenFromUrl();
  let message = "";
  for (;;) {
    if (token()) {
      try {
        return await api("/api/me");
      } catch (err) {
        if (err.status !== 401 && err.status !== 403) throw err;
        message = "That token was not accepted. Check it and try again.";
        forgetToken();
      }
    }
    const typed = await askToken(message);
    if (typed) sessionStorage.setItem(TOKEN_KEY, typed);
  }
}

/** Fill the header's "who" slot and wire its sign-out button. */
export function showUser(me) {
  const who = document.getElementById("who");
  if (who) who.textContent = `${me.name} · ${me.role}`;
  document.getElementById("signout")?.addEventListener("click", () => {
    forgetToken();
    location.reload();
  });
}

/** Show (or with an empty message, hide) the page's error banner. */
export function banner(message, kind = "error") {
  const node = document.getElementById("banner");
  if (!node) return;
  node.textContent = message;
  node.dataset.kind = kind;
  node.hidden = !message;
}

/** Create an element: el("button", {class: "x", text: "Go", onclick: fn}, child, ...). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// ---- formatting ----

/** Server datetimes without an offset are UTC. */
export function parseTime(iso) {
  if (!iso) return null;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}

export function clock(iso) {
  const d = parseTime(iso);
  return d ? d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }) : "";
}

export function dateTime(iso) {
  const d = parseTime(iso);
  if (!d) return "";
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clock(iso)}`;
}

export const chips = (n) => (n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US"));
export const human = (kind) => String(kind || "").replaceAll("_", " ");

/** "1:07" from seconds. */
export function minSec(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** "As" -> an element "A♠" coloured by suit; null (a card seen face down) -> a card back. */
export function card(text) {
  if (text === null || text === undefined) return el("span", { class: "card back", title: "face down", text: "?" });
  const m = /^([2-9TJQKA]|10)([shdc])$/i.exec(String(text));
  if (!m) return el("span", { class: "card", text: String(text) });
  const suit = m[2].toLowerCase();
  return el("span", { class: `card suit-${suit}`, text: `${m[1].toUpperCase()}${SUITS[suit]}` });
}

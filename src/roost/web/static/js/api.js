// The REST lobby (docs/protocol.md) and what this browser remembers: its seats' tokens and
// the player's name.

import { renderMessage } from "./i18n.js";

export class ApiError extends Error {
  /** `msg`: the refusal as a message of the server (roost.core.message's JSON), shown in the
   * page's language as `message`; without one, the server's English sentence. */
  constructor(status, code, message, msg = null) {
    super(msg ? renderMessage(msg) : message);
    this.status = status;
    this.code = code;
    this.msg = msg;
  }
}

let csrfToken = null;

/** The signed-in session's CSRF token (docs/protocol.md, "Accounts"): sent with every request
 * that may change something, as the server refuses those made with the session cookie
 * without it. null for a guest. */
export function setCsrf(token) {
  csrfToken = token || null;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrfToken && method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, "network", "The server cannot be reached. Check your connection.");
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data && data.error ? data.error : { code: "http_error", message: response.statusText };
    throw new ApiError(response.status, err.code, err.message, err.msg || null);
  }
  return data;
}

/** A new seat token: 32 random bytes in base64url (docs/protocol.md, "Retrying a create or a
 * join"). The browser chooses it, so a create or join whose answer was lost can be sent again
 * and still get its seat. */
export function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const RETRY_FOR_MS = 45000;

/**
 * Create a table or take a seat (`path`, `body`) with a token of our own, sent again while the
 * server cannot be reached or is restarting: the server answers a request it already carried
 * out with the same table and seat, so no seat is lost with an answer. `onRetry(error)` is
 * called once, before the first new try (to say so).
 */
export async function claim(path, body, { onRetry } = {}) {
  const request = { ...body, token: newToken() };
  const giveUp = Date.now() + RETRY_FOR_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await api(path, { method: "POST", body: request });
    } catch (error) {
      const passing = error instanceof ApiError && (error.status === 0 || error.status >= 502);
      if (!passing || Date.now() > giveUp) throw error;
      if (attempt === 0) onRetry?.(error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 400 * 2 ** attempt)));
    }
  }
}

const gameCache = new Map();

/**
 * A game's details (parameters, card catalogue, rules), fetched once per page for each set of
 * parameters: with a table's `params` the catalogue is that table's (its own cards, the counts
 * it changed), without them the printed game's.
 */
export function gameDetail(name, params = {}) {
  const query = new URLSearchParams(
    Object.entries(params)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  const key = `${name}?${query}`;
  if (!gameCache.has(key)) {
    gameCache.set(
      key,
      api(`/games/${encodeURIComponent(name)}${query ? `?${query}` : ""}`).catch((error) => {
        gameCache.delete(key);
        throw error;
      }),
    );
  }
  return gameCache.get(key);
}

// --- what this browser remembers -------------------------------------------------------------

const SEAT_KEY = (id) => `roost.seat.${id}`;
const NAME_KEY = "roost.name";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** {seat, token, name} of the seat this browser holds at table `id`, or null. */
export function mySeat(id) {
  const raw = storage()?.getItem(SEAT_KEY(id));
  if (!raw) return null;
  try {
    const grant = JSON.parse(raw);
    return typeof grant.token === "string" && Number.isInteger(grant.seat) ? grant : null;
  } catch {
    return null;
  }
}

export function rememberSeat(id, seat, token, name) {
  storage()?.setItem(SEAT_KEY(id), JSON.stringify({ seat, token, name, at: Date.now() }));
}

export function forgetSeat(id) {
  storage()?.removeItem(SEAT_KEY(id));
}

/** Ids of every table this browser holds a seat at. */
export function mySeatTables() {
  const store = storage();
  if (!store) return [];
  const ids = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key && key.startsWith("roost.seat.")) ids.push(key.slice("roost.seat.".length));
  }
  return ids;
}

export function playerName() {
  return storage()?.getItem(NAME_KEY) || "";
}

export function setPlayerName(name) {
  if (name) storage()?.setItem(NAME_KEY, name);
}

/** Every guest seat this browser holds, as {table, token} (brought to an account at sign-up or
 * sign-in: the seats and their finished games become the account's). */
export function heldSeats() {
  return mySeatTables()
    .map((table) => ({ table, grant: mySeat(table) }))
    .filter(({ table, grant }) => grant && /^[A-Za-z0-9_-]{32,128}$/.test(grant.token) && table.length <= 16)
    .map(({ table, grant }) => ({ table, token: grant.token }))
    .slice(0, 200);
}

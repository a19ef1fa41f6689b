// What the table page and the replay page share: seat names and colours, log lines in words,
// the context a game module draws its board from, and loading a game's module.

import { h, icon } from "./dom.js";
import { _, ngettext, renderMessage } from "./i18n.js";

// dark enough to read as text on every light background of the pages (WCAG AA, 4.5:1)
export const SEAT_HUES = ["#9a3412", "#1e40af", "#166534", "#86198f", "#92400e", "#155e75"];

export function seatHue(seat) {
  return SEAT_HUES[seat % SEAT_HUES.length];
}

/** A seat's name as the page says it: a bot's (`name_msg`, "Easy bot") in the page's language,
 * a person's as they gave it (names are never translated), an open seat by its number. */
export function seatName(s) {
  if (s.type === "open") return _("Seat {n}", { n: s.seat + 1 });
  if (s.name_msg) return renderMessage(s.name_msg);
  return s.name || _("Seat {n}", { n: s.seat + 1 });
}

/** Names people can tell apart: duplicates (two "Medium bot"s) get their seat number. */
export function displayNames(table) {
  const raw = table.seats.map(seatName);
  const counts = new Map();
  for (const name of raw) counts.set(name, (counts.get(name) || 0) + 1);
  return raw.map((name, seat) => (counts.get(name) > 1 ? `${name} ${seat + 1}` : name));
}

/** The game's words ("P2 draws a card") with the seats' names ("Bo draws a card"); with
 * `you`, that seat's possessive is "your" ("P0's container" -> "your container"). */
export function withNames(text, names, you = null) {
  let out = String(text);
  if (you !== null && you !== undefined) out = out.replace(new RegExp(`\\bP${you}'s\\b`, "g"), "your");
  return out.replace(/\bP(\d+)\b/g, (whole, n) => {
    const seat = Number(n);
    return seat < names.length ? names[seat] : whole;
  });
}

/** A seat's name as a coloured chip (in the log, the banner, the board); your own: "You". */
export function nameChip(names, seat, you) {
  if (seat === null || seat === undefined) return null;
  return h(
    "span",
    { class: ["name-chip", you === seat && "you"], style: { "--hue": seatHue(seat) } },
    you === seat ? _("You") : (names[seat] ?? _("Seat {n}", { n: seat + 1 })),
  );
}

/** What the engine or the server said (a log line, a replay step, a note, an error) in the
 * page's language: its message (`msg`, roost.core.message's JSON) rendered here, else its
 * English `text` (an older server). */
export function said(line) {
  if (line.msg !== undefined && line.msg !== null) return renderMessage(line.msg);
  return line.text ?? line.message ?? "";
}

/** One log line in words: "Ana: play red Dustin", a chance line, a note, an event ("» Ana
 * escaped", in bold: what a player would say aloud). */
export function logLine(line, names, you) {
  const text = withNames(said(line), names, you);
  const kind = line.kind || "move";
  return h(
    "li",
    { class: ["log-line", `log-${kind}`], dataset: { n: line.n, version: line.version } },
    kind === "move" && line.seat !== null && line.seat !== undefined
      ? [nameChip(names, line.seat, you), h("span", { class: "log-sep", "aria-hidden": "true" }, ": "), h("span", {}, text)]
      : kind === "event"
        ? [h("span", { "aria-hidden": "true" }, "» "), h("strong", {}, text)]
        : h("span", {}, text),
  );
}

export const BOT_LEVEL_WORDS = { easy: "easy", medium: "medium", hard: "hard" };

/**
 * The generic header of a seat on the board: name, you, bot or person, connection, stand-in,
 * whose turn, and the clock. `extra` is the game's public state of the seat.
 */
export function seatHeader(ctx, seat) {
  const info = ctx.table.seats[seat];
  const turn = ctx.toMove === seat;
  const badges = [];
  if (info) {
    if (info.type === "bot") {
      const level = { easy: _("easy"), medium: _("medium"), hard: _("hard") }[info.level] ?? info.level;
      const title = { easy: _("easy bot"), medium: _("medium bot"), hard: _("hard bot") }[info.level] ?? `${info.level} bot`;
      badges.push(h("span", { class: "badge bot", title }, icon("bot"), level));
    }
    const live = !ctx.replay && ctx.table.status === "playing";
    if (info.type === "person" && live && !info.connected) badges.push(h("span", { class: "badge away" }, _("away")));
    if (info.standin && live) badges.push(h("span", { class: "badge standin", title: _("a bot plays for this person until they are back") }, icon("bot"), _("stand-in")));
  }
  const you = ctx.seat === seat && !ctx.replay;
  return h(
    "div",
    { class: ["seat-head", turn && "turn"], dataset: { seat: String(seat) } },
    h("span", { class: "seat-dot", style: { "--hue": seatHue(seat) }, "aria-hidden": "true" }),
    h("span", { class: "seat-name" }, you ? _("You") : ctx.names[seat], you ? h("span", { class: "sr-only" }, ` (${ctx.names[seat]})`) : null),
    badges,
    turn ? h("span", { class: "turn-tag" }, ctx.replay ? _("to move") : _("to play")) : null,
    turn && ctx.deadline ? h("span", { class: "countdown", "aria-live": "off", dataset: { deadline: String(ctx.deadline) } }) : null,
  );
}

/** Seats in the order to draw them: the viewer's seat last (at the bottom), the others
 * clockwise from the viewer's left; without a seat, from seat 0. */
export function seatOrder(players, you) {
  const start = you === null || you === undefined ? 0 : you + 1;
  const order = [];
  for (let i = 0; i < players; i++) order.push((start + i) % players);
  if (you !== null && you !== undefined) order.pop();
  return order;
}

/** The module that draws `game`'s board (games/<game>.js), or the generic one. */
export async function loadGameModule(game) {
  try {
    const mod = await import(`/static/games/${encodeURIComponent(game)}.js`);
    return mod.default;
  } catch (error) {
    console.warn(`no board module for ${game}; using the generic one`, error);
    const mod = await import("/static/games/generic.js");
    return mod.default;
  }
}

/** Format seconds left as m:ss. */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

let ticking = null;

/** Keep every `.countdown[data-deadline]` on the page showing the time left. */
export function startCountdowns() {
  if (ticking) return;
  const tick = () => {
    const now = Date.now() / 1000;
    for (const el of document.querySelectorAll(".countdown[data-deadline]")) {
      const left = Number(el.dataset.deadline) - now;
      el.textContent = clockText(left);
      el.classList.toggle("low", left < 10);
      el.setAttribute("aria-label", ngettext("{n} second left", "{n} seconds left", Math.max(0, Math.ceil(left))));
    }
  };
  tick();
  ticking = setInterval(tick, 250);
}

/** Move focus with the arrow keys among the buttons of a `[data-arrows]` group (a hand). */
export function arrowKeys(event) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const group = event.target.closest?.("[data-arrows]");
  if (!group) return;
  const items = [...group.querySelectorAll("button")];
  const at = items.indexOf(event.target);
  if (at < 0) return;
  let next = at;
  if (event.key === "ArrowLeft") next = Math.max(0, at - 1);
  if (event.key === "ArrowRight") next = Math.min(items.length - 1, at + 1);
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = items.length - 1;
  event.preventDefault();
  items[next].focus();
}

/** Ranking of the final returns (or of `key(seat)`, higher is better): [{seat, returns,
 * place}] best first; equal values share a place. */
export function ranking(result, players, key = null) {
  const rows = Array.from({ length: players }, (_, seat) => ({
    seat,
    returns: key ? key(seat) : (result.returns[seat] ?? 0),
  }));
  rows.sort((a, b) => b.returns - a.returns || a.seat - b.seat);
  let place = 0;
  let last = null;
  rows.forEach((row, i) => {
    if (row.returns !== last) place = i + 1;
    row.place = place;
    last = row.returns;
  });
  return rows;
}

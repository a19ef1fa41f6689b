// What just happened, at a glance: the caption of the last move beside the pile, the cards it
// moved highlighted, and those cards flying there from the hand or seat they came from (Web
// Animations, short, never delaying input; none with prefers-reduced-motion). And a hand
// fitted to the width it has, overlapping its cards in one or two rows rather than scrolling.
//
// A game module marks the places cards land with `data-zone` (a pile, the Run, a container);
// seat panels carry `data-seat` (from seatHeader); the draw piles `data-draw`. Nothing here
// knows a game.

import { nameChip, said as sayLine, withNames } from "./common.js";
import { h } from "./dom.js";
import { _ } from "./i18n.js";

const FLY_MS = 320;
const GLOW_MS = 2600;
const PIECES = ".card, .slot.egg";

export function reducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/** The lines of the last move: the move itself, the draws and events after it. */
export function lastMoveLines(log) {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].kind === "move") {
      start = i;
      break;
    }
  }
  if (start < 0) return [];
  return log.slice(start).filter((line) => line.kind !== "note" && line.kind !== "deal");
}

/** The caption of the last move ("Bo · play red Dustin", then what it made happen). */
export function caption(log, names, you, game = "") {
  const lines = lastMoveLines(log);
  if (!lines.length) return null;
  const [move, ...after] = lines;
  const events = after.filter((line) => line.kind === "event").slice(-2);
  // your own draws say which card came; others' only that a card was drawn (left out)
  const drawn = move.seat === you ? after.filter((line) => line.kind === "chance").slice(-1) : [];
  return h(
    "div",
    { class: ["last-move", game && `last-move-${game}`], dataset: { version: String(move.version) } },
    h("span", { class: "last-move-title" }, _("Last move")),
    h("span", { class: "last-move-text" }, nameChip(names, move.seat, you), " · ", withNames(sayLine(move), names, you)),
    drawn.map((line) => h("span", { class: "last-move-draw" }, withNames(sayLine(line), names, you))),
    events.map((line) => h("span", { class: "last-move-event" }, withNames(sayLine(line), names, you))),
  );
}

/** The pieces in each zone of the board (zone name -> the pieces' identities, in order). */
export function zones(root) {
  const found = new Map();
  for (const zone of root.querySelectorAll("[data-zone]")) {
    found.set(zone.dataset.zone, [...zone.querySelectorAll(PIECES)].map(identity));
  }
  return found;
}

function identity(el) {
  return el.dataset.card !== undefined ? `card ${el.dataset.card}` : el.getAttribute("aria-label") || "";
}

/**
 * After a redraw: highlight the pieces that arrived in a zone since `before` (zones()), and
 * fly them in from where they came from: the mover's seat (or your hand), or a draw pile for
 * cards arriving in your hand.
 */
export function arrive(root, before, mover, you) {
  if (!before) return [];
  const arrived = [];
  for (const zone of root.querySelectorAll("[data-zone]")) {
    const had = new Map();
    for (const id of before.get(zone.dataset.zone) || []) had.set(id, (had.get(id) || 0) + 1);
    const pieces = [...zone.querySelectorAll(PIECES)];
    const fresh = [];
    for (let i = pieces.length - 1; i >= 0; i--) {
      const id = identity(pieces[i]);
      if (had.get(id)) had.set(id, had.get(id) - 1);
      else fresh.push(pieces[i]);
    }
    if (!before.has(zone.dataset.zone)) continue; // a zone drawn for the first time
    for (const piece of fresh) arrived.push({ piece, zone });
  }
  for (const { piece, zone } of arrived) {
    piece.classList.add("fresh");
    setTimeout(() => piece.classList.remove("fresh"), GLOW_MS);
    if (reducedMotion() || !piece.animate) continue;
    const source = zone.dataset.zone === "hand" ? root.querySelector("[data-draw]") : seatElement(root, mover, you);
    if (source) fly(piece, source);
  }
  return arrived.map((a) => a.piece);
}

function seatElement(root, seat, you) {
  if (seat === null || seat === undefined) return null;
  if (seat === you) return root.querySelector(".tray .hand") || root.querySelector(`[data-seat="${seat}"]`)?.closest(".seat");
  return root.querySelector(`.seat-head[data-seat="${seat}"]`)?.closest(".seat") || null;
}

function fly(piece, source) {
  const to = piece.getBoundingClientRect();
  const from = source.getBoundingClientRect();
  if (!to.width || !from.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) + Math.abs(dy) < 4) return;
  piece.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(0.55)`, opacity: 0.35 },
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
    ],
    { duration: FLY_MS, easing: "cubic-bezier(.2,.8,.3,1)" },
  );
}

/**
 * Lay a hand's cards out in the width the hand has: side by side when they fit, else
 * overlapping in one row, or two, each card keeping at least 55% of its width in view.
 */
export function fitHand(hand) {
  if (!hand) return;
  const cards = [...hand.children].filter((el) => el.classList.contains("card"));
  hand.classList.remove("fitted");
  hand.style.removeProperty("--shift");
  if (cards.length < 2) return;
  const width = hand.clientWidth - 4;
  const w = cards[0].offsetWidth;
  const gap = 6;
  if (!width || !w) return;
  const n = cards.length;
  if (n * w + (n - 1) * gap <= width) return;
  const fits = (k) => w + (k - 1) * w * 0.55 <= width;
  let rows = 1;
  while (!fits(Math.ceil(n / rows)) && rows < 3) rows++;
  const perRow = Math.ceil(n / rows);
  const step = Math.min(w + gap, (width - w) / Math.max(1, perRow - 1));
  hand.style.setProperty("--shift", `${(step - w).toFixed(1)}px`);
  hand.classList.add("fitted");
}

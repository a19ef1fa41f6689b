// Cards drawn from a game's catalogue (CardInfo: name, kind, label, CSS colour, a symbol for
// colour-blind players, text). A face-down card says only that it is face down.

import { h } from "./dom.js";

const KNOWN_COLOURS = new Set([
  "red", "green", "yellow", "blue", "orange", "purple", "pink", "brown", "black", "white", "gold", "grey", "gray",
]);

/** The catalogue as a lookup: `catalogue.get(id)` (or by name, for games that name cards). */
export class Catalogue {
  constructor(cards) {
    this.cards = cards || [];
    this.byId = new Map(this.cards.map((c) => [c.id, c]));
    this.byName = new Map(this.cards.map((c) => [c.name, c]));
  }

  get(ref) {
    if (typeof ref === "number") {
      return this.byId.get(ref) || { id: ref, name: `card ${ref}`, kind: "card", label: String(ref), colour: null, symbol: "", text: "" };
    }
    const known = this.byName.get(ref);
    if (known) return known;
    return { id: ref, name: String(ref), kind: "card", label: String(ref), colour: null, symbol: "", text: "" };
  }

  name(ref) {
    return this.get(ref).name;
  }
}

/**
 * A face-up card.
 * opts: size ("xs" | "sm" | "md" | "lg"), step ({kind, value}: a move step this card stands
 * for, making it a button), playable, selected, aria (extra words for the label), key (for
 * focus restoring), onclick, badge (a small text in a corner), caption (a line under the label).
 */
export function cardFace(card, opts = {}) {
  const size = opts.size || "md";
  const interactive = Boolean(opts.onclick || opts.step || opts.button);
  const colour = card.colour || "";
  const known = KNOWN_COLOURS.has(colour);
  const words = [card.name];
  if (opts.aria) words.push(opts.aria);
  const props = {
    class: [
      "card",
      `card-${size}`,
      `kind-${(card.kind || "card").replace(/[^a-z0-9_-]/gi, "")}`,
      colour ? "coloured" : "plain",
      opts.playable && "playable",
      opts.selected && "selected",
      opts.dim && "dim",
      opts.className,
    ],
    dataset: {
      colour: known ? colour : colour ? "custom" : "none",
      card: String(card.id),
      key: opts.key,
      step: opts.step ? `${opts.step.kind}:${opts.step.value}` : undefined,
    },
    style: colour && !known ? { "--card": colour } : undefined,
    title: card.text ? `${card.name}: ${card.text}` : card.name,
    "aria-label": words.join(", "),
  };
  const label = String(card.label ?? card.name);
  const face = [
    card.symbol ? h("span", { class: "card-corner tl", "aria-hidden": "true" }, card.symbol) : null,
    h("span", { class: ["card-label", label.length > 5 && label.length <= 7 && "mid", label.length > 7 && "long", label.length > 11 && "longer"], "aria-hidden": "true" }, label),
    opts.caption ? h("span", { class: "card-caption", "aria-hidden": "true" }, opts.caption) : null,
    card.symbol ? h("span", { class: "card-corner br", "aria-hidden": "true" }, card.symbol) : null,
    opts.badge ? h("span", { class: "card-badge", "aria-hidden": "true" }, opts.badge) : null,
  ];
  if (interactive) {
    props.type = "button";
    if (opts.selected !== undefined) props["aria-pressed"] = opts.selected ? "true" : "false";
    if (opts.playable === false) props["aria-disabled"] = "true";
    props.onclick = opts.onclick;
    return h("button", props, face);
  }
  props.role = "img";
  return h("div", props, face);
}

/** A face-down card: its label never says what it is. */
export function cardBack(opts = {}) {
  const size = opts.size || "md";
  const props = {
    class: ["card", "card-back", `card-${size}`, opts.className],
    dataset: { key: opts.key },
  };
  if (opts.hidden) props["aria-hidden"] = "true";
  else props["aria-label"] = opts.label || "face-down card";
  if (opts.onclick) {
    props.type = "button";
    props.onclick = opts.onclick;
    return h("button", props, h("span", { class: "card-back-mark", "aria-hidden": "true" }));
  }
  props.role = "img";
  return h("div", props, h("span", { class: "card-back-mark", "aria-hidden": "true" }));
}

/**
 * A fan of `count` face-down cards (someone's hand), labelled with the count only. Every card but
 * the last sits in a slot that may shrink, so the fan closes up instead of pushing a narrow seat
 * (six players on a phone) past the screen's edge.
 */
export function handOfBacks(count, label, size = "xs", seat = null) {
  const shown = Math.min(count, 8);
  const fan = h(
    "div",
    { class: "fan", role: "img", "aria-label": label || `${count} face-down cards`, dataset: { handOf: seat === null ? undefined : String(seat) } },
    Array.from({ length: shown }, (_, i) => {
      const back = cardBack({ size, hidden: true });
      return i === shown - 1 ? back : h("span", { class: "fan-slot" }, back);
    }),
    count > shown ? h("span", { class: "fan-more", "aria-hidden": "true" }, `+${count - shown}`) : null,
  );
  if (!count) fan.classList.add("empty");
  return fan;
}

/** A pile: a stack of backs with a count, optionally a button (draw from it). */
export function pile({ count, label, name, step, playable, onclick, key, draw = false }) {
  const depth = Math.min(3, Math.ceil(count / 15));
  const inner = [
    count
      ? Array.from({ length: depth }, (_, i) => h("span", { class: "pile-layer", style: { "--i": String(i) }, "aria-hidden": "true" }))
      : h("span", { class: "pile-empty", "aria-hidden": "true" }),
    h("span", { class: "card card-back card-md pile-top", "aria-hidden": "true" }, h("span", { class: "card-back-mark" })),
    h("span", { class: "pile-name", "aria-hidden": "true" }, name),
    h("span", { class: "pile-count", "aria-hidden": "true" }, String(count)),
  ];
  const props = {
    class: ["pile", playable && "playable", !count && "is-empty"],
    "aria-label": label,
    dataset: { key, step: step ? `${step.kind}:${step.value}` : undefined, draw: draw ? "" : undefined },
  };
  if (onclick || step) {
    props.type = "button";
    if (playable === false) props["aria-disabled"] = "true";
    props.onclick = onclick;
    return h("button", props, inner);
  }
  props.role = "img";
  return h("div", props, inner);
}

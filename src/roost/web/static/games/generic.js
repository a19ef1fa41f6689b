// The board of a game without a module of its own: every seat with its card count, the seat's
// own hand as cards, and the rest of the observation as a list of facts. Moves are offered as
// labelled buttons (the table page does that for every step not on the board).

import { cardFace, handOfBacks } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h } from "../js/dom.js";
import { _, ngettext } from "../js/i18n.js";

const SKIP = new Set(["game", "players", "seat", "hand", "hands", "hand_sizes", "current_player"]);

function words(key) {
  return key.replace(/_/g, " ");
}

function valueText(value) {
  if (value === null || value === undefined) return _("none");
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : _("none");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)}: ${valueText(v)}`).join("; ");
  return String(value).replace(/_/g, " ");
}

export default {
  blurb: "",

  board(ctx) {
    const obs = ctx.obs;
    const players = obs.players || ctx.table.seats.length;
    const facts = Object.entries(obs).filter(([key]) => !SKIP.has(key));
    const perSeat = facts.filter(([, v]) => Array.isArray(v) && v.length === players && v.every((x) => typeof x !== "object" || x === null));
    const common = facts.filter((f) => !perSeat.includes(f));
    const seatBox = (seat) =>
      h(
        "section",
        { class: ["seat", ctx.toMove === seat && "turn"], "aria-label": ctx.names[seat] },
        seatHeader(ctx, seat),
        h(
          "div",
          { class: "seat-body column" },
          obs.hands
            ? h("div", { class: "hand mini" }, obs.hands[seat].map((c) => cardFace(ctx.catalogue.get(c), { size: "xs" })))
            : obs.hand_sizes
              ? handOfBacks(obs.hand_sizes[seat], ngettext("{name} holds {n} card", "{name} holds {n} cards", obs.hand_sizes[seat], { name: ctx.names[seat] }))
              : null,
          h("dl", { class: "facts small" }, perSeat.map(([key, v]) => [h("dt", {}, words(key)), h("dd", {}, valueText(v[seat]))])),
        ),
      );
    const others = seatOrder(players, ctx.seat);
    const hand = obs.hand || [];
    return h(
      "div",
      { class: "generic" },
      h("div", { class: "opponents" }, others.map(seatBox)),
      h("section", { class: "panel facts-panel", "aria-label": _("The table") }, h("dl", { class: "facts" }, common.map(([key, v]) => [h("dt", {}, words(key)), h("dd", {}, valueText(v))]))),
      ctx.seat !== null
        ? h(
            "section",
            { class: ["seat", "me", ctx.toMove === ctx.seat && "turn"], "aria-label": _("You") },
            seatHeader(ctx, ctx.seat),
            h("div", { class: "seat-body column" },
              h("div", { class: "hand", role: "group", "aria-label": ngettext("Your hand, {n} card", "Your hand, {n} cards", hand.length), "data-arrows": "" }, hand.map((c, i) => cardFace(ctx.catalogue.get(c), { size: "md", key: `hand-${i}` }))),
              h("dl", { class: "facts small" }, perSeat.map(([key, v]) => [h("dt", {}, words(key)), h("dd", {}, valueText(v[ctx.seat]))])),
            ),
          )
        : null,
    );
  },

  prompt(ctx) {
    return ctx.options.length === 1 ? _("Make your move.") : _("Choose your move below.");
  },
};

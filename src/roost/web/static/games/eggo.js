// Stranger Things: Eggo Card Game, drawn from EggoObservation (roost/games/eggo/views.py):
// every seat's character card and side, hand sizes, who escaped; the two decks, the discard
// pile and what to match; the direction and the Demogorgons. Steps: "card" (click a card of
// the hand), "colour" (a dialog after a Portal or a Rift), "deck" (click a deck), "character"
// (the character tiles at the start).

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, icon, plural } from "../js/dom.js";

const PLAYER_CHARACTERS = ["will", "mike", "lucas", "dustin", "eleven", "hopper", "barb"];
const COLOUR_SYMBOL = { red: "R", green: "G", yellow: "Y", blue: "B" };

const title = (word) => (word ? word[0].toUpperCase() + word.slice(1) : "");

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/** How many Demogorgons this table's deck holds: 4 in the box, or what its `copies`
 * parameter says (kept as "key:N/key:N", RULES.md "The cards"). The last one ends the game. */
export function demogorgonTotal(ctx) {
  const match = /(?:^|\/)demogorgon:(\d+)/.exec(String(ctx.table?.params?.copies || ""));
  return match ? Number(match[1]) : 4;
}

function ordinal(n) {
  return ORDINALS[n - 1] || `${n}th`;
}

/** A card type as drawn, from the table's catalogue (fetched with the table's parameters, so
 * its own Draw N cards are in it: /api/games/eggo?own_cards=...). */
function cardInfo(ctx, id) {
  return ctx.catalogue.get(id);
}

/** A card face. An own Draw N shows "+N" under its label, as the printed Draw 2 shows "+2"
 * (a CSS rule of its kind); its title says what it does. */
function face(ctx, id, opts) {
  const card = cardInfo(ctx, id);
  const n = card.kind === "draw" ? /Draw (\d+)/.exec(card.label || "")?.[1] : null;
  return cardFace(card, n ? { ...opts, caption: `+${n}` } : opts);
}

/** The label of the Draw card that left the draws owed (the top of the pile until they are
 * drawn): "Draw 2", or an own "Draw 3". */
function drawLabel(ctx) {
  const top = ctx.obs.top;
  return top !== null && top !== undefined ? cardInfo(ctx, top).label || "Draw 2" : "Draw 2";
}

function matchText(obs) {
  if (!obs.colour) return "";
  return obs.character ? `${obs.colour} or ${title(obs.character)}` : `${obs.colour}`;
}

/** A seat's character card: the name, and which side is up (Upside Down is drawn upside down). */
function characterCard(obs, seat, size = "sm") {
  const character = obs.characters?.[seat];
  const side = obs.sides?.[seat];
  const escaped = obs.escaped?.[seat];
  const upside = side === "upside_down";
  const name = character ? title(character) : "?";
  const words = character
    ? `${name}, ${escaped ? "escaped" : upside ? "Upside Down" : "Right Side Up"}`
    : "no character yet";
  return h(
    "div",
    {
      class: ["character", `character-${size}`, upside ? "upside" : "rightside", escaped && "escaped", !character && "none"],
      role: "img",
      "aria-label": `Character card: ${words}`,
      title: character === "barb" ? "Barb is Upside Down on both sides: she can never escape." : undefined,
    },
    h("span", { class: "character-name", "aria-hidden": "true" }, name),
    h("span", { class: "character-side", "aria-hidden": "true" }, !character ? "choosing" : escaped ? "Escaped" : upside ? "Upside Down" : "Right Side Up"),
  );
}

function opponent(ctx, seat) {
  const obs = ctx.obs;
  const count = obs.hand_sizes?.[seat] ?? 0;
  const name = ctx.names[seat];
  const hands = obs.hands; // the full deal (replay)
  const hand = hands
    ? h("div", { class: "hand mini", role: "group", "aria-label": `${name}'s hand`, dataset: { handOf: String(seat) } }, hands[seat].map((id) => face(ctx, id, { size: "sm" })))
    : handOfBacks(count, `${name} holds ${plural(count, "card")}`, "xs", seat);
  return h(
    "section",
    { class: ["seat", ctx.toMove === seat && "turn", obs.escaped?.[seat] && "escaped"], "aria-label": name, style: { "--hue": undefined } },
    seatHeader(ctx, seat),
    h(
      "div",
      { class: "seat-body" },
      characterCard(obs, seat),
      obs.phase === "choose_character"
        ? null
        : h("div", { class: "seat-cards" }, hand, h("span", { class: "count" }, obs.escaped?.[seat] ? "escaped" : plural(count, "card"))),
    ),
  );
}

function centre(ctx) {
  const obs = ctx.obs;
  if (obs.phase === "choose_character") return chooseCharacters(ctx);
  const decks = (obs.decks || [0, 0]).map((count, i) => {
    const letter = "AB"[i];
    return pile({
      count,
      name: `Deck ${letter}`,
      label: `Deck ${letter}, ${plural(count, "card")}`,
      step: ctx.seat !== null && !ctx.replay ? { kind: "deck", value: i } : null,
      key: `deck-${i}`,
      draw: true,
    });
  });
  const top = obs.top;
  const recent = (obs.discard || []).slice(-4, -1);
  const discard = h(
    "div",
    { class: "discard", role: "group", "aria-label": "Discard pile" },
    h(
      "div",
      { class: "discard-stack", dataset: { zone: "discard" } },
      recent.map((id, i) => face(ctx, id, { size: "lg", className: `under under-${recent.length - i}` })),
      top !== null && top !== undefined
        ? face(ctx, top, { size: "lg", aria: "top of the discard pile", className: "top", key: `top-${obs.discard.length}` })
        : h("div", { class: "card card-lg card-slot", role: "img", "aria-label": "no card played yet" }),
    ),
    obs.colour
      ? h(
          "div",
          { class: "to-match" },
          h("span", { class: "muted" }, "To match: "),
          h("span", { class: "swatch", dataset: { colour: obs.colour }, "aria-hidden": "true" }, COLOUR_SYMBOL[obs.colour] || ""),
          h("strong", {}, obs.colour),
          obs.character ? [h("span", { class: "muted" }, " or "), h("strong", {}, title(obs.character))] : null,
        )
      : null,
  );
  const dir = obs.direction === "counterclockwise";
  const total = demogorgonTotal(ctx);
  const status = h(
    "div",
    { class: "table-status" },
    h("div", { class: "direction", role: "img", "aria-label": `Play goes ${dir ? "counterclockwise" : "clockwise"}` }, icon(dir ? "ccw" : "cw"), h("span", { "aria-hidden": "true" }, dir ? "counterclockwise" : "clockwise")),
    h(
      "div",
      { class: "demogorgons", role: "img", "aria-label": `Demogorgons drawn: ${obs.demogorgons} of ${total}; the ${ordinal(total)} ends the game` },
      h("span", { class: "demo-title", "aria-hidden": "true" }, "Demogorgons"),
      h("span", { class: "demo-slots", "aria-hidden": "true" }, Array.from({ length: total }, (_, i) => h("span", { class: ["demo", i < obs.demogorgons && "drawn"] }, i < obs.demogorgons ? "!" : ""))),
      h("span", { class: "demo-note", "aria-hidden": "true" }, `${obs.demogorgons} of ${total} · the last ends the game`),
    ),
    obs.draws_owed
      ? h("div", { class: "owed" }, `${ctx.who(obs.current_player) ?? "The player"} must draw ${plural(obs.draws_owed, "more card")} (${drawLabel(ctx)})`)
      : null,
  );
  return h("div", { class: "centre" }, h("div", { class: "decks" }, decks), discard, status, ctx.caption?.());
}

function chooseCharacters(ctx) {
  const obs = ctx.obs;
  const taken = new Map();
  (obs.characters || []).forEach((c, seat) => {
    if (c) taken.set(c, seat);
  });
  const tiles = PLAYER_CHARACTERS.map((character, i) => {
    const owner = taken.get(character);
    const label = title(character);
    if (owner !== undefined) {
      return h(
        "div",
        { class: "char-tile taken", role: "img", "aria-label": `${label}, taken by ${ctx.names[owner]}` },
        h("span", { class: "char-name" }, label),
        h("span", { class: "char-owner" }, ctx.names[owner]),
      );
    }
    return h(
      "button",
      { type: "button", class: "char-tile", "aria-label": label, dataset: { step: `character:${i}`, key: `char-${i}` } },
      h("span", { class: "char-name" }, label),
      h("span", { class: "char-owner" }, character === "barb" ? "can never escape" : "free"),
    );
  });
  const chooser = obs.current_player;
  return h(
    "div",
    { class: "centre choosing" },
    h("h2", {}, ctx.myTurn ? "Choose your character" : `${ctx.names[chooser] ?? "Each player"} is choosing a character`),
    h("p", { class: "muted" }, "Everyone starts Upside Down. Barb is Upside Down on both sides: she can never escape."),
    h("div", { class: "char-tiles" }, tiles),
  );
}

/** Your hand (in the tray of the table page, or on the board of a replay). */
function handArea(ctx) {
  const obs = ctx.obs;
  const seat = ctx.seat;
  const hand = obs.hand || [];
  if (obs.escaped?.[seat]) return h("p", { class: "escaped-note" }, icon("check"), " You escaped from the Upside Down!");
  if (obs.phase === "choose_character") return h("p", { class: "muted" }, "Four cards are dealt to each player once everyone has chosen a character.");
  if (!hand.length) {
    return h("p", { class: "muted" }, obs.sides?.[seat] === "upside_down" ? "No cards, but you are Upside Down: a Portal or Rift may flip you back." : "No cards.");
  }
  const cards = hand.map((id, i) => face(ctx, id, { size: "md", step: { kind: "card", value: id }, key: `hand-${i}`, playable: false }));
  return h("div", { class: "hand", role: "group", "aria-label": `Your hand, ${plural(hand.length, "card")}`, "data-arrows": "", dataset: { handOf: String(seat), zone: "hand" } }, cards);
}

function myArea(ctx) {
  const obs = ctx.obs;
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": "You" },
    seatHeader(ctx, seat),
    h(
      "div",
      { class: "seat-body" },
      characterCard(obs, seat, ctx.tray ? "sm" : "md"),
      ctx.tray ? h("span", { class: "count" }, plural(obs.hand_sizes?.[seat] ?? 0, "card")) : h("div", { class: "my-hand" }, handArea(ctx)),
    ),
  );
}

export default {
  blurb: "Empty your hand and get back to the Right Side Up before the fourth Demogorgon appears. Match colour or character; Portals and Rifts flip sides.",

  board(ctx) {
    const obs = ctx.obs;
    const others = seatOrder(obs.players, ctx.seat);
    return h(
      "div",
      { class: "eggo" },
      h("div", { class: "opponents", style: { "--n": String(others.length) } }, others.map((seat) => opponent(ctx, seat))),
      centre(ctx),
      ctx.seat !== null && ctx.seat !== undefined ? myArea(ctx) : null,
    );
  },

  hand: handArea,

  sounds(before, after) {
    return (after.demogorgons ?? 0) > (before.demogorgons ?? 0) ? ["demogorgon"] : [];
  },

  prompt(ctx) {
    const obs = ctx.obs;
    if (obs.phase === "choose_character") return "Choose your character card.";
    const kinds = new Set(ctx.options.map((o) => o.kind));
    if (obs.draws_owed) return `A ${drawLabel(ctx)} hit you: draw ${plural(obs.draws_owed, "more card")}. Click deck A or deck B.`;
    if (kinds.has("card")) return `Play a card that matches ${matchText(obs)} (the glowing cards), or a Portal or Rift.`;
    if (kinds.has("deck")) {
      return obs.draws_this_turn ? "The card you drew does not match: draw once more (deck A or B)." : "You have no card that matches: draw from deck A or deck B.";
    }
    return "Choose your move.";
  },

  waiting(ctx, seat) {
    if (ctx.obs.phase === "choose_character") return "is choosing a character…";
    return null;
  },

  whyNot(ctx, step) {
    const obs = ctx.obs;
    const [kind] = step.split(":");
    if (kind === "card" && obs.draws_owed) return `First draw the ${plural(obs.draws_owed, "card")} the ${drawLabel(ctx)} gave you.`;
    if (kind === "card") return `That card does not match ${matchText(obs)}.`;
    if (kind === "deck") return "You hold a card that matches: you must play it.";
    return null;
  },

  stepTitle(kind) {
    if (kind === "colour") return "Announce a colour";
    return null;
  },

  stepText(kind, ctx, prefix) {
    if (kind === "colour") {
      const card = prefix[0]?.label || "this card";
      return `You play ${card}. Which colour must the next player match?`;
    }
    return null;
  },

  optionButton(option) {
    if (option.kind !== "colour") return null;
    return h(
      "button",
      { type: "button", class: "button colour-choice", dataset: { colour: option.label } },
      h("span", { class: "swatch", dataset: { colour: option.label }, "aria-hidden": "true" }, COLOUR_SYMBOL[option.label] || ""),
      option.label,
    );
  },

  resultSummary(ctx) {
    const obs = ctx.obs;
    return h(
      "p",
      { class: "muted" },
      obs.demogorgons >= demogorgonTotal(ctx) ? `The ${ordinal(demogorgonTotal(ctx))} Demogorgon was drawn: the game is over.` : "Nobody is left in play: the game is over.",
      " Every player who escaped wins.",
    );
  },

  resultRow(ctx, seat) {
    const obs = ctx.obs;
    if (obs.escaped?.[seat]) return "escaped";
    const count = obs.hand_sizes?.[seat] ?? 0;
    if (obs.characters?.[seat] === "barb") return "Barb never escapes";
    return obs.sides?.[seat] === "upside_down" ? `stuck Upside Down, ${plural(count, "card")}` : `${plural(count, "card")} left`;
  },
};

// Stranger Things: Eggo Card Game, drawn from EggoObservation (roost/games/eggo/views.py):
// every seat's character card and side, hand sizes, who escaped; the two decks, the discard
// pile and what to match; the direction and the Demogorgons. Steps: "card" (click a card of
// the hand), "colour" (a dialog after a Portal or a Rift), "deck" (click a deck), "character"
// (the character tiles at the start).

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, icon } from "../js/dom.js";
import { _, ngettext, pgettext } from "../js/i18n.js";
import { colourLetter, localCatalogue } from "./cardwords.js";


const PLAYER_CHARACTERS = ["will", "mike", "lucas", "dustin", "eleven", "hopper", "barb"];
const COLOUR_SYMBOL = { red: "R", green: "G", yellow: "Y", blue: "B" };

const title = (word) => (word ? word[0].toUpperCase() + word.slice(1) : "");

function cardNames() {
  return {
    "red Will": pgettext("Eggo card", "red Will"),
    "Will": pgettext("Eggo card", "Will"),
    "red Mike": pgettext("Eggo card", "red Mike"),
    "Mike": pgettext("Eggo card", "Mike"),
    "red Lucas": pgettext("Eggo card", "red Lucas"),
    "Lucas": pgettext("Eggo card", "Lucas"),
    "red Dustin": pgettext("Eggo card", "red Dustin"),
    "Dustin": pgettext("Eggo card", "Dustin"),
    "red Eleven": pgettext("Eggo card", "red Eleven"),
    "Eleven": pgettext("Eggo card", "Eleven"),
    "red Hopper": pgettext("Eggo card", "red Hopper"),
    "Hopper": pgettext("Eggo card", "Hopper"),
    "red Joyce": pgettext("Eggo card", "red Joyce"),
    "Joyce": pgettext("Eggo card", "Joyce"),
    "red Nancy": pgettext("Eggo card", "red Nancy"),
    "Nancy": pgettext("Eggo card", "Nancy"),
    "red Jonathan": pgettext("Eggo card", "red Jonathan"),
    "Jonathan": pgettext("Eggo card", "Jonathan"),
    "green Will": pgettext("Eggo card", "green Will"),
    "green Mike": pgettext("Eggo card", "green Mike"),
    "green Lucas": pgettext("Eggo card", "green Lucas"),
    "green Dustin": pgettext("Eggo card", "green Dustin"),
    "green Eleven": pgettext("Eggo card", "green Eleven"),
    "green Hopper": pgettext("Eggo card", "green Hopper"),
    "green Joyce": pgettext("Eggo card", "green Joyce"),
    "green Nancy": pgettext("Eggo card", "green Nancy"),
    "green Jonathan": pgettext("Eggo card", "green Jonathan"),
    "yellow Will": pgettext("Eggo card", "yellow Will"),
    "yellow Mike": pgettext("Eggo card", "yellow Mike"),
    "yellow Lucas": pgettext("Eggo card", "yellow Lucas"),
    "yellow Dustin": pgettext("Eggo card", "yellow Dustin"),
    "yellow Eleven": pgettext("Eggo card", "yellow Eleven"),
    "yellow Hopper": pgettext("Eggo card", "yellow Hopper"),
    "yellow Joyce": pgettext("Eggo card", "yellow Joyce"),
    "yellow Nancy": pgettext("Eggo card", "yellow Nancy"),
    "yellow Jonathan": pgettext("Eggo card", "yellow Jonathan"),
    "blue Will": pgettext("Eggo card", "blue Will"),
    "blue Mike": pgettext("Eggo card", "blue Mike"),
    "blue Lucas": pgettext("Eggo card", "blue Lucas"),
    "blue Dustin": pgettext("Eggo card", "blue Dustin"),
    "blue Eleven": pgettext("Eggo card", "blue Eleven"),
    "blue Hopper": pgettext("Eggo card", "blue Hopper"),
    "blue Joyce": pgettext("Eggo card", "blue Joyce"),
    "blue Nancy": pgettext("Eggo card", "blue Nancy"),
    "blue Jonathan": pgettext("Eggo card", "blue Jonathan"),
    "red Reverse": pgettext("Eggo card", "red Reverse"),
    "Reverse": pgettext("Eggo card", "Reverse"),
    "green Reverse": pgettext("Eggo card", "green Reverse"),
    "yellow Reverse": pgettext("Eggo card", "yellow Reverse"),
    "blue Reverse": pgettext("Eggo card", "blue Reverse"),
    "red Draw 2": pgettext("Eggo card", "red Draw 2"),
    "Draw 2": pgettext("Eggo card", "Draw 2"),
    "green Draw 2": pgettext("Eggo card", "green Draw 2"),
    "yellow Draw 2": pgettext("Eggo card", "yellow Draw 2"),
    "blue Draw 2": pgettext("Eggo card", "blue Draw 2"),
    "Portal": pgettext("Eggo card", "Portal"),
    "All-Players Rift": pgettext("Eggo card", "All-Players Rift"),
    "Demogorgon": pgettext("Eggo card", "Demogorgon"),
    "Barb": pgettext("Eggo card", "Barb"),
  };
}

function cardTexts() {
  return {
    "Play on a card of the same colour or the same character.": _("Play on a card of the same colour or the same character."),
    "Play on its colour: the direction of play reverses.": _("Play on its colour: the direction of play reverses."),
    "Play on its colour: the next player draws two cards, then takes a normal turn.": _("Play on its colour: the next player draws two cards, then takes a normal turn."),
    "Play any time: you flip between the Upside Down and the Right Side Up, and announce the colour to match.": _("Play any time: you flip between the Upside Down and the Right Side Up, and announce the colour to match."),
    "Play any time: every player still in play flips, you too; announce the colour to match.": _("Play any time: every player still in play flips, you too; announce the colour to match."),
    "Set aside face up the moment it is drawn; the fourth one ends the game.": _("Set aside face up the moment it is drawn; the fourth one ends the game."),
  };
}

/** The game's cards with their names, labels and texts in the reader's language. */
function cards(ctx) {
  return localCatalogue(ctx.catalogue, cardNames, cardTexts);
}

/** A character ("will", "barb") by name in the reader's language (Eleven is Once in Spain). */
function characterName(character) {
  const english = title(character);
  return cardNames()[english] ?? english;
}

/** A colour to match or announce ("red"), in the reader's language. */
function colourName(colour) {
  const names = { red: pgettext("Eggo card", "red"), green: pgettext("Eggo card", "green"), yellow: pgettext("Eggo card", "yellow"), blue: pgettext("Eggo card", "blue") };
  return names[colour] ?? colour;
}

function cardCount(n) {
  return ngettext("{n} card", "{n} cards", n);
}

/** How many Demogorgons this table's deck holds: 4 in the box, or what its `copies`
 * parameter says (kept as "key:N/key:N", RULES.md "The cards"). The last one ends the game. */
export function demogorgonTotal(ctx) {
  const match = /(?:^|\/)demogorgon:(\d+)/.exec(String(ctx.table?.params?.copies || ""));
  return match ? Number(match[1]) : 4;
}

/** A card type as drawn, from the table's catalogue (fetched with the table's parameters, so
 * its own Draw N cards are in it: /api/games/eggo?own_cards=...). */
function cardInfo(ctx, id) {
  return cards(ctx).get(id);
}

/** A card face. An own Draw N shows "+N" under its label, as the printed Draw 2 shows "+2"
 * (a CSS rule of its kind); its title says what it does. */
function face(ctx, id, opts) {
  const card = cardInfo(ctx, id);
  const n = card.kind === "draw" ? /Draw (\d+)/.exec(card.english?.label || "")?.[1] : null;
  return cardFace(card, n ? { ...opts, caption: `+${n}` } : opts);
}

/** The label of the Draw card that left the draws owed (the top of the pile until they are
 * drawn): "Draw 2", or an own "Draw 3". */
function drawLabel(ctx) {
  const top = ctx.obs.top;
  const draw2 = pgettext("Eggo card", "Draw 2");
  return top !== null && top !== undefined ? cardInfo(ctx, top).label || draw2 : draw2;
}

function matchText(obs) {
  if (!obs.colour) return "";
  return obs.character ? _("{colour} or {character}", { colour: colourName(obs.colour), character: characterName(obs.character) }) : colourName(obs.colour);
}

/** A seat's character card: the name, and which side is up (Upside Down is drawn upside down). */
function characterCard(obs, seat, size = "sm") {
  const character = obs.characters?.[seat];
  const side = obs.sides?.[seat];
  const escaped = obs.escaped?.[seat];
  const upside = side === "upside_down";
  const name = character ? characterName(character) : "?";
  const sideWords = escaped ? _("Escaped") : upside ? pgettext("Eggo card", "Upside Down") : pgettext("Eggo card", "Right Side Up");
  const words = character ? _("Character card: {name}, {side}", { name, side: sideWords }) : _("Character card: no character yet");
  return h(
    "div",
    {
      class: ["character", `character-${size}`, upside ? "upside" : "rightside", escaped && "escaped", !character && "none"],
      role: "img",
      "aria-label": words,
      title: character === "barb" ? _("Barb is Upside Down on both sides: she can never escape.") : undefined,
    },
    h("span", { class: "character-name", "aria-hidden": "true" }, name),
    h("span", { class: "character-side", "aria-hidden": "true" }, !character ? _("choosing") : sideWords),
  );
}

function opponent(ctx, seat) {
  const obs = ctx.obs;
  const count = obs.hand_sizes?.[seat] ?? 0;
  const name = ctx.names[seat];
  const hands = obs.hands; // the full deal (replay)
  const hand = hands
    ? h("div", { class: "hand mini", role: "group", "aria-label": _("{name}'s hand", { name }), dataset: { handOf: String(seat) } }, hands[seat].map((id) => face(ctx, id, { size: "sm" })))
    : handOfBacks(count, ngettext("{name} holds {n} card", "{name} holds {n} cards", count, { name }), "xs", seat);
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
        : h("div", { class: "seat-cards" }, hand, h("span", { class: "count" }, obs.escaped?.[seat] ? _("escaped") : cardCount(count))),
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
      name: _("Deck {letter}", { letter }),
      label: ngettext("Deck {letter}, {n} card", "Deck {letter}, {n} cards", count, { letter }),
      step: ctx.seat !== null && !ctx.replay ? { kind: "deck", value: i } : null,
      key: `deck-${i}`,
      draw: true,
    });
  });
  const top = obs.top;
  const recent = (obs.discard || []).slice(-4, -1);
  const discard = h(
    "div",
    { class: "discard", role: "group", "aria-label": _("Discard pile") },
    h(
      "div",
      { class: "discard-stack", dataset: { zone: "discard" } },
      recent.map((id, i) => face(ctx, id, { size: "lg", className: `under under-${recent.length - i}` })),
      top !== null && top !== undefined
        ? face(ctx, top, { size: "lg", aria: _("top of the discard pile"), className: "top", key: `top-${obs.discard.length}` })
        : h("div", { class: "card card-lg card-slot", role: "img", "aria-label": _("no card played yet") }),
    ),
    obs.colour
      ? h(
          "div",
          { class: "to-match" },
          h("span", { class: "muted" }, _("To match:")),
          " ",
          h("span", { class: "swatch", dataset: { colour: obs.colour }, "aria-hidden": "true" }, colourLetter(COLOUR_SYMBOL[obs.colour] || "")),
          h("strong", {}, colourName(obs.colour)),
          obs.character ? [" ", h("span", { class: "muted" }, _("or")), " ", h("strong", {}, characterName(obs.character))] : null,
        )
      : null,
  );
  const dir = obs.direction === "counterclockwise";
  const total = demogorgonTotal(ctx);
  const status = h(
    "div",
    { class: "table-status" },
    h("div", { class: "direction", role: "img", "aria-label": dir ? _("Play goes counterclockwise") : _("Play goes clockwise") }, icon(dir ? "ccw" : "cw"), h("span", { "aria-hidden": "true" }, dir ? _("counterclockwise") : _("clockwise"))),
    h(
      "div",
      { class: "demogorgons", role: "img", "aria-label": _("Demogorgons drawn: {n} of {total}; the last one ends the game", { n: obs.demogorgons, total }) },
      h("span", { class: "demo-title", "aria-hidden": "true" }, _("Demogorgons")),
      h("span", { class: "demo-slots", "aria-hidden": "true" }, Array.from({ length: total }, (unused, i) => h("span", { class: ["demo", i < obs.demogorgons && "drawn"] }, i < obs.demogorgons ? "!" : ""))),
      h("span", { class: "demo-note", "aria-hidden": "true" }, _("{n} of {total} · the last ends the game", { n: obs.demogorgons, total })),
    ),
    obs.draws_owed
      ? h("div", { class: "owed" }, owedWords(ctx))
      : null,
  );
  return h("div", { class: "centre" }, h("div", { class: "decks" }, decks), discard, status, ctx.caption?.());
}

/** Who must draw how many more cards, and for which Draw card. */
function owedWords(ctx) {
  const obs = ctx.obs;
  if (obs.current_player === ctx.seat && !ctx.replay) {
    return ngettext("You must draw {n} more card ({card})", "You must draw {n} more cards ({card})", obs.draws_owed, { card: drawLabel(ctx) });
  }
  const someone = _("The player"); // a message inside another's arguments is not extracted
  const name = ctx.names[obs.current_player] ?? someone;
  return ngettext("{name} must draw {n} more card ({card})", "{name} must draw {n} more cards ({card})", obs.draws_owed, { name, card: drawLabel(ctx) });
}

function chooseCharacters(ctx) {
  const obs = ctx.obs;
  const taken = new Map();
  (obs.characters || []).forEach((c, seat) => {
    if (c) taken.set(c, seat);
  });
  const tiles = PLAYER_CHARACTERS.map((character, i) => {
    const owner = taken.get(character);
    const label = characterName(character);
    if (owner !== undefined) {
      return h(
        "div",
        { class: "char-tile taken", role: "img", "aria-label": _("{character}, taken by {name}", { character: label, name: ctx.names[owner] }) },
        h("span", { class: "char-name" }, label),
        h("span", { class: "char-owner" }, ctx.names[owner]),
      );
    }
    return h(
      "button",
      { type: "button", class: "char-tile", "aria-label": label, dataset: { step: `character:${i}`, key: `char-${i}` } },
      h("span", { class: "char-name" }, label),
      h("span", { class: "char-owner" }, character === "barb" ? _("can never escape") : _("free")),
    );
  });
  const chooser = obs.current_player;
  const everyone = _("Each player"); // a message inside another's arguments is not extracted
  return h(
    "div",
    { class: "centre choosing" },
    h("h2", {}, ctx.myTurn ? _("Choose your character") : _("{name} is choosing a character", { name: ctx.names[chooser] ?? everyone })),
    h("p", { class: "muted" }, _("Everyone starts Upside Down. Barb is Upside Down on both sides: she can never escape.")),
    h("div", { class: "char-tiles" }, tiles),
  );
}

/** Your hand (in the tray of the table page, or on the board of a replay). */
function handArea(ctx) {
  const obs = ctx.obs;
  const seat = ctx.seat;
  const hand = obs.hand || [];
  if (obs.escaped?.[seat]) return h("p", { class: "escaped-note" }, icon("check"), " ", _("You escaped from the Upside Down!"));
  if (obs.phase === "choose_character") return h("p", { class: "muted" }, _("Four cards are dealt to each player once everyone has chosen a character."));
  if (!hand.length) {
    return h("p", { class: "muted" }, obs.sides?.[seat] === "upside_down" ? _("No cards, but you are Upside Down: a Portal or Rift may flip you back.") : _("No cards."));
  }
  const faces = hand.map((id, i) => face(ctx, id, { size: "md", step: { kind: "card", value: id }, key: `hand-${i}`, playable: false }));
  return h("div", { class: "hand", role: "group", "aria-label": ngettext("Your hand, {n} card", "Your hand, {n} cards", hand.length), "data-arrows": "", dataset: { handOf: String(seat), zone: "hand" } }, faces);
}

function myArea(ctx) {
  const obs = ctx.obs;
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": _("You") },
    seatHeader(ctx, seat),
    h(
      "div",
      { class: "seat-body" },
      characterCard(obs, seat, ctx.tray ? "sm" : "md"),
      ctx.tray ? h("span", { class: "count" }, cardCount(obs.hand_sizes?.[seat] ?? 0)) : h("div", { class: "my-hand" }, handArea(ctx)),
    ),
  );
}

export default {
  get blurb() {
    return _("Empty your hand and get back to the Right Side Up before the fourth Demogorgon appears. Match colour or character; Portals and Rifts flip sides.");
  },

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
    if (obs.phase === "choose_character") return _("Choose your character card.");
    const kinds = new Set(ctx.options.map((o) => o.kind));
    if (obs.draws_owed) return ngettext("A {card} hit you: draw {n} more card. Click deck A or deck B.", "A {card} hit you: draw {n} more cards. Click deck A or deck B.", obs.draws_owed, { card: drawLabel(ctx) });
    if (kinds.has("card")) return _("Play a card that matches {match} (the glowing cards), or a Portal or Rift.", { match: matchText(obs) });
    if (kinds.has("deck")) {
      return obs.draws_this_turn ? _("The card you drew does not match: draw once more (deck A or B).") : _("You have no card that matches: draw from deck A or deck B.");
    }
    return _("Choose your move.");
  },

  waiting(ctx, seat) {
    if (ctx.obs.phase === "choose_character") return _("is choosing a character…");
    return null;
  },

  whyNot(ctx, step) {
    const obs = ctx.obs;
    const [kind] = step.split(":");
    if (kind === "card" && obs.draws_owed) return ngettext("First draw the {n} card the {card} gave you.", "First draw the {n} cards the {card} gave you.", obs.draws_owed, { card: drawLabel(ctx) });
    if (kind === "card") return _("That card does not match {match}.", { match: matchText(obs) });
    if (kind === "deck") return _("You hold a card that matches: you must play it.");
    return null;
  },

  stepTitle(kind) {
    if (kind === "colour") return _("Announce a colour");
    return null;
  },

  stepText(kind, ctx, prefix) {
    if (kind === "colour") {
      const first = prefix[0];
      const card = first ? (first.kind === "card" && typeof first.value === "number" ? cards(ctx).name(first.value) : first.label) : _("this card");
      return _("You play {card}. Which colour must the next player match?", { card });
    }
    return null;
  },

  optionButton(option) {
    if (option.kind !== "colour") return null;
    return h(
      "button",
      { type: "button", class: "button colour-choice", dataset: { colour: option.label } },
      h("span", { class: "swatch", dataset: { colour: option.label }, "aria-hidden": "true" }, colourLetter(COLOUR_SYMBOL[option.label] || "")),
      colourName(option.label),
    );
  },

  resultSummary(ctx) {
    const obs = ctx.obs;
    return h(
      "p",
      { class: "muted" },
      obs.demogorgons >= demogorgonTotal(ctx) ? _("The last Demogorgon was drawn: the game is over.") : _("Nobody is left in play: the game is over."),
      " ",
      _("Every player who escaped wins."),
    );
  },

  resultRow(ctx, seat) {
    const obs = ctx.obs;
    if (obs.escaped?.[seat]) return _("escaped");
    const count = obs.hand_sizes?.[seat] ?? 0;
    if (obs.characters?.[seat] === "barb") return _("Barb never escapes");
    return obs.sides?.[seat] === "upside_down"
      ? ngettext("stuck Upside Down, {n} card", "stuck Upside Down, {n} cards", count)
      : ngettext("{n} card left", "{n} cards left", count);
  },
};

// Egg Bound, drawn from EggBoundObservation (roost/games/egg_bound/views.py): every seat's eggs
// (Good side or Bad side up, at most three), the Egg Bound and Fowl cards in front of them, hand
// sizes and the cards everyone knows they hold; the Egg Pile, the Draw Pile and the face-up
// Discard Pile; the card being answered and what the last card did. Steps: "card" (click a card
// of the hand), then "chicken" / "face_down" (which Chicken) and "seat" (the target) in
// dialogs; questions put to a seat out of turn (Cluck-Off, a Star's defence, keeping a hatched
// Chicken, which egg explodes) come up as dialogs at once.

import { cardBack, cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h } from "../js/dom.js";
import { _, ngettext, pgettext } from "../js/i18n.js";
import { localCatalogue } from "./cardwords.js";

const EGG_CAP = 3;
const QUESTIONS = new Set(["cluck_off_window", "star_defence", "keep_chicken", "egg_splosion"]);

function cardNames() {
  return {
    "Egg card": pgettext("Egg Bound card", "Egg card"),
    "Egg": pgettext("Egg Bound card", "Egg"),
    "Mother Hen": pgettext("Egg Bound card", "Mother Hen"),
    "Golden Hen": pgettext("Egg Bound card", "Golden Hen"),
    "Baby Hen": pgettext("Egg Bound card", "Baby Hen"),
    "Rooster": pgettext("Egg Bound card", "Rooster"),
    "Star Egg Head": pgettext("Egg Bound card", "Star Egg Head"),
    "Star Pecking Order": pgettext("Egg Bound card", "Star Pecking Order"),
    "Star Chicken Run": pgettext("Egg Bound card", "Star Chicken Run"),
    "Egg Laying Song": pgettext("Egg Bound card", "Egg Laying Song"),
    "Hatch It": pgettext("Egg Bound card", "Hatch It"),
    "red Bad Egg": pgettext("Egg Bound card", "red Bad Egg"),
    "Bad Egg": pgettext("Egg Bound card", "Bad Egg"),
    "Egg-Splosion": pgettext("Egg Bound card", "Egg-Splosion"),
    "Eggy Soldier": pgettext("Egg Bound card", "Eggy Soldier"),
    "red Egg Bound": pgettext("Egg Bound card", "red Egg Bound"),
    "Egg Bound": pgettext("Egg Bound card", "Egg Bound"),
    "Fowl": pgettext("Egg Bound card", "Fowl"),
    "green Good Egg": pgettext("Egg Bound card", "green Good Egg"),
    "Good Egg": pgettext("Egg Bound card", "Good Egg"),
    "Cluck-Off": pgettext("Egg Bound card", "Cluck-Off"),
    "Un-Bound": pgettext("Egg Bound card", "Un-Bound"),
  };
}

function cardTexts() {
  return {
    "Good Egg on one side, Bad Egg on the other: three Good Eggs in front of you win.": _("Good Egg on one side, Bad Egg on the other: three Good Eggs in front of you win."),
    "Pecking Order 3, IQ 4, Speed 1: played with a blue Chicken Action.": _("Pecking Order 3, IQ 4, Speed 1: played with a blue Chicken Action."),
    "Pecking Order 2, IQ 3, Speed 2: played with a blue Chicken Action.": _("Pecking Order 2, IQ 3, Speed 2: played with a blue Chicken Action."),
    "Pecking Order 1, IQ 2, Speed 4: played with a blue Chicken Action.": _("Pecking Order 1, IQ 2, Speed 4: played with a blue Chicken Action."),
    "Pecking Order 4, IQ 1, Speed 3: played with a blue Chicken Action.": _("Pecking Order 4, IQ 1, Speed 3: played with a blue Chicken Action."),
    "With a Chicken face down, challenge a player on IQ: more stars win a Good Egg.": _("With a Chicken face down, challenge a player on IQ: more stars win a Good Egg."),
    "With a Chicken face down, challenge a player on Pecking Order: more stars win a Good Egg.": _("With a Chicken face down, challenge a player on Pecking Order: more stars win a Good Egg."),
    "With a Chicken face down, challenge a player on Speed: more stars win a Good Egg.": _("With a Chicken face down, challenge a player on Speed: more stars win a Good Egg."),
    "With a Chicken, take a Good Egg from the Egg Pile (not with three eggs, not while Egg Bound).": _("With a Chicken, take a Good Egg from the Egg Pile (not with three eggs, not while Egg Bound)."),
    "With a Chicken, take a player's Good Egg; they may keep your Chicken for one of their cards.": _("With a Chicken, take a player's Good Egg; they may keep your Chicken for one of their cards."),
    "Turn one of a player's Good Eggs to its Bad side.": _("Turn one of a player's Good Eggs to its Bad side."),
    "Put one of a player's eggs, Good or Bad, back on the Egg Pile.": _("Put one of a player's eggs, Good or Bad, back on the Egg Pile."),
    "Take one of a player's Good Eggs (not with three eggs).": _("Take one of a player's Good Eggs (not with three eggs)."),
    "Put it in front of a player: no Egg Laying Song for them until they play Un-Bound.": _("Put it in front of a player: no Egg Laying Song for them until they play Un-Bound."),
    "Put it in front of a player: they lose their next turn.": _("Put it in front of a player: they lose their next turn."),
    "Turn one of your Bad Eggs good.": _("Turn one of your Bad Eggs good."),
    "Play it at once when a card is played against you: that card does nothing.": _("Play it at once when a card is played against you: that card does nothing."),
    "On your turn, discard it and the Egg Bound card in front of you.": _("On your turn, discard it and the Egg Bound card in front of you."),
  };
}

/** The game's cards with their names, labels and texts in the reader's language. */
function cards(ctx) {
  return localCatalogue(ctx.catalogue, cardNames, cardTexts);
}

/** A Chicken's three kinds of stars, as a Star card's text names them. */
function starKind(english) {
  const kinds = { "Pecking Order": pgettext("Egg Bound card", "Pecking Order"), IQ: pgettext("Egg Bound card", "IQ"), Speed: pgettext("Egg Bound card", "Speed") };
  return kinds[english] ?? english;
}

function cardCount(n) {
  return ngettext("{n} card", "{n} cards", n);
}

/** "2 Good Eggs", "1 Bad Egg" (each its own message: one inside another's arguments is not
 * extracted by Babel). */
function goodEggs(n) {
  return ngettext("{n} Good Egg", "{n} Good Eggs", n);
}

function badEggs(n) {
  return ngettext("{n} Bad Egg", "{n} Bad Eggs", n);
}

function eggWords(good, bad) {
  return _("{good}, {bad} (three Good Eggs win)", { good: goodEggs(good), bad: badEggs(bad) });
}

/** A Chicken's stars (Pecking Order / IQ / Speed) from its card text, or null for another card:
 * the catalogue's text says them for the printed Chickens and the game's own ones alike. */
function chickenStars(card) {
  if (!card || card.kind !== "chicken") return null;
  const m = /Pecking Order (\d), IQ (\d), Speed (\d)/.exec(card.english?.text ?? card.text ?? "");
  return m ? `${m[1]}/${m[2]}/${m[3]}` : null;
}

/** A card face; a Chicken (printed or the game's own) shows its stars as a caption. */
function face(ctx, id, opts = {}) {
  const card = cards(ctx).get(id);
  const stars = chickenStars(card);
  return cardFace(card, stars ? { caption: `★ ${stars}`, ...opts } : opts);
}

function eggs(ctx, seat, small = false) {
  const good = ctx.obs.good_eggs?.[seat] ?? 0;
  const bad = ctx.obs.bad_eggs?.[seat] ?? 0;
  const cells = [];
  for (let i = 0; i < good; i++) cells.push(h("span", { class: ["egg-token", "good", small && "small"], "aria-hidden": "true" }, _("Good")));
  for (let i = 0; i < bad; i++) cells.push(h("span", { class: ["egg-token", "bad", small && "small"], "aria-hidden": "true" }, _("Bad")));
  for (let i = good + bad; i < EGG_CAP; i++) cells.push(h("span", { class: ["egg-token", "empty", small && "small"], "aria-hidden": "true" }));
  return h(
    "div",
    { class: "egg-row", role: "img", "aria-label": eggWords(good, bad) },
    cells,
  );
}

function markers(ctx, seat) {
  const obs = ctx.obs;
  const out = [];
  if (obs.egg_bound?.[seat]) out.push(h("span", { class: "marker egg-bound", title: _("no Egg Laying Song until Un-Bound") }, pgettext("Egg Bound card", "Egg Bound")));
  if (obs.fowl?.[seat]) out.push(h("span", { class: "marker fowl", title: _("loses the next turn") }, pgettext("Egg Bound card", "Fowl")));
  return out.length ? h("div", { class: "markers" }, out) : null;
}

function known(ctx, seat) {
  const cards = ctx.obs.known_hands?.[seat] || [];
  if (!cards.length || ctx.seat === seat) return null;
  // names as chips, not tiny cards: a name never breaks mid-word
  return h(
    "div",
    { class: "known", role: "group", "aria-label": _("Cards everyone knows {name} holds", { name: ctx.names[seat] }) },
    h("span", { class: "zone-label" }, _("known to hold")),
    chips(ctx, cards),
  );
}

/** Cards as name chips: at a seat's small size a card's name would break mid-word. */
function chips(ctx, ids) {
  return h(
    "ul",
    { class: "known-chips" },
    ids.map((id) => {
      const card = cards(ctx).get(id);
      return h("li", { class: "known-chip", style: { "--chip": `var(--c-${card.colour || "grey"})` }, title: card.text || card.name }, card.label ?? card.name);
    }),
  );
}

function seatPanel(ctx, seat) {
  const obs = ctx.obs;
  const count = obs.hand_sizes?.[seat] ?? 0;
  const name = ctx.names[seat];
  const shown = obs.hands?.[seat];
  const turnOf = obs.turn_of === seat && obs.phase !== "over";
  return h(
    "section",
    { class: ["seat", ctx.toMove === seat && "turn", turnOf && "turn-of"], "aria-label": name },
    seatHeader(ctx, seat),
    h(
      "div",
      { class: "seat-body column" },
      eggs(ctx, seat),
      markers(ctx, seat),
      shown
        ? h("div", { class: "hand mini", role: "group", "aria-label": _("{name}'s hand", { name }), dataset: { handOf: String(seat) } }, chips(ctx, shown))
        : h("div", { class: "seat-cards" }, handOfBacks(count, ngettext("{name} holds {n} card", "{name} holds {n} cards", count, { name }), "xs", seat), h("span", { class: "count" }, cardCount(count))),
      known(ctx, seat),
    ),
  );
}

/** What the last card played did, in words (the game's `result_text`, with names). */
function resultWords(ctx, r) {
  const n = (seat) => (seat === null || seat === undefined ? _("nobody") : ctx.names[seat]);
  const card = (id) => cards(ctx).name(id);
  const p = n(r.player);
  const v = n(r.target);
  switch (r.event) {
    case "song":
      return _("{player} sang the Egg Laying Song and took a Good Egg from the Egg Pile.", { player: p });
    case "good_egg":
      return _("{player} turned a Bad Egg good.", { player: p });
    case "un_bound":
      return _("{player} is Un-Bound.", { player: p });
    case "lost_turn":
      return _("{player} lost a turn to the Fowl.", { player: p });
    case "cluck_off":
      return _("{target} played Cluck-Off against {card}: it does nothing.", { target: v, card: card(r.card) });
    case "hatch_it": {
      const chicken = r.chicken !== null && r.chicken !== undefined ? card(r.chicken) : pgettext("Egg Bound card", "Chicken");
      if (r.kept === false) return _("{player} hatched a Good Egg from {target}; {target} did not keep the {chicken}.", { player: p, target: v, chicken });
      if (r.kept) return _("{player} hatched a Good Egg from {target}; {target} kept the {chicken} and discarded {card}.", { player: p, target: v, chicken, card: card(r.discarded) });
      return _("{player} hatched a Good Egg from {target}.", { player: p, target: v });
    }
    case "bad_egg":
      return _("{player} turned one of {target}'s Good Eggs bad.", { player: p, target: v });
    case "egg_splosion":
      return r.side === "bad"
        ? _("{player} exploded one of {target}'s Bad Eggs.", { player: p, target: v })
        : _("{player} exploded one of {target}'s Good Eggs.", { player: p, target: v });
    case "eggy_soldier":
      return _("{player}'s Eggy Soldier took a Good Egg from {target}.", { player: p, target: v });
    case "egg_bound":
      return _("{target} is Egg Bound.", { target: v });
    case "fowl":
      return _("{target} is Fowled and will lose their next turn.", { target: v });
    case "star": {
      const winner = n(r.winner);
      let text;
      if (r.defender_chicken === null || r.defender_chicken === undefined) {
        text = _("{target} had no Chicken: {player} wins the {card} challenge", { target: v, player: p, card: card(r.card) });
      } else {
        const duel = { card: card(r.card), player: p, chicken: card(r.chicken), target: v, defence: card(r.defender_chicken) };
        if (r.winner === null || r.winner === undefined) return _("{card}: {player}'s {chicken} against {target}'s {defence}: the same stars, nobody wins.", duel);
        text = _("{card}: {player}'s {chicken} against {target}'s {defence}: {winner} wins", { ...duel, winner });
      }
      if (r.blocked === "no_good_egg") return _("{text}, but there is no Good Egg to take.", { text });
      if (r.blocked === "egg_cap") return _("{text}, but {winner} already has three eggs.", { text, winner });
      return _("{text} and takes a Good Egg.", { text });
    }
    default:
      return "";
  }
}

function challengePanel(ctx) {
  const c = ctx.obs.challenge;
  if (!c) return null;
  const chicken =
    c.chicken !== null && c.chicken !== undefined
      ? face(ctx, c.chicken, { size: "sm", aria: c.face_down ? _("face down (you see it: it is yours)") : null })
      : c.face_down
        ? cardBack({ size: "sm", label: _("face-down card") })
        : null;
  const vars = { player: ctx.names[c.attacker], card: cards(ctx).name(c.card), target: ctx.names[c.target] };
  return h(
    "div",
    {
      class: "challenge",
      role: "group",
      "aria-label": (c.face_down ? _("{player} plays {card} with a Chicken face down against {target}", vars) : _("{player} plays {card} against {target}", vars)),
    },
    h("span", { class: "lay-who" }, c.attacker === ctx.seat && !ctx.replay ? _("You play") : _("{player} plays", vars)),
    h("div", { class: "lay-cards", dataset: { zone: "challenge" } }, face(ctx, c.card, { size: "lg" }), chicken),
    h("span", { class: "lay-who" }, c.target === ctx.seat && !ctx.replay ? _("against you") : _("against {target}", vars)),
  );
}

function middle(ctx) {
  const obs = ctx.obs;
  const discard = obs.discard_pile || [];
  const top = discard[discard.length - 1];
  const knownTop = obs.draw_pile_known && obs.draw_pile_known.length ? obs.draw_pile_known[0] : null;
  return h(
    "div",
    { class: "centre eggbound-centre" },
    h(
      "div",
      { class: "piles" },
      h("div", { class: "egg-pile", role: "img", "aria-label": ngettext("Egg Pile: {n} egg", "Egg Pile: {n} eggs", obs.egg_pile ?? 0) }, h("span", { class: "egg-token good big", "aria-hidden": "true" }, String(obs.egg_pile ?? 0)), h("span", { class: "pile-name", "aria-hidden": "true" }, _("Egg Pile"))),
      knownTop !== null
        ? h("div", { class: "pile known-top", role: "group", "aria-label": ngettext("Draw Pile, {n} card, turned over: the next card is {card}", "Draw Pile, {n} cards, turned over: the next card is {card}", obs.draw_pile, { card: cards(ctx).name(knownTop) }) }, face(ctx, knownTop, { size: "md" }), h("span", { class: "pile-name" }, _("Draw Pile")), h("span", { class: "pile-count" }, _("{n} · order known", { n: obs.draw_pile })))
        : pile({ count: obs.draw_pile ?? 0, name: _("Draw Pile"), label: ngettext("Draw Pile, {n} card", "Draw Pile, {n} cards", obs.draw_pile ?? 0), draw: true }),
      h(
        "div",
        { class: "pile discard-pile", role: "group", dataset: { zone: "discard" }, "aria-label": top !== undefined ? ngettext("Discard Pile, {n} card, top: {card}", "Discard Pile, {n} cards, top: {card}", discard.length, { card: cards(ctx).name(top) }) : ngettext("Discard Pile, {n} card", "Discard Pile, {n} cards", discard.length) },
        top !== undefined ? face(ctx, top, { size: "md" }) : h("div", { class: "card card-md card-slot", "aria-hidden": "true" }),
        h("span", { class: "pile-name", "aria-hidden": "true" }, _("Discard")),
        h("span", { class: "pile-count", "aria-hidden": "true" }, String(discard.length)),
      ),
    ),
    h(
      "div",
      { class: "table-status" },
      challengePanel(ctx),
      // at a live table the caption of the last move says it (with the card's events)
      ctx.caption ? ctx.caption() : obs.last_result ? h("div", { class: "last-result" }, resultWords(ctx, obs.last_result)) : null,
      h("div", { class: "info-chip muted-chip" }, _("Turn {turn} of at most {max}", { turn: obs.turn, max: obs.max_turns })),
    ),
  );
}

/** Your hand (in the tray of the table page, or on the board of a replay). */
function handArea(ctx) {
  const hand = ctx.obs.hand || [];
  if (!hand.length) return h("p", { class: "muted" }, _("No cards in hand."));
  return h(
    "div",
    { class: "hand", role: "group", "aria-label": ngettext("Your hand, {n} card", "Your hand, {n} cards", hand.length), "data-arrows": "", dataset: { handOf: String(ctx.seat), zone: "hand" } },
    hand.map((id, i) => face(ctx, id, { size: "md", step: ctx.replay ? null : { kind: "card", value: id }, key: `hand-${i}`, playable: false })),
  );
}

function myArea(ctx) {
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": ctx.replay ? ctx.names[seat] : _("You") },
    seatHeader(ctx, seat),
    h("div", { class: "seat-body" }, eggs(ctx, seat), markers(ctx, seat)),
    ctx.tray ? null : handArea(ctx),
  );
}

/** The card a move's first step played (its value is the card id), by its name in the reader's language. */
function stepCard(ctx, step) {
  return typeof step.value === "number" && step.kind === "card" ? cards(ctx).name(step.value) : step.label;
}

function challengeWords(ctx) {
  const c = ctx.obs.challenge;
  if (!c) return "";
  const vars = { player: ctx.names[c.attacker], card: cards(ctx).name(c.card), target: ctx.names[c.target] };
  return c.target === ctx.seat ? _("{player} plays {card} against you", vars) : _("{player} plays {card} against {target}", vars);
}

const eggBound = {
  get blurb() {
    return _("Three Good Eggs win. Sing for eggs, hatch them from your friends, turn theirs bad; Chickens duel on their stars, and Cluck-Off cancels an attack at the last moment.");
  },

  board(ctx) {
    const obs = ctx.obs;
    const others = seatOrder(obs.players, ctx.seat);
    return h(
      "div",
      { class: "eggbound" },
      h("div", { class: "opponents" }, others.map((seat) => seatPanel(ctx, seat))),
      middle(ctx),
      ctx.seat !== null && ctx.seat !== undefined && obs.hand ? myArea(ctx) : null,
    );
  },

  hand: handArea,

  askAtOnce(ctx) {
    return QUESTIONS.has(ctx.obs.phase);
  },

  prompt(ctx) {
    const obs = ctx.obs;
    switch (obs.phase) {
      case "turn":
        if (obs.fowl?.[ctx.seat]) return _("A Fowl is in front of you: you lose this turn.");
        return ctx.options.some((o) => o.kind === "card")
          ? _("Play a card from your hand (the glowing ones), or swap: draw a card, then discard one.")
          : _("No card in your hand can be played now: swap (draw a card, then discard one).");
      case "swap_discard":
        return _("Discard a card from your hand.");
      case "cluck_off_window":
        return ctx.options.some((o) => o.kind === "cluck_off" && o.value === 1)
          ? _("{challenge}: play Cluck-Off to cancel it, or let it happen.", { challenge: challengeWords(ctx) })
          : _("{challenge}: you hold no Cluck-Off, let it happen.", { challenge: challengeWords(ctx) });
      case "star_defence":
        return _("{challenge}: place a Chicken face down to defend.", { challenge: challengeWords(ctx) });
      case "keep_chicken":
        return _("Keep the Chicken that hatched your egg (discarding a card for it), or not.");
      case "egg_splosion":
        return _("Choose which egg explodes: a Good or a Bad one.");
      default:
        return _("Choose your move.");
    }
  },

  waiting(ctx, seat) {
    const phase = ctx.obs.phase;
    if (phase === "cluck_off_window") return _("may answer with Cluck-Off…");
    if (phase === "star_defence") return _("is choosing a Chicken to defend with…");
    if (phase === "keep_chicken") return _("may keep the Chicken…");
    return null;
  },

  whyNot(ctx) {
    if (ctx.obs.fowl?.[ctx.seat]) return _("A Fowl is in front of you: this turn is lost.");
    return _("That card cannot be played now (it needs a Chicken, a target, or room for an egg).");
  },

  stepTitle(kind, ctx, prefix) {
    const first = prefix[0];
    switch (kind) {
      case "chicken":
        if (ctx.obs.phase === "star_defence") return _("Defend with which Chicken?");
        return first ? _("Play {card} with which Chicken?", { card: stepCard(ctx, first) }) : _("Play it with which Chicken?");
      case "face_down":
        return _("Which Chicken goes face down?");
      case "seat":
        return first ? _("Play {card} against whom?", { card: stepCard(ctx, first) }) : _("Play it against whom?");
      case "cluck_off":
        return _("{challenge}!", { challenge: challengeWords(ctx) });
      case "keep":
        return _("Keep the Chicken?");
      case "card":
        return prefix.length ? _("Discard which card for it?") : null;
      case "egg":
        return ctx.obs.challenge ? _("Explode which of {name}'s eggs?", { name: ctx.names[ctx.obs.challenge.target] }) : _("Explode which of their eggs?");
      default:
        return null;
    }
  },

  stepText(kind, ctx) {
    switch (kind) {
      case "face_down":
        return _("It stays face down until the target places theirs; then the one with more stars wins a Good Egg.");
      case "cluck_off":
        return ctx.options.some((o) => o.kind === "cluck_off" && o.value === 1)
          ? _("Play Cluck-Off and the card does nothing.")
          : _("You hold no Cluck-Off: the card happens.");
      case "chicken": {
        const c = ctx.obs.challenge;
        if (ctx.obs.phase === "star_defence" && c) {
          const star = cards(ctx).get(c.card);
          const on = /on ([A-Za-z ]+):/.exec(star.english?.text ?? star.text ?? "");
          const vars = { name: ctx.names[c.attacker], stars: on ? starKind(on[1]) : "" };
          return on
            ? _("{name}'s Chicken lies face down. The Chicken with more {stars} stars wins a Good Egg from the other.", vars)
            : _("{name}'s Chicken lies face down. The Chicken with more stars wins a Good Egg from the other.", vars);
        }
        return _("The Chicken goes with the card.");
      }
      default:
        return null;
    }
  },

  optionButton(option, ctx) {
    if ((option.kind === "chicken" || option.kind === "face_down") && option.value > 0) {
      const card = cards(ctx).get(option.value);
      return h("button", { type: "button", class: "button option card-choice" }, face(ctx, option.value, { size: "sm" }), h("span", { class: "choice-text" }, h("strong", {}, card.name), h("span", { class: "muted small" }, card.text)));
    }
    if (option.kind === "seat") {
      const seat = option.value;
      return h("button", { type: "button", class: "button option seat-choice", "aria-label": ctx.names[seat] }, h("strong", {}, ctx.names[seat]), eggs(ctx, seat, true), markers(ctx, seat));
    }
    return null;
  },

  resultSummary(ctx) {
    return h("p", { class: "muted" }, ctx.obs.winners?.length ? _("Three Good Eggs face up win the game.") : ngettext("Nobody had three Good Eggs after {n} turn.", "Nobody had three Good Eggs after {n} turns.", ctx.obs.max_turns));
  },

  resultKey(ctx, seat) {
    const obs = ctx.obs;
    const winner = (obs.winners || []).includes(seat) ? 100 : 0;
    return winner + (obs.good_eggs?.[seat] ?? 0) * 10 - (obs.bad_eggs?.[seat] ?? 0);
  },

  resultRow(ctx, seat) {
    return _("{good}, {bad}", { good: goodEggs(ctx.obs.good_eggs?.[seat] ?? 0), bad: badEggs(ctx.obs.bad_eggs?.[seat] ?? 0) });
  },
};

export default eggBound;

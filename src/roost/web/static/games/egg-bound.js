// Egg Bound, drawn from EggBoundObservation (roost/games/egg_bound/views.py): every seat's eggs
// (Good side or Bad side up, at most three), the Egg Bound and Fowl cards in front of them, hand
// sizes and the cards everyone knows they hold; the Egg Pile, the Draw Pile and the face-up
// Discard Pile; the card being answered and what the last card did. Steps: "card" (click a card
// of the hand), then "chicken" / "face_down" (which Chicken) and "seat" (the target) in
// dialogs; questions put to a seat out of turn (Cluck-Off, a Star's defence, keeping a hatched
// Chicken, which egg explodes) come up as dialogs at once.

import { cardBack, cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, plural } from "../js/dom.js";

const EGG_CAP = 3;
const QUESTIONS = new Set(["cluck_off_window", "star_defence", "keep_chicken", "egg_splosion"]);

/** A Chicken's stars (Pecking Order / IQ / Speed) from its card text, or null for another card:
 * the catalogue's text says them for the printed Chickens and the game's own ones alike. */
function chickenStars(card) {
  if (!card || card.kind !== "chicken") return null;
  const m = /Pecking Order (\d), IQ (\d), Speed (\d)/.exec(card.text || "");
  return m ? `${m[1]}/${m[2]}/${m[3]}` : null;
}

/** A card face; a Chicken (printed or the game's own) shows its stars as a caption. */
function face(ctx, id, opts = {}) {
  const card = ctx.catalogue.get(id);
  const stars = chickenStars(card);
  return cardFace(card, stars ? { caption: `★ ${stars}`, ...opts } : opts);
}

function eggs(ctx, seat, small = false) {
  const good = ctx.obs.good_eggs?.[seat] ?? 0;
  const bad = ctx.obs.bad_eggs?.[seat] ?? 0;
  const cells = [];
  for (let i = 0; i < good; i++) cells.push(h("span", { class: ["egg-token", "good", small && "small"], "aria-hidden": "true" }, "Good"));
  for (let i = 0; i < bad; i++) cells.push(h("span", { class: ["egg-token", "bad", small && "small"], "aria-hidden": "true" }, "Bad"));
  for (let i = good + bad; i < EGG_CAP; i++) cells.push(h("span", { class: ["egg-token", "empty", small && "small"], "aria-hidden": "true" }));
  return h(
    "div",
    { class: "egg-row", role: "img", "aria-label": `${plural(good, "Good Egg")}, ${plural(bad, "Bad Egg")} (three Good Eggs win)` },
    cells,
  );
}

function markers(ctx, seat) {
  const obs = ctx.obs;
  const out = [];
  if (obs.egg_bound?.[seat]) out.push(h("span", { class: "marker egg-bound", title: "no Egg Laying Song until Un-Bound" }, "Egg Bound"));
  if (obs.fowl?.[seat]) out.push(h("span", { class: "marker fowl", title: "loses the next turn" }, "Fowl"));
  return out.length ? h("div", { class: "markers" }, out) : null;
}

function known(ctx, seat) {
  const cards = ctx.obs.known_hands?.[seat] || [];
  if (!cards.length || ctx.seat === seat) return null;
  // names as chips, not tiny cards: a name never breaks mid-word
  return h(
    "div",
    { class: "known", role: "group", "aria-label": `Cards everyone knows ${ctx.names[seat]} holds` },
    h("span", { class: "zone-label" }, "known to hold"),
    chips(ctx, cards),
  );
}

/** Cards as name chips: at a seat's small size a card's name would break mid-word. */
function chips(ctx, ids) {
  return h(
    "ul",
    { class: "known-chips" },
    ids.map((id) => {
      const card = ctx.catalogue.get(id);
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
        ? h("div", { class: "hand mini", role: "group", "aria-label": `${name}'s hand`, dataset: { handOf: String(seat) } }, chips(ctx, shown))
        : h("div", { class: "seat-cards" }, handOfBacks(count, `${name} holds ${plural(count, "card")}`, "xs", seat), h("span", { class: "count" }, plural(count, "card"))),
      known(ctx, seat),
    ),
  );
}

/** What the last card played did, in words (the game's `result_text`, with names). */
function resultWords(ctx, r) {
  const n = (seat) => (seat === null || seat === undefined ? "nobody" : ctx.names[seat]);
  const card = (id) => ctx.catalogue.name(id);
  const p = n(r.player);
  const v = n(r.target);
  switch (r.event) {
    case "song":
      return `${p} sang the Egg Laying Song and took a Good Egg from the Egg Pile.`;
    case "good_egg":
      return `${p} turned a Bad Egg good.`;
    case "un_bound":
      return `${p} is Un-Bound.`;
    case "lost_turn":
      return `${p} lost a turn to the Fowl.`;
    case "cluck_off":
      return `${v} played Cluck-Off against ${card(r.card)}: it does nothing.`;
    case "hatch_it": {
      let text = `${p} hatched a Good Egg from ${v}`;
      const chicken = r.chicken !== null && r.chicken !== undefined ? card(r.chicken) : "Chicken";
      if (r.kept === false) text += `; ${v} did not keep the ${chicken}`;
      else if (r.kept) text += `; ${v} kept the ${chicken} and discarded ${card(r.discarded)}`;
      return `${text}.`;
    }
    case "bad_egg":
      return `${p} turned one of ${v}'s Good Eggs bad.`;
    case "egg_splosion":
      return `${p} exploded one of ${v}'s ${r.side === "bad" ? "Bad" : "Good"} Eggs.`;
    case "eggy_soldier":
      return `${p}'s Eggy Soldier took a Good Egg from ${v}.`;
    case "egg_bound":
      return `${v} is Egg Bound.`;
    case "fowl":
      return `${v} is Fowled and will lose their next turn.`;
    case "star": {
      const winner = r.winner;
      let text;
      if (r.defender_chicken === null || r.defender_chicken === undefined) text = `${v} had no Chicken: ${p} wins the ${card(r.card)} challenge`;
      else {
        text = `${card(r.card)}: ${p}'s ${card(r.chicken)} against ${v}'s ${card(r.defender_chicken)}`;
        if (winner === null || winner === undefined) return `${text}: the same stars, nobody wins.`;
        text += `: ${n(winner)} wins`;
      }
      if (r.blocked === "no_good_egg") return `${text}, but there is no Good Egg to take.`;
      if (r.blocked === "egg_cap") return `${text}, but ${n(winner)} already has three eggs.`;
      return `${text} and takes a Good Egg.`;
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
      ? face(ctx, c.chicken, { size: "sm", aria: c.face_down ? "face down (you see it: it is yours)" : null })
      : c.face_down
        ? cardBack({ size: "sm" })
        : null;
  return h(
    "div",
    {
      class: "challenge",
      role: "group",
      "aria-label": `${ctx.names[c.attacker]} plays ${ctx.catalogue.name(c.card)}${c.face_down ? " with a Chicken face down" : ""} against ${ctx.names[c.target]}`,
    },
    h("span", { class: "lay-who" }, c.attacker === ctx.seat && !ctx.replay ? "You play" : `${ctx.names[c.attacker]} plays`),
    h("div", { class: "lay-cards", dataset: { zone: "challenge" } }, face(ctx, c.card, { size: "lg" }), chicken),
    h("span", { class: "lay-who" }, `against ${c.target === ctx.seat && !ctx.replay ? "you" : ctx.names[c.target]}`),
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
      h("div", { class: "egg-pile", role: "img", "aria-label": `Egg Pile: ${plural(obs.egg_pile ?? 0, "egg")}` }, h("span", { class: "egg-token good big", "aria-hidden": "true" }, String(obs.egg_pile ?? 0)), h("span", { class: "pile-name", "aria-hidden": "true" }, "Egg Pile")),
      knownTop !== null
        ? h("div", { class: "pile known-top", role: "group", "aria-label": `Draw Pile, ${plural(obs.draw_pile, "card")}, turned over: the next card is ${ctx.catalogue.name(knownTop)}` }, face(ctx, knownTop, { size: "md" }), h("span", { class: "pile-name" }, "Draw Pile"), h("span", { class: "pile-count" }, `${obs.draw_pile} · order known`))
        : pile({ count: obs.draw_pile ?? 0, name: "Draw Pile", label: `Draw Pile, ${plural(obs.draw_pile ?? 0, "card")}`, draw: true }),
      h(
        "div",
        { class: "pile discard-pile", role: "group", dataset: { zone: "discard" }, "aria-label": `Discard Pile, ${plural(discard.length, "card")}${top !== undefined ? `, top: ${ctx.catalogue.name(top)}` : ""}` },
        top !== undefined ? face(ctx, top, { size: "md" }) : h("div", { class: "card card-md card-slot", "aria-hidden": "true" }),
        h("span", { class: "pile-name", "aria-hidden": "true" }, "Discard"),
        h("span", { class: "pile-count", "aria-hidden": "true" }, String(discard.length)),
      ),
    ),
    h(
      "div",
      { class: "table-status" },
      challengePanel(ctx),
      // at a live table the caption of the last move says it (with the card's events)
      ctx.caption ? ctx.caption() : obs.last_result ? h("div", { class: "last-result" }, resultWords(ctx, obs.last_result)) : null,
      h("div", { class: "info-chip muted-chip" }, `Turn ${obs.turn} of at most ${obs.max_turns}`),
    ),
  );
}

/** Your hand (in the tray of the table page, or on the board of a replay). */
function handArea(ctx) {
  const hand = ctx.obs.hand || [];
  if (!hand.length) return h("p", { class: "muted" }, "No cards in hand.");
  return h(
    "div",
    { class: "hand", role: "group", "aria-label": `Your hand, ${plural(hand.length, "card")}`, "data-arrows": "", dataset: { handOf: String(ctx.seat), zone: "hand" } },
    hand.map((id, i) => face(ctx, id, { size: "md", step: ctx.replay ? null : { kind: "card", value: id }, key: `hand-${i}`, playable: false })),
  );
}

function myArea(ctx) {
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": ctx.replay ? ctx.names[seat] : "You" },
    seatHeader(ctx, seat),
    h("div", { class: "seat-body" }, eggs(ctx, seat), markers(ctx, seat)),
    ctx.tray ? null : handArea(ctx),
  );
}

function challengeWords(ctx) {
  const c = ctx.obs.challenge;
  if (!c) return "";
  return `${ctx.names[c.attacker]} plays ${ctx.catalogue.name(c.card)} against ${c.target === ctx.seat ? "you" : ctx.names[c.target]}`;
}

const eggBound = {
  blurb: "Three Good Eggs win. Sing for eggs, hatch them from your friends, turn theirs bad; Chickens duel on their stars, and Cluck-Off cancels an attack at the last moment.",

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
        if (obs.fowl?.[ctx.seat]) return "A Fowl is in front of you: you lose this turn.";
        return ctx.options.some((o) => o.kind === "card")
          ? "Play a card from your hand (the glowing ones), or swap: draw a card, then discard one."
          : "No card in your hand can be played now: swap (draw a card, then discard one).";
      case "swap_discard":
        return "Discard a card from your hand.";
      case "cluck_off_window":
        return ctx.options.some((o) => o.kind === "cluck_off" && o.value === 1)
          ? `${challengeWords(ctx)}: play Cluck-Off to cancel it, or let it happen.`
          : `${challengeWords(ctx)}: you hold no Cluck-Off, let it happen.`;
      case "star_defence":
        return `${challengeWords(ctx)}: place a Chicken face down to defend.`;
      case "keep_chicken":
        return "Keep the Chicken that hatched your egg (discarding a card for it), or not.";
      case "egg_splosion":
        return "Choose which egg explodes: a Good or a Bad one.";
      default:
        return "Choose your move.";
    }
  },

  waiting(ctx, seat) {
    const phase = ctx.obs.phase;
    if (phase === "cluck_off_window") return "may answer with Cluck-Off…";
    if (phase === "star_defence") return "is choosing a Chicken to defend with…";
    if (phase === "keep_chicken") return "may keep the Chicken…";
    return null;
  },

  whyNot(ctx) {
    if (ctx.obs.fowl?.[ctx.seat]) return "A Fowl is in front of you: this turn is lost.";
    return "That card cannot be played now (it needs a Chicken, a target, or room for an egg).";
  },

  stepTitle(kind, ctx, prefix) {
    const first = prefix[0];
    switch (kind) {
      case "chicken":
        if (ctx.obs.phase === "star_defence") return "Defend with which Chicken?";
        return `Play ${first ? first.label : "it"} with which Chicken?`;
      case "face_down":
        return "Which Chicken goes face down?";
      case "seat":
        return `Play ${first ? first.label : "it"} against whom?`;
      case "cluck_off":
        return `${challengeWords(ctx)}!`;
      case "keep":
        return "Keep the Chicken?";
      case "card":
        return prefix.length ? "Discard which card for it?" : null;
      case "egg":
        return `Explode which of ${ctx.obs.challenge ? ctx.names[ctx.obs.challenge.target] : "their"}'s eggs?`;
      default:
        return null;
    }
  },

  stepText(kind, ctx) {
    switch (kind) {
      case "face_down":
        return "It stays face down until the target places theirs; then the one with more stars wins a Good Egg.";
      case "cluck_off":
        return ctx.options.some((o) => o.kind === "cluck_off" && o.value === 1)
          ? "Play Cluck-Off and the card does nothing."
          : "You hold no Cluck-Off: the card happens.";
      case "chicken": {
        const c = ctx.obs.challenge;
        if (ctx.obs.phase === "star_defence" && c) {
          const star = ctx.catalogue.get(c.card);
          const on = /on ([A-Za-z ]+):/.exec(star.text || "");
          return `${ctx.names[c.attacker]}'s Chicken lies face down. ${on ? `The Chicken with more ${on[1]} stars` : "The Chicken with more stars"} wins a Good Egg from the other.`;
        }
        return "The Chicken goes with the card.";
      }
      default:
        return null;
    }
  },

  optionButton(option, ctx) {
    if ((option.kind === "chicken" || option.kind === "face_down") && option.value > 0) {
      const card = ctx.catalogue.get(option.value);
      return h("button", { type: "button", class: "button option card-choice" }, face(ctx, option.value, { size: "sm" }), h("span", { class: "choice-text" }, h("strong", {}, card.name), h("span", { class: "muted small" }, card.text)));
    }
    if (option.kind === "seat") {
      const seat = option.value;
      return h("button", { type: "button", class: "button option seat-choice", "aria-label": ctx.names[seat] }, h("strong", {}, ctx.names[seat]), eggs(ctx, seat, true), markers(ctx, seat));
    }
    return null;
  },

  resultSummary(ctx) {
    return h("p", { class: "muted" }, ctx.obs.winners?.length ? "Three Good Eggs face up win the game." : `Nobody had three Good Eggs after ${ctx.obs.max_turns} turns.`);
  },

  resultKey(ctx, seat) {
    const obs = ctx.obs;
    const winner = (obs.winners || []).includes(seat) ? 100 : 0;
    return winner + (obs.good_eggs?.[seat] ?? 0) * 10 - (obs.bad_eggs?.[seat] ?? 0);
  },

  resultRow(ctx, seat) {
    return `${plural(ctx.obs.good_eggs?.[seat] ?? 0, "Good Egg")}, ${plural(ctx.obs.bad_eggs?.[seat] ?? 0, "Bad Egg")}`;
  },
};

export default eggBound;

// Manda Huevos!, drawn from MandaHuevosObservation (roost/games/manda_huevos/views.py): every
// seat's container of six slots (eggs awake or asleep), points, action cards face up or used,
// hand sizes; the deck and the hen. Steps: "card" (an egg or the hen from the hand, or one of
// your action cards), then "container" and "egg" in dialogs that show the containers and eggs
// themselves; "container" is also chosen on the board when the hen takes eggs; "option" (stop
// taking, pass) as buttons.

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h } from "../js/dom.js";
import { _, ngettext, pgettext } from "../js/i18n.js";
import { localCatalogue } from "./cardwords.js";


const MOVE = 22;
const SWAP = 23;
const SLEEP = 24;
const HEN = 21;
const PRINTED = [MOVE, SWAP, SLEEP];
const SLOTS = 6;
const EFFECT_SYMBOLS = { move: "M", swap: "S", sleep: "Z", take: "T" };

/** An own action card's label by its effect and repeats ("Move 2"), in the reader's language. */
function effectLabel(effect, repeats) {
  const labels = {
    move: _("Move {n}", { n: repeats }),
    swap: _("Swap {n}", { n: repeats }),
    sleep: _("Sleep {n}", { n: repeats }),
    take: _("Take {n}", { n: repeats }),
  };
  return labels[effect] ?? `${effect} ${repeats}`;
}

/** What an own action card's effect does, once, in the reader's language. */
function effectText(effect) {
  const texts = {
    move: _("move an awake egg from any container to another container with room"),
    swap: _("swap two awake eggs in two different containers"),
    sleep: _("put an awake egg to sleep, or wake a sleeping one"),
    take: _("take an awake egg from another player's container into yours"),
  };
  return texts[effect] ?? effect;
}

function cardNames() {
  return {
    "egg 0": pgettext("Manda Huevos card", "egg 0"),
    "egg 1": pgettext("Manda Huevos card", "egg 1"),
    "egg 2": pgettext("Manda Huevos card", "egg 2"),
    "egg 3": pgettext("Manda Huevos card", "egg 3"),
    "egg 4": pgettext("Manda Huevos card", "egg 4"),
    "egg 5": pgettext("Manda Huevos card", "egg 5"),
    "egg 6": pgettext("Manda Huevos card", "egg 6"),
    "egg 7": pgettext("Manda Huevos card", "egg 7"),
    "egg 8": pgettext("Manda Huevos card", "egg 8"),
    "egg 9": pgettext("Manda Huevos card", "egg 9"),
    "egg 10": pgettext("Manda Huevos card", "egg 10"),
    "egg 11": pgettext("Manda Huevos card", "egg 11"),
    "egg 12": pgettext("Manda Huevos card", "egg 12"),
    "egg 13": pgettext("Manda Huevos card", "egg 13"),
    "egg 14": pgettext("Manda Huevos card", "egg 14"),
    "egg 15": pgettext("Manda Huevos card", "egg 15"),
    "egg 16": pgettext("Manda Huevos card", "egg 16"),
    "egg 17": pgettext("Manda Huevos card", "egg 17"),
    "egg 18": pgettext("Manda Huevos card", "egg 18"),
    "egg 19": pgettext("Manda Huevos card", "egg 19"),
    "egg 20": pgettext("Manda Huevos card", "egg 20"),
    "hen": pgettext("Manda Huevos card", "hen"),
    "Hen": pgettext("Manda Huevos card", "Hen"),
    "Move an Egg": pgettext("Manda Huevos card", "Move an Egg"),
    "Move": pgettext("Manda Huevos card", "Move"),
    "Swap Eggs": pgettext("Manda Huevos card", "Swap Eggs"),
    "Swap": pgettext("Manda Huevos card", "Swap"),
    "Put to Sleep / Wake": pgettext("Manda Huevos card", "Put to Sleep / Wake"),
    "Sleep": pgettext("Manda Huevos card", "Sleep"),
  };
}

function cardTexts() {
  return {
    "Worth its value in points in the container it ends in; play it into any container with room, then draw.": _("Worth its value in points in the container it ends in; play it into any container with room, then draw."),
    "Play it instead of an egg: take any number of awake eggs from other containers into yours, then it leaves the game and you draw.": _("Play it instead of an egg: take any number of awake eggs from other containers into yours, then it leaves the game and you draw."),
    "Move one awake egg from any container to another container with room.": _("Move one awake egg from any container to another container with room."),
    "Swap two awake eggs in two different containers.": _("Swap two awake eggs in two different containers."),
    "Put one awake egg to sleep (it cannot be moved, swapped or taken), or wake a sleeping one.": _("Put one awake egg to sleep (it cannot be moved, swapped or taken), or wake a sleeping one."),
  };
}

/** The game's cards with their names, labels and texts in the reader's language. */
function cards(ctx) {
  return localCatalogue(ctx.catalogue, cardNames, cardTexts);
}

function cardCount(n) {
  return ngettext("{n} card", "{n} cards", n);
}

/** "your container", "Ana's container" or "a container", for the dialogs' questions. */
function containerOf(ctx, step) {
  if (!step || step.kind !== "container") return _("a container");
  return step.value === ctx.seat && !ctx.replay ? _("your container") : _("{name}'s container", { name: ctx.names[step.value] });
}

/** Every action card a player holds at this table: the printed three, then the game's own
 * (obs.own_actions, the own_cards parameter: public, like the printed ones). */
function actionIds(obs) {
  return [...PRINTED, ...(obs.own_actions || []).map((own) => own.card)];
}

/** The own action card with this id, or undefined. */
function ownCard(obs, id) {
  return (obs.own_actions || []).find((own) => own.card === id);
}

/** A card as drawn: from the catalogue, or for an own action card (not in the catalogue of
 * the game's defaults) from the table's observation, which names it and its effect. */
function cardOf(ctx, id) {
  const own = ownCard(ctx.obs, id);
  if (!own) return cards(ctx).get(id);
  const effect = effectText(own.effect);
  const text =
    own.repeats === 1
      ? _("Your own card: {effect}.", { effect })
      : _("Your own card: {effect}; then again, {n} times in all (while it can).", { effect, n: own.repeats });
  return { id, name: own.name, kind: "action", label: effectLabel(own.effect, own.repeats), colour: null, symbol: EFFECT_SYMBOLS[own.effect] || "?", text };
}

function eggTone(value) {
  if (value === null || value === undefined) return "unknown";
  if (value >= 7) return "gold";
  if (value >= 4) return "tan";
  return "white";
}

/** One slot of a container: empty, an egg, or a sleeping egg. */
function slot(cell, index, { small = false } = {}) {
  const n = index + 1;
  if (!cell) {
    return h("span", { class: ["slot", "empty", small && "small"], role: "img", "aria-label": _("slot {n}: empty", { n }) });
  }
  const known = cell.egg !== null && cell.egg !== undefined;
  let words;
  if (cell.asleep) words = known ? _("slot {n}: sleeping egg {value}", { n, value: cell.egg }) : _("slot {n}: sleeping egg of unknown value", { n });
  else words = known ? _("slot {n}: egg {value}", { n, value: cell.egg }) : _("slot {n}: egg of unknown value", { n });
  return h(
    "span",
    { class: ["slot", "egg", cell.asleep && "asleep", `tone-${eggTone(cell.egg)}`, small && "small"], role: "img", "aria-label": words },
    h("span", { class: "egg-value", "aria-hidden": "true" }, known ? String(cell.egg) : "?"),
    cell.asleep ? h("span", { class: "zz", "aria-hidden": "true" }, "z") : null,
  );
}

function container(ctx, seat, opts = {}) {
  const obs = ctx.obs;
  const cells = obs.containers?.[seat] || [];
  const points = (obs.scores || obs.points)?.[seat] ?? 0;
  const name = ctx.names[seat];
  const yours = ctx.seat === seat && !ctx.replay;
  const count = obs.eggs_in_container?.[seat] ?? cells.filter(Boolean).length;
  // each message alone: one inside another's arguments is not extracted
  const eggs = ngettext("{n} egg", "{n} eggs", count);
  const worth = ngettext("{n} point", "{n} points", points);
  return h(
    "div",
    {
      class: ["container", opts.small && "small"],
      role: "group",
      "aria-label": yours
        ? _("Your container: {eggs}, {points}", { eggs, points: worth })
        : _("{name}'s container: {eggs}, {points}", { name, eggs, points: worth }),
      dataset: { step: opts.step ? `container:${seat}` : undefined, key: opts.step ? `container-${seat}` : undefined, zone: opts.small ? undefined : `container-${seat}` },
    },
    h("div", { class: "slots" }, Array.from({ length: SLOTS }, (unused, i) => slot(cells[i], i, opts))),
    h("span", { class: "points", "aria-hidden": "true" }, ngettext("{n} pt", "{n} pts", points)),
  );
}

function actionCards(ctx, seat, mine) {
  const up = new Set(ctx.obs.face_up_actions?.[seat] || []);
  const ACTIONS = actionIds(ctx.obs);
  if (!mine) {
    // another seat's action cards: public, shown as chips (face up, or used)
    return h(
      "ul",
      { class: "action-chips", "aria-label": _("Action cards") },
      ACTIONS.map((id) => {
        const card = cardOf(ctx, id);
        const used = !up.has(id);
        return h("li", { class: ["action-chip", used && "used"], title: card.text }, card.label, h("span", { class: "sr-only" }, " ", used ? _("(used)") : _("(face up)")));
      }),
    );
  }
  return h(
    "div",
    { class: "action-cards", role: "group", "aria-label": _("Your action cards") },
    ACTIONS.map((id) => {
      const card = cardOf(ctx, id);
      const used = !up.has(id);
      return cardFace(card, {
        size: "sm",
        className: used ? "used" : "",
        aria: used ? _("used (face up again after your next egg)") : _("face up"),
        step: !used ? { kind: "card", value: id } : null,
        key: `action-${id}`,
        caption: used ? _("used") : null,
      });
    }),
  );
}

function seatPanel(ctx, seat) {
  const obs = ctx.obs;
  const mine = ctx.seat === seat;
  const count = obs.hand_sizes?.[seat] ?? 0;
  const name = ctx.names[seat];
  let hand;
  if (mine && obs.hand) {
    hand = ownHand(ctx);
  } else if (obs.hands || obs.final_hands) {
    const held = (obs.hands || obs.final_hands)[seat];
    hand = h("div", { class: "hand mini", role: "group", "aria-label": _("{name}'s hand", { name }), dataset: { handOf: String(seat) } }, held.map((id) => cardFace(cards(ctx).get(id), { size: "sm" })));
  } else {
    hand = handOfBacks(count, ngettext("{name} holds {n} card", "{name} holds {n} cards", count, { name }), "xs", seat);
  }
  const own = mine && obs.hand;
  return h(
    "section",
    { class: ["seat", mine && "me", ctx.toMove === seat && "turn"], "aria-label": mine && !ctx.replay ? _("You") : name },
    seatHeader(ctx, seat),
    container(ctx, seat, { step: (ctx.obs.phase === "hen" || ctx.obs.phase === "act") && !ctx.replay }),
    own
      ? ctx.tray
        ? null
        : myCards(ctx)
      : h(
          "div",
          { class: "seat-row-bottom" },
          actionCards(ctx, seat, false),
          h("div", { class: "seat-cards" }, hand, h("span", { class: "count" }, cardCount(count))),
        ),
    obs.must_play_egg?.[seat] ? h("p", { class: "flag" }, mine && !ctx.replay ? _("All your action cards are used: play an egg, then they turn face up") : _("All action cards used: must play an egg")) : null,
  );
}

function ownHand(ctx) {
  const hand = ctx.obs.hand || [];
  return h(
    "div",
    { class: "hand", role: "group", "aria-label": ngettext("Your hand, {n} card", "Your hand, {n} cards", hand.length), "data-arrows": "", dataset: { handOf: String(ctx.seat), zone: "hand" } },
    hand.map((id, i) => cardFace(cards(ctx).get(id), { size: "md", step: ctx.replay ? null : { kind: "card", value: id }, key: `hand-${i}`, playable: false })),
  );
}

/** What you play from: your hand and your three action cards (the tray, or a replay's board). */
function myCards(ctx) {
  return h(
    "div",
    { class: "my-cards" },
    h("div", { class: "labelled" }, h("span", { class: "zone-label" }, _("Your hand")), ownHand(ctx)),
    h("div", { class: "labelled" }, h("span", { class: "zone-label" }, _("Your action cards")), actionCards(ctx, ctx.seat, !ctx.replay)),
  );
}

function middle(ctx) {
  const obs = ctx.obs;
  const hen = obs.hen === "played" ? _("The hen has been played.") : _("The hen is still in the cards.");
  const ownCardWords = _("an own card"); // alone: one inside another's arguments is not extracted
  return h(
    "div",
    { class: "centre manda-centre" },
    pile({ count: obs.deck ?? 0, name: _("Deck"), label: ngettext("Deck, {n} card", "Deck, {n} cards", obs.deck ?? 0), draw: true }),
    ctx.caption?.(),
    h(
      "div",
      { class: "table-status" },
      h("div", { class: "info-chip" }, hen),
      obs.phase === "hen"
        ? h("div", { class: "owed" }, ngettext("{name} is taking eggs with the hen ({n} egg so far)", "{name} is taking eggs with the hen ({n} eggs so far)", obs.hen_taken, { name: ctx.names[obs.current_player] }))
        : null,
      obs.phase === "act" && obs.acting !== null && obs.acting !== undefined
        ? h("div", { class: "owed" }, ngettext("{name} is carrying out {card} ({n} more time to go)", "{name} is carrying out {card} ({n} more times to go)", obs.acting_left, { name: ctx.names[obs.current_player], card: ownCard(obs, obs.acting)?.name ?? ownCardWords }))
        : null,
      h(
        "div",
        { class: "info-chip muted-chip" },
        obs.end === "any_container_full" ? _("Quick game: ends when any container is full") : _("Ends when every container is full"),
      ),
      obs.sleeping_values === "hidden" ? h("div", { class: "info-chip muted-chip" }, _("Memory game: sleeping eggs' values are hidden")) : null,
    ),
  );
}

/** The kind of move being chosen, from the steps chosen so far. While an own action card is
 * carried out (phase "act") its applications have no card step: the card's effect names the
 * kind, and `steps` puts a stand-in for the card first so that every kind counts steps alike. */
function mode(prefix, ctx) {
  const obs = ctx?.obs;
  if (obs && obs.phase === "act") {
    const effect = ownCard(obs, obs.acting)?.effect;
    if (effect === "take") return "take";
    return effect || null;
  }
  const first = prefix[0];
  if (!first) return null;
  if (first.kind === "container") return "take";
  if (first.kind !== "card") return null;
  if (first.value === MOVE) return "move";
  if (first.value === SWAP) return "swap";
  if (first.value === SLEEP) return "sleep";
  if (obs && ownCard(obs, first.value)) return "own";
  return "place";
}

/** The steps chosen so far, the card first (a stand-in while an own card is carried out). */
function steps(prefix, ctx) {
  const obs = ctx?.obs;
  if (obs && obs.phase === "act" && ownCard(obs, obs.acting)?.effect !== "take") return [{ kind: "card", value: obs.acting }, ...prefix];
  return prefix;
}

export default {
  get blurb() {
    return _("Fill your own container with the best eggs, or slip the bad ones into your friends'. Move, swap and put eggs to sleep; the hen steals from everyone.");
  },

  board(ctx) {
    const obs = ctx.obs;
    const others = seatOrder(obs.players, ctx.seat);
    return h(
      "div",
      { class: "manda" },
      h("div", { class: "opponents" }, others.map((seat) => seatPanel(ctx, seat))),
      middle(ctx),
      ctx.seat !== null && ctx.seat !== undefined ? seatPanel(ctx, ctx.seat) : null,
    );
  },

  hand(ctx) {
    return ctx.obs.hand ? myCards(ctx) : null;
  },

  prompt(ctx) {
    const obs = ctx.obs;
    const kinds = new Set(ctx.options.map((o) => `${o.kind}`));
    if (obs.phase === "hen") {
      return kinds.has("container")
        ? _("Take awake eggs with the hen: click a container, then an egg. Stop when you like.")
        : _("Nothing more to take: stop.");
    }
    if (obs.phase === "act") {
      const own = ownCard(obs, obs.acting);
      const yours = _("your own card"); // alone: one inside another's arguments is not extracted
      return ngettext(
        "Carry out {card}: {n} more time to go (it stops early when nothing is left to act on).",
        "Carry out {card}: {n} more times to go (it stops early when nothing is left to act on).",
        obs.acting_left,
        { card: own ? own.name : yours },
      );
    }
    if (!kinds.has("card")) return _("You cannot play anything: pass.");
    if (obs.must_play_egg?.[ctx.seat]) return _("Your action cards are all used: play an egg (or the hen) from your hand.");
    return _("Play an egg from your hand into any container, or use one of your face-up action cards.");
  },

  whyNot(ctx, step) {
    const [kind, value] = step.split(":");
    if (kind === "card" && actionIds(ctx.obs).includes(Number(value))) {
      if (ctx.obs.must_play_egg?.[ctx.seat]) return _("All your action cards are used: play an egg first; then they turn face up.");
      return _("That action card has nothing to act on now.");
    }
    if (kind === "container") return _("No egg can be taken from that container.");
    return null;
  },

  stepTitle(kind, ctx, given) {
    const m = mode(given, ctx);
    const prefix = steps(given, ctx);
    const depth = prefix.length;
    const of = (step) => ({ container: containerOf(ctx, step) });
    if (m === "place") return _("Where does {card} go?", { card: prefix[0].kind === "card" && typeof prefix[0].value === "number" ? cardOf(ctx, prefix[0].value).name : prefix[0].label });
    if (m === "move") return ["", _("Move an egg: from which container?"), _("Move which egg from {container}?", of(prefix[1])), _("Move it to which container?")][depth] || _("Move an egg");
    if (m === "swap") return ["", _("Swap eggs: where is the first egg?"), _("Swap which egg of {container}?", of(prefix[1])), _("Where is the second egg?"), _("Swap it with which egg of {container}?", of(prefix[3]))][depth] || _("Swap eggs");
    if (m === "sleep") return depth === 1 ? _("Put to sleep or wake: which container?") : _("Which egg of {container}?", of(prefix[1]));
    if (m === "take") return _("Take which egg from {container}?", of(prefix[0]));
    return null;
  },

  stepText(kind, ctx, given) {
    const m = mode(given, ctx);
    const prefix = steps(given, ctx);
    if (m === "place") return _("It goes into the lowest free slot of the container you choose. Only the eggs in your own container score for you.");
    if (m === "move" && prefix.length === 3) return _("Moving {egg}: it goes into the lowest free slot of the container you choose.", { egg: eggWords(ctx, prefix[2]) });
    if (m === "move") return _("Only awake eggs can be moved, to a container with a free slot.");
    if (m === "swap" && prefix.length >= 3) return _("First egg: {egg}. The second must be in another container.", { egg: eggWords(ctx, prefix[2]) });
    if (m === "swap") return _("Two awake eggs in different containers change places.");
    if (m === "sleep") return _("A sleeping egg cannot be moved, swapped or taken; waking it makes it playable again.");
    if (m === "take") return _("Only awake eggs can be taken; the egg goes into your own container.");
    return null;
  },

  optionButton(option, ctx) {
    if (option.kind === "container") {
      const seat = option.value;
      const you = seat === ctx.seat;
      return h(
        "button",
        { type: "button", class: "button option container-choice", "aria-label": you ? _("your container") : _("{name}'s container", { name: ctx.names[seat] }) },
        h("span", { class: "choice-name" }, you ? _("Your container") : pgettext("a heading", "{name}'s container", { name: ctx.names[seat] })),
        container(ctx, seat, { small: true }),
      );
    }
    if (option.kind === "egg") {
      const seat = Math.floor(option.value / SLOTS);
      const index = option.value % SLOTS;
      const cell = ctx.obs.containers?.[seat]?.[index];
      return h(
        "button",
        { type: "button", class: "button option egg-choice", "aria-label": eggWords(ctx, option) },
        slot(cell, index),
        h("span", {}, _("slot {n}", { n: index + 1 }), cell?.asleep ? [" ", h("span", { class: "muted" }, _("(asleep)"))] : null),
      );
    }
    return null;
  },

  resultSummary(ctx) {
    const obs = ctx.obs;
    const tie = (obs.tie_break || []).some((x) => x !== null && x !== undefined);
    return h(
      "p",
      { class: "muted" },
      obs.end === "any_container_full" ? _("A container is full: the quick game is over.") : _("Every container is full: the game is over."),
      " ",
      _("Every egg counts, sleeping ones too."),
      tie ? " " + _("Tied players added the eggs left in their hands.") : "",
    );
  },

  resultKey(ctx, seat) {
    const obs = ctx.obs;
    const winner = (obs.winners || []).includes(seat) ? 1e6 : 0;
    return winner + (obs.scores?.[seat] ?? obs.points?.[seat] ?? 0) * 100 + (obs.tie_break?.[seat] ?? 0);
  },

  resultRow(ctx, seat) {
    const obs = ctx.obs;
    const score = obs.scores?.[seat] ?? obs.points?.[seat] ?? 0;
    const tie = obs.tie_break?.[seat];
    const points = ngettext("{n} point", "{n} points", score);
    return tie !== null && tie !== undefined ? _("{points} (+{n} in hand)", { points, n: tie }) : points;
  },
};

/** An egg step (its value is seat * 6 + slot) in words: "the 7 in Ana's container, slot 3". */
function eggWords(ctx, step) {
  if (!step || step.kind !== "egg" || typeof step.value !== "number") return step ? String(step.label) : "";
  const seat = Math.floor(step.value / SLOTS);
  const index = step.value % SLOTS;
  const cell = ctx.obs.containers?.[seat]?.[index];
  const where = containerOf(ctx, { kind: "container", value: seat });
  const known = cell && cell.egg !== null && cell.egg !== undefined;
  return known
    ? _("the {value} in {container}, slot {n}", { value: cell.egg, container: where, n: index + 1 })
    : _("the egg in {container}, slot {n}", { container: where, n: index + 1 });
}

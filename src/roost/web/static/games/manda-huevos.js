// Manda Huevos!, drawn from MandaHuevosObservation (roost/games/manda_huevos/views.py): every
// seat's container of six slots (eggs awake or asleep), points, action cards face up or used,
// hand sizes; the deck and the hen. Steps: "card" (an egg or the hen from the hand, or one of
// your action cards), then "container" and "egg" in dialogs that show the containers and eggs
// themselves; "container" is also chosen on the board when the hen takes eggs; "option" (stop
// taking, pass) as buttons.

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, plural } from "../js/dom.js";

const MOVE = 22;
const SWAP = 23;
const SLEEP = 24;
const HEN = 21;
const PRINTED = [MOVE, SWAP, SLEEP];
const SLOTS = 6;
const EFFECT_WORDS = { move: ["Move", "M"], swap: ["Swap", "S"], sleep: ["Sleep", "Z"], take: ["Take", "T"] };
const EFFECT_TEXTS = {
  move: "move an awake egg from any container to another container with room",
  swap: "swap two awake eggs in two different containers",
  sleep: "put an awake egg to sleep, or wake a sleeping one",
  take: "take an awake egg from another player's container into yours",
};

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
  if (!own) return ctx.catalogue.get(id);
  const [word, symbol] = EFFECT_WORDS[own.effect] || [own.effect, "?"];
  const times = own.repeats === 1 ? "" : `; then again, ${own.repeats} times in all (while it can)`;
  return { id, name: own.name, kind: "action", label: `${word} ${own.repeats}`, colour: null, symbol, text: `Your own card: ${EFFECT_TEXTS[own.effect] || own.effect}${times}.` };
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
    return h("span", { class: ["slot", "empty", small && "small"], role: "img", "aria-label": `slot ${n}: empty` });
  }
  const known = cell.egg !== null && cell.egg !== undefined;
  const words = `slot ${n}: ${cell.asleep ? "sleeping " : ""}egg${known ? ` ${cell.egg}` : " of unknown value"}`;
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
  const whose = ctx.seat === seat && !ctx.replay ? "Your" : `${name}'s`;
  const count = obs.eggs_in_container?.[seat] ?? cells.filter(Boolean).length;
  return h(
    "div",
    {
      class: ["container", opts.small && "small"],
      role: "group",
      "aria-label": `${whose} container: ${plural(count, "egg")}, ${plural(points, "point")}`,
      dataset: { step: opts.step ? `container:${seat}` : undefined, key: opts.step ? `container-${seat}` : undefined, zone: opts.small ? undefined : `container-${seat}` },
    },
    h("div", { class: "slots" }, Array.from({ length: SLOTS }, (_, i) => slot(cells[i], i, opts))),
    h("span", { class: "points", "aria-hidden": "true" }, `${points} ${points === 1 ? "pt" : "pts"}`),
  );
}

function actionCards(ctx, seat, mine) {
  const up = new Set(ctx.obs.face_up_actions?.[seat] || []);
  const ACTIONS = actionIds(ctx.obs);
  if (!mine) {
    // another seat's action cards: public, shown as chips (face up, or used)
    return h(
      "ul",
      { class: "action-chips", "aria-label": "Action cards" },
      ACTIONS.map((id) => {
        const card = cardOf(ctx, id);
        const used = !up.has(id);
        return h("li", { class: ["action-chip", used && "used"], title: card.text }, card.label, h("span", { class: "sr-only" }, used ? " (used)" : " (face up)"));
      }),
    );
  }
  return h(
    "div",
    { class: "action-cards", role: "group", "aria-label": "Your action cards" },
    ACTIONS.map((id) => {
      const card = cardOf(ctx, id);
      const used = !up.has(id);
      return cardFace(card, {
        size: "sm",
        className: used ? "used" : "",
        aria: used ? "used (face up again after your next egg)" : "face up",
        step: !used ? { kind: "card", value: id } : null,
        key: `action-${id}`,
        caption: used ? "used" : null,
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
    const cards = (obs.hands || obs.final_hands)[seat];
    hand = h("div", { class: "hand mini", role: "group", "aria-label": `${name}'s hand`, dataset: { handOf: String(seat) } }, cards.map((id) => cardFace(ctx.catalogue.get(id), { size: "sm" })));
  } else {
    hand = handOfBacks(count, `${name} holds ${plural(count, "card")}`, "xs", seat);
  }
  const own = mine && obs.hand;
  return h(
    "section",
    { class: ["seat", mine && "me", ctx.toMove === seat && "turn"], "aria-label": mine && !ctx.replay ? "You" : name },
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
          h("div", { class: "seat-cards" }, hand, h("span", { class: "count" }, plural(count, "card"))),
        ),
    obs.must_play_egg?.[seat] ? h("p", { class: "flag" }, mine && !ctx.replay ? "All your action cards are used: play an egg, then they turn face up" : "All action cards used: must play an egg") : null,
  );
}

function ownHand(ctx) {
  const hand = ctx.obs.hand || [];
  return h(
    "div",
    { class: "hand", role: "group", "aria-label": `Your hand, ${plural(hand.length, "card")}`, "data-arrows": "", dataset: { handOf: String(ctx.seat), zone: "hand" } },
    hand.map((id, i) => cardFace(ctx.catalogue.get(id), { size: "md", step: ctx.replay ? null : { kind: "card", value: id }, key: `hand-${i}`, playable: false })),
  );
}

/** What you play from: your hand and your three action cards (the tray, or a replay's board). */
function myCards(ctx) {
  return h(
    "div",
    { class: "my-cards" },
    h("div", { class: "labelled" }, h("span", { class: "zone-label" }, "Your hand"), ownHand(ctx)),
    h("div", { class: "labelled" }, h("span", { class: "zone-label" }, "Your action cards"), actionCards(ctx, ctx.seat, !ctx.replay)),
  );
}

function middle(ctx) {
  const obs = ctx.obs;
  const hen = obs.hen === "played" ? "The hen has been played." : "The hen is still in the cards.";
  return h(
    "div",
    { class: "centre manda-centre" },
    pile({ count: obs.deck ?? 0, name: "Deck", label: `Deck, ${plural(obs.deck ?? 0, "card")}`, draw: true }),
    ctx.caption?.(),
    h(
      "div",
      { class: "table-status" },
      h("div", { class: "info-chip" }, hen),
      obs.phase === "hen"
        ? h("div", { class: "owed" }, `${ctx.names[obs.current_player]} is taking eggs with the hen (${plural(obs.hen_taken, "egg")} so far)`)
        : null,
      obs.phase === "act" && obs.acting !== null && obs.acting !== undefined
        ? h("div", { class: "owed" }, `${ctx.names[obs.current_player]} is carrying out ${ownCard(obs, obs.acting)?.name ?? "an own card"} (${plural(obs.acting_left, "more time")} to go)`)
        : null,
      h(
        "div",
        { class: "info-chip muted-chip" },
        obs.end === "any_container_full" ? "Quick game: ends when any container is full" : "Ends when every container is full",
      ),
      obs.sleeping_values === "hidden" ? h("div", { class: "info-chip muted-chip" }, "Memory game: sleeping eggs' values are hidden") : null,
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
  blurb: "Fill your own container with the best eggs, or slip the bad ones into your friends'. Move, swap and put eggs to sleep; the hen steals from everyone.",

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
        ? "Take awake eggs with the hen: click a container, then an egg. Stop when you like."
        : "Nothing more to take: stop.";
    }
    if (obs.phase === "act") {
      const own = ownCard(obs, obs.acting);
      return `Carry out ${own ? own.name : "your own card"}: ${plural(obs.acting_left, "more time")} to go (it stops early when nothing is left to act on).`;
    }
    if (!kinds.has("card")) return "You cannot play anything: pass.";
    if (obs.must_play_egg?.[ctx.seat]) return "Your action cards are all used: play an egg (or the hen) from your hand.";
    return "Play an egg from your hand into any container, or use one of your face-up action cards.";
  },

  whyNot(ctx, step) {
    const [kind, value] = step.split(":");
    if (kind === "card" && actionIds(ctx.obs).includes(Number(value))) {
      if (ctx.obs.must_play_egg?.[ctx.seat]) return "All your action cards are used: play an egg first; then they turn face up.";
      return "That action card has nothing to act on now.";
    }
    if (kind === "container") return "No egg can be taken from that container.";
    return null;
  },

  stepTitle(kind, ctx, given) {
    const m = mode(given, ctx);
    const prefix = steps(given, ctx);
    const depth = prefix.length;
    const of = (step) => (step && step.kind === "container" ? whose(ctx, step.value) : "a");
    if (m === "place") return `Where does ${prefix[0].label} go?`;
    if (m === "move") return ["", "Move an egg: from which container?", `Move which egg from ${of(prefix[1])} container?`, "Move it to which container?"][depth] || "Move an egg";
    if (m === "swap") return ["", "Swap eggs: where is the first egg?", `Swap which egg of ${of(prefix[1])} container?`, "Where is the second egg?", `Swap it with which egg of ${of(prefix[3])} container?`][depth] || "Swap eggs";
    if (m === "sleep") return depth === 1 ? "Put to sleep or wake: which container?" : `Which egg of ${of(prefix[1])} container?`;
    if (m === "take") return `Take which egg from ${of(prefix[0])} container?`;
    return null;
  },

  stepText(kind, ctx, given) {
    const m = mode(given, ctx);
    const prefix = steps(given, ctx);
    if (m === "place") return "It goes into the lowest free slot of the container you choose. Only the eggs in your own container score for you.";
    if (m === "move" && prefix.length === 3) return `Moving ${withNamesLocal(prefix[2].label, ctx)}: it goes into the lowest free slot of the container you choose.`;
    if (m === "move") return "Only awake eggs can be moved, to a container with a free slot.";
    if (m === "swap" && prefix.length >= 3) return `First egg: ${withNamesLocal(prefix[2].label, ctx)}. The second must be in another container.`;
    if (m === "swap") return "Two awake eggs in different containers change places.";
    if (m === "sleep") return "A sleeping egg cannot be moved, swapped or taken; waking it makes it playable again.";
    if (m === "take") return "Only awake eggs can be taken; the egg goes into your own container.";
    return null;
  },

  optionButton(option, ctx) {
    if (option.kind === "container") {
      const seat = option.value;
      const you = seat === ctx.seat;
      return h(
        "button",
        { type: "button", class: "button option container-choice", "aria-label": you ? "your container" : `${ctx.names[seat]}'s container` },
        h("span", { class: "choice-name" }, you ? "Your container" : `${ctx.names[seat]}'s container`),
        container(ctx, seat, { small: true }),
      );
    }
    if (option.kind === "egg") {
      const seat = Math.floor(option.value / SLOTS);
      const index = option.value % SLOTS;
      const cell = ctx.obs.containers?.[seat]?.[index];
      return h(
        "button",
        { type: "button", class: "button option egg-choice", "aria-label": withNamesLocal(option.label, ctx) },
        slot(cell, index),
        h("span", {}, `slot ${index + 1}`, cell?.asleep ? h("span", { class: "muted" }, " (asleep)") : null),
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
      obs.end === "any_container_full" ? "A container is full: the quick game is over." : "Every container is full: the game is over.",
      " Every egg counts, sleeping ones too.",
      tie ? " Tied players added the eggs left in their hands." : "",
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
    return `${plural(score, "point")}${tie !== null && tie !== undefined ? ` (+${tie} in hand)` : ""}`;
  },
};

function whose(ctx, seat) {
  return seat === ctx.seat && !ctx.replay ? "your" : `${ctx.names[seat]}'s`;
}

function withNamesLocal(text, ctx) {
  return String(text).replace(/\bP(\d+)\b/g, (whole, n) => (Number(n) === ctx.seat && !ctx.replay ? "your" : ctx.names[Number(n)] ?? whole))
    .replace(/\byour's\b/g, "your");
}

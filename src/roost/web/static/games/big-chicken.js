// BIG CHICKEN: Just Hatched, drawn from BigChickenObservation (roost/games/big_chicken/views.py):
// every seat's hand size, score, Last Egg and clucks; the Run on the table with the Lay to beat,
// the direction of play, the Round and the scores. A Lay is made by selecting cards in the hand,
// then Lay (a Duck then asks what it stands for: its number, then its suit); the exchange gives
// a card with a click; flip or skip, Last Egg and catches are buttons.

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { cardsKey } from "../js/chooser.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, icon, joinWords, plural } from "../js/dom.js";

const DUCK = 40;
const LAY_NAMES = { single: "Single", pair: "Pair", trips: "Trips", little_coop: "Little Coop", big_coop: "Big Coop" };
const SUIT_SYMBOL = { blue: "B", green: "G", yellow: "Y", orange: "O" };

function layWords(ctx, lay) {
  const cards = lay.cards.map((id) => {
    if (id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined) return `Duck as ${ctx.catalogue.name(lay.duck_as)}`;
    return ctx.catalogue.name(id);
  });
  return `${LAY_NAMES[lay.kind] || lay.kind}: ${cards.join(" + ")}`;
}

function layCards(ctx, lay, size) {
  return lay.cards.map((id) =>
    cardFace(ctx.catalogue.get(id), {
      size,
      caption: id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined ? `as ${ctx.catalogue.name(lay.duck_as)}` : null,
      aria: id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined ? `standing for ${ctx.catalogue.name(lay.duck_as)}` : null,
    }),
  );
}

function titles(ctx, seat) {
  const obs = ctx.obs;
  const out = [];
  if (obs.good_egg === seat) out.push(h("span", { class: "badge good-egg", title: "fewest points last Round" }, "Good Egg"));
  if (obs.bad_egg === seat) out.push(h("span", { class: "badge bad-egg", title: "most points last Round" }, "Bad Egg"));
  if (obs.leader === seat && obs.phase !== "over") out.push(h("span", { class: "badge", title: "leads this Round" }, "leader"));
  if (obs.last_egg?.[seat] === "said") out.push(h("span", { class: "badge last-egg" }, "Last Egg!"));
  if (obs.last_egg?.[seat] === "quiet") out.push(h("span", { class: "badge quiet" }, "one card, quiet"));
  if ((obs.clucked || []).includes(seat)) out.push(h("span", { class: "badge clucked" }, "clucked"));
  return out;
}

function scoreLine(ctx, seat) {
  const obs = ctx.obs;
  const penalties = obs.penalties?.[seat] || 0;
  const catches = obs.catches?.[seat] || 0;
  return h(
    "span",
    { class: "score-line" },
    h("strong", {}, plural(obs.scores?.[seat] ?? 0, "point")),
    penalties ? ` · +${penalties} penalty` : "",
    catches ? ` · caught ${catches}×` : "",
  );
}

/** At the end of a Round every hand is shown: what this seat held (public once shown). */
function showedHand(ctx, seat) {
  const obs = ctx.obs;
  const shown = obs.last_round_hands?.[seat];
  const fresh = obs.phase === "over" || obs.phase === "good_egg_gives" || obs.phase === "bad_egg_gives";
  if (!shown || !fresh) return null;
  return h(
    "div",
    { class: "known", role: "group", "aria-label": `${ctx.names[seat]} showed at the end of the Round` },
    h("span", { class: "zone-label" }, shown.length ? "left at the end of the Round" : "went out"),
    shown.length ? h("div", { class: "card-row" }, shown.map((id) => cardFace(ctx.catalogue.get(id), { size: "xs" }))) : null,
  );
}

function opponent(ctx, seat) {
  const obs = ctx.obs;
  const count = obs.hand_sizes?.[seat] ?? 0;
  const name = ctx.names[seat];
  const shown = obs.hands?.[seat];
  return h(
    "section",
    { class: ["seat", ctx.toMove === seat && "turn"], "aria-label": name },
    seatHeader(ctx, seat),
    h(
      "div",
      { class: "seat-body column" },
      h("div", { class: "badges" }, titles(ctx, seat)),
      shown
        ? h("div", { class: "hand mini", role: "group", "aria-label": `${name}'s hand`, dataset: { handOf: String(seat) } }, shown.map((id) => cardFace(ctx.catalogue.get(id), { size: "xs" })))
        : h("div", { class: "seat-cards" }, handOfBacks(count, `${name} holds ${plural(count, "card")}`, "xs", seat), h("span", { class: "count" }, plural(count, "card"))),
      scoreLine(ctx, seat),
      showedHand(ctx, seat),
    ),
  );
}

function runArea(ctx) {
  const obs = ctx.obs;
  const run = obs.run || [];
  const parts = [];
  const exchanged = obs.exchange && obs.exchange.given !== null && obs.exchange.given !== undefined;
  if (obs.phase === "good_egg_gives" || obs.phase === "bad_egg_gives" || (exchanged && !run.length && obs.phase !== "over")) {
    const ex = obs.exchange || {};
    if (obs.good_egg !== null && obs.bad_egg !== null && obs.good_egg !== undefined) {
      parts.push(
        h(
          "div",
          { class: "exchange" },
          h("span", {}, `${ctx.names[obs.good_egg]} (Good Egg) gives ${ctx.names[obs.bad_egg]} (Bad Egg) their best card:`),
          ex.given !== null && ex.given !== undefined ? cardFace(ctx.catalogue.get(ex.given), { size: "sm" }) : h("span", { class: "muted-chip" }, "…"),
          h("span", {}, "and gets back:"),
          ex.returned !== null && ex.returned !== undefined ? cardFace(ctx.catalogue.get(ex.returned), { size: "sm" }) : h("span", { class: "muted-chip" }, "…"),
        ),
      );
    }
  }
  if (run.length) {
    const older = run.slice(0, -1).slice(-4);
    const top = run[run.length - 1];
    parts.push(
      h(
        "div",
        { class: "run", role: "group", "aria-label": `The Run: ${run.length} ${run.length === 1 ? "Lay" : "Lays"}` },
        older.map((lay) =>
          h("div", { class: "lay older", role: "group", "aria-label": `${ctx.names[lay.seat]}: ${layWords(ctx, lay)}` }, h("span", { class: "lay-who" }, ctx.names[lay.seat]), h("div", { class: "lay-cards" }, layCards(ctx, lay, "sm"))),
        ),
        h(
          "div",
          { class: "lay top", role: "group", "aria-label": `To beat: ${ctx.who(top.seat)}'s ${layWords(ctx, top)}`.replace("You's", "your") },
          h("span", { class: "lay-who" }, `${ctx.who(top.seat)} · ${LAY_NAMES[top.kind]}`),
          h("div", { class: "lay-cards", dataset: { zone: "run" } }, layCards(ctx, top, "lg")),
          obs.to_beat ? h("span", { class: "to-beat" }, "to beat") : null,
        ),
      ),
    );
  } else if (obs.phase === "play" || obs.phase === "last_egg" || obs.phase === "catch" || obs.phase === "flip_or_skip") {
    const who = obs.current_player;
    parts.push(h("div", { class: "run empty" }, h("p", {}, who !== null && who !== undefined ? `New Run: ${ctx.names[who]} leads with any Lay.` : "New Run.")));
  }
  if (obs.shown && obs.round === 1 && !run.length && obs.phase === "play") {
    parts.push(h("div", { class: "shown" }, h("span", {}, `${ctx.names[obs.shown.seat]} showed`), cardFace(ctx.catalogue.get(obs.shown.card), { size: "sm" }), h("span", {}, "and leads Round 1.")));
  }
  return parts;
}

function statusColumn(ctx) {
  const obs = ctx.obs;
  const ccw = obs.direction === "counter_cluckwise";
  return h(
    "div",
    { class: "table-status" },
    h("div", { class: "info-chip" }, `Round ${obs.round} of ${obs.rounds}`),
    h("div", { class: "direction", role: "img", "aria-label": `Direction of play: ${ccw ? "counter-cluckwise" : "cluckwise"}` }, icon(ccw ? "ccw" : "cw"), h("span", { "aria-hidden": "true" }, ccw ? "counter-cluckwise" : "cluckwise")),
    pile({ count: obs.discard_size ?? 0, name: "Discard", label: `Discard pile, ${plural(obs.discard_size ?? 0, "card")} face down` }),
    ctx.caption?.(),
  );
}

function scoreboard(ctx) {
  const obs = ctx.obs;
  const rounds = obs.round_scores || [];
  if (!rounds.length) return null;
  return h(
    "details",
    { class: "scoreboard", open: true },
    h("summary", {}, "Scores (the fewest points wins)"),
    h(
      "div",
      { class: "md-table" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), rounds.map((_, i) => h("th", {}, `R${i + 1}`)), h("th", {}, "Total"))),
        h(
          "tbody",
          {},
          Array.from({ length: obs.players }, (_, seat) =>
            h("tr", {}, h("th", { scope: "row" }, ctx.who(seat)), rounds.map((r) => h("td", {}, String(r[seat]))), h("td", {}, h("strong", {}, String(obs.scores[seat])))),
          ),
        ),
      ),
    ),
  );
}

/** The legal Lays that take exactly the selected cards. */
function laysFor(ctx, selected) {
  const key = cardsKey(selected);
  return ctx.actions.filter((a) => a.kind === "lay" && cardsKey(a.cards) === key);
}

function selectedIds(ctx) {
  const hand = ctx.obs.hand || [];
  return (ctx.ui.selected || []).filter((i) => i < hand.length).map((i) => hand[i]);
}

/** Your hand: click cards to select them, then Lay; or click the card to give. */
function handArea(ctx) {
  const obs = ctx.obs;
  const seat = ctx.seat;
  const hand = obs.hand || [];
  const giving = ctx.options.some((o) => o.kind === "card");
  const layable = new Set(ctx.actions.filter((a) => a.kind === "lay").flatMap((a) => a.cards));
  const selected = new Set(ctx.ui.selected || []);
  const cards = hand.map((id, i) => {
    const card = ctx.catalogue.get(id);
    if (giving || ctx.replay) {
      return cardFace(card, { size: "md", step: ctx.replay ? null : { kind: "card", value: id }, key: `hand-${i}`, playable: false });
    }
    return cardFace(card, {
      size: "md",
      key: `hand-${i}`,
      selected: selected.has(i),
      playable: ctx.myTurn ? layable.has(id) : undefined,
      className: ctx.myTurn && !layable.has(id) ? "dim" : "",
      button: true,
      aria: ctx.myTurn && !layable.has(id) ? "not in any Lay you can make now" : null,
      onclick: () => {
        const now = new Set(ctx.ui.selected || []);
        if (now.has(i)) now.delete(i);
        else now.add(i);
        ctx.ui.selected = [...now].sort((a, b) => a - b);
        ctx.ui.hand = cardsKey(hand);
        ctx.rerender();
      },
    });
  });
  for (const el of cards) if (!giving) el.dataset.free = "1";
  if (!hand.length) return obs.phase === "over" ? null : h("p", { class: "muted" }, "No cards left: you went out!");
  return h(
    "div",
    { class: ["hand", "chicken-hand"], role: "group", "aria-label": `Your hand, ${plural(hand.length, "card")}${giving ? "" : ": select cards, then Lay"}`, "data-arrows": "", dataset: { handOf: String(seat), zone: "hand" } },
    cards,
  );
}

function myArea(ctx) {
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": ctx.replay ? ctx.names[seat] : "You" },
    seatHeader(ctx, seat),
    h("div", { class: "badges" }, titles(ctx, seat), scoreLine(ctx, seat)),
    showedHand(ctx, seat),
    ctx.tray ? null : handArea(ctx),
  );
}

export default {
  blurb: "Climb or cluck: beat the Lay on the table with a higher one of its kind, or pass. Ducks are wild, Chickens rule the roost, Big Red beats everything. Fewest points after the last Round wins.",

  board(ctx) {
    const obs = ctx.obs;
    const others = seatOrder(obs.players, ctx.seat);
    return h(
      "div",
      { class: "chicken" },
      h("div", { class: "opponents" }, others.map((seat) => opponent(ctx, seat))),
      h("div", { class: "centre chicken-centre" }, h("div", { class: "run-area" }, runArea(ctx)), statusColumn(ctx)),
      ctx.seat !== null && ctx.seat !== undefined && obs.hand ? myArea(ctx) : null,
      scoreboard(ctx),
    );
  },

  hand: handArea,

  /** The Lay button and what is selected; the other moves are the page's buttons. */
  bar(ctx) {
    if (!ctx.myTurn || ctx.obs.phase !== "play") return null;
    const selected = selectedIds(ctx);
    const lays = laysFor(ctx, selected);
    let label = "Lay";
    if (!selected.length) label = "Select cards to lay";
    else if (!lays.length) label = "Not a Lay you can make";
    else label = `Lay ${lays.length === 1 ? lays[0].text : `${lays[0].steps[0].label}: ${selected.map((id) => ctx.catalogue.name(id)).join(" + ")}`}`;
    const lay = h(
      "button",
      {
        type: "button",
        class: ["button", "primary", "move", "lay-button"],
        "aria-disabled": lays.length ? null : "true",
        dataset: { key: "lay" },
        onclick: () => {
          if (lays.length) ctx.chooseAmong(lays);
        },
      },
      label,
    );
    const clear = selected.length
      ? h("button", { type: "button", class: "button", dataset: { key: "clear" }, onclick: () => { ctx.ui.selected = []; ctx.rerender(); } }, "Clear")
      : null;
    return [lay, clear];
  },

  hiddenOptions: ["lay"],

  onView(ctx, ui) {
    const hand = cardsKey(ctx.obs.hand || []);
    if (ui.hand !== hand) {
      ui.selected = [];
      ui.hand = hand;
    }
  },

  onSend(ui) {
    ui.selected = [];
  },

  prompt(ctx) {
    const obs = ctx.obs;
    switch (obs.phase) {
      case "play":
        if (obs.to_beat && !ctx.actions.some((a) => a.kind === "lay")) {
          return `Nothing in your hand beats ${ctx.names[obs.to_beat.seat]}'s ${layWords(ctx, obs.to_beat)}: cluck (pass).`;
        }
        if (obs.to_beat) {
          const coop = obs.to_beat.kind.endsWith("coop");
          return `Beat ${ctx.names[obs.to_beat.seat]}'s ${layWords(ctx, obs.to_beat)} with ${coop ? "a higher Coop (or Big Red alone)" : `a higher ${LAY_NAMES[obs.to_beat.kind]} or a Coop`}: select cards, then Lay. Or cluck (pass).`;
        }
        return "You lead a new Run: select the cards of any Lay (a single card, a pair, trips, a Coop), then Lay.";
      case "flip_or_skip":
        return "You laid a Coop: flip the direction of play, or skip the next player.";
      case "last_egg":
        return "You have one card left: say “Last Egg”, or stay quiet and hope nobody catches you.";
      case "catch":
        return `${ctx.names[obs.quiet_player] ?? "A player"} stayed quiet with one card left: catch them (they draw two cards) or let it go.`;
      case "good_egg_gives":
        return "You are the Good Egg: click your best card (except Big Red) to give it to the Bad Egg.";
      case "bad_egg_gives":
        return "You are the Bad Egg: click a card to give back to the Good Egg (not the card you received; a copy you held before may go).";
      default:
        return "Choose your move.";
    }
  },

  waiting(ctx, seat) {
    const phase = ctx.obs.phase;
    if (phase === "catch") return "may catch the quiet player…";
    if (phase === "good_egg_gives") return "(Good Egg) is choosing a card to give…";
    if (phase === "bad_egg_gives") return "(Bad Egg) is choosing a card to give back…";
    return null;
  },

  whyNot(ctx, step) {
    const phase = ctx.obs.phase;
    if (phase === "good_egg_gives") return "The Good Egg must give their best card, except Big Red.";
    if (phase === "bad_egg_gives") return "You cannot give back the card you just received, only a copy of it you held before.";
    return null;
  },

  stepTitle(kind) {
    if (kind === "number") return "What number does the Duck stand for?";
    if (kind === "suit") return "Which suit does the Duck stand for?";
    if (kind === "cards") return "Which cards?";
    return null;
  },

  stepText(kind, ctx, prefix) {
    if (kind === "number" || kind === "suit") {
      const cards = prefix.find((s) => s.kind === "cards");
      const number = prefix.find((s) => s.kind === "number");
      const what = `You lay ${cards ? cards.label : "a Duck"}${number ? `, the Duck as a ${number.label}` : ""}.`;
      return kind === "number"
        ? `${what} A Duck is wild: it stands for any numbered card.`
        : `${what} Which suit? From low to high: blue, green, yellow, orange.`;
    }
    return null;
  },

  optionButton(option) {
    if (option.kind === "suit") {
      return h(
        "button",
        { type: "button", class: "button colour-choice", dataset: { colour: option.label } },
        h("span", { class: "swatch", dataset: { colour: option.label }, "aria-hidden": "true" }, SUIT_SYMBOL[option.label] || ""),
        option.label,
      );
    }
    if (option.kind === "number") {
      return h("button", { type: "button", class: "button option number-choice" }, option.label);
    }
    return null;
  },

  resultSummary(ctx) {
    const obs = ctx.obs;
    const rotten = obs.rotten_eggs || [];
    return h(
      "div",
      {},
      h("p", { class: "muted" }, `After ${plural(obs.rounds, "Round")} the fewest points wins (the Golden Egg).${rotten.length ? ` Rotten Egg: ${joinWords(rotten.map((s) => ctx.names[s]))}.` : ""}`),
      scoreboard(ctx),
    );
  },

  resultKey(ctx, seat) {
    const winner = (ctx.obs.winners || []).includes(seat) ? 1e6 : 0;
    return winner - (ctx.obs.scores?.[seat] ?? 0);
  },

  resultRow(ctx, seat) {
    const obs = ctx.obs;
    const words = [plural(obs.scores?.[seat] ?? 0, "point")];
    if ((obs.winners || []).includes(seat)) words.push("Golden Egg");
    if ((obs.rotten_eggs || []).includes(seat)) words.push("Rotten Egg");
    return words.join(" · ");
  },
};

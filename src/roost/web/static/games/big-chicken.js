// BIG CHICKEN: Just Hatched, drawn from BigChickenObservation (roost/games/big_chicken/views.py):
// every seat's hand size, score, Last Egg and clucks; the Run on the table with the Lay to beat,
// the direction of play, the Round and the scores. A Lay is made by selecting cards in the hand,
// then Lay (a Duck then asks what it stands for: its number, then its suit); the exchange gives
// a card with a click; flip or skip, Last Egg and catches are buttons.

import { cardFace, handOfBacks, pile } from "../js/cards.js";
import { cardsKey, stepLabel } from "../js/chooser.js";
import { seatHeader, seatOrder } from "../js/common.js";
import { h, icon, joinWords } from "../js/dom.js";
import { _, ngettext, pgettext } from "../js/i18n.js";
import { colourLetter, localCatalogue } from "./cardwords.js";

const DUCK = 40;
const SUIT_SYMBOL = { blue: "B", green: "G", yellow: "Y", orange: "O" };

/** The kinds of Lay, in the reader's language (a function: the catalogue loads after import). */
function layNames() {
  return {
    single: pgettext("BIG CHICKEN card", "Single"),
    pair: pgettext("BIG CHICKEN card", "Pair"),
    trips: pgettext("BIG CHICKEN card", "Trips"),
    little_coop: pgettext("BIG CHICKEN card", "Little Coop"),
    big_coop: pgettext("BIG CHICKEN card", "Big Coop"),
  };
}

function layName(kind) {
  return layNames()[kind] || kind;
}

/** A suit's name as the Duck's question offers it (the engine's option labels are these words). */
function suitName(suit) {
  const names = { blue: pgettext("BIG CHICKEN card", "blue"), green: pgettext("BIG CHICKEN card", "green"), yellow: pgettext("BIG CHICKEN card", "yellow"), orange: pgettext("BIG CHICKEN card", "orange") };
  return names[suit] || suit;
}

function cardNames() {
  return {
    "blue 1": pgettext("BIG CHICKEN card", "blue 1"),
    "green 1": pgettext("BIG CHICKEN card", "green 1"),
    "yellow 1": pgettext("BIG CHICKEN card", "yellow 1"),
    "orange 1": pgettext("BIG CHICKEN card", "orange 1"),
    "blue 2": pgettext("BIG CHICKEN card", "blue 2"),
    "green 2": pgettext("BIG CHICKEN card", "green 2"),
    "yellow 2": pgettext("BIG CHICKEN card", "yellow 2"),
    "orange 2": pgettext("BIG CHICKEN card", "orange 2"),
    "blue 3": pgettext("BIG CHICKEN card", "blue 3"),
    "green 3": pgettext("BIG CHICKEN card", "green 3"),
    "yellow 3": pgettext("BIG CHICKEN card", "yellow 3"),
    "orange 3": pgettext("BIG CHICKEN card", "orange 3"),
    "blue 4": pgettext("BIG CHICKEN card", "blue 4"),
    "green 4": pgettext("BIG CHICKEN card", "green 4"),
    "yellow 4": pgettext("BIG CHICKEN card", "yellow 4"),
    "orange 4": pgettext("BIG CHICKEN card", "orange 4"),
    "blue 5": pgettext("BIG CHICKEN card", "blue 5"),
    "green 5": pgettext("BIG CHICKEN card", "green 5"),
    "yellow 5": pgettext("BIG CHICKEN card", "yellow 5"),
    "orange 5": pgettext("BIG CHICKEN card", "orange 5"),
    "blue 6": pgettext("BIG CHICKEN card", "blue 6"),
    "green 6": pgettext("BIG CHICKEN card", "green 6"),
    "yellow 6": pgettext("BIG CHICKEN card", "yellow 6"),
    "orange 6": pgettext("BIG CHICKEN card", "orange 6"),
    "blue 7": pgettext("BIG CHICKEN card", "blue 7"),
    "green 7": pgettext("BIG CHICKEN card", "green 7"),
    "yellow 7": pgettext("BIG CHICKEN card", "yellow 7"),
    "orange 7": pgettext("BIG CHICKEN card", "orange 7"),
    "blue 8": pgettext("BIG CHICKEN card", "blue 8"),
    "green 8": pgettext("BIG CHICKEN card", "green 8"),
    "yellow 8": pgettext("BIG CHICKEN card", "yellow 8"),
    "orange 8": pgettext("BIG CHICKEN card", "orange 8"),
    "blue 9": pgettext("BIG CHICKEN card", "blue 9"),
    "green 9": pgettext("BIG CHICKEN card", "green 9"),
    "yellow 9": pgettext("BIG CHICKEN card", "yellow 9"),
    "orange 9": pgettext("BIG CHICKEN card", "orange 9"),
    "blue 10": pgettext("BIG CHICKEN card", "blue 10"),
    "green 10": pgettext("BIG CHICKEN card", "green 10"),
    "yellow 10": pgettext("BIG CHICKEN card", "yellow 10"),
    "orange 10": pgettext("BIG CHICKEN card", "orange 10"),
    "Duck": pgettext("BIG CHICKEN card", "Duck"),
    "Blue Chicken": pgettext("BIG CHICKEN card", "Blue Chicken"),
    "Chicken": pgettext("BIG CHICKEN card", "Chicken"),
    "Green Chicken": pgettext("BIG CHICKEN card", "Green Chicken"),
    "Yellow Chicken": pgettext("BIG CHICKEN card", "Yellow Chicken"),
    "Orange Chicken": pgettext("BIG CHICKEN card", "Orange Chicken"),
    "Big Red": pgettext("BIG CHICKEN card", "Big Red"),
  };
}

function cardTexts() {
  return {
    "A numbered Egg: a higher number beats a lower one of any suit; equal numbers go by suit, blue < green < yellow < orange.": _("A numbered Egg: a higher number beats a lower one of any suit; equal numbers go by suit, blue < green < yellow < orange."),
    "Wild: stands for any numbered card you declare (one a Lay, never in a Coop or with Chickens); laying it reverses the direction of play.": _("Wild: stands for any numbered card you declare (one a Lay, never in a Coop or with Chickens); laying it reverses the direction of play."),
    "Higher than every number (blue to orange); never laid with a Duck.": _("Higher than every number (blue to orange); never laid with a Duck."),
    "The highest card: laid alone he beats even a Coop, and nothing beats him.": _("The highest card: laid alone he beats even a Coop, and nothing beats him."),
  };
}

/** The game's cards with their names, labels and texts in the reader's language. */
function cards(ctx) {
  return localCatalogue(ctx.catalogue, cardNames, cardTexts);
}

function points(n) {
  return ngettext("{n} point", "{n} points", n);
}

function cardCount(n) {
  return ngettext("{n} card", "{n} cards", n);
}

function layWords(ctx, lay) {
  const names = lay.cards.map((id) => {
    if (id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined) return _("Duck as {card}", { card: cards(ctx).name(lay.duck_as) });
    return cards(ctx).name(id);
  });
  return _("{lay}: {cards}", { lay: layName(lay.kind), cards: names.join(" + ") });
}

function layCards(ctx, lay, size) {
  return lay.cards.map((id) =>
    cardFace(cards(ctx).get(id), {
      size,
      caption: id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined ? _("as {card}", { card: cards(ctx).name(lay.duck_as) }) : null,
      aria: id === DUCK && lay.duck_as !== null && lay.duck_as !== undefined ? _("standing for {card}", { card: cards(ctx).name(lay.duck_as) }) : null,
    }),
  );
}

function titles(ctx, seat) {
  const obs = ctx.obs;
  const out = [];
  if (obs.good_egg === seat) out.push(h("span", { class: "badge good-egg", title: _("fewest points last Round") }, pgettext("BIG CHICKEN card", "Good Egg")));
  if (obs.bad_egg === seat) out.push(h("span", { class: "badge bad-egg", title: _("most points last Round") }, pgettext("BIG CHICKEN card", "Bad Egg")));
  if (obs.leader === seat && obs.phase !== "over") out.push(h("span", { class: "badge", title: _("leads this Round") }, _("leader")));
  if (obs.last_egg?.[seat] === "said") out.push(h("span", { class: "badge last-egg" }, _("Last Egg!")));
  if (obs.last_egg?.[seat] === "quiet") out.push(h("span", { class: "badge quiet" }, _("one card, quiet")));
  if ((obs.clucked || []).includes(seat)) out.push(h("span", { class: "badge clucked" }, _("clucked")));
  return out;
}

function scoreLine(ctx, seat) {
  const obs = ctx.obs;
  const penalties = obs.penalties?.[seat] || 0;
  const catches = obs.catches?.[seat] || 0;
  return h(
    "span",
    { class: "score-line" },
    h("strong", {}, points(obs.scores?.[seat] ?? 0)),
    penalties ? " · " + ngettext("+{n} penalty point", "+{n} penalty points", penalties) : "",
    catches ? " · " + ngettext("caught {n} time", "caught {n} times", catches) : "",
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
    { class: "known", role: "group", "aria-label": _("{name} showed at the end of the Round", { name: ctx.names[seat] }) },
    h("span", { class: "zone-label" }, shown.length ? _("left at the end of the Round") : _("went out")),
    shown.length ? h("div", { class: "card-row" }, shown.map((id) => cardFace(cards(ctx).get(id), { size: "xs" }))) : null,
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
        ? h("div", { class: "hand mini", role: "group", "aria-label": _("{name}'s hand", { name }), dataset: { handOf: String(seat) } }, shown.map((id) => cardFace(cards(ctx).get(id), { size: "xs" })))
        : h("div", { class: "seat-cards" }, handOfBacks(count, ngettext("{name} holds {n} card", "{name} holds {n} cards", count, { name }), "xs", seat), h("span", { class: "count" }, cardCount(count))),
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
          h("span", {}, _("{good} (Good Egg) gives {bad} (Bad Egg) their best card:", { good: ctx.names[obs.good_egg], bad: ctx.names[obs.bad_egg] })),
          ex.given !== null && ex.given !== undefined ? cardFace(cards(ctx).get(ex.given), { size: "sm" }) : h("span", { class: "muted-chip" }, "…"),
          h("span", {}, _("and gets back:")),
          ex.returned !== null && ex.returned !== undefined ? cardFace(cards(ctx).get(ex.returned), { size: "sm" }) : h("span", { class: "muted-chip" }, "…"),
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
        { class: "run", role: "group", "aria-label": ngettext("The Run: {n} Lay", "The Run: {n} Lays", run.length) },
        older.map((lay) =>
          h("div", { class: "lay older", role: "group", "aria-label": _("{name}: {lay}", { name: ctx.names[lay.seat], lay: layWords(ctx, lay) }) }, h("span", { class: "lay-who" }, ctx.names[lay.seat]), h("div", { class: "lay-cards" }, layCards(ctx, lay, "sm"))),
        ),
        h(
          "div",
          { class: "lay top", role: "group", "aria-label": top.seat === ctx.seat && !ctx.replay ? _("To beat: your {lay}", { lay: layWords(ctx, top) }) : _("To beat: {name}'s {lay}", { name: ctx.names[top.seat], lay: layWords(ctx, top) }) },
          h("span", { class: "lay-who" }, top.seat === ctx.seat && !ctx.replay ? _("You") : ctx.names[top.seat], " · ", layName(top.kind)),
          h("div", { class: "lay-cards", dataset: { zone: "run" } }, layCards(ctx, top, "lg")),
          obs.to_beat ? h("span", { class: "to-beat" }, _("to beat")) : null,
        ),
      ),
    );
  } else if (obs.phase === "play" || obs.phase === "last_egg" || obs.phase === "catch" || obs.phase === "flip_or_skip") {
    const who = obs.current_player;
    parts.push(h("div", { class: "run empty" }, h("p", {}, who !== null && who !== undefined ? _("New Run: {name} leads with any Lay.", { name: ctx.names[who] }) : _("New Run."))));
  }
  if (obs.shown && obs.round === 1 && !run.length && obs.phase === "play") {
    parts.push(h("div", { class: "shown" }, h("span", {}, _("{name} showed", { name: ctx.names[obs.shown.seat] })), cardFace(cards(ctx).get(obs.shown.card), { size: "sm" }), h("span", {}, _("and leads Round 1."))));
  }
  return parts;
}

function statusColumn(ctx) {
  const obs = ctx.obs;
  const ccw = obs.direction === "counter_cluckwise";
  return h(
    "div",
    { class: "table-status" },
    h("div", { class: "info-chip" }, _("Round {round} of {rounds}", { round: obs.round, rounds: obs.rounds })),
    h("div", { class: "direction", role: "img", "aria-label": ccw ? _("Direction of play: counter-cluckwise") : _("Direction of play: cluckwise") }, icon(ccw ? "ccw" : "cw"), h("span", { "aria-hidden": "true" }, ccw ? _("counter-cluckwise") : _("cluckwise"))),
    pile({ count: obs.discard_size ?? 0, name: _("Discard"), label: ngettext("Discard pile, {n} card face down", "Discard pile, {n} cards face down", obs.discard_size ?? 0) }),
    ctx.caption?.(),
  );
}

function scoreboard(ctx) {
  const obs = ctx.obs;
  const rounds = obs.round_scores || [];
  if (!rounds.length) return null;
  const you = _("You");
  return h(
    "details",
    { class: "scoreboard", open: true },
    h("summary", {}, _("Scores (the fewest points wins)")),
    h(
      "div",
      { class: "md-table" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), rounds.map((round, i) => h("th", {}, _("R{n}", { n: i + 1 }))), h("th", {}, _("Total")))),
        h(
          "tbody",
          {},
          Array.from({ length: obs.players }, (unused, seat) =>
            h("tr", {}, h("th", { scope: "row" }, seat === ctx.seat && !ctx.replay ? you : ctx.names[seat]), rounds.map((r) => h("td", {}, String(r[seat]))), h("td", {}, h("strong", {}, String(obs.scores[seat])))),
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
  const faces = hand.map((id, i) => {
    const card = cards(ctx).get(id);
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
      aria: ctx.myTurn && !layable.has(id) ? _("not in any Lay you can make now") : null,
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
  for (const el of faces) if (!giving) el.dataset.free = "1";
  if (!hand.length) return obs.phase === "over" ? null : h("p", { class: "muted" }, _("No cards left: you went out!"));
  return h(
    "div",
    { class: ["hand", "chicken-hand"], role: "group", "aria-label": giving ? ngettext("Your hand, {n} card", "Your hand, {n} cards", hand.length) : ngettext("Your hand, {n} card: select cards, then Lay", "Your hand, {n} cards: select cards, then Lay", hand.length), "data-arrows": "", dataset: { handOf: String(seat), zone: "hand" } },
    faces,
  );
}

function myArea(ctx) {
  const seat = ctx.seat;
  return h(
    "section",
    { class: ["seat", "me", ctx.toMove === seat && "turn"], "aria-label": ctx.replay ? ctx.names[seat] : _("You") },
    seatHeader(ctx, seat),
    h("div", { class: "badges" }, titles(ctx, seat), scoreLine(ctx, seat)),
    showedHand(ctx, seat),
    ctx.tray ? null : handArea(ctx),
  );
}

export default {
  get blurb() {
    return _("Climb or cluck: beat the Lay on the table with a higher one of its kind, or pass. Ducks are wild, Chickens rule the roost, Big Red beats everything. Fewest points after the last Round wins.");
  },

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
    let label;
    if (!selected.length) label = _("Select cards to lay");
    else if (!lays.length) label = _("Not a Lay you can make");
    else label = _("Lay {cards}", { cards: selected.map((id) => cards(ctx).name(id)).join(" + ") });
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
      ? h("button", { type: "button", class: "button", dataset: { key: "clear" }, onclick: () => { ctx.ui.selected = []; ctx.rerender(); } }, _("Clear"))
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
          return _("Nothing in your hand beats {name}'s {lay}: cluck (pass).", { name: ctx.names[obs.to_beat.seat], lay: layWords(ctx, obs.to_beat) });
        }
        if (obs.to_beat) {
          const vars = { name: ctx.names[obs.to_beat.seat], lay: layWords(ctx, obs.to_beat), kind: layName(obs.to_beat.kind) };
          return obs.to_beat.kind.endsWith("coop")
            ? _("Beat {name}'s {lay} with a higher Coop (or Big Red alone): select cards, then Lay. Or cluck (pass).", vars)
            : _("Beat {name}'s {lay} with a higher {kind} or a Coop: select cards, then Lay. Or cluck (pass).", vars);
        }
        return _("You lead a new Run: select the cards of any Lay (a single card, a pair, trips, a Coop), then Lay.");
      case "flip_or_skip":
        return _("You laid a Coop: flip the direction of play, or skip the next player.");
      case "last_egg":
        return _("You have one card left: say “Last Egg”, or stay quiet and hope nobody catches you.");
      case "catch":
      {
        // a message inside another's arguments is not extracted: each stands alone
        const someone = _("A player");
        return _("{name} stayed quiet with one card left: catch them (they draw two cards) or let it go.", { name: ctx.names[obs.quiet_player] ?? someone });
      }
      case "good_egg_gives":
        return _("You are the Good Egg: click your best card (except Big Red) to give it to the Bad Egg.");
      case "bad_egg_gives":
        return _("You are the Bad Egg: click a card to give back to the Good Egg (not the card you received; a copy you held before may go).");
      default:
        return _("Choose your move.");
    }
  },

  waiting(ctx, seat) {
    const phase = ctx.obs.phase;
    if (phase === "catch") return _("may catch the quiet player…");
    if (phase === "good_egg_gives") return _("(Good Egg) is choosing a card to give…");
    if (phase === "bad_egg_gives") return _("(Bad Egg) is choosing a card to give back…");
    return null;
  },

  whyNot(ctx, step) {
    const phase = ctx.obs.phase;
    if (phase === "good_egg_gives") return _("The Good Egg must give their best card, except Big Red.");
    if (phase === "bad_egg_gives") return _("You cannot give back the card you just received, only a copy of it you held before.");
    return null;
  },

  stepTitle(kind) {
    if (kind === "number") return _("What number does the Duck stand for?");
    if (kind === "suit") return _("Which suit does the Duck stand for?");
    if (kind === "cards") return _("Which cards?");
    return null;
  },

  stepText(kind, ctx, prefix) {
    if (kind === "number" || kind === "suit") {
      const picked = prefix.find((s) => s.kind === "cards");
      const number = prefix.find((s) => s.kind === "number");
      const selected = selectedIds(ctx);
      const duck = pgettext("BIG CHICKEN card", "Duck");
      // the cards selected in the hand, by their names in the reader's language
      const laid = selected.length ? selected.map((id) => cards(ctx).name(id)).join(" + ") : picked ? stepLabel(picked) : duck;
      const what = number ? _("You lay {cards}, the Duck as a {number}.", { cards: laid, number: number.label }) : _("You lay {cards}.", { cards: laid });
      return kind === "number"
        ? _("{what} A Duck is wild: it stands for any numbered card.", { what })
        : _("{what} Which suit? From low to high: blue, green, yellow, orange.", { what });
    }
    return null;
  },

  optionButton(option) {
    if (option.kind === "suit") {
      return h(
        "button",
        { type: "button", class: "button colour-choice", dataset: { colour: option.label } },
        h("span", { class: "swatch", dataset: { colour: option.label }, "aria-hidden": "true" }, colourLetter(SUIT_SYMBOL[option.label] || "")),
        suitName(option.label),
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
      h("p", { class: "muted" }, ngettext("After {n} Round the fewest points wins (the Golden Egg).", "After {n} Rounds the fewest points wins (the Golden Egg).", obs.rounds), rotten.length ? " " + _("Rotten Egg: {names}.", { names: joinWords(rotten.map((s) => ctx.names[s])) }) : ""),
      scoreboard(ctx),
    );
  },

  resultKey(ctx, seat) {
    const winner = (ctx.obs.winners || []).includes(seat) ? 1e6 : 0;
    return winner - (ctx.obs.scores?.[seat] ?? 0);
  },

  resultRow(ctx, seat) {
    const obs = ctx.obs;
    const words = [points(obs.scores?.[seat] ?? 0)];
    if ((obs.winners || []).includes(seat)) words.push(pgettext("BIG CHICKEN card", "Golden Egg"));
    if ((obs.rotten_eggs || []).includes(seat)) words.push(pgettext("BIG CHICKEN card", "Rotten Egg"));
    return words.join(" · ");
  },
};

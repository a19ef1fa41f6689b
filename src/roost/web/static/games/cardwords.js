// A game's card catalogue in the reader's language. The server sends each card's English name,
// label and text (roost.core.cards.CardInfo); a board module passes its tables of those words,
// translated with pgettext(its game's card context) and _(), and draws from the result. The
// contexts ("BIG CHICKEN card", "Egg Bound card", "Eggo card", "Manda Huevos card") are the ones
// the engine's messages use for the same names, so a card is called the same in the log and on
// the board. A word missing from a table (a card the game makes up, such as Egg Bound's own
// Chickens) stays as the server sent it. Not a game: common.js loads games/<id>.js by game id.

import { pgettext } from "../js/i18n.js";

const cache = new WeakMap();

/**
 * A colour's letter (the symbol a coloured card and a colour's swatch carry for colour-blind
 * players: "B" blue, "G" green...) in the reader's language, where the colour's name starts
 * with another letter ("Az" azul, "V" verde). Other symbols (a kind's: "E" egg, "D" Duck)
 * stay: they are the cards' notation.
 */
export function colourLetter(letter) {
  const letters = {
    B: pgettext("colour letter", "B"),
    G: pgettext("colour letter", "G"),
    Y: pgettext("colour letter", "Y"),
    O: pgettext("colour letter", "O"),
    R: pgettext("colour letter", "R"),
    P: pgettext("colour letter", "P"),
  };
  return letters[letter] ?? letter;
}

/** One card of `base` with its words translated; `english` keeps the server's card. */
function localCard(card, names, texts) {
  const label = String(card.label ?? card.name);
  return {
    ...card,
    name: names[card.name] ?? card.name,
    label: /^\d+$/.test(label) ? label : names[label] ?? label,
    text: texts[card.text] ?? card.text,
    symbol: card.colour && card.symbol ? colourLetter(card.symbol) : card.symbol,
    english: card,
  };
}

class LocalCatalogue {
  constructor(base, names, texts) {
    this.base = base;
    this.names = names;
    this.texts = texts;
    this.memo = new Map();
  }

  get(ref) {
    let card = this.memo.get(ref);
    if (!card) {
      card = localCard(this.base.get(ref), this.names, this.texts);
      this.memo.set(ref, card);
    }
    return card;
  }

  name(ref) {
    return this.get(ref).name;
  }
}

/**
 * `catalogue` (js/cards.js's Catalogue) translated by the tables `names()` and `texts()` return
 * ({English: translated}); made once per catalogue, since a page's language never changes.
 */
export function localCatalogue(catalogue, names, texts) {
  let local = cache.get(catalogue);
  if (!local) {
    local = new LocalCatalogue(catalogue, names(), texts());
    cache.set(catalogue, local);
  }
  return local;
}

// Modal dialogs on the native <dialog> element (it keeps focus inside and closes on Escape),
// the rules dialog (the game's RULES.md rendered, and every card of the catalogue).

import { gameDetail } from "./api.js";
import { Catalogue, cardFace } from "./cards.js";
import { h, icon } from "./dom.js";
import { _, language, ngettext } from "./i18n.js";
import { markdown } from "./markdown.js";

let openCount = 0;

/**
 * openDialog({title, body, buttons: [{label, onclick, primary, key}], onclose, wide,
 *             dismissable (default true), label}) -> {el, close}
 * A button's onclick may return false to keep the dialog open.
 */
export function openDialog({ title, body, buttons = [], onclose, wide = false, dismissable = true, className, id }) {
  const titleId = `dlg-title-${++openCount}`;
  let closed = false;
  const dialog = h("dialog", {
    class: ["dialog", wide && "wide", ...(Array.isArray(className) ? className : [className])],
    "aria-labelledby": titleId,
    id,
  });
  const close = (value) => {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    onclose?.(value);
  };
  const header = h(
    "header",
    { class: "dialog-head" },
    h("h2", { id: titleId }, title),
    dismissable
      ? h("button", { type: "button", class: "icon-button", "aria-label": _("Close"), onclick: () => close(null) }, icon("close"))
      : null,
  );
  const footer = buttons.length
    ? h(
        "footer",
        { class: "dialog-buttons" },
        buttons.map((b) =>
          h(
            "button",
            {
              type: "button",
              class: ["button", b.primary && "primary", b.className],
              dataset: { key: b.key },
              onclick: async () => {
                const keep = await b.onclick?.();
                if (keep !== false) close(b.key ?? b.label);
              },
            },
            b.label,
          ),
        ),
      )
    : null;
  dialog.append(header, h("div", { class: "dialog-body" }, body), footer || "");
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    if (dismissable) close(null);
  });
  dialog.addEventListener("click", (event) => {
    // a click on the backdrop (outside the box) closes a dismissable dialog
    if (event.target === dialog && dismissable) {
      const r = dialog.getBoundingClientRect();
      const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
      if (!inside) close(null);
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  const first = dialog.querySelector(".dialog-body [autofocus], .dialog-body button:not([aria-disabled='true']), .dialog-buttons .primary");
  if (first) first.focus();
  return { el: dialog, close };
}

/** A short yes/no question; resolves to true for yes. */
export function confirmDialog(title, text, yes = _("Yes"), no = _("Cancel")) {
  return new Promise((resolve) => {
    let answer = false;
    openDialog({
      title,
      body: h("p", {}, text),
      buttons: [
        { label: no, onclick: () => { answer = false; } },
        { label: yes, primary: true, onclick: () => { answer = true; } },
      ],
      onclose: () => resolve(answer),
    });
  });
}

/** Headings a player does not need open at first (details for programmers), in English and
 * in Spanish (the RULES.es.md pages' headings). */
const TECHNICAL = new RegExp(
  [
    "resampl|game length|chance|actions|what each seat sees|parameters|source|encoding|bound|view|choices|components|the cards",
    "remuestreo|duración|azar|jugadas|qué ve cada asiento|parámetros|fuente|codificación|cota|vista|decisiones|componentes|las cartas",
  ].join("|"),
  "i",
);

/** The rules of `game` (its RULES.md, or its page in the reader's language) in a dialog, with
 * a card reference. */
export async function showRules(gameName, { intro, params } = {}) {
  const lang = language().split("-")[0]; // the pseudo-locale en-XA reads the English page
  const body = h("div", { class: "rules" }, h("p", { class: "muted" }, _("Loading the rules…")));
  const dlg = openDialog({ title: _("Rules"), body, wide: true, className: ["rules-dialog", `game-${gameName}`] });
  let detail;
  let refused = null;
  try {
    detail = await gameDetail(gameName, { ...params, lang });
  } catch (error) {
    if (!params || error.code !== "bad_params") {
      body.replaceChildren(h("p", { class: "error" }, _("The rules could not be loaded: {error}", { error: error.message })));
      return dlg;
    }
    refused = error.message;
  }
  if (refused !== null) {
    try {
      detail = await gameDetail(gameName, { lang });
    } catch (error) {
      body.replaceChildren(h("p", { class: "error" }, _("The rules could not be loaded: {error}", { error: error.message })));
      return dlg;
    }
  }
  dlg.el.querySelector("h2").textContent = _("Rules: {game}", { game: detail.title });
  const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": _("Rules and cards") });
  const rulesPanel = h("div", { class: "rules-text", role: "tabpanel", id: "rules-panel-text", lang: detail.rules_language || "en" });
  const cardsPanel = h("div", { class: "rules-cards", role: "tabpanel", id: "rules-panel-cards", hidden: true });
  rulesPanel.append(...sections(detail.rules));
  if (refused !== null) {
    cardsPanel.append(h("p", { class: "error" }, _("These are the printed cards: the game options are not valid ({reason}).", { reason: refused })));
  }
  if (detail.cards && detail.cards.length) {
    cardsPanel.append(cardReference(detail.cards));
  } else {
    cardsPanel.append(h("p", { class: "muted" }, _("This game has no card list yet.")));
  }
  const tab = (label, panel, selected) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        class: "tab",
        "aria-selected": selected ? "true" : "false",
        "aria-controls": panel.id,
        onclick: (event) => {
          for (const t of tabs.children) t.setAttribute("aria-selected", t === event.currentTarget ? "true" : "false");
          rulesPanel.hidden = panel !== rulesPanel;
          cardsPanel.hidden = panel !== cardsPanel;
        },
      },
      label,
    );
  tabs.append(tab(_("How to play"), rulesPanel, true), tab(_("The cards"), cardsPanel, false));
  body.replaceChildren(intro ? h("p", { class: "lead" }, intro) : "", tabs, rulesPanel, cardsPanel);
  tabs.querySelector("button").focus();
  return dlg;
}

/** RULES.md split at its level-2 headings into collapsible sections. */
function sections(source) {
  const html = markdown(source);
  const scratch = document.createElement("div");
  scratch.innerHTML = html;
  const out = [];
  let current = null;
  const preamble = h("details", { class: "rules-section about" }, h("summary", {}, _("About these rules")));
  for (const node of [...scratch.childNodes]) {
    if (node.nodeType === Node.ELEMENT_NODE && node.tagName === "H2") {
      if (preamble.childElementCount > 1 && !out.includes(preamble)) out.push(preamble);
      const title = node.textContent;
      current = h("details", { class: "rules-section", open: !TECHNICAL.test(title) }, h("summary", {}, title));
      out.push(current);
    } else if (current) {
      current.append(node);
    } else if (node.nodeType === Node.ELEMENT_NODE && node.tagName === "H1") {
      out.push(h("h3", { class: "rules-title" }, node.textContent));
    } else {
      preamble.append(node);
    }
  }
  // the text before the first section says where the rules come from: kept, folded away
  const at = out.findIndex((el) => el.tagName === "DETAILS");
  if (preamble.childElementCount > 1 && !out.includes(preamble)) out.splice(Math.max(at, 0), 0, preamble);
  return out;
}

/** One sample of each kind of card with its text, then every card type by kind. */
function cardReference(cards) {
  const catalogue = new Catalogue(cards);
  const kinds = new Map();
  for (const card of catalogue.cards) {
    if (!kinds.has(card.kind)) kinds.set(card.kind, []);
    kinds.get(card.kind).push(card);
  }
  const list = h("div", { class: "card-reference" });
  for (const [kind, members] of kinds) {
    const texts = [...new Set(members.map((c) => c.text).filter(Boolean))];
    list.append(
      h(
        "section",
        { class: "card-kind" },
        h("h3", {}, kind.replace(/_/g, " ") + " (" + ngettext("{n} type", "{n} types", members.length) + ")"),
        texts.map((t) => h("p", {}, t)),
        h("div", { class: "card-row" }, members.slice(0, 40).map((c) => cardFace(c, { size: "sm" }))),
      ),
    );
  }
  return list;
}

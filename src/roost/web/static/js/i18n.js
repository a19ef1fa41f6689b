// The web client's own words in the reader's language, from the same gettext catalogue as the
// terminal (src/roost/i18n), compiled to /static/i18n/<lang>.json by `make catalogues`.
//
// The language: the one chosen with the header's switch (remembered in localStorage), else the
// signed-in account's (prefs.js keeps it, account.js stores a choice on the account), else the
// first of the browser's languages (navigator.languages, which is what it sends as
// Accept-Language) that Roost speaks, else English. `?lang=xx` in the address picks one for that
// page alone (the tests use it for the pseudo-locale en-XA). Read in the page, the choice needs
// no server side: index.html stays one static, cacheable file.
//
//   _("Seat {n}", { n: 2 })                    a message, its {placeholders} filled
//   ngettext("{n} player", "{n} players", n)   the form for n by the language's CLDR plural
//                                              rule (Intl.PluralRules); {n} is n, formatted
//   pgettext("Eggo card", "Draw 2")            a word of the game's vocabulary, by context
//   renderMessage(line.msg)                    an engine message (roost.core.message's JSON)
//   formatNumber(1234.5), formatDate(seconds)  by the language's conventions (Intl)
//
// Call them when a page is drawn, never at a module's top level: the catalogue is loaded
// (initI18n) before the first page is drawn but after the modules are imported.

import { accountLanguage } from "./prefs.js";

const KEY = "roost.lang";
export const LANGUAGES = Object.freeze({ en: "English", es: "Español" });
const EXTRA = new Set(["en-XA"]); // the pseudo-locale: loadable by ?lang=, not offered

let lang = "en";
let catalogue = { language: "en", plural_forms: {}, messages: {}, plurals: {} };
let pluralRules = new Intl.PluralRules("en");

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function supported(tag) {
  if (!tag) return null;
  if (EXTRA.has(tag)) return tag;
  const base = String(tag).toLowerCase().split(/[-_]/)[0];
  return base in LANGUAGES ? base : null;
}

/** The language this page should be in (see the module's comment for the order). */
export function chosenLanguage() {
  const fromUrl = supported(new URLSearchParams(location.search).get("lang"));
  if (fromUrl) return fromUrl;
  const saved = supported(storage()?.getItem(KEY));
  if (saved) return saved;
  const account = supported(accountLanguage());
  if (account) return account;
  for (const tag of navigator.languages || [navigator.language]) {
    const found = supported(tag);
    if (found) return found;
  }
  return "en";
}

/** Load the chosen language's catalogue (English needs none); on failure, English. */
export async function initI18n() {
  const wanted = chosenLanguage();
  if (wanted !== "en") {
    try {
      const response = await fetch(`/static/i18n/${wanted}.json`);
      if (!response.ok) throw new Error(`${response.status}`);
      catalogue = await response.json();
      lang = wanted;
    } catch (error) {
      console.warn(`no catalogue for ${wanted}; English instead`, error);
    }
  }
  pluralRules = new Intl.PluralRules(catalogue.language || "en");
  document.documentElement.lang = lang;
  return lang;
}

export function language() {
  return lang;
}

let keepOnAccount = null;

/** How a choice also reaches the signed-in account (account.js sets it). */
export function keepLanguageWith(store) {
  keepOnAccount = store;
}

/** Choose a language for this browser from now on, and for the account when signed in (the
 * page reloads in it). */
export async function setLanguage(code) {
  if (!(code in LANGUAGES)) throw new Error(`no language ${code}`);
  storage()?.setItem(KEY, code);
  try {
    await keepOnAccount?.(code);
  } catch (error) {
    console.warn("the account did not take the language", error); // this browser still did
  }
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.assign(url.toString());
}

function fill(text, vars) {
  if (!vars) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    name in vars ? String(typeof vars[name] === "number" ? formatNumber(vars[name]) : vars[name]) : whole,
  );
}

/** `msgid` in the page's language, its {placeholders} filled from `vars`. */
export function _(msgid, vars) {
  return fill(catalogue.messages[msgid] || msgid, vars);
}

/** `msgid` in the page's language as a word of `context` (gettext's pgettext: a card's name). */
export function pgettext(context, msgid, vars) {
  return fill(catalogue.messages[`${context}\u0004${msgid}`] || msgid, vars);
}

/**
 * A message of the engine (roost.core.message's JSON: `{t, f, p?, n?}`, a term `{c, s}`, a
 * listing `{l}`, or a plain string or number) as text in the page's language: the template
 * translated as one msgid, and every field that is words translated before it is put in.
 */
export function renderMessage(data) {
  if (data === null || data === undefined) return "";
  if (typeof data === "string") return data;
  if (typeof data === "number") return formatNumber(data);
  if ("l" in data) return renderListing(data.l);
  if ("c" in data) return pgettext(data.c, data.s);
  const fields = {};
  for (const [name, value] of Object.entries(data.f || {})) fields[name] = renderMessage(value);
  let template;
  if (data.p !== undefined) {
    const forms = catalogue.plurals[data.t];
    if (forms) {
      const index = catalogue.plural_forms[pluralRules.select(data.n)] ?? forms.length - 1;
      template = forms[index] ?? forms[forms.length - 1];
    } else {
      template = data.n === 1 ? data.t : data.p;
    }
  } else {
    template = catalogue.messages[data.t] || data.t;
  }
  return fill(template, fields);
}

function renderListing(items) {
  const texts = items.map(renderMessage);
  let said = texts[0] ?? "";
  for (let i = 1; i < texts.length; i++) {
    const join = i === texts.length - 1 ? "{head} and {item}" : "{head}, {item}";
    said = fill(catalogue.messages[join] || join, { head: said, item: texts[i] });
  }
  return said;
}

/** The form of a message for `n` (CLDR plural rules); {n} and `vars` filled. */
export function ngettext(singular, plural, n, vars) {
  const forms = catalogue.plurals[singular];
  let text;
  if (forms) {
    const index = catalogue.plural_forms[pluralRules.select(n)] ?? forms.length - 1;
    text = forms[index] ?? forms[forms.length - 1];
  } else {
    text = pluralRules.select(n) === "one" ? singular : plural;
  }
  return fill(text, { n, ...vars });
}

/** A number written the page language's way. */
export function formatNumber(value, options) {
  return new Intl.NumberFormat(intlTag(), options).format(value);
}

/** A date and time (from seconds since the epoch) written the page language's way. */
export function formatDate(seconds, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(intlTag(), options).format(new Date(seconds * 1000));
}

/** A time of day (from seconds since the epoch), the page language's way. */
export function formatTime(seconds) {
  return formatDate(seconds, { timeStyle: "short" });
}

function intlTag() {
  return lang === "es" ? "es-ES" : "en";
}

/** The header's switch: English / Español, the current one marked. */
export function languageSwitch(h) {
  const base = lang.split("-")[0];
  return h(
    "div",
    { class: "lang-switch", role: "group", "aria-label": _("Language") },
    Object.entries(LANGUAGES).map(([code, name]) =>
      h(
        "button",
        {
          type: "button",
          class: ["lang-option", code === base && "current"],
          lang: code,
          title: name,
          "aria-label": name,
          "aria-pressed": code === base ? "true" : "false",
          onclick: () => {
            if (code !== base || lang !== base) setLanguage(code);
          },
        },
        h("span", { class: "lang-long" }, name),
        h("span", { class: "lang-short", "aria-hidden": "true" }, code.toUpperCase()),
      ),
    ),
  );
}

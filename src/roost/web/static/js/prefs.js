// What this browser remembers of a person's choices at the table: sounds on or off, browser
// notifications, and whether to be asked even when "let it happen" is the only answer to a
// reaction window (docs/protocol.md, the `prefs` frame). Kept in localStorage; a change is
// announced with a "roost:prefs" event so every part of the page can follow it.
// Also the signed-in account's language, as the server last said it (accountLanguage).

const KEY = "roost.prefs";
const DEFAULTS = Object.freeze({ sound: true, notify: false, alwaysAsk: false });

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The current preferences (the defaults for anything never set or unreadable). */
export function prefs() {
  let saved = {};
  try {
    saved = JSON.parse(storage()?.getItem(KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) if (typeof saved[key] === "boolean") out[key] = saved[key];
  return out;
}

export function setPref(name, value) {
  if (!(name in DEFAULTS)) throw new Error(`no preference ${name}`);
  const next = { ...prefs(), [name]: Boolean(value) };
  storage()?.setItem(KEY, JSON.stringify(next));
  window.dispatchEvent(new CustomEvent("roost:prefs", { detail: { name, value: next[name], prefs: next } }));
  return next;
}

const ACCOUNT_LANGUAGE = "roost.lang.account";

/** The language stored on the signed-in account, as the server last said it (null: none, or
 * nobody signed in). i18n.js reads it before the page is drawn, so a browser opens in the
 * account's language without waiting for GET /api/account. */
export function accountLanguage() {
  return storage()?.getItem(ACCOUNT_LANGUAGE) || null;
}

/** Keep the account's language (null forgets it); true if that changed what was kept. */
export function setAccountLanguage(code) {
  const before = accountLanguage();
  const store = storage();
  if (!store) return false;
  try {
    if (code) store.setItem(ACCOUNT_LANGUAGE, code);
    else store.removeItem(ACCOUNT_LANGUAGE);
  } catch {
    return false;
  }
  return accountLanguage() !== before;
}

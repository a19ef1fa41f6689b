// Accounts in the browser (docs/protocol.md, "Accounts"): who is signed in, the top bar's
// Sign in / Sign up buttons or the account's links, and the dialogs to sign up, sign in,
// change the password, sign out (here or everywhere) and delete the account.
//
// The session lives in an HttpOnly cookie the page never reads; the page keeps only the
// session's CSRF token (from GET /api/account), which api.js sends with every change. Guest
// seats this browser holds are sent along at sign-up and sign-in: they become the account's.
//
// The account's language: the header's switch, used while signed in, stores the choice on the
// account too (POST /api/account/language), and a browser that signs in opens in the account's
// language from then on, unless its own switch chose one (i18n.js's order). prefs.js keeps
// the account's language for i18n.js, which reads it before the account is asked for.

import { ApiError, api, heldSeats, setCsrf, setPlayerName } from "./api.js";
import { openDialog } from "./dialog.js";
import { h, mount, toast } from "./dom.js";
import { _, chosenLanguage, keepLanguageWith, language, ngettext } from "./i18n.js";
import { setAccountLanguage } from "./prefs.js";

let account = null;

/** Store a language chosen with the header's switch on the signed-in account (a guest's
 * choice stays in the browser alone). */
async function storeLanguage(code) {
  if (!account) return;
  account = await api("/account/language", { method: "POST", body: { language: code } });
  setAccountLanguage(account.language);
}

keepLanguageWith(storeLanguage);

/** The account as the server gave it: its language kept for the next pages. A browser's own
 * switch choice made before the account had one goes onto the account (a choice made signed
 * out, then signing up, is kept). */
async function adopt(answer) {
  account = answer;
  const local = localChoice();
  if (account && !account.language && local) {
    try {
      await storeLanguage(local);
    } catch (error) {
      console.warn("the account did not take the language", error);
    }
  }
  return setAccountLanguage(account ? account.language : null);
}

function localChoice() {
  try {
    return window.localStorage.getItem("roost.lang");
  } catch {
    return null;
  }
}

/** The signed-in account ({name, created_at}) or null (a guest). */
export function currentAccount() {
  return account;
}

/** Ask the server who this browser is, then draw the top bar's account links. */
export async function initAccount() {
  let me = { account: null, csrf: null };
  try {
    me = await api("/account");
  } catch {
    me = { account: null, csrf: null };
  }
  setCsrf(me.csrf);
  const changed = await adopt(me.account);
  if (account) setPlayerName(account.name);
  // the account's language changed on another browser: this page follows it, unless its own
  // switch (or ?lang=) chose (only a change reloads, so a missing catalogue cannot loop)
  if (account && changed && chosenLanguage() !== language()) {
    location.reload();
    return account;
  }
  renderBar();
  return account;
}

function renderBar() {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  let nav = bar.querySelector("#account-nav");
  if (!nav) {
    nav = h("nav", { id: "account-nav", class: "account-nav", "aria-label": _("Account") });
    bar.append(nav);
  }
  if (account) {
    mount(
      nav,
      h("a", { class: "account-name", href: `/u/${encodeURIComponent(account.name)}`, title: _("Your profile") }, account.name),
      h("a", { class: "button small ghost my-games", href: "/me/games" }, _("My games")),
      h("button", { type: "button", class: "button small ghost", id: "account-menu", onclick: accountDialog }, _("Account")),
    );
  } else {
    mount(
      nav,
      h("button", { type: "button", class: "button small ghost", id: "sign-in", onclick: () => signDialog("in") }, _("Sign in")),
      h("button", { type: "button", class: "button small primary", id: "sign-up", onclick: () => signDialog("up") }, _("Sign up")),
    );
  }
}

function field(id, label, input, help) {
  const helpId = help ? `${id}-help` : undefined;
  if (helpId) input.setAttribute("aria-describedby", helpId);
  return h("div", { class: "field" }, h("label", { for: id }, label), input, help ? h("p", { class: "help", id: helpId }, help) : null);
}

function errorLine() {
  return h("p", { class: "form-error", role: "alert" });
}

/** Sign up (`mode` "up") or sign in ("in"). */
export function signDialog(mode) {
  const up = mode === "up";
  const name = h("input", { id: "account-name", type: "text", autocomplete: "username", maxlength: up ? "24" : "64", required: true, spellcheck: "false" });
  const password = h("input", {
    id: "account-password",
    type: "password",
    autocomplete: up ? "new-password" : "current-password",
    maxlength: "1024",
    required: true,
  });
  const error = errorLine();
  const seats = heldSeats();
  const submit = async () => {
    error.textContent = "";
    try {
      const answer = await api(up ? "/account/signup" : "/account/signin", {
        method: "POST",
        body: { name: name.value.trim(), password: password.value, seats },
      });
      setCsrf(answer.csrf);
      await adopt(answer.account);
      setPlayerName(account.name);
      renderBar();
      toast(up ? _("Welcome, {name}!", { name: account.name }) : _("Signed in as {name}.", { name: account.name }), "info");
      setTimeout(() => location.reload(), 300);
      return true;
    } catch (err) {
      error.textContent = err instanceof ApiError ? err.message : String(err);
      password.focus();
      return false;
    }
  };
  const form = h(
    "form",
    { class: "account-form", onsubmit: (e) => { e.preventDefault(); dialog.el.querySelector('[data-key="submit"]')?.click(); } },
    field("account-name", _("User name"), name, up ? _("3 to 24 letters, digits, _ or -. Shown on your profile and at the tables.") : null),
    field("account-password", _("Password"), password, up ? _("At least 8 characters; not one of the common passwords. A phrase of a few words is good.") : null),
    up && seats.length ? h("p", { class: "help" }, ngettext("The seat you hold in this browser, with its game, will be yours.", "The {n} seats you hold in this browser, with their games, will be yours.", seats.length)) : null,
    error,
    h("button", { type: "submit", hidden: true, tabindex: "-1" }),
  );
  const dialog = openDialog({
    title: up ? _("Sign up") : _("Sign in"),
    body: form,
    id: up ? "sign-up-dialog" : "sign-in-dialog",
    buttons: [
      { label: _("Cancel"), key: "cancel" },
      { label: up ? _("Sign up") : _("Sign in"), key: "submit", primary: true, onclick: submit },
    ],
  });
  name.focus();
  return dialog;
}

function accountDialog() {
  const current = h("input", { id: "current-password", type: "password", autocomplete: "current-password", maxlength: "1024" });
  const fresh = h("input", { id: "new-password", type: "password", autocomplete: "new-password", maxlength: "1024" });
  const confirm = h("input", { id: "delete-password", type: "password", autocomplete: "current-password", maxlength: "1024" });
  const error = errorLine();
  const run = async (path, body, done) => {
    error.textContent = "";
    try {
      await api(path, { method: "POST", body });
      done();
      return true;
    } catch (err) {
      error.textContent = err.message;
      return false;
    }
  };
  const signedOut = (text) => () => {
    account = null;
    setCsrf(null);
    setAccountLanguage(null);
    toast(text, "info");
    setTimeout(() => location.assign("/"), 300);
  };
  const body = h(
    "div",
    { class: "account-dialog" },
    h("p", {}, _("Signed in as {name}.", { name: account.name })),
    h(
      "p",
      { class: "row small-buttons" },
      h("a", { class: "button small", href: `/u/${encodeURIComponent(account.name)}` }, _("Your profile")),
      h("a", { class: "button small", href: "/me/games" }, _("My games")),
    ),
    h(
      "div",
      { class: "row small-buttons" },
      h("button", { type: "button", class: "button small", id: "sign-out", onclick: () => run("/account/signout", undefined, signedOut(_("Signed out."))) }, _("Sign out")),
      h(
        "button",
        { type: "button", class: "button small", id: "sign-out-everywhere", onclick: () => run("/account/signout-everywhere", undefined, signedOut(_("Signed out on every device."))) },
        _("Sign out everywhere"),
      ),
    ),
    h(
      "fieldset",
      { class: "password-change" },
      h("legend", {}, _("Change the password")),
      field("current-password", _("Current password"), current),
      field("new-password", _("New password"), fresh, _("Every other device is signed out.")),
      h(
        "button",
        {
          type: "button",
          class: "button small",
          id: "change-password",
          onclick: async () => {
            error.textContent = "";
            try {
              const answer = await api("/account/password", { method: "POST", body: { password: current.value, new_password: fresh.value } });
              setCsrf(answer.csrf);
              current.value = fresh.value = "";
              toast(_("The password is changed; other devices are signed out."), "info");
            } catch (err) {
              error.textContent = err.message;
            }
          },
        },
        _("Change the password"),
      ),
    ),
    h(
      "fieldset",
      { class: "danger" },
      h("legend", {}, _("Delete the account")),
      h("p", { class: "help" }, _("Your games stay, under the name “deleted player”; your ratings and profile go.")),
      field("delete-password", _("Your password, to confirm"), confirm),
      h(
        "button",
        {
          type: "button",
          class: "button small danger",
          id: "delete-account",
          onclick: () => run("/account/delete", { password: confirm.value }, signedOut(_("The account is deleted."))),
        },
        _("Delete my account"),
      ),
    ),
    error,
  );
  openDialog({ title: _("Your account"), body, id: "account-dialog", buttons: [{ label: _("Close"), key: "close" }] });
}

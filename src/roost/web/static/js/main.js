// The web client's entry point: one page (index.html) for every route, chosen by the path.
//   /             the lobby
//   /t/{id}       a table (the waiting room, then the game)
//   /replay/{id}  the replay of a finished game
//   /u/{name}     a player's profile;  /me/games  my games;  /leaderboard/{game}
//   /learn/{game} a new tutorial table of the game (then /t/{id})

import { initAccount } from "./account.js";
import { h, icon, mount } from "./dom.js";
import { _, initI18n, languageSwitch } from "./i18n.js";
import { learnPage } from "./learn.js";
import { lobbyPage } from "./lobby.js";
import { leaderboardPage, myGamesPage, profilePage } from "./profile.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";

async function route() {
  const root = document.getElementById("main");
  await initI18n();
  chrome();
  const brand = document.querySelector(".brand");
  if (brand && !brand.querySelector("svg")) brand.prepend(icon("egg"));
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let m;
  try {
    await initAccount();
    if (path === "/") await lobbyPage(root);
    else if ((m = path.match(/^\/t\/([A-Za-z0-9_-]{1,64})$/))) await tablePage(root, m[1]);
    else if ((m = path.match(/^\/replay\/([A-Za-z0-9_-]{1,64})$/))) await replayPage(root, m[1]);
    else if ((m = path.match(/^\/u\/([A-Za-z0-9_-]{1,64})$/))) await profilePage(root, m[1]);
    else if (path === "/me/games") await myGamesPage(root);
    else if ((m = path.match(/^\/leaderboard\/([A-Za-z0-9_-]{1,64})$/))) await leaderboardPage(root, m[1]);
    else if ((m = path.match(/^\/learn\/([a-z0-9-]{1,64})$/))) await learnPage(root, m[1]);
    else mount(root, h("section", { class: "panel narrow" }, h("h1", {}, _("Page not found")), h("a", { class: "button primary", href: "/" }, _("Go to the lobby"))));
  } catch (error) {
    console.error(error);
    mount(root, h("section", { class: "panel narrow" }, h("h1", {}, _("Something went wrong")), h("p", {}, String(error.message || error)), h("a", { class: "button", href: "/" }, _("Go to the lobby"))));
  }
  document.body.dataset.ready = "true";
}

/** index.html's own words in the page's language, and the language switch in the header. */
function chrome() {
  const set = (selector, text, attribute) => {
    const el = document.querySelector(selector);
    if (!el) return;
    if (attribute) el.setAttribute(attribute, text);
    else el.textContent = text;
  };
  set(".skip-link", _("Skip to the content"));
  set(".brand", _("Roost: back to the lobby"), "aria-label");
  set(".tagline", _("egg card games"));
  const bar = document.querySelector(".topbar");
  if (bar && !bar.querySelector(".lang-switch")) bar.append(languageSwitch(h));
}

route();

// Players who come back: a profile (/u/NAME: each game's rating with its history as a plot,
// games played and won, and their finished games), "My games" (/me/games) and each game's
// leaderboard (/leaderboard/GAME). Every name is shown as text.

import { api } from "./api.js";
import { currentAccount } from "./account.js";
import { h, mount } from "./dom.js";
import { _, formatDate, ngettext } from "./i18n.js";

function when(seconds) {
  return formatDate(seconds);
}

function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

function failed(root, error) {
  const missing = error.status === 404;
  mount(
    root,
    h(
      "section",
      { class: "panel narrow" },
      h("h1", {}, missing ? _("Nobody by that name") : _("This page cannot be shown")),
      h("p", {}, error.message),
      h("a", { class: "button", href: "/" }, _("Go to the lobby")),
    ),
  );
}

/** The rating history as an inline SVG line (no library), with a text summary for readers. */
export function ratingPlot(rating, name) {
  const points = [{ rating: 1000 }, ...rating.history];
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values) - 20;
  const hi = Math.max(...values) + 20;
  const width = 320;
  const height = 120;
  const x = (i) => (points.length === 1 ? width / 2 : 8 + (i * (width - 16)) / (points.length - 1));
  const y = (v) => height - 8 - ((v - lo) * (height - 16)) / (hi - lo || 1);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "rating-plot");
  svg.setAttribute("role", "img");
  svg.setAttribute(
    "aria-label",
    ngettext("{name}'s rating in {game}: from 1000 to {rating} over {n} rated game", "{name}'s rating in {game}: from 1000 to {rating} over {n} rated games", rating.history.length, { name, game: rating.title, rating: String(rating.rating) }),
  );
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "));
  line.setAttribute("class", "rating-line");
  svg.append(line);
  for (const [i, p] of points.entries()) {
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x(i).toFixed(1));
    dot.setAttribute("cy", y(p.rating).toFixed(1));
    dot.setAttribute("r", "2.5");
    dot.setAttribute("class", "rating-dot");
    svg.append(dot);
  }
  return svg;
}

function gamesTable(games) {
  if (!games.length) return h("p", { class: "muted empty" }, _("No finished games yet."));
  return h(
    "table",
    { class: "games-table" },
    h("caption", { class: "sr-only" }, _("Finished games, newest first")),
    h(
      "thead",
      {},
      h("tr", {}, [_("Game"), _("Result"), _("Players"), _("Rating"), _("Date"), ""].map((t) => h("th", { scope: "col" }, t))),
    ),
    h(
      "tbody",
      {},
      games.map((g) =>
        h(
          "tr",
          { class: g.won ? "won" : "lost" },
          h("td", {}, g.title, g.rated ? h("span", { class: "chip rated" }, "rated") : null),
          h("td", {}, g.won ? _("won") : g.place ? _("place {n}", { n: g.place }) : _("lost")),
          h(
            "td",
            { class: "players" },
            g.players.map((p, i) => [
              i ? ", " : "",
              p.type === "bot"
                ? { easy: _("easy bot"), medium: _("medium bot"), hard: _("hard bot") }[p.level] || `${p.level} bot`
                : p.signed_in && p.name
                  ? h("a", { href: `/u/${encodeURIComponent(p.name)}`, class: p.seat === g.seat ? "me" : null }, h("bdi", {}, p.name))
                  : h("bdi", { class: p.seat === g.seat ? "me" : null }, p.name || _("open seat")),
            ]),
          ),
          h(
            "td",
            {},
            g.rating_after === null ? "—" : `${g.rating_after} (${g.rating_after >= g.rating_before ? "+" : ""}${g.rating_after - g.rating_before})`,
          ),
          h("td", {}, when(g.finished_at)),
          h("td", {}, h("a", { class: "button small", href: g.replay_url, "aria-label": _("Replay the game of {date}", { date: when(g.finished_at) }) }, _("Replay"))),
        ),
      ),
    ),
  );
}

async function gamesSection(name, title) {
  const box = h("div", { class: "games-list" });
  let before = null;
  const more = h("button", { type: "button", class: "button small", hidden: true }, _("Older games"));
  const rows = [];
  async function load() {
    const page = await api(`/users/${encodeURIComponent(name)}/games${before ? `?before=${before}` : ""}`);
    rows.push(...page.games);
    before = page.next_before;
    mount(box, gamesTable(rows));
    more.hidden = before === null;
  }
  more.addEventListener("click", load);
  await load();
  return h("section", { class: "panel", "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, title), box, more);
}

export async function profilePage(root, name) {
  document.title = `${name}: Roost`;
  mount(root, h("p", { class: "loading" }, _("Loading the profile…")));
  let profile;
  let games;
  try {
    profile = await api(`/users/${encodeURIComponent(name)}`);
    games = await gamesSection(profile.name, _("Games"));
  } catch (error) {
    failed(root, error);
    return;
  }
  document.title = `${profile.name}: Roost`;
  const ratings = profile.ratings.map((r) =>
    h(
      "li",
      { class: "rating-card" },
      h("h3", {}, r.title),
      h("p", { class: "rating-number" }, h("span", { class: "big" }, ratingText(r)), r.provisional ? h("span", { class: "muted small" }, " " + ngettext("provisional ({n} rated game of 10)", "provisional ({n} rated games of 10)", r.rated_games)) : h("span", { class: "muted small" }, " " + ngettext("{n} rated game", "{n} rated games", r.rated_games))),
      ratingPlot(r, profile.name),
      h("a", { class: "small", href: `/leaderboard/${r.game}` }, _("Leaderboard")),
    ),
  );
  mount(
    root,
    h(
      "div",
      { class: "profile" },
      h(
        "section",
        { class: "panel", "aria-labelledby": "profile-title" },
        h("h1", { id: "profile-title" }, h("bdi", {}, profile.name)),
        h("p", { class: "muted" }, `Playing since ${new Date(profile.created_at * 1000).toLocaleDateString()}`),
        h(
          "ul",
          { class: "stats" },
          profile.stats.length
            ? profile.stats.map((s) => h("li", {}, h("strong", {}, s.title), ": " + ngettext("{n} game", "{n} games", s.played) + ", " + ngettext("{n} win", "{n} wins", s.wins)))
            : h("li", { class: "muted" }, _("No finished games yet.")),
        ),
        h("h2", {}, _("Ratings")),
        ratings.length ? h("ul", { class: "rating-cards" }, ratings) : h("p", { class: "muted" }, _("No rated games yet.")),
      ),
      games,
    ),
  );
}

export async function myGamesPage(root) {
  document.title = _("My games: Roost");
  const me = currentAccount();
  if (!me) {
    mount(
      root,
      h(
        "section",
        { class: "panel narrow" },
        h("h1", {}, _("My games")),
        h("p", {}, _("Sign in (top of the page) to see your games on every device.")),
        h("a", { class: "button", href: "/" }, _("Go to the lobby")),
      ),
    );
    return;
  }
  mount(root, h("p", { class: "loading" }, _("Loading your games…")));
  try {
    const section = await gamesSection(me.name, _("My games"));
    mount(root, h("div", { class: "profile" }, section));
  } catch (error) {
    failed(root, error);
  }
}

export async function leaderboardPage(root, game) {
  mount(root, h("p", { class: "loading" }, _("Loading the leaderboard…")));
  let board;
  let games;
  try {
    [board, games] = await Promise.all([api(`/leaderboard/${encodeURIComponent(game)}`), api("/games")]);
  } catch (error) {
    failed(root, error);
    return;
  }
  document.title = _("{game} leaderboard: Roost", { game: board.title });
  mount(
    root,
    h(
      "section",
      { class: "panel leaderboard", "aria-labelledby": "board-title" },
      h("h1", { id: "board-title" }, _("{game}: leaderboard", { game: board.title })),
      h("nav", { class: "row small-buttons", "aria-label": _("Other games") }, games.filter((g) => g.name !== board.game).map((g) => h("a", { class: "button small ghost", href: `/leaderboard/${g.name}` }, g.title))),
      h("p", { class: "help" }, _("Signed-in players with at least {n} rated games. A rating is 1000 + 40 × openskill's ordinal (μ − 3σ).", { n: board.min_games })),
      board.entries.length
        ? h(
            "table",
            { class: "games-table" },
            h("thead", {}, h("tr", {}, ["#", _("Player"), _("Rating"), _("Rated games")].map((t) => h("th", { scope: "col" }, t)))),
            h(
              "tbody",
              {},
              board.entries.map((e) =>
                h("tr", {}, h("td", {}, String(e.rank)), h("td", {}, h("a", { href: `/u/${encodeURIComponent(e.name)}` }, h("bdi", {}, e.name))), h("td", {}, String(e.rating)), h("td", {}, String(e.rated_games))),
              ),
            ),
          )
        : h("p", { class: "muted empty" }, _("Nobody has played 10 rated games of this game yet.")),
    ),
  );
}

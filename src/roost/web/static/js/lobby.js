// The lobby (/): pick a game, set the players, parameters and seats, create the table; list
// the tables to join, watch or replay.

import { currentAccount } from "./account.js";
import { api, claim, mySeat, mySeatTables, playerName, rememberSeat, setPlayerName } from "./api.js";
import { displayNames, loadGameModule } from "./common.js";
import { showRules } from "./dialog.js";
import { capitalize, h, icon, mount, reconnecting, toast } from "./dom.js";
import { _, ngettext } from "./i18n.js";
import { playNowButton, tableChoices, tableChoicesBody } from "./quickplay.js";

function clocks() {
  return [
    [null, _("No clock")],
    [30, ngettext("{n} second a move", "{n} seconds a move", 30)],
    [60, ngettext("{n} minute a move", "{n} minutes a move", 1)],
    [120, ngettext("{n} minute a move", "{n} minutes a move", 2)],
    [300, ngettext("{n} minute a move", "{n} minutes a move", 5)],
  ];
}

function words(name) {
  return capitalize(name.replace(/_/g, " "));
}

function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 60) return _("just now");
  if (s < 3600) return _("{n} min ago", { n: Math.floor(s / 60) });
  if (s < 86400) return _("{n} h ago", { n: Math.floor(s / 3600) });
  return _("{n} d ago", { n: Math.floor(s / 86400) });
}

export async function lobbyPage(root) {
  document.title = _("Roost: egg card games with friends");
  mount(root, h("p", { class: "loading" }, _("Loading the games…")));
  let games;
  try {
    games = await api("/games");
  } catch (error) {
    mount(root, h("section", { class: "panel narrow" }, h("h1", {}, _("The server cannot be reached")), h("p", {}, error.message)));
    return;
  }
  const blurbs = new Map();
  const tutorials = new Set();
  try {
    for (const t of await api("/tutorials")) tutorials.add(t.game);
  } catch {
    /* no Learn links then */
  }
  await Promise.all(
    games.map(async (g) => {
      try {
        const mod = await loadGameModule(g.name);
        blurbs.set(g.name, mod.blurb || "");
      } catch {
        blurbs.set(g.name, "");
      }
    }),
  );
  const chosenFromUrl = new URLSearchParams(location.search).get("game");
  const state = {
    game: games.find((g) => g.name === chosenFromUrl) || games[0],
    players: null,
    params: {},
    seats: [],
    clock: null,
    tab: "open",
    public: true,
    fillAfter: null,
    rated: false,
  };
  const account = currentAccount();

  const nameInput = h("input", {
    id: "player-name",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
    placeholder: _("e.g. Ana"),
    value: account ? account.name : playerName(),
    readonly: account ? true : undefined,
    onchange: (e) => setPlayerName(e.target.value.trim()),
  });
  const quick = { name: () => nameInput.value.trim(), rated: () => state.rated, nameInput };

  const picker = h("div", { class: "game-picker", role: "radiogroup", "aria-label": _("Game") });
  const form = h("div", { class: "table-form" });
  const tablesBox = h("div", { class: "table-list", "aria-live": "polite" });
  const tabs = h("div", { class: "tabs", role: "tablist", "aria-label": _("Which tables") });

  function renderPicker() {
    mount(
      picker,
      games.map((g) => {
        const checked = g.name === state.game.name;
        // each tile with a way to learn the game: a guided first game (learn.js)
        const learn = tutorials.has(g.name)
          ? h("a", { class: "tile-learn", href: `/learn/${g.name}`, "aria-label": _("Learn {game}: a guided first game", { game: g.title }) }, icon("book"), _("Learn"))
          : null;
        const tile = h(
          "label",
          { class: ["game-tile", checked && "checked", `tile-${g.name}`] },
          h("input", {
            type: "radio",
            name: "game",
            value: g.name,
            checked,
            onchange: () => {
              state.game = g;
              state.players = null;
              state.params = {};
              state.seats = [];
              renderPicker();
              renderForm();
            },
          }),
          h("span", { class: "tile-art", "aria-hidden": "true" }, icon("egg")),
          h("span", { class: "tile-title" }, g.title),
          h("span", { class: "tile-players" }, _("{min}–{max} players", { min: g.min_players, max: g.max_players })),
          blurbs.get(g.name) ? h("span", { class: "tile-blurb" }, blurbs.get(g.name)) : null,
        );
        return h("div", { class: "game-tile-wrap" }, tile, h("div", { class: "tile-actions" }, learn, playNowButton(g, quick)));
      }),
    );
  }

  function seatDefaults(n) {
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(state.seats[i] || (i === 0 ? "you" : i === 1 ? "open" : "bot:medium"));
    state.seats = seats;
  }

  function paramField(param) {
    const id = `param-${param.name}`;
    const value = state.params[param.name] ?? param.default;
    let input;
    if (param.type === "bool") {
      input = h("input", { id, type: "checkbox", checked: Boolean(value), onchange: (e) => { state.params[param.name] = e.target.checked; } });
    } else if (param.choices && param.choices.length) {
      input = h(
        "select",
        { id, onchange: (e) => { state.params[param.name] = param.type === "int" ? Number(e.target.value) : e.target.value; } },
        param.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, String(c).replace(/_/g, " "))),
      );
    } else if (param.type === "int" || param.type === "float") {
      input = h("input", {
        id,
        type: "number",
        value: String(value),
        min: param.minimum ?? undefined,
        max: param.maximum ?? undefined,
        step: param.type === "int" ? "1" : "any",
        onchange: (e) => { state.params[param.name] = Number(e.target.value); },
      });
    } else {
      input = h("input", { id, type: "text", value: String(value), onchange: (e) => { state.params[param.name] = e.target.value; } });
    }
    const helpId = `${id}-help`;
    input.setAttribute("aria-describedby", helpId);
    return h(
      "div",
      { class: ["field", param.type === "bool" && "check"] },
      h("label", { for: id }, words(param.name)),
      input,
      h("p", { class: "help", id: helpId }, param.help, param.accepts ? h("span", { class: "accepts" }, ` (${param.accepts})`) : null),
    );
  }

  function renderForm() {
    const game = state.game;
    const players = state.players ?? game.default_players;
    seatDefaults(players);
    const playersSelect = h(
      "select",
      {
        id: "players",
        onchange: (e) => {
          state.players = Number(e.target.value);
          renderForm();
          document.getElementById("players")?.focus();
        },
      },
      Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) =>
        h("option", { value: String(n), selected: n === players }, String(n)),
      ),
    );
    const seatRows = state.seats.map((choice, i) => {
      const options = [
        i === 0 ? ["you", _("You")] : null,
        ["open", _("Open: for a friend")],
        ["bot:easy", _("Bot: easy")],
        ["bot:medium", _("Bot: medium")],
        ["bot:hard", _("Bot: hard (thinks longer)")],
      ].filter(Boolean);
      return h(
        "li",
        { class: "seat-choice" },
        h("label", { for: `seat-${i}` }, _("Seat {n}", { n: i + 1 })),
        h(
          "select",
          { id: `seat-${i}`, onchange: (e) => { state.seats[i] = e.target.value; } },
          options.map(([value, label]) => h("option", { value, selected: value === choice }, label)),
        ),
      );
    });
    const allBots = () => {
      state.seats = state.seats.map((s, i) => (i === 0 ? s : "bot:medium"));
      renderForm();
    };
    const allOpen = () => {
      state.seats = state.seats.map((s, i) => (i === 0 ? s : "open"));
      renderForm();
    };
    const clockSelect = h(
      "select",
      { id: "clock", onchange: (e) => { state.clock = e.target.value ? Number(e.target.value) : null; } },
      clocks().map(([value, label]) => h("option", { value: value === null ? "" : String(value), selected: value === state.clock }, label)),
    );
    const params = game.params.filter((p) => p.name !== "players");
    mount(
      form,
      h("div", { class: "form-grid" },
        h(
          "div",
          { class: "field" },
          h("label", { for: "players" }, _("Players")),
          playersSelect,
          h("p", { class: "help" }, _("{min} to {max}; default {default}.", { min: game.min_players, max: game.max_players, default: game.default_players })),
        ),
        h(
          "div",
          { class: "field" },
          h("label", { for: "clock" }, _("Clock")),
          clockSelect,
          h("p", { class: "help" }, _("When a player's time runs out, a bot makes that move for them.")),
        ),
      ),
      h(
        "fieldset",
        { class: "seats" },
        h("legend", {}, _("Seats")),
        h("ul", { class: "seat-choices" }, seatRows),
        h(
          "div",
          { class: "row small-buttons" },
          h("button", { type: "button", class: "button small ghost", onclick: allBots }, _("Fill the others with bots")),
          h("button", { type: "button", class: "button small ghost", onclick: allOpen }, _("Leave the others open")),
        ),
        h("p", { class: "help" }, _("Open seats wait for friends; the game starts when every seat is taken (or when you start it with bots).")),
      ),
      tableChoices(state),
      params.length
        ? h(
            "details",
            { class: "options" },
            h("summary", {}, _("Game options ({n})", { n: params.length })),
            h("div", { class: "form-grid" }, params.map(paramField)),
          )
        : null,
      h(
        "div",
        { class: "row create-row" },
        h("button", { type: "button", class: "button primary big", id: "create", onclick: create }, _("Create table")),
        h("button", { type: "button", class: "button ghost", onclick: () => showRules(game.name, { params: chosenParams(game) }) }, icon("book"), _("Rules")),
      ),
    );
  }

  /** The game options changed from their defaults (the players aside). */
  function chosenParams(game) {
    const params = {};
    for (const p of game.params) {
      if (p.name === "players") continue;
      if (p.name in state.params && state.params[p.name] !== p.default) params[p.name] = state.params[p.name];
    }
    return params;
  }

  async function create() {
    const game = state.game;
    const players = state.players ?? game.default_players;
    const me = state.seats[0] === "you";
    const name = nameInput.value.trim();
    if (me && !name) {
      toast(_("Type your name first (top of the page)."), "error");
      nameInput.focus();
      return;
    }
    const seats = state.seats.map((s) => (s === "you" || s === "open" ? { type: "open" } : { type: "bot", level: s.split(":")[1] }));
    const params = chosenParams(game);
    const body = { game: game.name, players, params, seats, ...tableChoicesBody(state) };
    if (state.clock) body.clock = state.clock;
    if (me) body.name = name;
    const button = document.getElementById("create");
    button.disabled = true;
    try {
      const grant = await claim("/tables", body, { onRetry: reconnecting });
      if (me) {
        setPlayerName(name);
        rememberSeat(grant.table.id, grant.seat, grant.token, name);
      }
      location.assign(`/t/${grant.table.id}`);
    } catch (error) {
      toast(error.message, "error", 6000);
      button.disabled = false;
    }
  }

  async function join(table) {
    const name = nameInput.value.trim();
    if (!name) {
      toast(_("Type your name first (top of the page)."), "error");
      nameInput.focus();
      return;
    }
    try {
      const grant = await claim(`/tables/${table.id}/join`, { name }, { onRetry: reconnecting });
      setPlayerName(name);
      rememberSeat(table.id, grant.seat, grant.token, name);
      location.assign(`/t/${table.id}`);
    } catch (error) {
      toast(error.message, "error");
      refresh();
    }
  }

  function tableRow(table) {
    const names = displayNames(table);
    const mine = mySeat(table.id);
    const open = table.seats.filter((s) => s.type === "open").length;
    const status = { waiting: ngettext("waiting for {n} player", "waiting for {n} players", open), playing: _("playing"), over: _("finished") }[table.status];
    const people = table.seats.map((s) =>
      h(
        "li",
        { class: ["who", s.type] },
        s.type === "bot" ? icon("bot") : s.type === "person" ? icon("person") : null,
        s.type === "open" ? _("open seat") : names[s.seat],
      ),
    );
    const buttons = [];
    if (mine && table.status !== "over") buttons.push(h("a", { class: "button primary small", href: `/t/${table.id}` }, _("Your seat")));
    else if (table.status === "waiting" && open) buttons.push(h("button", { type: "button", class: "button primary small", onclick: () => join(table) }, _("Join")));
    if (table.status === "over") buttons.push(h("a", { class: "button small", href: `/replay/${table.id}` }, _("Replay")));
    else if (!mine) buttons.push(h("a", { class: "button small", href: `/t/${table.id}` }, icon("eye"), _("Watch")));
    return h(
      "li",
      { class: ["table-row", `status-${table.status}`] },
      h(
        "div",
        { class: "table-row-main" },
        h("span", { class: "table-row-title" }, table.title),
        h("span", { class: ["status-chip", table.status] }, status),
        table.rated ? h("span", { class: "chip rated" }, _("rated")) : null,
        h("span", { class: "muted small" }, `${table.id} · ${ago(table.created_at)}`),
      ),
      h("ul", { class: "who-list", "aria-label": _("Seats") }, people),
      h("div", { class: "table-row-buttons" }, buttons),
    );
  }

  async function refresh() {
    let tables;
    try {
      tables = await api(`/tables?status=${state.tab === "over" ? "over" : "open"}`);
    } catch (error) {
      mount(tablesBox, h("p", { class: "error" }, error.message));
      return;
    }
    if (state.tab === "mine") {
      const ids = new Set(mySeatTables());
      tables = tables.filter((t) => ids.has(t.id));
    }
    mount(
      tablesBox,
      tables.length
        ? h("ul", { class: "tables" }, tables.map(tableRow))
        : h("p", { class: "muted empty" }, state.tab === "over" ? _("No finished games yet.") : _("No open tables right now. Create one above and invite your friends.")),
    );
  }

  function renderTabs() {
    mount(
      tabs,
      [
        ["open", _("Open and playing")],
        ["over", _("Finished")],
      ].map(([key, label]) =>
        h("button", {
          type: "button",
          role: "tab",
          class: "tab",
          "aria-selected": state.tab === key ? "true" : "false",
          onclick: () => {
            state.tab = key;
            renderTabs();
            refresh();
          },
        }, label),
      ),
    );
  }

  renderPicker();
  renderForm();
  renderTabs();
  mount(
    root,
    h(
      "div",
      { class: "lobby" },
      h(
        "section",
        { class: "hero" },
        h("h1", {}, _("Egg card games, with friends and bots")),
        h("p", { class: "lead" }, _("Create a table, send the link to your friends, and play in the browser. Bots take the seats nobody sits in.")),
        h("div", { class: "field inline name-field" }, h("label", { for: "player-name" }, _("Your name")), nameInput),
      ),
      h("section", { class: "panel new-table", "aria-labelledby": "new-title" }, h("h2", { id: "new-title" }, _("New table")), picker, form),
      h(
        "section",
        { class: "panel tables-panel", "aria-labelledby": "tables-title" },
        h("div", { class: "panel-head" }, h("h2", { id: "tables-title" }, _("Tables")), tabs),
        tablesBox,
      ),
    ),
  );
  await refresh();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, 5000);
  window.addEventListener("pagehide", () => clearInterval(timer), { once: true });
}

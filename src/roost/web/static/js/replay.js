// The replay page (/replay/{id}): a finished game step by step with a slider, from any seat's
// view, a spectator's, or the full deal; beside it a seat's review (review.js): its chances
// over the game, its marked moves, each a way to that moment.

import { api, gameDetail, mySeat } from "./api.js";
import { Catalogue } from "./cards.js";
import { ReplayChat } from "./chat.js";
import { displayNames, loadGameModule, nameChip, said, withNames } from "./common.js";
import { showRules } from "./dialog.js";
import { h, icon, joinWords, mount } from "./dom.js";
import { _ } from "./i18n.js";
import { ReviewPanel, markBadge } from "./review.js";

export async function replayPage(root, id) {
  mount(root, h("p", { class: "loading" }, _("Loading the replay…")));
  let info;
  try {
    info = await api(`/tables/${encodeURIComponent(id)}`);
  } catch (error) {
    mount(root, h("section", { class: "panel narrow" }, h("h1", {}, _("No such table")), h("p", {}, error.message), h("a", { class: "button primary", href: "/" }, _("Go to the lobby"))));
    return;
  }
  if (info.status !== "over") {
    mount(
      root,
      h(
        "section",
        { class: "panel narrow" },
        h("h1", {}, _("This game is not over yet")),
        h("p", {}, _("A replay can be watched once the game has ended. You can watch it live instead.")),
        h("a", { class: "button primary", href: `/t/${id}` }, _("Watch the game")),
      ),
    );
    return;
  }
  const [detail, module] = await Promise.all([gameDetail(info.game, info.params), loadGameModule(info.game)]);
  const catalogue = new Catalogue(detail.cards);
  const names = displayNames(info);
  const mine = mySeat(id);
  const params = new URLSearchParams(location.search);
  const state = {
    viewer: params.get("viewer") || (mine ? String(mine.seat) : "all"),
    at: 0,
    replay: null,
    views: new Map(),
    playing: null,
    chat: null,
  };
  document.title = _("Replay: {game} · Roost", { game: info.title });

  const viewerSelect = h(
    "select",
    { id: "viewer", onchange: (e) => setViewer(e.target.value) },
    h("option", { value: "all" }, _("Full deal: every card")),
    h("option", { value: "spectator" }, _("A spectator: public cards only")),
    info.seats.map((s) => h("option", { value: String(s.seat) }, _("{name}'s view", { name: names[s.seat] }))),
  );
  viewerSelect.value = state.viewer;
  const slider = h("input", { type: "range", id: "replay-slider", min: "0", max: "0", value: "0", "aria-label": _("Position in the game"), oninput: (e) => go(Number(e.target.value)) });
  const position = h("span", { class: "replay-position", "aria-live": "off" });
  const playButton = h("button", { type: "button", class: "icon-button", "aria-label": _("Play"), onclick: () => togglePlay() }, icon("play"));
  const board = h("section", { class: "board", "aria-label": _("The table at this moment") });
  const stepsList = h("ol", { class: "log-lines steps" });
  const caption = h("div", { class: "banner replay-caption", role: "status", "aria-live": "polite" });
  const chatSlot = h("div", { class: "chat-slot" });
  const review = new ReviewPanel(id, info, names, {
    viewer: () => state.viewer,
    go: (version) => go(version),
    token: mine?.token,
    changed: () => markSteps(),
  });

  const control = (name, label, fn) => h("button", { type: "button", class: "icon-button", "aria-label": label, title: label, onclick: fn }, icon(name));
  mount(
    root,
    h(
      "div",
      { class: ["table-page", "replay-page", `game-${info.game}`] },
      h(
        "div",
        { class: "table-head" },
        h("div", { class: "table-title" }, h("h1", {}, _("Replay: {game}", { game: info.title })), h("span", { class: "table-meta" }, _("Table {id} · seed {seed}", { id: info.id, seed: info.result?.seed_text ?? "?" }))),
        h(
          "div",
          { class: "head-tools" },
          h("a", { class: "button ghost", href: `/t/${info.id}` }, _("Final table")),
          h("button", { type: "button", class: "button ghost", onclick: () => showRules(info.game, { params: info.params }) }, icon("book"), _("Rules")),
        ),
      ),
      h(
        "div",
        { class: "replay-controls panel" },
        h("div", { class: "field inline" }, h("label", { for: "viewer" }, _("Seen by")), viewerSelect),
        h(
          "div",
          { class: "transport", role: "group", "aria-label": _("Replay controls") },
          control("first", _("Start of the game"), () => go(0)),
          control("prev", _("Previous move (left arrow)"), () => step(-1)),
          playButton,
          control("next", _("Next move (right arrow)"), () => step(1)),
          control("last", _("End of the game"), () => go(state.replay.steps.length)),
        ),
        h("div", { class: "slider-row" }, slider, position),
      ),
      caption,
      h("div", { class: "table-body" }, h("div", { class: "play-area" }, board), h("aside", { class: "side" }, review.el, h("section", { class: "log" }, h("h2", { class: "side-title" }, icon("list"), _("Moves")), h("div", { class: "log-scroll" }, stepsList)), chatSlot)),
    ),
  );

  document.addEventListener("keydown", (event) => {
    const tag = event.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || document.querySelector("dialog[open]")) return;
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(state.replay.steps.length);
    else if (event.key === " " && tag !== "BUTTON") togglePlay();
    else return;
    event.preventDefault();
  });

  async function setViewer(viewer) {
    state.viewer = viewer;
    state.views.clear();
    const url = new URL(location.href);
    url.searchParams.set("viewer", viewer);
    history.replaceState(null, "", url);
    review.viewerChanged();
    await load();
  }

  async function load() {
    try {
      state.replay = await api(`/tables/${id}/replay?viewer=${encodeURIComponent(state.viewer)}`);
    } catch (error) {
      mount(board, h("p", { class: "error" }, error.message));
      return;
    }
    const n = state.replay.steps.length;
    slider.max = String(n);
    renderSteps();
    markSteps();
    state.chat = new ReplayChat(id, state.replay.chat || []);
    mount(chatSlot, state.chat.el);
    const start = Number(new URLSearchParams(location.search).get("at"));
    await go(Number.isFinite(start) && start > 0 ? Math.min(start, n) : state.at || n);
  }

  function renderSteps() {
    const notes = state.replay.notes || [];
    const items = [];
    let k = 0;
    state.replay.steps.forEach((s, i) => {
      while (k < notes.length && notes[k].version <= i) {
        items.push(h("li", { class: "log-line log-note" }, withNames(said(notes[k]), names)));
        k++;
      }
      items.push(
        h(
          "li",
          { class: ["log-line", `log-${s.kind}`, "step"], dataset: { version: String(i + 1) } },
          h(
            "button",
            { type: "button", class: "step-link", onclick: () => go(i + 1) },
            s.kind === "move" && s.seat !== null ? [nameChip(names, s.seat), ": "] : null,
            withNames(said(s), names),
          ),
        ),
      );
    });
    mount(stepsList, items);
  }

  /** The reviewed seat's marks beside its moves in the list of steps. */
  function markSteps() {
    const marks = review.marks();
    for (const li of stepsList.querySelectorAll(".step")) {
      li.querySelector(".mark")?.remove();
      const mark = marks.get(Number(li.dataset.version) - 1);
      if (mark) li.querySelector(".step-link")?.append(" ", markBadge(mark));
    }
  }

  async function view(version) {
    if (!state.views.has(version)) {
      state.views.set(version, api(`/tables/${id}/replay/${version}?viewer=${encodeURIComponent(state.viewer)}`));
    }
    try {
      return await state.views.get(version);
    } catch (error) {
      state.views.delete(version);
      throw error;
    }
  }

  async function go(version) {
    const n = state.replay.steps.length;
    version = Math.max(0, Math.min(n, version));
    state.at = version;
    slider.value = String(version);
    let frame;
    try {
      frame = await view(version);
    } catch (error) {
      mount(board, h("p", { class: "error" }, error.message));
      return;
    }
    if (state.at !== version) return; // a later request won
    const last = version > 0 ? state.replay.steps[version - 1] : null;
    const lastText = last ? `${last.kind === "move" && last.seat !== null ? `${names[last.seat]}: ` : ""}${withNames(said(last), names)}` : _("The start of the game");
    position.textContent = `${version} / ${n}`;
    review.show(version);
    state.chat?.show(version);
    slider.setAttribute("aria-valuetext", _("Step {version} of {n}: {what}", { version, n, what: lastText }));
    const seat = /^\d+$/.test(state.viewer) ? Number(state.viewer) : null;
    const ctx = {
      obs: frame.observation,
      table: info,
      seat,
      names,
      who: (s) => names[s],
      catalogue,
      actions: [],
      options: [],
      option: () => null,
      choose: () => {},
      chooseAmong: () => {},
      toMove: frame.to_move,
      deadline: null,
      myTurn: false,
      pending: false,
      replay: true,
      tray: false,
      omniscient: state.viewer === "all",
      ui: {},
      rerender: () => {},
      log: [],
    };
    let drawn;
    try {
      drawn = module.board(ctx);
    } catch (error) {
      drawn = h("p", { class: "error" }, _("This moment cannot be drawn: {error}", { error: error.message }));
    }
    mount(board, drawn);
    for (const el of board.querySelectorAll("button")) {
      el.setAttribute("aria-disabled", "true");
      el.tabIndex = -1;
    }
    const atEnd = version === n;
    mount(
      caption,
      h("strong", {}, version === 0 ? _("Start.") : _("Step {version}.", { version })),
      " ",
      last ? [last.kind === "move" && last.seat !== null ? [nameChip(names, last.seat), ": "] : null, withNames(said(last), names)] : _("Nothing has happened yet."),
      atEnd && info.result ? [" ", h("span", { class: "final" }, resultWords(info, names))] : null,
    );
    for (const li of stepsList.querySelectorAll(".step")) {
      const v = Number(li.dataset.version);
      li.classList.toggle("current", v === version);
      li.classList.toggle("future", v > version);
    }
    // the list scrolls to the current step; the page itself stays where the reader left it
    const current = stepsList.querySelector(".current");
    const scroller = stepsList.parentElement;
    if (current && scroller) {
      const top = current.offsetTop - scroller.offsetTop;
      if (top < scroller.scrollTop || top + current.offsetHeight > scroller.scrollTop + scroller.clientHeight) {
        scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 2);
      }
    }
    // fetch the next views ahead of time
    for (let v = version + 1; v <= Math.min(n, version + 3); v++) view(v).catch(() => {});
  }

  function step(delta) {
    go(state.at + delta);
  }

  function togglePlay() {
    if (state.playing) {
      clearTimeout(state.playing);
      state.playing = null;
      mount(playButton, icon("play"));
      playButton.setAttribute("aria-label", _("Play"));
      return;
    }
    if (state.at >= state.replay.steps.length) go(0);
    mount(playButton, icon("pause"));
    playButton.setAttribute("aria-label", _("Pause"));
    const tick = async () => {
      if (state.at >= state.replay.steps.length) {
        togglePlay();
        return;
      }
      await go(state.at + 1);
      const next = state.replay.steps[state.at];
      state.playing = setTimeout(tick, next && next.kind === "chance" ? 200 : 700);
    };
    state.playing = setTimeout(tick, 100);
  }

  review.viewerChanged();
  await load();
}

function resultWords(info, names) {
  const winners = info.result.winners;
  if (!winners.length) return _("Nobody wins.");
  const who = joinWords(winners.map((s) => names[s]));
  return winners.length === 1 ? _("{name} wins.", { name: who }) : _("{names} win.", { names: who });
}

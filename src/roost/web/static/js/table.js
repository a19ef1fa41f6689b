// The table page (/t/{id}): the waiting room while seats are open, then the game drawn by the
// game's module from this seat's observation, the moves chosen step by step, the log, the
// rules, the clock, and the results with a rematch at the end.

import { api, ApiError, claim, forgetSeat, gameDetail, mySeat, playerName, rememberSeat, setPlayerName } from "./api.js";
import { Catalogue } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { Chooser } from "./chooser.js";
import {
  arrowKeys,
  displayNames,
  loadGameModule,
  logLine,
  nameChip,
  ranking,
  seatHue,
  startCountdowns,
  withNames,
} from "./common.js";
import { openDialog, showRules } from "./dialog.js";
import { capitalize, h, icon, joinWords, mount, plural, reconnecting, toast } from "./dom.js";
import { TableSocket } from "./socket.js";

export async function tablePage(root, id) {
  const page = new TablePage(root, id);
  await page.start();
  return page;
}

class TablePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.grant = mySeat(id);
    this.info = null;
    this.view = null;
    this.log = [];
    this.seat = null;
    this.role = null;
    this.chooser = new Chooser();
    this.pending = null;
    this.stepDialog = null;
    this.resultsShown = false;
    this.resultsDialog = null;
    this.ui = {}; // the game module's own state between renders (e.g. selected cards)
    this.joinDraft = null; // the name typed in the waiting room, not yet sent
    this.fillDraft = null; // the bot level chosen for Start now, not yet sent
    this.connection = "connecting";
    this.announced = -1;
  }

  async start() {
    mount(this.root, h("p", { class: "loading" }, "Loading the table…"));
    try {
      this.info = await api(`/tables/${encodeURIComponent(this.id)}`);
    } catch (error) {
      this.notFound(error);
      return;
    }
    try {
      const [detail, module] = await Promise.all([gameDetail(this.info.game), loadGameModule(this.info.game)]);
      this.detail = detail;
      this.module = module;
    } catch (error) {
      mount(this.root, h("p", { class: "error" }, `The game could not be loaded: ${error.message}`));
      return;
    }
    this.catalogue = new Catalogue(this.detail.cards);
    document.title = `${this.info.title} · Roost`;
    this.build();
    this.render();
    this.connect();
    startCountdowns();
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  notFound(error) {
    const missing = error instanceof ApiError && error.status === 404;
    mount(
      this.root,
      h(
        "section",
        { class: "panel narrow" },
        h("h1", {}, missing ? "No such table" : "The table could not be loaded"),
        h("p", {}, missing ? `There is no table “${this.id}” on this server. The link may be mistyped, or the server was reset.` : error.message),
        h("p", {}, h("a", { class: "button primary", href: "/" }, "Go to the lobby")),
      ),
    );
  }

  // --- connection ------------------------------------------------------------------------------

  connect() {
    this.socket?.close();
    this.socket = new TableSocket(this.id, this.grant?.token, {
      welcome: (frame) => this.onWelcome(frame),
      view: (frame) => this.onView(frame),
      table: (frame) => this.onTable(frame),
      ack: () => {},
      error: (frame) => this.onError(frame),
      status: (state, detail) => this.onStatus(state, detail),
      fatal: (code, message) => this.onFatal(code, message),
      ...this.chat.handlers(),
    });
    this.socket.connect();
  }

  onWelcome(frame) {
    this.role = frame.role;
    this.seat = frame.role === "player" ? frame.seat : null;
    this.log = [];
    this.chat.welcome(frame);
  }

  onView(frame) {
    const first = this.view === null;
    const wasOver = this.info?.status === "over";
    // the same moment again (a reconnection, say): keep a choice the person is in the middle of
    const same =
      this.view !== null && frame.version === this.view.version && JSON.stringify(frame.actions) === JSON.stringify(this.view.actions);
    this.view = frame;
    this.info = frame.table;
    const have = this.log.length ? this.log[this.log.length - 1].n : -1;
    for (const line of frame.log) if (line.n > have) this.log.push(line);
    this.pending = null;
    if (!same) {
      this.closeStepDialog();
      this.chooser.setActions(frame.actions || []);
    }
    if (this.module.onView) this.module.onView(this.context(), this.ui);
    this.render();
    this.announce(first);
    // a question put to this seat out of turn (a Cluck-Off window, say) comes up as a dialog
    const ctx = this.context();
    if (!same && ctx.myTurn && ctx.options.length && this.module.askAtOnce?.(ctx)) this.openStepDialog();
    if (this.info.status === "over" && (!wasOver || first) && !this.resultsShown) {
      this.resultsShown = true;
      setTimeout(() => this.showResults(), first ? 50 : 900);
    }
  }

  onTable(frame) {
    const before = this.info;
    this.info = frame.table;
    if (this.view) this.view = { ...this.view, table: frame.table };
    if (frame.table.rematch && (!before || before.rematch !== frame.table.rematch)) this.onRematch(frame.table.rematch);
    this.render();
  }

  onError(frame) {
    if (this.chat.onError(frame)) return;
    if (frame.ref && frame.ref === this.pending) this.pending = null;
    if (frame.code === "stale_version") {
      toast("The table moved on before your move arrived; here is the current state.", "info");
    } else {
      toast(frame.message || frame.code, "error");
    }
    this.render();
  }

  onStatus(state, detail) {
    this.connection = state;
    const el = this.root.querySelector(".conn");
    if (el) el.replaceWith(this.connectionBadge());
    if (state !== "open" && this.pending) {
      this.pending = null;
      this.render();
    }
    void detail;
  }

  onFatal(code) {
    if (code === 4401 && this.grant) {
      forgetSeat(this.id);
      this.grant = null;
      toast("Your seat here was given up (nobody came to it in time). You are watching; take an open seat to play.", "error", 8000);
      this.connect();
      return;
    }
    if (code === 4404) {
      this.notFound(new ApiError(404, "table_not_found", ""));
      return;
    }
    toast("The server closed the connection.", "error");
  }

  onRematch(newId) {
    if (this.grant) rememberSeat(newId, this.grant.seat, this.grant.token, this.grant.name);
    if (this.makingRematch) return; // rematch() goes there itself
    this.render();
    if (this.resultsDialog) {
      this.resultsDialog.close();
      this.showResults();
    }
  }

  // --- layout ----------------------------------------------------------------------------------

  build() {
    this.headEl = h("div", { class: "table-head" });
    // not a live region: the announcer below says what changed (the banner's clock ticks)
    this.bannerEl = h("div", { class: "banner" });
    this.boardEl = h("section", { class: "board", "aria-label": "The table", tabindex: "-1" });
    this.barEl = h("div", { class: "action-bar", role: "group", "aria-label": "Your moves" });
    this.logList = h("ol", { class: "log-lines" });
    this.logEl = h(
      "section",
      { class: "log", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title", class: "side-title" }, icon("list"), "Game log"),
      h("div", { class: "log-scroll", tabindex: "0", "aria-label": "Game log, oldest first" }, this.logList),
    );
    this.announcer = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "false" });
    this.chat = new ChatPanel(this.id, () => this.socket);
    mount(
      this.root,
      h(
        "div",
        { class: ["table-page", `game-${this.info.game}`] },
        this.headEl,
        this.bannerEl,
        h(
          "div",
          { class: "table-body" },
          h("div", { class: "play-area" }, this.boardEl, this.barEl),
          h(
            "aside",
            { class: "side" },
            this.chat.el,
            this.logEl,
            h(
              "p",
              { class: "keys-hint" },
              "Keys: ",
              h("kbd", {}, "H"), " a playable card · ",
              h("kbd", {}, "←"), h("kbd", {}, "→"), " your hand · ",
              h("kbd", {}, "Enter"), " play · ",
              h("kbd", {}, "R"), " rules · ",
              h("kbd", {}, "L"), " log",
            ),
          ),
        ),
        this.announcer,
      ),
    );
    this.boardEl.addEventListener("keydown", arrowKeys);
  }

  connectionBadge() {
    const words = { open: "Live", connecting: "Connecting…", waiting: "Reconnecting…", closed: "Disconnected" };
    return h(
      "span",
      { class: ["conn", `conn-${this.connection}`], role: "status", title: "Connection to the table" },
      icon("wifi"),
      h("span", { class: "conn-text" }, words[this.connection] || this.connection),
    );
  }

  names() {
    return displayNames(this.info);
  }

  context() {
    const info = this.info;
    const obs = this.view?.observation || {};
    const mine = !this.pending && this.seat !== null && info.to_move === this.seat && info.status === "playing";
    const options = mine ? this.chooser.options() : [];
    const depth0 = this.chooser.depth === 0 ? options : [];
    return {
      obs,
      table: info,
      seat: this.seat,
      names: this.names(),
      catalogue: this.catalogue,
      actions: mine ? this.view?.actions || [] : [],
      options: depth0,
      option: (kind, value) => depth0.find((o) => o.kind === kind && o.value === value) || null,
      choose: (option) => this.choose(option),
      chooseAmong: (actions) => this.chooseAmong(actions),
      toMove: info.status === "playing" ? info.to_move : null,
      deadline: info.deadline,
      myTurn: mine,
      pending: Boolean(this.pending),
      replay: false,
      omniscient: false,
      ui: this.ui,
      rerender: () => this.render(),
      log: this.log,
    };
  }

  render() {
    if (!this.info || !this.module) return;
    // for scripts and tests: what this page shows
    document.body.dataset.status = this.info.status;
    document.body.dataset.version = String(this.view?.version ?? -1);
    document.body.dataset.seat = this.seat === null ? "" : String(this.seat);
    const myTurn = Boolean(this.view && !this.pending && this.seat !== null && this.info.to_move === this.seat && this.info.status === "playing" && this.chooser.actions.length);
    document.body.dataset.myTurn = String(myTurn);
    document.title = `${myTurn ? "Your turn · " : ""}${this.info.title} · Roost`;
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset?.key : null;
    this.renderHead();
    this.chat.setTable(this.info);
    if (this.info.status === "waiting") {
      this.renderWaiting();
    } else if (this.view) {
      this.renderGame();
    } else {
      mount(this.bannerEl, "Connecting to the table…");
      mount(this.boardEl, h("p", { class: "loading" }, "Loading…"));
      mount(this.barEl);
    }
    this.renderLog();
    this.barEl.hidden = this.barEl.childElementCount === 0;
    this.logEl.hidden = this.log.length === 0;
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  renderHead() {
    const info = this.info;
    const watching = info.spectators ? h("span", { class: "watchers", title: "people watching" }, icon("eye"), String(info.spectators)) : null;
    mount(
      this.headEl,
      h(
        "div",
        { class: "table-title" },
        h("h1", {}, info.title),
        h(
          "span",
          { class: "table-meta" },
          `Table ${info.id}`,
          info.clock ? h("span", { class: "clock-note" }, icon("clock"), `${info.clock} s a move`) : null,
          watching,
        ),
      ),
      h(
        "div",
        { class: "head-tools" },
        this.connectionBadge(),
        info.status !== "over"
          ? h("button", { type: "button", class: "button ghost", onclick: () => this.showInvite(), "aria-label": "Invite friends" }, icon("link"), h("span", { class: "wide-only" }, "Invite"))
          : h("a", { class: "button ghost", href: `/replay/${info.id}` }, icon("play"), h("span", { class: "wide-only" }, "Replay")),
        h("button", { type: "button", class: "button ghost", onclick: () => showRules(info.game), "aria-keyshortcuts": "R", title: "Rules (R)" }, icon("book"), "Rules"),
      ),
    );
  }

  // --- waiting room ----------------------------------------------------------------------------

  renderWaiting() {
    const info = this.info;
    const names = this.names();
    const open = info.seats.filter((s) => s.type === "open");
    const seated = this.seat !== null;
    mount(
      this.bannerEl,
      h("strong", {}, "Waiting for players: "),
      `${info.seats.length - open.length} of ${plural(info.seats.length, "seat")} taken. The game starts when every seat is filled.`,
    );
    const nameInput = h("input", {
      id: "join-name",
      type: "text",
      maxlength: "24",
      autocomplete: "nickname",
      // What was typed survives a re-render (a frame can arrive mid-typing: someone joins or
      // starts watching), so a name is never wiped between typing it and pressing Sit here.
      value: this.joinDraft ?? playerName(),
      placeholder: "Your name",
      required: true,
      dataset: { key: "join-name" },
      oninput: () => {
        this.joinDraft = nameInput.value;
      },
    });
    const join = async (seat) => {
      const name = nameInput.value.trim();
      if (!name) {
        nameInput.focus();
        toast("Type your name first.", "error");
        return;
      }
      try {
        const grant = await claim(`/tables/${this.id}/join`, { name, seat }, { onRetry: reconnecting });
        setPlayerName(name);
        rememberSeat(this.id, grant.seat, grant.token, name);
        this.grant = mySeat(this.id);
        this.info = grant.table;
        this.connect();
        this.render();
      } catch (error) {
        toast(error.message, "error");
      }
    };
    const seatRows = info.seats.map((s) =>
      h(
        "li",
        { class: ["seat-row", s.type], style: { "--hue": seatHue(s.seat) } },
        h("span", { class: "seat-dot", "aria-hidden": "true" }),
        h("span", { class: "seat-num" }, `Seat ${s.seat + 1}`),
        s.type === "open"
          ? h("span", { class: "seat-open" }, "open")
          : h(
              "span",
              { class: "seat-who" },
              s.type === "bot" ? icon("bot") : icon("person"),
              names[s.seat],
              this.seat === s.seat ? h("span", { class: "you-tag" }, " (you)") : null,
              s.type === "person" && !s.connected ? h("span", { class: "badge away" }, "not here") : null,
            ),
        s.type === "open" && !seated
          ? h("button", { type: "button", class: "button primary small", onclick: () => join(s.seat), dataset: { key: `join-${s.seat}` } }, "Sit here")
          : null,
      ),
    );
    const fillLevel = h(
      "select",
      {
        id: "fill-level",
        "aria-label": "Bot level for the open seats",
        dataset: { key: "fill-level" },
        onchange: () => {
          this.fillDraft = fillLevel.value;
        },
      },
      ["easy", "medium", "hard"].map((level) => h("option", { value: level, selected: level === (this.fillDraft ?? "medium") }, `${level} bots`)),
    );
    const startNow = async () => {
      try {
        this.info = await api(`/tables/${this.id}/start`, { method: "POST", body: { fill: fillLevel.value }, token: this.grant?.token });
        this.render();
      } catch (error) {
        toast(error.message, "error");
      }
    };
    const joinPanel =
      !seated && open.length
        ? h(
            "section",
            { class: "panel join-panel" },
            h("h2", {}, "Join this table"),
            h("div", { class: "field" }, h("label", { for: "join-name" }, "Your name"), nameInput),
            h("p", { class: "muted" }, "Then pick an open seat below. Or just stay on this page to watch."),
          )
        : null;
    mount(
      this.boardEl,
      h(
        "div",
        { class: "waiting" },
        h(
          "section",
          { class: "panel intro-panel" },
          h("h2", {}, seated ? "Your table is ready" : `You are invited to play ${info.title}`),
          this.module.blurb ? h("p", {}, this.module.blurb) : null,
          h("p", { class: "row" }, h("button", { type: "button", class: "button small", onclick: () => showRules(info.game) }, icon("book"), "Read the rules")),
        ),
        joinPanel,
        h(
          "section",
          { class: "panel" },
          h("h2", {}, "Seats"),
          h("ul", { class: "seat-list" }, seatRows),
          seated && open.length
            ? h(
                "div",
                { class: "start-now" },
                h("p", {}, "Friends join with the invite link. Or start now with bots in the open seats:"),
                h("div", { class: "row" }, fillLevel, h("button", { type: "button", class: "button", onclick: startNow }, "Start now")),
              )
            : null,
        ),
        h(
          "section",
          { class: "panel" },
          h("h2", {}, "Invite friends"),
          h("p", {}, "Send this link to the people you want to play with. They open it, type their name and take a seat."),
          this.inviteField(),
        ),
      ),
    );
    mount(this.barEl);
  }

  inviteField() {
    // the server knows the address friends can reach (its LAN address), the browser only its own
    const url = this.info.invite_url || `${location.origin}/t/${this.id}`;
    const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": "Invite link", onfocus: (e) => e.target.select() });
    const copy = async () => {
      let ok = false;
      try {
        await navigator.clipboard.writeText(url);
        ok = true;
      } catch {
        input.select();
        ok = document.execCommand?.("copy") ?? false;
      }
      toast(ok ? "Invite link copied." : "Select the link and copy it.", ok ? "info" : "error");
    };
    return h("div", { class: "copy-row" }, input, h("button", { type: "button", class: "button", onclick: copy }, icon("copy"), "Copy link"));
  }

  showInvite() {
    openDialog({
      title: "Invite friends",
      body: [
        h("p", {}, this.info.status === "waiting" ? "Send this link: whoever opens it can take an open seat." : "Send this link: whoever opens it can watch the game."),
        this.inviteField(),
      ],
    });
  }

  // --- the game --------------------------------------------------------------------------------

  renderGame() {
    const ctx = this.context();
    this.renderBanner(ctx);
    let board;
    try {
      board = this.module.board(ctx);
    } catch (error) {
      console.error(error);
      board = h("p", { class: "error" }, `This table cannot be drawn: ${error.message}`);
    }
    mount(this.boardEl, board);
    this.boardEl.classList.toggle("my-turn", ctx.myTurn);
    this.wireSteps(ctx);
    this.renderBar(ctx);
  }

  renderBanner(ctx) {
    const info = this.info;
    const names = ctx.names;
    const parts = [];
    const me = this.seat;
    if (info.status === "over") {
      const winners = info.result?.winners || [];
      parts.push(
        h("strong", {}, "Game over. "),
        winners.length
          ? capitalize(`${joinWords(winners.map((s) => (s === me ? "you" : names[s])))} ${winners.length === 1 && winners[0] !== me ? "wins" : "win"}.`)
          : "Nobody wins.",
        " ",
        h("button", { type: "button", class: "button small", onclick: () => this.showResults() }, "Results"),
      );
      if (info.rematch) {
        parts.push(" ", h("a", { class: "button small primary", href: `/t/${info.rematch}` }, me !== null ? "Go to the rematch" : "Watch the rematch"));
      }
    } else if (me !== null && info.seats[me]?.standin) {
      parts.push(
        h("strong", {}, "A bot is playing for you "),
        "while you were away. ",
        h("button", { type: "button", class: "button small primary", onclick: () => this.socket.back(), dataset: { key: "back" } }, "I'm back"),
      );
    } else if (ctx.myTurn) {
      const prompt = this.module.prompt ? this.module.prompt(ctx) : "Choose your move.";
      parts.push(h("strong", { class: "your-turn" }, "Your turn. "), prompt);
    } else if (this.pending) {
      parts.push("Sending your move…");
    } else if (info.to_move !== null && info.to_move !== undefined) {
      const who = info.seats[info.to_move];
      const waitingText = this.module.waiting ? this.module.waiting(ctx, info.to_move) : null;
      parts.push(
        nameChip(names, info.to_move),
        waitingText ? ` ${waitingText}` : who?.type === "bot" || who?.standin ? " is thinking…" : " to play.",
      );
      if (who?.standin) parts.push(h("span", { class: "muted" }, " (a bot plays for them while they are away)"));
      if (me === null) parts.push(h("span", { class: "muted" }, " You are watching."));
    } else {
      parts.push(me === null ? "You are watching." : "…");
    }
    if (info.deadline && info.status === "playing") {
      parts.push(" ", h("span", { class: "banner-clock" }, icon("clock"), h("span", { class: "countdown", dataset: { deadline: String(info.deadline) } })));
    }
    mount(this.bannerEl, parts);
    this.bannerEl.classList.toggle("mine", ctx.myTurn);
    this.bannerEl.classList.toggle("over", info.status === "over");
  }

  /** Make the board's `[data-step]` elements play the offered steps; others are inert. */
  wireSteps(ctx) {
    const offered = new Map(ctx.options.map((o) => [o.key, o]));
    this.onBoard = new Set();
    for (const el of this.boardEl.querySelectorAll("[data-step]")) {
      const option = offered.get(el.dataset.step);
      const isButton = el.tagName === "BUTTON";
      if (option) {
        this.onBoard.add(option.key);
        el.classList.add("playable");
        el.removeAttribute("aria-disabled");
        if (!isButton) {
          // a zone of the board (a container) that is chosen by clicking it
          el.setAttribute("role", "button");
          el.tabIndex = 0;
          el.addEventListener("keydown", (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              this.choose(option);
            }
          });
        }
        const label = el.getAttribute("aria-label") || option.label;
        if (!label.endsWith(", playable")) el.setAttribute("aria-label", `${label}, playable`);
        el.addEventListener("click", () => this.choose(option));
      } else if (isButton && !el.dataset.free) {
        el.classList.remove("playable");
        el.setAttribute("aria-disabled", "true");
        el.addEventListener("click", () => this.whyNot(ctx, el.dataset.step));
      }
    }
  }

  whyNot(ctx, step) {
    if (this.info.status !== "playing") return;
    if (this.pending) return;
    if (this.seat === null) toast("You are watching this game.", "info", 2500);
    else if (!ctx.myTurn) toast("It is not your turn.", "info", 2500);
    else {
      const reason = this.module.whyNot?.(ctx, step);
      toast(reason || "That is not a legal move now.", "info", 3000);
    }
  }

  renderBar(ctx) {
    const items = [];
    if (this.module.bar) items.push(this.module.bar(ctx));
    const hidden = new Set(this.module.hiddenOptions || []);
    const rest = ctx.options.filter((o) => !this.onBoard.has(o.key) && !hidden.has(o.kind));
    for (const option of rest) {
      items.push(
        h(
          "button",
          { type: "button", class: "button move", dataset: { key: `bar-${option.key}`, step: option.key }, onclick: () => this.choose(option) },
          capitalize(withNames(option.label, ctx.names)),
        ),
      );
    }
    mount(this.barEl, items);
    this.barEl.hidden = this.barEl.childElementCount === 0;
  }

  renderLog() {
    const names = this.names();
    const scroller = this.logList.parentElement;
    const atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
    const shown = this.logList.childElementCount;
    if (shown > this.log.length || (shown && Number(this.logList.lastElementChild.dataset.n) !== this.log[shown - 1]?.n)) {
      this.logList.replaceChildren();
    }
    for (const line of this.log.slice(this.logList.childElementCount)) this.logList.append(logLine(line, names, this.seat));
    if (atEnd || shown === 0) scroller.scrollTop = scroller.scrollHeight;
  }

  /** Read the new log lines aloud (politely) to screen-reader users. */
  announce(first) {
    const fresh = this.log.filter((line) => line.n > this.announced);
    if (this.log.length) this.announced = this.log[this.log.length - 1].n;
    if (first) return;
    const names = this.names();
    const words = fresh
      .filter((line) => line.kind !== "deal")
      .slice(-3)
      .map((line) => (line.kind === "move" && line.seat !== null ? `${names[line.seat]}: ${withNames(line.text, names)}` : withNames(line.text, names)));
    if (this.info.to_move === this.seat && this.info.status === "playing" && this.view?.actions?.length) {
      const ctx = this.context();
      words.push(`Your turn. ${this.module.prompt ? this.module.prompt(ctx) : ""}`);
    }
    if (words.length) this.announcer.textContent = words.join(" ");
  }

  // --- choosing a move -------------------------------------------------------------------------

  choose(option) {
    if (this.pending || !this.view) return;
    let action;
    try {
      action = this.chooser.choose(option);
    } catch {
      return;
    }
    if (action) this.send(action);
    else this.openStepDialog();
  }

  chooseAmong(actions) {
    if (this.pending) return;
    const action = this.chooser.restrict(actions);
    if (action) this.send(action);
    else if (actions.length) this.openStepDialog();
  }

  send(action) {
    this.closeStepDialog();
    const ref = this.socket.move(this.view.version, action.action);
    if (!ref) {
      toast("Not connected: the move was not sent. Reconnecting…", "error");
      this.chooser.reset();
      this.render();
      return;
    }
    this.pending = ref;
    if (this.module.onSend) this.module.onSend(this.ui, action);
    this.render();
  }

  openStepDialog() {
    const options = this.chooser.options();
    if (!options.length) return;
    const ctx = this.context();
    const kind = options[0].kind;
    const chosen = this.chooser.prefix.map((s) => s.label);
    const title = this.module.stepTitle?.(kind, ctx, this.chooser.prefix) || `Choose ${kind === "option" ? "an option" : `a ${kind}`}`;
    const explain =
      this.module.stepText?.(kind, ctx, this.chooser.prefix) || (chosen.length ? withNames(`You chose ${chosen.join(", ")}.`, ctx.names) : "");
    const buttons = options.map((option) => {
      const custom = this.module.optionButton?.(option, ctx);
      const el =
        custom ||
        h("button", { type: "button", class: "button option" }, capitalize(withNames(option.label, ctx.names)));
      el.dataset.step = option.key;
      el.addEventListener("click", () => this.choose(option));
      return el;
    });
    this.closeStepDialog(true);
    this.stepDialog = openDialog({
      title,
      className: ["step-dialog", `step-${kind}`, `game-${this.info.game}`],
      body: [explain ? h("p", {}, explain) : null, h("div", { class: ["options", `options-${kind}`], role: "group", "aria-label": title }, buttons)],
      buttons: [{ label: this.chooser.depth > 1 ? "Back" : "Cancel", onclick: () => { this.backStep(); return true; } }],
      onclose: (value) => {
        this.stepDialog = null;
        if (value === null) {
          this.chooser.reset();
          this.render();
        }
      },
    });
  }

  backStep() {
    const depth = this.chooser.depth;
    this.chooser.back();
    if (depth > 1) setTimeout(() => this.openStepDialog(), 0);
    else {
      this.chooser.reset();
      setTimeout(() => this.render(), 0);
    }
  }

  closeStepDialog(silent = false) {
    if (this.stepDialog) {
      const dlg = this.stepDialog;
      this.stepDialog = null;
      if (silent) {
        dlg.el.remove();
      } else {
        dlg.close("superseded");
      }
    }
  }

  // --- results ---------------------------------------------------------------------------------

  showResults() {
    const info = this.info;
    if (!info.result) return;
    const names = this.names();
    const ctx = this.context();
    const key = this.module.resultKey ? (seat) => this.module.resultKey(ctx, seat) : null;
    const rows = ranking(info.result, info.seats.length, key);
    const winners = new Set(info.result.winners);
    const detail = this.module.resultRow ? (seat) => this.module.resultRow(ctx, seat) : () => null;
    const headline = info.result.winners.length
      ? `${joinWords(info.result.winners.map((s) => (s === this.seat ? "You" : names[s])))} ${info.result.winners.length === 1 && info.result.winners[0] !== this.seat ? "wins" : "win"}!`
      : "Nobody wins this time.";
    const table = h(
      "ol",
      { class: "results" },
      rows.map((row) =>
        h(
          "li",
          { class: ["result-row", winners.has(row.seat) && "winner", row.seat === this.seat && "me"] },
          h("span", { class: "place" }, winners.has(row.seat) ? icon("trophy", "winner") : `${row.place}.`),
          nameChip(names, row.seat, this.seat),
          h("span", { class: "result-detail" }, detail(row.seat) || (winners.has(row.seat) ? "winner" : "")),
        ),
      ),
    );
    const buttons = [];
    if (info.rematch) {
      buttons.push({ label: this.seat !== null ? "Go to the rematch" : "Watch the rematch", primary: true, onclick: () => location.assign(`/t/${info.rematch}`) });
    } else if (this.seat !== null) {
      buttons.push({ label: "Rematch", primary: true, key: "rematch", onclick: () => this.rematch() });
    }
    buttons.push({ label: "Replay", onclick: () => location.assign(`/replay/${info.id}`) });
    buttons.push({ label: "Lobby", onclick: () => location.assign("/") });
    buttons.push({ label: "Look at the table", key: "close" });
    this.resultsDialog = openDialog({
      title: "Game over",
      className: ["results-dialog", `game-${this.info.game}`],
      body: [h("p", { class: "headline" }, headline), this.module.resultSummary?.(ctx), table],
      buttons,
      onclose: () => {
        this.resultsDialog = null;
      },
    });
  }

  async rematch() {
    try {
      this.makingRematch = true;
      const answer = await api(`/tables/${this.id}/rematch`, { method: "POST", token: this.grant.token });
      rememberSeat(answer.table.id, this.grant.seat, this.grant.token, this.grant.name);
      location.assign(`/t/${answer.table.id}`);
    } catch (error) {
      this.makingRematch = false;
      toast(error.message, "error");
    }
    return false;
  }

  // --- keyboard --------------------------------------------------------------------------------

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || document.querySelector("dialog[open]")) return;
    if (event.key === "r" || event.key === "R") {
      event.preventDefault();
      showRules(this.info.game);
    } else if (event.key === "l" || event.key === "L") {
      event.preventDefault();
      this.logEl.querySelector(".log-scroll").focus();
    } else if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      const first = this.boardEl.querySelector(".playable") || this.barEl.querySelector("button") || this.boardEl.querySelector("[data-arrows] button");
      first?.focus();
    }
  }
}

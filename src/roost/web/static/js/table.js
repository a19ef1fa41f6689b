// The table page (/t/{id}): the waiting room while seats are open (waiting.js), then the game
// drawn by the game's module from this seat's observation, with the tray at the bottom of the
// screen holding what you are asked, your hand and your moves; the moves chosen step by step,
// the log, the rules, and the results with a rematch at the end (results.js). What just
// happened is captioned and animated (motion.js), sounded (sound.js) and, in a hidden tab,
// notified (notify.js).

import { api, ApiError, forgetSeat, gameDetail, mySeat, rememberSeat } from "./api.js";
import { Catalogue } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { Chooser, stepLabel } from "./chooser.js";
import { arrowKeys, displayNames, loadGameModule, logLine, nameChip, said, startCountdowns, withNames } from "./common.js";
import { openDialog, showRules } from "./dialog.js";
import { capitalize, h, icon, mount, toast } from "./dom.js";
import { _, languageSwitch } from "./i18n.js";
import { arrive, caption, fitHand, zones } from "./motion.js";
import { TurnAlert, askForNotifications, notificationsAllowed } from "./notify.js";
import { prefs, setPref } from "./prefs.js";
import { Guide } from "./learn.js";
import { measureWord } from "./review.js";
import { headline, showResults } from "./results.js";
import { TableSocket } from "./socket.js";
import { playSound, unlockAudio } from "./sound.js";
import { renderWaiting, showInvite } from "./waiting.js";

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
    this.alert = new TurnAlert();
    this.drawnVersion = -1; // the version whose arrivals were last animated
    this.hint = null; // the last hint frame (docs/protocol.md, "Hints")
    this.hintAsked = null; // the version a hint was asked at and has not come yet
  }

  async start() {
    mount(this.root, h("p", { class: "loading" }, _("Loading the table…")));
    try {
      this.info = await api(`/tables/${encodeURIComponent(this.id)}`);
    } catch (error) {
      this.notFound(error);
      return;
    }
    try {
      const [detail, module] = await Promise.all([gameDetail(this.info.game, this.info.params), loadGameModule(this.info.game)]);
      this.detail = detail;
      this.module = module;
    } catch (error) {
      mount(this.root, h("p", { class: "error" }, _("The game could not be loaded: {error}", { error: error.message })));
      return;
    }
    this.catalogue = new Catalogue(this.detail.cards);
    if (this.info.tutorial) this.guide = await Guide.load(this.info.tutorial).catch(() => null);
    this.build();
    this.render();
    this.connect();
    startCountdowns();
    unlockAudio();
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.addEventListener("resize", () => fitHand(this.handSlot.querySelector(".hand")));
    window.addEventListener("roost:prefs", (event) => this.onPrefs(event.detail));
  }

  notFound(error) {
    const missing = error instanceof ApiError && error.status === 404;
    mount(
      this.root,
      h(
        "section",
        { class: "panel narrow" },
        h("h1", {}, missing ? _("No such table") : _("The table could not be loaded")),
        h("p", {}, missing ? _("There is no table “{id}” on this server. The link may be mistyped, or the server was reset.", { id: this.id }) : error.message),
        h("p", {}, h("a", { class: "button primary", href: "/" }, _("Go to the lobby"))),
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
      hint: (frame) => this.onHint(frame),
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
    if (this.seat !== null) this.socket.send({ type: "prefs", always_ask: prefs().alwaysAsk });
  }

  onView(frame) {
    const first = this.view === null;
    const before = this.view;
    const wasOver = this.info?.status === "over";
    const wasMine = this.mineIn(before);
    // the same moment again (a reconnection, say): keep a choice the person is in the middle of
    const same = before !== null && frame.version === before.version && JSON.stringify(frame.actions) === JSON.stringify(before.actions);
    // protocol 2: a view leaves out the table's description while it is the one last sent,
    // but for its version, turn and deadline
    this.info = frame.table ?? { ...this.info, version: frame.version, to_move: frame.to_move, deadline: frame.deadline };
    this.view = { ...frame, table: this.info };
    const have = this.log.length ? this.log[this.log.length - 1].n : -1;
    const fresh = frame.log.filter((line) => line.n > have);
    this.log.push(...fresh);
    this.pending = null;
    if (this.hint && this.hint.version !== frame.version) this.hint = null;
    if (!same) {
      this.closeStepDialog();
      this.chooser.setActions(frame.passive ? [] : this.offered(frame));
    }
    if (this.module.onView) this.module.onView(this.context(), this.ui);
    this.render();
    this.announce(first);
    if (!first) this.cue(before, fresh, wasMine);
    // a question put to this seat out of turn (a Cluck-Off window, say) comes up as a dialog
    const ctx = this.context();
    if (!same && ctx.myTurn && ctx.options.length && this.module.askAtOnce?.(ctx)) this.openStepDialog();
    if (this.info.status === "over" && (!wasOver || first) && !this.resultsShown) {
      this.resultsShown = true;
      setTimeout(() => showResults(this), first ? 50 : 900);
    }
  }

  /** The moves offered in `view`: its legal moves, or during a tutorial's script only the
   * scripted one (learn.js). */
  offered(view) {
    const actions = view?.actions || [];
    return this.guide ? this.guide.offered(actions, view.version) : actions;
  }

  /** Whether `view` asks this seat to decide (not a question the server answers for it). */
  mineIn(view) {
    return Boolean(view && view.seat !== null && view.actions?.length && !view.passive && view.table.status === "playing");
  }

  /** Sounds and a notification for what this view brought. */
  cue(before, fresh, wasMine) {
    if (fresh.some((line) => line.kind === "move")) playSound("card");
    for (const name of this.module.sounds?.(before?.observation || {}, this.view.observation) || []) playSound(name);
    if (this.info.status === "over" && before?.table.status !== "over") playSound("over");
    else if (!wasMine && this.mineIn(this.view)) {
      playSound("turn");
      this.alert.yourTurn(_("Your turn · {game}", { game: this.info.title }), this.promptText());
    }
  }

  onTable(frame) {
    const before = this.info;
    this.info = frame.table;
    if (this.view) this.view = { ...this.view, table: frame.table };
    if (frame.table.rematch && (!before || before.rematch !== frame.table.rematch)) this.onRematch(frame.table.rematch);
    this.render();
  }

  onHint(frame) {
    this.hintAsked = null;
    if (this.view && frame.version === this.view.version) this.hint = frame;
    this.render();
    if (this.hint) this.announcer.textContent = this.hintWords(this.hint);
  }

  askHint() {
    if (!this.view || this.hintAsked === this.view.version) return;
    if (this.socket.send({ type: "hint", ref: `h${this.view.version}` })) this.hintAsked = this.view.version;
    this.render();
  }

  /** A hint's move in the page's language: it is one of the legal moves the view offers,
   * whose message (`msg`) the page renders; else the server's English. */
  moveWords(move) {
    const legal = (this.view?.actions || []).find((a) => a.action === move.action);
    return legal ? said(legal) : move.text;
  }

  hintWords(hint) {
    const names = this.names();
    const [best, ...others] = hint.moves;
    if (!best) return "";
    const say = (move) => `${withNames(this.moveWords(move), names, this.seat)} (${Math.round(100 * move.value)}%)`;
    const rest = others.length ? " " + _("Then {moves}.", { moves: others.map(say).join(", ") }) : "";
    return _("The hard bot would play {move}: your {measure} after it.", { move: say(best), measure: measureWord(hint.measure) }) + rest;
  }

  onError(frame) {
    if (frame.ref && frame.ref.startsWith("h")) this.hintAsked = null;
    if (this.chat.onError(frame)) return;
    if (frame.ref && frame.ref === this.pending) this.pending = null;
    if (frame.code === "stale_version") {
      toast(_("The table moved on before your move arrived; here is the current state."), "info");
    } else if (frame.code === "storage_failed") {
      // the server's database is away (restarting, or its disk is full): nothing was played
      toast(_("Your move was not stored: the server cannot save moves right now, so it was not played. Try again in a moment."), "error", 8000);
    } else {
      toast(said(frame) || frame.code, "error");
    }
    this.render();
  }

  onStatus(state) {
    const changed = (state === "open") !== (this.connection === "open");
    this.connection = state;
    const el = this.root.querySelector(".conn");
    if (el) el.replaceWith(this.connectionBadge());
    if (state !== "open") this.pending = null;
    if (changed) this.render(); // no glow and no "Your turn" while the table cannot be reached
  }

  onFatal(code) {
    if (code === 4401 && this.grant) {
      forgetSeat(this.id);
      this.grant = null;
      toast(_("Your seat here was given up (nobody came to it in time). You are watching; take an open seat to play."), "error", 8000);
      this.connect();
      return;
    }
    if (code === 4404) {
      this.notFound(new ApiError(404, "table_not_found", ""));
      return;
    }
    toast(_("The server closed the connection."), "error");
  }

  onRematch(newId) {
    if (this.grant) rememberSeat(newId, this.grant.seat, this.grant.token, this.grant.name);
    if (this.makingRematch) return; // the rematch button goes there itself
    this.render();
    if (this.resultsDialog) {
      this.resultsDialog.close();
      showResults(this);
    }
  }

  onPrefs({ name, value }) {
    if (name === "alwaysAsk" && this.seat !== null) this.socket?.send({ type: "prefs", always_ask: value });
    this.renderHead();
  }

  // --- layout ----------------------------------------------------------------------------------

  build() {
    this.headEl = h("div", { class: "table-head" });
    this.topSlot = h("div", { class: "top-slot" });
    // not a live region: the announcer below says what changed (the banner's clock ticks)
    this.bannerEl = h("div", { class: "banner" });
    this.boardEl = h("section", { class: "board", "aria-label": _("The table"), tabindex: "-1" });
    this.handSlot = h("div", { class: "tray-hand" });
    this.barEl = h("div", { class: "action-bar", role: "group", "aria-label": _("Your moves") });
    this.trayEl = h("section", { class: "tray", "aria-label": _("Your hand and your moves") }, this.handSlot, this.barEl);
    this.logList = h("ol", { class: "log-lines" });
    this.logEl = h(
      "section",
      { class: "log", id: "game-log", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title", class: "side-title" }, icon("list"), _("Game log")),
      h("div", { class: "log-scroll", tabindex: "0", "aria-label": _("Game log, oldest first") }, this.logList),
    );
    this.announcer = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "false" });
    this.chat = new ChatPanel(this.id, () => this.socket);
    mount(
      this.root,
      h(
        "div",
        { class: ["table-page", `game-${this.info.game}`] },
        this.headEl,
        this.topSlot,
        h(
          "div",
          { class: "table-body" },
          h("div", { class: "play-area" }, this.boardEl, this.trayEl),
          (this.sideEl = h(
            "aside",
            { class: "side" },
            this.chat.el,
            this.logEl,
            h(
              "p",
              { class: "keys-hint" },
              _("Keys:"),
              " ",
              h("kbd", {}, "H"), " ", _("a playable card"), " · ",
              h("kbd", {}, "←"), h("kbd", {}, "→"), " ", _("your hand"), " · ",
              h("kbd", {}, "Enter"), " ", _("play"), " · ",
              h("kbd", {}, "R"), " ", _("rules"), " · ",
              h("kbd", {}, "L"), " ", _("log"),
            ),
          )),
        ),
        this.announcer,
      ),
    );
    this.boardEl.addEventListener("keydown", arrowKeys);
    this.trayEl.addEventListener("keydown", arrowKeys);
  }

  connectionBadge() {
    const words = { open: _("Live"), connecting: _("Connecting…"), waiting: _("Reconnecting…"), closed: _("Disconnected") };
    return h(
      "span",
      { class: ["conn", `conn-${this.connection}`], role: "status", title: _("Connection to the table") },
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
    const live = this.connection === "open";
    const mine = live && !this.pending && this.mineIn(this.view) && info.to_move === this.seat;
    const options = mine ? this.chooser.options() : [];
    const depth0 = this.chooser.depth === 0 ? options : [];
    const names = this.names();
    return {
      obs,
      table: info,
      seat: this.seat,
      names,
      who: (seat) => (seat === this.seat ? "You" : names[seat]),
      catalogue: this.catalogue,
      actions: mine ? this.offered(this.view) : [],
      options: depth0,
      option: (kind, value) => depth0.find((o) => o.kind === kind && o.value === value) || null,
      choose: (option) => this.choose(option),
      chooseAmong: (actions) => this.chooseAmong(actions),
      toMove: info.status === "playing" ? info.to_move : null,
      deadline: info.deadline,
      myTurn: mine,
      passive: Boolean(this.view?.passive),
      pending: Boolean(this.pending),
      replay: false,
      omniscient: false,
      tray: this.seat !== null,
      caption: () => caption(this.log, names, this.seat, info.game),
      ui: this.ui,
      rerender: () => this.render(),
      log: this.log,
    };
  }

  render() {
    if (!this.info || !this.module) return;
    const ctx = this.view ? this.context() : null;
    // for scripts and tests: what this page shows
    document.body.dataset.status = this.info.status;
    document.body.dataset.version = String(this.view?.version ?? -1);
    document.body.dataset.seat = this.seat === null ? "" : String(this.seat);
    const myTurn = Boolean(ctx?.myTurn && this.chooser.actions.length);
    document.body.dataset.myTurn = String(myTurn);
    document.body.dataset.passive = String(Boolean(this.view?.passive && this.info.to_move === this.seat));
    this.alert.setTitle(myTurn ? _("Your turn · {game} · Roost", { game: this.info.title }) : `${this.info.title} · Roost`);
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset?.key : null;
    this.renderHead();
    this.chat.setTable(this.info);
    const waiting = this.info.status === "waiting";
    (waiting ? this.topSlot : this.trayEl).prepend(this.bannerEl);
    if (this.guide && !waiting) {
      // on a laptop beside the table, above the chat; on a phone in the tray, with the moves
      this.guide.render(this.view, this.names(), this.seat);
      const narrow = window.matchMedia("(max-width: 900px)").matches;
      const home = narrow ? this.trayEl : this.sideEl;
      if (this.guide.el.parentNode !== home || home.firstChild !== this.guide.el) home.prepend(this.guide.el);
    }
    this.trayEl.hidden = waiting;
    if (waiting) {
      renderWaiting(this);
      mount(this.handSlot);
      mount(this.barEl);
    } else if (this.view) {
      this.renderGame(ctx);
    } else {
      mount(this.bannerEl, _("Connecting to the table…"));
      mount(this.boardEl, h("p", { class: "loading" }, _("Loading…")));
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
    const watching = info.spectators ? h("span", { class: "watchers", title: _("people watching") }, icon("eye"), String(info.spectators)) : null;
    const sound = prefs().sound;
    mount(
      this.headEl,
      h(
        "div",
        { class: "table-title" },
        h("h1", {}, info.title),
        h(
          "span",
          { class: "table-meta" },
          _("Table {id}", { id: info.id }),
          info.clock ? h("span", { class: "clock-note" }, icon("clock"), _("{n} s a move", { n: info.clock })) : null,
          watching,
        ),
      ),
      h(
        "div",
        { class: "head-tools" },
        this.connectionBadge(),
        h(
          "button",
          { type: "button", class: "button ghost icon-only", "aria-pressed": sound ? "false" : "true", "aria-label": _("Mute sounds"), title: sound ? _("Sounds on (click to mute)") : _("Sounds off"), dataset: { key: "mute" }, onclick: () => setPref("sound", !sound) },
          icon(sound ? "sound" : "mute"),
        ),
        h("button", { type: "button", class: "button ghost icon-only", "aria-label": _("Table settings"), title: _("Table settings"), onclick: () => this.showSettings() }, icon("gear")),
        this.log.length
          ? h("button", { type: "button", class: "button ghost narrow-only", "aria-label": _("Game log"), onclick: () => this.showLog() }, icon("list"))
          : null,
        info.status !== "over"
          ? h("button", { type: "button", class: "button ghost", onclick: () => showInvite(this), "aria-label": _("Invite friends") }, icon("link"), h("span", { class: "wide-only" }, _("Invite")))
          : h("a", { class: "button ghost", href: `/replay/${info.id}`, "aria-label": _("Replay") }, icon("play"), h("span", { class: "wide-only" }, _("Replay"))),
        h("button", { type: "button", class: "button ghost", onclick: () => showRules(info.game, { params: info.params }), "aria-keyshortcuts": "R", "aria-label": _("Rules"), title: _("Rules (R)") }, icon("book"), h("span", { class: "wide-only" }, _("Rules"))),
      ),
    );
  }

  showSettings() {
    const current = prefs();
    const toggle = (id, label, help, checked, onchange) =>
      h(
        "div",
        { class: "setting" },
        h("input", { type: "checkbox", id, checked, onchange: (event) => onchange(event.target.checked, event.target) }),
        h("label", { for: id }, h("strong", {}, label), h("span", { class: "muted" }, help)),
      );
    openDialog({
      title: _("Table settings"),
      className: "settings-dialog",
      body: [
        toggle("pref-sound", _("Sounds"), _("A chime on your turn, a tap for every card, a growl for a Demogorgon."), current.sound, (on) => setPref("sound", on)),
        toggle(
          "pref-notify",
          _("Tell me when it is my turn"),
          _("In a tab you are not looking at: a browser notification, the tab's title, and a buzz on phones."),
          notificationsAllowed(),
          async (on, box) => {
            if (on) box.checked = await askForNotifications();
            else setPref("notify", false);
            if (on && !box.checked) toast(_("The browser did not allow notifications; the tab's title still blinks."), "info", 5000);
          },
        ),
        toggle(
          "pref-ask",
          _("Always ask me"),
          _("Ask even when letting a card happen is my only answer (otherwise it is answered for me after a short pause)."),
          current.alwaysAsk,
          (on) => setPref("alwaysAsk", on),
        ),
        h("div", { class: "setting setting-language" }, h("strong", {}, _("Language")), languageSwitch(h)),
      ],
      buttons: [{ label: _("Done"), primary: true }],
    });
  }

  showLog() {
    this.logEl.scrollIntoView({ behavior: "smooth", block: "start" });
    this.logEl.querySelector(".log-scroll").focus({ preventScroll: true });
  }

  // --- the game --------------------------------------------------------------------------------

  renderGame(ctx) {
    const animate = this.view.version !== this.drawnVersion;
    const before = animate && this.drawnVersion >= 0 ? zones(this.root) : null;
    this.renderBanner(ctx);
    let board;
    try {
      board = this.module.board(ctx);
    } catch (error) {
      console.error(error);
      board = h("p", { class: "error" }, _("This table cannot be drawn: {error}", { error: error.message }));
    }
    mount(this.boardEl, board);
    mount(this.handSlot, ctx.tray && this.module.hand ? this.module.hand(ctx) : null);
    this.boardEl.classList.toggle("my-turn", ctx.myTurn);
    this.trayEl.classList.toggle("my-turn", ctx.myTurn);
    this.wireSteps(ctx);
    this.renderBar(ctx);
    fitHand(this.handSlot.querySelector(".hand"));
    if (animate) {
      const last = [...this.log].reverse().find((line) => line.kind === "move");
      arrive(this.root, before, last?.seat, this.seat);
      this.drawnVersion = this.view.version;
    }
  }

  /** What the seat is asked now, in words (the banner, the notification). */
  promptText() {
    const ctx = this.context();
    return this.module.prompt ? this.module.prompt(ctx) : _("Choose your move.");
  }

  renderBanner(ctx) {
    const info = this.info;
    const names = ctx.names;
    const parts = [];
    const me = this.seat;
    if (info.status === "over") {
      parts.push(h("strong", {}, _("Game over.")), " ", headline(info.result || { winners: [] }, names, me), " ", h("button", { type: "button", class: "button small", onclick: () => showResults(this) }, _("Results")));
      if (info.rematch) {
        parts.push(" ", h("a", { class: "button small primary", href: `/t/${info.rematch}` }, me !== null ? _("Go to the rematch") : _("Watch the rematch")));
      }
    } else if (this.connection !== "open") {
      parts.push(h("strong", {}, _("Reconnecting…")), " ", _("The table cannot be reached for now; it comes back by itself, with nothing lost."));
    } else if (me !== null && info.seats[me]?.standin) {
      parts.push(
        h("strong", {}, _("A bot is playing for you")),
        " ",
        _("while you were away."),
        " ",
        h("button", { type: "button", class: "button small primary", onclick: () => this.socket.back(), dataset: { key: "back" } }, _("I'm back")),
      );
    } else if (ctx.passive && info.to_move === me) {
      parts.push(h("strong", {}, _("Nothing to answer.")), " ", this.promptText(), " ", _("It is answered for you in a moment."));
    } else if (ctx.myTurn) {
      parts.push(h("strong", { class: "your-turn" }, _("Your turn.")), " ", this.promptText());
    } else if (this.pending) {
      parts.push(_("Sending your move…"));
    } else if (info.to_move !== null && info.to_move !== undefined) {
      const who = info.seats[info.to_move];
      const waitingText = this.module.waiting ? this.module.waiting(ctx, info.to_move) : null;
      parts.push(
        nameChip(names, info.to_move, me),
        waitingText ? ` ${waitingText}` : who?.type === "bot" || who?.standin ? " " + _("is thinking…") : " " + _("to play."),
      );
      if (who?.standin) parts.push(h("span", { class: "muted" }, " " + _("(a bot plays for them while they are away)")));
      if (me === null) parts.push(h("span", { class: "muted" }, " " + _("You are watching.")));
    } else {
      parts.push(me === null ? _("You are watching.") : "…");
    }
    if (info.deadline && info.status === "playing") {
      parts.push(" ", h("span", { class: "banner-clock" }, icon("clock"), h("span", { class: "countdown", dataset: { deadline: String(info.deadline) } })));
    }
    mount(this.bannerEl, parts);
    this.bannerEl.classList.toggle("mine", ctx.myTurn);
    this.bannerEl.classList.toggle("over", info.status === "over");
  }

  /** Make the board's and the tray's `[data-step]` elements play the offered steps. A step
   * played from the board (a deck, a container) also gets a button in the tray, which is
   * always on screen; a card of the hand is in the tray already. */
  wireSteps(ctx) {
    const offered = new Map(ctx.options.map((o) => [o.key, o]));
    this.inTray = new Set();
    const board = [...this.boardEl.querySelectorAll("[data-step]")];
    const tray = [...this.handSlot.querySelectorAll("[data-step]")];
    for (const el of [...board, ...tray]) {
      const option = offered.get(el.dataset.step);
      const isButton = el.tagName === "BUTTON";
      if (option) {
        if (tray.includes(el) || !ctx.tray) this.inTray.add(option.key);
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
        const label = el.getAttribute("aria-label") || stepLabel(option);
        if (!el.dataset.playableLabel) {
          el.dataset.playableLabel = "1";
          el.setAttribute("aria-label", _("{label}, playable", { label }));
        }
        el.addEventListener("click", () => this.choose(option));
      } else if (isButton && !el.dataset.free) {
        el.classList.remove("playable");
        el.setAttribute("aria-disabled", "true");
        el.addEventListener("click", () => this.whyNot(ctx, el.dataset.step));
      }
    }
  }

  whyNot(ctx, step) {
    if (this.info.status !== "playing" || this.pending || this.connection !== "open") return;
    if (this.seat === null) toast(_("You are watching this game."), "info", 2500);
    else if (!ctx.myTurn) toast(_("It is not your turn."), "info", 2500);
    else if (this.guide?.expected(this.view.version)) {
      toast(_("In this lesson the move is: {move}", { move: withNames(said(this.guide.expected(this.view.version)), ctx.names, this.seat) }), "info", 3000);
    } else {
      const reason = this.module.whyNot?.(ctx, step);
      toast(reason || _("That is not a legal move now."), "info", 3000);
    }
  }

  renderBar(ctx) {
    const items = [];
    if (this.module.bar) items.push(this.module.bar(ctx));
    const hidden = new Set(this.module.hiddenOptions || []);
    const rest = ctx.options.filter((o) => !this.inTray.has(o.key) && !hidden.has(o.kind));
    for (const option of rest) {
      items.push(
        h(
          "button",
          { type: "button", class: "button move", dataset: { key: `bar-${option.key}`, step: option.key }, onclick: () => this.choose(option) },
          capitalize(withNames(stepLabel(option), ctx.names, ctx.seat)),
        ),
      );
    }
    const scripted = this.guide?.expected(this.view.version);
    if (ctx.myTurn && this.info.hints && !scripted && this.chooser.actions.length > 1) items.push(this.hintItems(ctx));
    mount(this.barEl, items);
    this.barEl.hidden = this.barEl.childElementCount === 0;
    this.markHinted();
  }

  /** The Hint button, and the hint once it came (unrated tables, at this seat's turn). */
  hintItems(ctx) {
    const hint = this.hint && this.hint.version === this.view.version ? this.hint : null;
    const asked = this.hintAsked === this.view.version;
    const items = [];
    if (!hint) {
      items.push(
        h(
          "button",
          { type: "button", class: "button ghost hint-button", dataset: { key: "hint", free: "1" }, disabled: asked, title: _("What would the hard bot play? (from what you know only)"), onclick: () => this.askHint() },
          asked ? _("Thinking…") : _("Hint"),
        ),
      );
    } else {
      const names = ctx.names;
      const [best, ...others] = hint.moves;
      items.push(
        h(
          "p",
          { class: "hint-box", dataset: { hint: String(best.action) } },
          _("Hint: the hard bot would play"),
          " ",
          h("em", {}, withNames(this.moveWords(best), names, this.seat)),
          ` (${hint.measure} ${Math.round(100 * best.value)}%)`,
          others.length ? [". ", _("Then:"), " ", others.map((m) => `${withNames(this.moveWords(m), names, this.seat)} (${Math.round(100 * m.value)}%)`).join(", ")] : null,
          ".",
        ),
      );
    }
    return items;
  }

  /** Outline the first step of the hinted move among the playable cards and buttons. */
  markHinted() {
    for (const el of this.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    const hint = this.hint && this.view && this.hint.version === this.view.version ? this.hint : null;
    if (!hint || !hint.moves.length) return;
    const action = (this.view.actions || []).find((a) => a.action === hint.moves[0].action);
    const first = action?.steps?.[0];
    if (!first) return;
    const option = this.chooser.options().find((o) => o.kind === first.kind && o.value === first.value);
    if (!option) return;
    for (const el of this.root.querySelectorAll(`[data-step="${CSS.escape(option.key)}"]`)) el.classList.add("hinted");
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
    // newest in view: at the first draw (a reload), and whenever the reader was at the end
    if (atEnd || shown === 0) requestAnimationFrame(() => (scroller.scrollTop = scroller.scrollHeight));
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
      .map((line) => (line.kind === "move" && line.seat !== null ? `${line.seat === this.seat ? _("You") : names[line.seat]}: ${withNames(said(line), names)}` : withNames(said(line), names)));
    if (this.mineIn(this.view) && this.info.to_move === this.seat) words.push(_("Your turn.") + " " + this.promptText());
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
      // the connection dropped as the move was made: the board stopped offering moves already
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
    const chosen = this.chooser.prefix.map(stepLabel);
    const title = this.module.stepTitle?.(kind, ctx, this.chooser.prefix) || (kind === "option" ? _("Choose an option") : _("Choose a {kind}", { kind }));
    const explain =
      this.module.stepText?.(kind, ctx, this.chooser.prefix) || (chosen.length ? withNames(_("You chose {choices}.", { choices: chosen.join(", ") }), ctx.names) : "");
    const buttons = options.map((option) => {
      const custom = this.module.optionButton?.(option, ctx);
      const el = custom || h("button", { type: "button", class: "button option" }, capitalize(withNames(stepLabel(option), ctx.names, ctx.seat)));
      el.dataset.step = option.key;
      el.addEventListener("click", () => this.choose(option));
      return el;
    });
    this.closeStepDialog(true);
    this.stepDialog = openDialog({
      title,
      className: ["step-dialog", `step-${kind}`, `game-${this.info.game}`],
      body: [explain ? h("p", {}, explain) : null, h("div", { class: ["options", `options-${kind}`], role: "group", "aria-label": title }, buttons)],
      buttons: [{ label: this.chooser.depth > 1 ? _("Back") : _("Cancel"), onclick: () => { this.backStep(); return true; } }],
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
      if (silent) dlg.el.remove();
      else dlg.close("superseded");
    }
  }

  // --- keyboard --------------------------------------------------------------------------------

  onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || document.querySelector("dialog[open]")) return;
    if (event.key === "r" || event.key === "R") {
      event.preventDefault();
      showRules(this.info.game, { params: this.info.params });
    } else if (event.key === "l" || event.key === "L") {
      event.preventDefault();
      this.showLog();
    } else if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      const first =
        this.handSlot.querySelector(".playable") ||
        this.boardEl.querySelector(".playable") ||
        this.barEl.querySelector("button") ||
        this.handSlot.querySelector("[data-arrows] button");
      first?.focus();
    }
  }
}

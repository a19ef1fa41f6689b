// The table's chat (docs/protocol.md, "Chat"): a side panel on wide screens, a button with an
// unread count on phones (the panel opens over the page, so it never pushes the hand down), the
// quick reactions, muting a seat (kept in this browser), the creator's switch of the spectators'
// room, and the chat lines of the replay page.
//
// Everything anyone typed (messages and names) goes into the page as text nodes through `h()`
// (never as HTML), in <bdi> elements so right-to-left text cannot reorder the rest of its line.

import { playerName } from "./api.js";
import { said, seatHue } from "./common.js";
import { capitalize, h, icon, mount } from "./dom.js";
import { _, ngettext } from "./i18n.js";

/** A speech bubble (dom.js's icons are the table's; this one is the chat's own). */
function chatIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon icon-chat");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M4 5h16v11H9l-5 4z");
  svg.append(path);
  return svg;
}

/** Preset reactions: ordinary messages, sent by a button, in the sender's language (what they
 * would have typed). */
export function quickReactions() {
  return [_("Good game"), _("Cluck!"), _("Nice lay")];
}
/** The server's limit (code points after trimming); checked here first to say so at once. */
export const MAX_TEXT = 300;
const NARROW = "(max-width: 900px)";
const ANNOUNCED_KEEP = 4;

function roomWords() {
  return { players: _("Players"), spectators: _("Spectators") };
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const MUTED_KEY = (tableId) => `roost.chat.muted.${tableId}`;

/** The seats whose messages this browser hides at table `tableId`. */
export function mutedSeats(tableId) {
  try {
    const seats = JSON.parse(storage()?.getItem(MUTED_KEY(tableId)) || "[]");
    return new Set(Array.isArray(seats) ? seats.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

function saveMuted(tableId, seats) {
  if (seats.size) storage()?.setItem(MUTED_KEY(tableId), JSON.stringify([...seats]));
  else storage()?.removeItem(MUTED_KEY(tableId));
}

/** A spectator's name: the name typed in the lobby, else "Spectator" and a tag of this
 * browser's own (the same on every table and after a reload). */
function spectatorName() {
  const typed = playerName().trim();
  if (typed) return typed.slice(0, 24);
  let tag = storage()?.getItem("roost.spectatorTag");
  if (!tag || !/^[0-9a-f]{4}$/.test(tag)) {
    tag = Array.from(crypto.getRandomValues(new Uint8Array(2)), (b) => b.toString(16).padStart(2, "0")).join("");
    storage()?.setItem("roost.spectatorTag", tag);
  }
  return `Spectator ${tag}`;
}

/** Code points, as the server counts them. */
export function codePoints(text) {
  return [...text].length;
}

/** One chat line: the name and the text, each isolated (<bdi>) and set as text. */
export function chatLine(line, you = null) {
  const spectator = line.seat === null || line.seat === undefined;
  return h(
    "li",
    {
      class: ["chat-line", `chat-room-${line.room}`, !spectator && line.seat === you && "mine"],
      dataset: { id: String(line.id), seat: spectator ? "" : String(line.seat), version: String(line.version) },
    },
    h("bdi", { class: ["chat-name", spectator && "spectator"], style: spectator ? null : { "--hue": seatHue(line.seat) } }, line.name),
    h("span", { class: "chat-sep", "aria-hidden": "true" }, ": "),
    h("bdi", { class: "chat-text" }, line.text),
  );
}

export class ChatPanel {
  /** `socket()` gives the table's current TableSocket. */
  constructor(tableId, socket) {
    this.tableId = tableId;
    this.socket = socket;
    this.lines = [];
    this.ids = new Set();
    this.seat = null;
    this.role = null;
    this.info = null;
    this.creator = null;
    this.spectatorsOpen = true;
    this.room = "players";
    this.muted = mutedSeats(tableId);
    this.pending = new Map(); // ref -> the text sent from the input (null: a reaction)
    this.refs = 0;
    this.unread = 0;
    this.open = false;
    this.narrow = window.matchMedia(NARROW);
    this.narrow.addEventListener?.("change", () => this.renderShell());
    this.build();
  }

  /** The frames this panel handles, for the table's socket. */
  handlers() {
    return {
      chat_history: (frame) => this.onHistory(frame),
      chat: (frame) => this.onLine(frame),
      chat_rooms: (frame) => this.onRooms(frame),
    };
  }

  welcome(frame) {
    this.role = frame.role;
    this.seat = frame.role === "player" ? frame.seat : null;
    if (this.seat !== null) this.room = "players"; // a player has only this room
    this.pending.clear();
    this.renderShell();
  }

  /** The table's description changed (names, seats). */
  setTable(info) {
    // the options are drawn again only when who sits where changes (not on every connection
    // coming and going: a checkbox being clicked must not be replaced under the pointer)
    const people = (table) => JSON.stringify(table.seats.map((s) => [s.seat, s.type, s.name]));
    const before = this.info;
    this.info = info;
    if (!before || people(before) !== people(info)) this.renderOptions();
  }

  /** An error frame: true when it was about the chat (shown here, not as a toast). */
  onError(frame) {
    const mine = frame.ref && this.pending.has(frame.ref);
    if (!mine && !String(frame.code || "").startsWith("chat_")) return false;
    if (mine) this.pending.delete(frame.ref);
    this.say(capitalize(said(frame) || frame.code), "error");
    return true;
  }

  // --- frames ----------------------------------------------------------------------------------

  onHistory(frame) {
    this.creator = frame.creator;
    this.spectatorsOpen = frame.spectators_open;
    this.lines = [];
    this.ids = new Set();
    for (const line of frame.lines) this.keep(line);
    this.renderLines();
    this.renderShell();
    this.renderOptions();
  }

  onLine(frame) {
    const { type, ref, ...line } = frame;
    void type;
    if (ref && this.pending.has(ref)) {
      const sent = this.pending.get(ref);
      this.pending.delete(ref);
      if (sent !== null && this.input.value.trim() === sent) {
        this.input.value = "";
        this.renderCount();
      }
      this.say("");
    }
    if (!this.keep(line)) return;
    // the writer's own copy carries its ref; another tab of the same seat is not "others" either
    const fromOther = !ref && (line.seat === null || line.seat !== this.seat);
    const hiddenByMute = line.seat !== null && this.muted.has(line.seat);
    if (fromOther && !hiddenByMute) {
      this.announce(line);
      if (this.collapsed()) {
        this.unread += 1;
        this.renderToggle();
      }
    }
    this.renderLines();
  }

  onRooms(frame) {
    this.creator = frame.creator;
    this.spectatorsOpen = frame.spectators_open;
    if (frame.ref) this.pending.delete(frame.ref);
    this.renderShell();
    this.renderOptions();
  }

  keep(line) {
    if (this.ids.has(line.id)) return false;
    this.ids.add(line.id);
    this.lines.push(line);
    if (this.lines.length > 1 && line.id < this.lines[this.lines.length - 2].id) this.lines.sort((a, b) => a.id - b.id);
    return true;
  }

  // --- sending ---------------------------------------------------------------------------------

  send(text, fromInput) {
    const trimmed = text.trim();
    if (!trimmed) return;
    const n = codePoints(trimmed);
    if (n > MAX_TEXT) {
      this.say(_("Too long: {n} characters. A message has at most {max}.", { n, max: MAX_TEXT }), "error");
      return;
    }
    const ref = `c${++this.refs}`;
    const frame = { type: "chat", room: this.room, text: trimmed, ref };
    if (this.seat === null) frame.name = spectatorName();
    if (!this.socket()?.send(frame)) {
      this.say(_("Not connected: the message was not sent. Reconnecting…"), "error");
      return;
    }
    this.pending.set(ref, fromInput ? trimmed : null);
  }

  switchSpectators(open) {
    const ref = `c${++this.refs}`;
    if (!this.socket()?.send({ type: "chat_switch", room: "spectators", open, ref })) {
      this.say(_("Not connected: try again in a moment."), "error");
      this.renderOptions();
      return;
    }
    this.pending.set(ref, null);
  }

  mute(seat, on) {
    if (on) this.muted.add(seat);
    else this.muted.delete(seat);
    saveMuted(this.tableId, this.muted);
    this.renderLines();
    this.renderOptions();
  }

  // --- layout ----------------------------------------------------------------------------------

  build() {
    this.unreadEl = h("span", { class: "chat-unread", hidden: true });
    this.toggleEl = h(
      "button",
      {
        type: "button",
        class: "chat-toggle",
        "aria-label": _("Chat"),
        "aria-controls": "chat-body",
        "aria-expanded": "false",
        onclick: () => this.setOpen(!this.open),
      },
      chatIcon(),
      h("span", { class: "chat-toggle-text" }, _("Chat")),
      this.unreadEl,
    );
    this.tabsEl = h("div", { class: "chat-tabs", role: "group", "aria-label": _("Chat rooms") });
    this.list = h("ol", { class: "chat-lines", "aria-label": _("Chat messages, oldest first") });
    this.scroller = h("div", { class: "chat-scroll", tabindex: "0", "aria-label": _("Chat messages") }, this.list);
    this.hiddenEl = h("p", { class: "chat-hidden", hidden: true });
    this.statusEl = h("p", { class: "chat-status", role: "status" });
    this.quickEl = h(
      "div",
      { class: "chat-quick", role: "group", "aria-label": _("Quick reactions") },
      quickReactions().map((words) =>
        h("button", { type: "button", class: "button small chat-reaction", onclick: () => this.send(words, false) }, words),
      ),
    );
    this.input = h("input", {
      type: "text",
      class: "chat-input",
      id: `chat-input-${this.tableId}`,
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-label": _("Message"),
      placeholder: _("Say something…"),
      oninput: () => this.renderCount(),
    });
    this.countEl = h("span", { class: "chat-count", "aria-live": "off" });
    this.sendButton = h("button", { type: "submit", class: "button small primary chat-send" }, _("Send"));
    this.form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.send(this.input.value, true);
        },
      },
      this.input,
      this.countEl,
      this.sendButton,
    );
    this.offEl = h("p", { class: "chat-off", hidden: true });
    this.optionsEl = h("details", { class: "chat-options" });
    this.closeEl = h(
      "button",
      { type: "button", class: "icon-button chat-close", "aria-label": _("Close the chat"), onclick: () => this.setOpen(false) },
      icon("close"),
    );
    this.body = h(
      "div",
      { class: "chat-body", id: "chat-body" },
      h("div", { class: "chat-head" }, h("h2", { class: "side-title chat-title", id: "chat-title" }, chatIcon(), _("Chat")), this.closeEl),
      this.tabsEl,
      this.scroller,
      this.hiddenEl,
      this.statusEl,
      this.offEl,
      this.quickEl,
      this.form,
      this.optionsEl,
    );
    // new messages from others, read out politely (not the history, not one's own)
    this.announcer = h("div", { class: "sr-only chat-announcer", "aria-live": "polite", "aria-atomic": "false" });
    this.el = h("section", { class: "chat", "aria-labelledby": "chat-title" }, this.toggleEl, this.body, this.announcer);
    this.el.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.open && this.collapsed()) {
        event.preventDefault();
        this.setOpen(false);
        this.toggleEl.focus();
      }
    });
    this.renderShell();
  }

  collapsed() {
    return this.narrow.matches && !this.open;
  }

  setOpen(open) {
    this.open = open;
    if (open) {
      this.unread = 0;
      this.renderToggle();
    }
    this.renderShell();
    if (open && this.narrow.matches) {
      this.scroller.scrollTop = this.scroller.scrollHeight;
      if (this.input.disabled) this.closeEl.focus();
      else this.input.focus();
    }
  }

  renderToggle() {
    this.unreadEl.hidden = this.unread === 0;
    this.unreadEl.textContent = this.unread > 99 ? "99+" : String(this.unread);
    this.toggleEl.setAttribute("aria-expanded", String(this.open));
    this.toggleEl.setAttribute("aria-label", this.unread ? ngettext("Chat, {n} new message", "Chat, {n} new messages", this.unread) : _("Chat"));
  }

  /** What depends on the role, the room and the switch. */
  renderShell() {
    this.el.classList.toggle("open", this.open);
    this.renderToggle();
    const spectator = this.role === "spectator";
    if (spectator) {
      mount(
        this.tabsEl,
        ["players", "spectators"].map((room) =>
          h(
            "button",
            {
              type: "button",
              class: ["tab", "chat-tab"],
              "aria-pressed": String(this.room === room),
              dataset: { room },
              onclick: () => {
                this.room = room;
                this.say("");
                this.renderShell();
                this.renderLines();
              },
            },
            roomWords()[room],
          ),
        ),
      );
    } else {
      mount(this.tabsEl);
    }
    this.tabsEl.hidden = !spectator;
    let canWrite = this.role !== null;
    let note = "";
    if (spectator && this.room === "players") {
      canWrite = false;
      note = _("Only the players write here. Spectators talk in their own room.");
    } else if (spectator && !this.spectatorsOpen) {
      canWrite = false;
      note = _("The table's creator has switched the spectators' chat off.");
    } else if (spectator) {
      note = _("Only spectators read this room (players see it in the replay, after the game).");
    }
    this.offEl.hidden = !note;
    this.offEl.textContent = note;
    this.el.dataset.room = this.room;
    this.el.dataset.writable = String(canWrite);
    this.input.disabled = !canWrite;
    this.sendButton.disabled = !canWrite;
    for (const button of this.quickEl.querySelectorAll("button")) button.disabled = !canWrite;
    this.form.hidden = !canWrite;
    this.quickEl.hidden = !canWrite;
  }

  renderCount() {
    const n = codePoints(this.input.value.trim());
    this.countEl.textContent = n > MAX_TEXT - 50 ? `${n} / ${MAX_TEXT}` : "";
    this.countEl.classList.toggle("over", n > MAX_TEXT);
  }

  renderLines() {
    const atEnd = this.scroller.scrollHeight - this.scroller.scrollTop - this.scroller.clientHeight < 40;
    const shown = [];
    let hidden = 0;
    for (const line of this.lines) {
      if (line.room !== this.room) continue;
      if (line.seat !== null && this.muted.has(line.seat)) {
        hidden += 1;
        continue;
      }
      shown.push(chatLine(line, this.seat));
    }
    mount(this.list, shown.length ? shown : h("li", { class: "chat-empty" }, this.room === "players" ? _("No messages yet.") : _("No messages from spectators yet.")));
    this.hiddenEl.hidden = hidden === 0;
    mount(
      this.hiddenEl,
      hidden ? [ngettext("{n} message from muted players hidden.", "{n} messages from muted players hidden.", hidden), " ", h("button", { type: "button", class: "linkish", onclick: () => this.unmuteAll() }, _("Show them"))] : null,
    );
    if (atEnd) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  unmuteAll() {
    this.muted.clear();
    saveMuted(this.tableId, this.muted);
    this.renderLines();
    this.renderOptions();
  }

  /** The options: mute a seat; the creator's switch of the spectators' room. */
  renderOptions() {
    const info = this.info;
    const items = [];
    if (info) {
      const people = info.seats.filter((s) => s.type === "person" && s.seat !== this.seat);
      if (people.length) {
        items.push(
          h(
            "fieldset",
            { class: "chat-mute" },
            h("legend", {}, _("Hide the messages of")),
            people.map((s) =>
              h(
                "label",
                { class: "check" },
                h("input", {
                  type: "checkbox",
                  checked: this.muted.has(s.seat),
                  "aria-label": _("Hide the messages of {name}", { name: s.name || _("Seat {n}", { n: s.seat + 1 }) }),
                  dataset: { muteSeat: String(s.seat) },
                  onchange: (e) => this.mute(s.seat, e.target.checked),
                }),
                h("bdi", {}, s.name || _("Seat {n}", { n: s.seat + 1 })),
              ),
            ),
            h("p", { class: "help" }, _("Only in this browser; nobody is told.")),
          ),
        );
      }
    }
    if (this.seat !== null && this.seat === this.creator) {
      items.push(
        h(
          "label",
          { class: "check chat-switch" },
          h("input", {
            type: "checkbox",
            class: "chat-spectators-open",
            checked: this.spectatorsOpen,
            "aria-label": _("Spectators may chat among themselves"),
            onchange: (e) => this.switchSpectators(e.target.checked),
          }),
          _("Spectators may chat among themselves"),
        ),
      );
    }
    const wasOpen = this.optionsEl.open;
    mount(this.optionsEl, h("summary", {}, _("Chat options")), items.length ? items : h("p", { class: "help" }, _("Nobody else to mute yet.")));
    this.optionsEl.open = wasOpen;
  }

  /** A short note under the lines (an error, a refusal); "" clears it. */
  say(text, kind = "info") {
    this.statusEl.textContent = text;
    this.statusEl.classList.toggle("error", kind === "error");
  }

  announce(line) {
    const said = line.room === "spectators" ? _("{name}, spectator, says: {text}", { name: line.name, text: line.text }) : _("{name} says: {text}", { name: line.name, text: line.text });
    this.announcer.append(h("p", {}, said));
    while (this.announcer.childElementCount > ANNOUNCED_KEEP) this.announcer.firstElementChild.remove();
  }
}

/** The chat of a replay: every line, those said after the moment on screen hidden. */
export class ReplayChat {
  constructor(tableId, lines) {
    const muted = mutedSeats(tableId);
    this.lines = lines.filter((line) => line.seat === null || !muted.has(line.seat));
    this.list = h(
      "ol",
      { class: "chat-lines" },
      this.lines.map((line) => {
        const li = chatLine(line);
        if (line.room === "spectators") li.append(h("span", { class: "chat-room-tag" }, " " + _("(spectators' room)")));
        return li;
      }),
    );
    this.emptyEl = h("p", { class: "chat-empty" }, _("Nothing was said yet."));
    this.el = h(
      "section",
      { class: ["log", "chat-replay"], "aria-labelledby": "chat-replay-title" },
      h("h2", { class: "side-title", id: "chat-replay-title" }, chatIcon(), _("Chat")),
      h("div", { class: "chat-scroll", tabindex: "0", "aria-label": _("Chat messages said so far") }, this.list, this.emptyEl),
    );
    this.el.hidden = this.lines.length === 0;
  }

  /** Show the lines said at `version` or before. */
  show(version) {
    let shown = 0;
    for (const li of this.list.children) {
      const visible = Number(li.dataset.version) <= version;
      li.hidden = !visible;
      if (visible) shown += 1;
    }
    this.emptyEl.hidden = shown > 0;
    const scroller = this.list.parentElement;
    scroller.scrollTop = scroller.scrollHeight; // the latest line said so far
  }
}

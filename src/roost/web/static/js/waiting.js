// The waiting room of a table page: the seats, joining one, starting now with bots, and the
// invite link. Drawn into the page's board while the table waits for players.

import { api, claim, mySeat, playerName, rememberSeat, setPlayerName } from "./api.js";
import { displayNames, seatHue } from "./common.js";
import { openDialog, showRules } from "./dialog.js";
import { h, icon, mount, reconnecting, toast } from "./dom.js";
import { _, formatTime, ngettext } from "./i18n.js";

/** Draw the waiting room of `page` (a TablePage) into its banner and board. */
export function renderWaiting(page) {
  const info = page.info;
  const names = displayNames(info);
  const open = info.seats.filter((s) => s.type === "open");
  const seated = page.seat !== null;
  mount(
    page.bannerEl,
    h("strong", {}, _("Waiting for players:")),
    " ",
    ngettext("{taken} of {n} seat taken.", "{taken} of {n} seats taken.", info.seats.length, { taken: info.seats.length - open.length }),
    " ",
    info.fill_at
      ? _("The game starts when every seat is filled, or at {time} with bots in the open seats.", { time: formatTime(info.fill_at) })
      : _("The game starts when every seat is filled."),
    info.rated ? [" ", _("Rated: only signed-in players can sit here.")] : "",
  );
  const nameInput = h("input", {
    id: "join-name",
    type: "text",
    maxlength: "24",
    autocomplete: "nickname",
    // What was typed survives a re-render (a frame can arrive mid-typing: someone joins or
    // starts watching), so a name is never wiped between typing it and pressing Sit here.
    value: page.joinDraft ?? playerName(),
    placeholder: _("Your name"),
    required: true,
    dataset: { key: "join-name" },
    oninput: () => {
      page.joinDraft = nameInput.value;
    },
  });
  const join = async (seat) => {
    const name = nameInput.value.trim();
    if (!name) {
      nameInput.focus();
      toast(_("Type your name first."), "error");
      return;
    }
    try {
      const grant = await claim(`/tables/${page.id}/join`, { name, seat }, { onRetry: reconnecting });
      setPlayerName(name);
      rememberSeat(page.id, grant.seat, grant.token, name);
      page.grant = mySeat(page.id);
      page.info = grant.table;
      page.connect();
      page.render();
    } catch (error) {
      toast(error.message, "error");
    }
  };
  const seatRows = info.seats.map((s) =>
    h(
      "li",
      { class: ["seat-row", s.type], style: { "--hue": seatHue(s.seat) } },
      h("span", { class: "seat-dot", "aria-hidden": "true" }),
      h("span", { class: "seat-num" }, _("Seat {n}", { n: s.seat + 1 })),
      s.type === "open"
        ? h("span", { class: "seat-open" }, _("open"))
        : h(
            "span",
            { class: "seat-who" },
            s.type === "bot" ? icon("bot") : icon("person"),
            page.seat === s.seat ? h("strong", {}, _("You")) : names[s.seat],
            s.type === "person" && !s.connected ? h("span", { class: "badge away" }, _("not here")) : null,
          ),
      s.type === "open" && !seated
        ? h("button", { type: "button", class: "button primary small", onclick: () => join(s.seat), dataset: { key: `join-${s.seat}` } }, _("Sit here"))
        : null,
    ),
  );
  const fillLevel = h(
    "select",
    {
      id: "fill-level",
      "aria-label": _("Bot level for the open seats"),
      dataset: { key: "fill-level" },
      onchange: () => {
        page.fillDraft = fillLevel.value;
      },
    },
    ["easy", "medium", "hard"].map((level) => h("option", { value: level, selected: level === (page.fillDraft ?? "medium") }, { easy: _("easy bots"), medium: _("medium bots"), hard: _("hard bots") }[level])),
  );
  const startNow = async () => {
    try {
      page.info = await api(`/tables/${page.id}/start`, { method: "POST", body: { fill: fillLevel.value }, token: page.grant?.token });
      page.render();
    } catch (error) {
      toast(error.message, "error");
    }
  };
  const joinPanel =
    !seated && open.length
      ? h(
          "section",
          { class: "panel join-panel" },
          h("h2", {}, _("Join this table")),
          h("div", { class: "field" }, h("label", { for: "join-name" }, _("Your name")), nameInput),
          h("p", { class: "muted" }, _("Then pick an open seat below. Or just stay on this page to watch.")),
        )
      : null;
  mount(
    page.boardEl,
    h(
      "div",
      { class: "waiting" },
      h(
        "section",
        { class: "panel intro-panel" },
        h("h2", {}, seated ? _("Your table is ready") : _("You are invited to play {game}", { game: info.title })),
        page.module.blurb ? h("p", { class: "game-blurb" }, page.module.blurb) : null,
        h("p", { class: "row" }, h("button", { type: "button", class: "button small", onclick: () => showRules(info.game, { params: info.params }) }, icon("book"), _("Read the rules"))),
      ),
      joinPanel,
      h(
        "section",
        { class: "panel" },
        h("h2", {}, _("Seats")),
        h("ul", { class: "seat-list" }, seatRows),
        seated && open.length
          ? h(
              "div",
              { class: "start-now" },
              h("p", {}, _("Friends join with the invite link. Or start now with bots in the open seats:")),
              h("div", { class: "row" }, fillLevel, h("button", { type: "button", class: "button", onclick: startNow }, _("Start now"))),
            )
          : null,
      ),
      h(
        "section",
        { class: "panel" },
        h("h2", {}, _("Invite friends")),
        h("p", {}, _("Send this link to the people you want to play with. They open it, type their name and take a seat.")),
        inviteField(page),
      ),
    ),
  );
}

/** The invite link with a copy button. */
export function inviteField(page) {
  // the server knows the address friends can reach (its LAN address), the browser only its own
  const url = page.info.invite_url || `${location.origin}/t/${page.id}`;
  const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": _("Invite link"), onfocus: (e) => e.target.select() });
  const copy = async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(url);
      ok = true;
    } catch {
      input.select();
      ok = document.execCommand?.("copy") ?? false;
    }
    toast(ok ? _("Invite link copied.") : _("Select the link and copy it."), ok ? "info" : "error");
  };
  return h("div", { class: "copy-row" }, input, h("button", { type: "button", class: "button", onclick: copy }, icon("copy"), _("Copy link")));
}

export function showInvite(page) {
  openDialog({
    title: _("Invite friends"),
    body: [
      h("p", {}, page.info.status === "waiting" ? _("Send this link: whoever opens it can take an open seat.") : _("Send this link: whoever opens it can watch the game.")),
      inviteField(page),
    ],
  });
}

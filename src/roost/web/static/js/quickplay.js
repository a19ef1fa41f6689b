// "Play now" on a game's tile (docs/protocol.md, "Quick play"): a seat at the oldest open
// public table of the game (rated or not, as chosen), or a new public table whose open seats
// get bots after a short wait. And the new table's own choices beside the lobby's form: rated,
// public or private, and when bots fill the seats nobody took.

import { claim, rememberSeat, setPlayerName } from "./api.js";
import { currentAccount } from "./account.js";
import { h, reconnecting, toast } from "./dom.js";
import { _, ngettext } from "./i18n.js";

function fills() {
  return [
    [null, _("Never: wait for people")],
    [30, ngettext("After {n} second", "After {n} seconds", 30)],
    [60, ngettext("After {n} minute", "After {n} minutes", 1)],
    [120, ngettext("After {n} minute", "After {n} minutes", 2)],
    [300, ngettext("After {n} minute", "After {n} minutes", 5)],
  ];
}

/** The "Play now" button of one game. `name()` gives the player's name (typed or the
 * account's); `rated()` whether to play rated. */
export function playNowButton(game, { name, rated, nameInput }) {
  return h(
    "button",
    {
      type: "button",
      class: "button primary small play-now",
      "aria-label": _("Play {game} now", { game: game.title }),
      dataset: { game: game.name },
      onclick: async (event) => {
        const who = name();
        if (!who) {
          toast(_("Type your name first (top of the page)."), "error");
          nameInput?.focus();
          return;
        }
        event.currentTarget.disabled = true;
        try {
          const grant = await claim("/quickplay", { game: game.name, rated: rated(), name: who }, { onRetry: reconnecting });
          setPlayerName(who);
          rememberSeat(grant.table.id, grant.seat, grant.token, who);
          location.assign(`/t/${grant.table.id}`);
        } catch (error) {
          toast(error.message, "error", 6000);
          event.currentTarget.disabled = false;
        }
      },
    },
    _("Play now"),
  );
}

/** The new table's rated / public / fill choices (kept in `state`), as form fields. */
export function tableChoices(state) {
  const signedIn = Boolean(currentAccount());
  return h(
    "div",
    { class: "form-grid table-choices" },
    h(
      "div",
      { class: "field" },
      h("label", { for: "visibility" }, _("Who can find it")),
      h(
        "select",
        { id: "visibility", onchange: (e) => { state.public = e.target.value === "public"; } },
        h("option", { value: "public", selected: state.public !== false }, _("Public: listed in the lobby")),
        h("option", { value: "private", selected: state.public === false }, _("Private: by invite link only")),
      ),
    ),
    h(
      "div",
      { class: "field" },
      h("label", { for: "fill-after" }, _("Bots take the open seats")),
      h(
        "select",
        { id: "fill-after", onchange: (e) => { state.fillAfter = e.target.value ? Number(e.target.value) : null; } },
        fills().map(([value, label]) => h("option", { value: value === null ? "" : String(value), selected: value === (state.fillAfter ?? null) }, label)),
      ),
    ),
    signedIn
      ? h(
          "div",
          { class: "field check" },
          h("label", { for: "rated" }, _("Rated")),
          h("input", { id: "rated", type: "checkbox", checked: Boolean(state.rated), "aria-describedby": "rated-help", onchange: (e) => { state.rated = e.target.checked; } }),
          h("p", { class: "help", id: "rated-help" }, _("Ratings change at the end; only signed-in players can join.")),
        )
      : null,
  );
}

/** The fields `tableChoices` set, for the create request. */
export function tableChoicesBody(state) {
  const body = { public: state.public !== false };
  if (state.fillAfter) body.fill_after = state.fillAfter;
  if (state.rated && currentAccount()) body.rated = true;
  return body;
}

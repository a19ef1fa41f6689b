// The end of a game on the table page: the results dialog (places, each seat's score in the
// game's words, the game's summary) and the rematch.

import { api, rememberSeat } from "./api.js";
import { displayNames, nameChip, ranking } from "./common.js";
import { openDialog } from "./dialog.js";
import { h, icon, joinWords, toast } from "./dom.js";
import { _ } from "./i18n.js";

/** "You win!", "Bo wins!", "Ana and you win!", "Nobody wins this time." */
export function headline(result, names, you) {
  const winners = result.winners;
  if (!winners.length) return _("Nobody wins this time.");
  if (winners.length === 1) return winners[0] === you ? _("You win!") : _("{name} wins!", { name: names[winners[0]] });
  const others = joinWords(winners.filter((s) => s !== you).map((s) => names[s]));
  return winners.includes(you) ? _("{names} and you win!", { names: others }) : _("{names} win!", { names: others });
}

export function showResults(page) {
  const info = page.info;
  if (!info.result) return;
  const names = displayNames(info);
  const ctx = page.context();
  const module = page.module;
  const key = module.resultKey ? (seat) => module.resultKey(ctx, seat) : null;
  const rows = ranking(info.result, info.seats.length, key);
  const winners = new Set(info.result.winners);
  const detail = module.resultRow ? (seat) => module.resultRow(ctx, seat) : () => null;
  const table = h(
    "ol",
    { class: "results" },
    rows.map((row) =>
      h(
        "li",
        { class: ["result-row", winners.has(row.seat) && "winner", row.seat === page.seat && "me"] },
        h("span", { class: "place" }, winners.has(row.seat) ? icon("trophy", _("winner")) : `${row.place}.`),
        nameChip(names, row.seat, page.seat),
        h("span", { class: "result-detail" }, detail(row.seat) || (winners.has(row.seat) ? _("winner") : "")),
      ),
    ),
  );
  const buttons = [];
  if (info.rematch) {
    buttons.push({ label: page.seat !== null ? _("Go to the rematch") : _("Watch the rematch"), primary: true, onclick: () => location.assign(`/t/${info.rematch}`) });
  } else if (page.seat !== null) {
    buttons.push({ label: _("Rematch"), primary: true, key: "rematch", onclick: () => rematch(page) });
  }
  buttons.push({ label: _("Replay"), onclick: () => location.assign(`/replay/${info.id}`) });
  if (page.seat !== null) buttons.push({ label: _("Review my game"), key: "review", onclick: () => location.assign(`/replay/${info.id}?viewer=${page.seat}`) });
  buttons.push({ label: _("Lobby"), onclick: () => location.assign("/") });
  buttons.push({ label: _("Look at the table"), key: "close" });
  page.resultsDialog = openDialog({
    title: _("Game over"),
    className: ["results-dialog", `game-${info.game}`],
    body: [h("p", { class: "headline" }, headline(info.result, names, page.seat)), module.resultSummary?.(ctx), table],
    buttons,
    onclose: () => {
      page.resultsDialog = null;
    },
  });
}

async function rematch(page) {
  try {
    page.makingRematch = true;
    const answer = await api(`/tables/${page.id}/rematch`, { method: "POST", token: page.grant.token });
    rememberSeat(answer.table.id, page.grant.seat, page.grant.token, page.grant.name);
    location.assign(`/t/${answer.table.id}`);
  } catch (error) {
    page.makingRematch = false;
    toast(error.message, "error");
  }
  return false;
}

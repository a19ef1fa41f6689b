// The end of a game on the table page: the results dialog (places, each seat's score in the
// game's words, the game's summary) and the rematch.

import { api, rememberSeat } from "./api.js";
import { displayNames, nameChip, ranking } from "./common.js";
import { openDialog } from "./dialog.js";
import { h, icon, joinWords, toast } from "./dom.js";

/** "You win!", "Bo wins!", "Ana and you win!", "Nobody wins this time." */
export function headline(result, names, you) {
  const winners = result.winners;
  if (!winners.length) return "Nobody wins this time.";
  const who = joinWords(winners.map((s) => (s === you ? "You" : names[s])));
  return `${who} ${winners.length === 1 && winners[0] !== you ? "wins" : "win"}!`;
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
        h("span", { class: "place" }, winners.has(row.seat) ? icon("trophy", "winner") : `${row.place}.`),
        nameChip(names, row.seat, page.seat),
        h("span", { class: "result-detail" }, detail(row.seat) || (winners.has(row.seat) ? "winner" : "")),
      ),
    ),
  );
  const buttons = [];
  if (info.rematch) {
    buttons.push({ label: page.seat !== null ? "Go to the rematch" : "Watch the rematch", primary: true, onclick: () => location.assign(`/t/${info.rematch}`) });
  } else if (page.seat !== null) {
    buttons.push({ label: "Rematch", primary: true, key: "rematch", onclick: () => rematch(page) });
  }
  buttons.push({ label: "Replay", onclick: () => location.assign(`/replay/${info.id}`) });
  if (page.seat !== null) buttons.push({ label: "Review my game", key: "review", onclick: () => location.assign(`/replay/${info.id}?viewer=${page.seat}`) });
  buttons.push({ label: "Lobby", onclick: () => location.assign("/") });
  buttons.push({ label: "Look at the table", key: "close" });
  page.resultsDialog = openDialog({
    title: "Game over",
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

// Learn to play (docs/protocol.md, "Tutorials"): /learn/{game} makes a tutorial table (the
// learner in seat 0, easy bots) and goes to it; there the Guide, in the tray, explains each
// rule the moment it first matters (the tutorial's lessons, each from its version on), says
// which move the script asks for (only that move is offered: the chooser is restricted to it),
// and once the script is over leaves the learner to finish the game.

import { api, claim, playerName, rememberSeat } from "./api.js";
import { withNames } from "./common.js";
import { h, mount, reconnecting } from "./dom.js";
import { _, ngettext, renderMessage } from "./i18n.js";

/** A text of the tutorial in the page's language: its message (`msg`, the server's data) where
 * the server gives one, else its English. */
function inWords(msg, text) {
  return msg ? renderMessage(msg) : text;
}

const lessonTitle = (lesson) => inWords(lesson.title_msg, lesson.title);
const lessonText = (lesson, names, seat) => withNames(inWords(lesson.text_msg, lesson.text), names, seat);

/** /learn/{game}: the tutorial table, made and entered. */
export async function learnPage(root, game) {
  mount(root, h("p", { class: "loading" }, _("Preparing your first game…")));
  try {
    const name = playerName() || _("Learner");
    const grant = await claim(`/tutorials/${encodeURIComponent(game)}`, { name }, { onRetry: reconnecting });
    rememberSeat(grant.table.id, grant.seat, grant.token, name);
    location.replace(`/t/${grant.table.id}`);
  } catch (error) {
    mount(root, h("section", { class: "panel narrow" }, h("h1", {}, _("This tutorial could not start")), h("p", {}, error.message), h("a", { class: "button primary", href: "/" }, _("Go to the lobby"))));
  }
}

/** The tutorial's lessons and scripted moves beside a tutorial table. */
export class Guide {
  static async load(game) {
    return new Guide(await api(`/tutorials/${encodeURIComponent(game)}`));
  }

  constructor(detail) {
    this.detail = detail;
    this.moves = new Map(detail.moves.map((move) => [move.version, move]));
    this.shown = new Set(); // rules shown so far
    this.lastVersion = -1;
    this.el = h("section", { class: "guide", "aria-labelledby": "guide-title" });
    this.live = h("div", { class: "sr-only", "aria-live": "polite" });
  }

  /** The scripted move at `version`, if the script asks the learner for one there. */
  expected(version) {
    return version < this.detail.length ? this.moves.get(version) || null : null;
  }

  /** The learner's legal moves as the page offers them: only the scripted one during the
   * script (the server refuses the others anyway). */
  offered(actions, version) {
    const move = this.expected(version);
    if (!move) return actions;
    const only = actions.filter((a) => a.action === move.action);
    return only.length ? only : actions;
  }

  reached(version) {
    return this.detail.lessons.filter((lesson) => lesson.version <= version);
  }

  render(view, names, seat) {
    const version = view ? view.version : -1;
    const reached = this.reached(version);
    const fresh = reached.filter((lesson) => !this.shown.has(lesson.rule));
    for (const lesson of fresh) this.shown.add(lesson.rule);
    const over = version >= this.detail.length;
    const total = this.detail.lessons.length;
    const move = view && view.actions?.length ? this.expected(version) : null;
    // the newest lessons first: what matters now
    const now = reached.length ? reached.filter((l) => l.version === reached[reached.length - 1].version) : [];
    const earlier = reached.filter((l) => !now.includes(l));
    document.body.dataset.lessons = [...this.shown].join(" ");
    document.body.dataset.expected = move ? String(move.action) : "";
    document.body.dataset.scriptOver = String(over);
    mount(
      this.el,
      h(
        "div",
        { class: "guide-head" },
        h("h2", { id: "guide-title" }, _("Learn {game}", { game: this.detail.title })),
        h("span", { class: "guide-count" }, ngettext("{reached} of {n} rule", "{reached} of {n} rules", total, { reached: reached.length })),
      ),
      reached.length === 0 ? h("p", { class: "guide-intro" }, inWords(this.detail.intro_msg, this.detail.intro)) : null,
      now.map((lesson) => h("div", { class: "lesson", dataset: { rule: lesson.rule } }, h("strong", {}, `${lessonTitle(lesson)}. `), lessonText(lesson, names, seat))),
      move ? h("p", { class: "guide-move" }, _("Your move:"), " ", h("em", {}, withNames(inWords(move.msg, move.text), names, seat)), ".") : null,
      over ? h("p", { class: "guide-outro" }, h("strong", {}, _("Now on your own.")), " ", inWords(this.detail.outro_msg, this.detail.outro)) : null,
      earlier.length
        ? h(
            "details",
            { class: "guide-earlier" },
            h("summary", {}, _("Rules met so far ({n})", { n: earlier.length })),
            h("ul", {}, earlier.map((lesson) => h("li", { dataset: { rule: lesson.rule } }, h("strong", {}, `${lessonTitle(lesson)}. `), lessonText(lesson, names, seat)))),
          )
        : null,
      this.live,
    );
    if (fresh.length && version !== this.lastVersion) {
      this.live.textContent = fresh.map((lesson) => `${lessonTitle(lesson)}. ${lessonText(lesson, names, seat)}`).join(" ");
    }
    this.lastVersion = version;
  }
}

// A seat's review after a game (docs/protocol.md, "Reviews"), on the replay page: ask for it,
// follow its progress (with a cancel), then a chart of the seat's chances over the game whose
// points jump to that moment of the replay (by click, or by keyboard: Tab to the chart, the
// arrow keys from point to point, Enter), the marked moves listed, and the review of the
// decision at the moment shown.
//
// Who may see a review is the server's rule: a seat's review with that seat's view or with the
// full deal. So the panel offers the seat of the view shown, or every seat with the full deal.

import { api, ApiError } from "./api.js";
import { nameChip, said, withNames } from "./common.js";
import { h, mount } from "./dom.js";
import { _, formatNumber, ngettext } from "./i18n.js";

const MARK_SIGN = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** A mark's word in the reader's language (a function: the catalogue loads after import). */
function markWord(mark) {
  const words = { inaccuracy: _("Inaccuracy"), mistake: _("Mistake"), blunder: _("Blunder") };
  return words[mark] ?? mark;
}

/** The review's measure ("win chance" or "expected result", roost.coach.review.measure_of), in
 * the page's language (a hint says it too). */
export function measureWord(measure) {
  const words = { "win chance": _("win chance"), "expected result": _("expected result") };
  return words[measure] ?? measure;
}
const POLL_MS = 700;
const SVG = "http://www.w3.org/2000/svg";

export function percent(value) {
  return formatNumber(value, { style: "percent", maximumFractionDigits: 0 });
}

/** A mark as a small badge ("?!" inaccuracy, "?" mistake, "??" blunder), its word for readers. */
export function markBadge(mark) {
  if (!mark) return null;
  return h("span", { class: ["mark", `mark-${mark}`], title: markWord(mark) }, h("span", { "aria-hidden": "true" }, MARK_SIGN[mark]), h("span", { class: "sr-only" }, markWord(mark)));
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

/**
 * The chart of a review: the seat's chances after each of its decisions (x: the moment in the
 * game, y: 0-100%), a point per decision coloured by its mark. `pick(decision)` is called when a
 * point is clicked or chosen with Enter; `describe(decision)` names a point for readers.
 */
export function chanceChart(review, { pick, describe, current = null }) {
  const W = 320;
  const H = 120;
  const pad = { left: 30, right: 8, top: 8, bottom: 16 };
  const decisions = review.decisions;
  const span = Math.max(1, review.upto);
  const x = (d) => pad.left + ((W - pad.left - pad.right) * d.version) / span;
  const y = (v) => pad.top + (H - pad.top - pad.bottom) * (1 - v);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((v) =>
    svg(
      "g",
      { class: "chart-grid" },
      svg("line", { x1: pad.left, x2: W - pad.right, y1: y(v), y2: y(v) }),
      v % 0.5 === 0 ? svg("text", { x: pad.left - 4, y: y(v) + 3, "text-anchor": "end" }, document.createTextNode(percent(v))) : null,
    ),
  );
  const line = svg("polyline", { class: "chart-line", points: decisions.map((d) => `${x(d).toFixed(1)},${y(d.chosen.value).toFixed(1)}`).join(" ") });
  const bestLine = svg("polyline", { class: "chart-best", points: decisions.map((d) => `${x(d).toFixed(1)},${y(d.best.value).toFixed(1)}`).join(" ") });
  // Each point answers clicks across its own band of the chart, halfway to its neighbours:
  // decisions a few steps apart would otherwise hide each other under fixed-size targets.
  const xs = decisions.map(x);
  const bandLeft = (i) => (i === 0 ? pad.left - 6 : (xs[i - 1] + xs[i]) / 2);
  const bandRight = (i) => (i === xs.length - 1 ? W - pad.right + 6 : (xs[i] + xs[i + 1]) / 2);
  const points = decisions.map((d, i) => {
    const point = svg(
      "g",
      {
        class: ["chart-point", d.mark ? `mark-${d.mark}` : "", current === i ? "current" : ""].join(" ").trim(),
        role: "button",
        tabindex: i === (current ?? 0) ? "0" : "-1",
        "aria-label": describe(d, i),
        "data-version": String(d.version),
        "data-index": String(i),
      },
      svg("title", {}, document.createTextNode(describe(d, i))),
      svg("rect", { class: "chart-hit", x: bandLeft(i), y: pad.top - 6, width: Math.max(0, bandRight(i) - bandLeft(i)), height: H - pad.top - pad.bottom + 12 }),
      svg("circle", { class: "chart-dot", cx: x(d), cy: y(d.chosen.value), r: d.mark ? 4.5 : 3, "pointer-events": "none" }),
    );
    point.addEventListener("click", () => pick(d, i));
    point.addEventListener("keydown", (event) => {
      let to = null;
      if (event.key === "ArrowRight" || event.key === "ArrowUp") to = Math.min(decisions.length - 1, i + 1);
      else if (event.key === "ArrowLeft" || event.key === "ArrowDown") to = Math.max(0, i - 1);
      else if (event.key === "Home") to = 0;
      else if (event.key === "End") to = decisions.length - 1;
      else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        pick(d, i);
        return;
      } else return;
      event.preventDefault();
      event.stopPropagation();
      const all = point.parentNode.querySelectorAll(".chart-point");
      for (const other of all) other.setAttribute("tabindex", "-1");
      all[to].setAttribute("tabindex", "0");
      all[to].focus();
    });
    return point;
  });
  const chart = svg(
    "svg",
    { class: "chance-chart", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": ngettext("{measure} after each decision: {n} point; arrow keys move between them, Enter shows that moment", "{measure} after each decision: {n} points; arrow keys move between them, Enter shows that moment", decisions.length, { measure: measureWord(review.measure) }) },
    ...grid,
    bestLine,
    line,
    svg("g", { class: "chart-points" }, ...points),
  );
  return chart;
}

/** The review panel of the replay page. */
export class ReviewPanel {
  /**
   * tableId; info (TableInfo); names; viewer() ("all", "spectator" or a seat as text);
   * go(version): show that moment of the replay; changed(): called after every change (the
   * page marks its list of steps); token: this browser's seat token at the table, if any.
   */
  constructor(tableId, info, names, { viewer, go, token, changed }) {
    this.id = tableId;
    this.info = info;
    this.names = names;
    this.viewer = viewer;
    this.go = go;
    this.token = token || null;
    this.changed = changed || (() => {});
    this.seat = null;
    this.answer = null;
    this.timer = null;
    this.at = 0;
    this.el = h("section", { class: "review-panel", "aria-labelledby": "review-title" });
    this.body = h("div", { class: "review-body" });
    this.status = h("div", { class: "review-status", role: "status", "aria-live": "polite" });
    this.here = h("div", { class: "review-here" });
    mount(this.el, h("h2", { class: "side-title", id: "review-title" }, "Review"), this.body);
  }

  /** The seats this viewer may review: its own with a seat's view, any with the full deal. */
  seats() {
    const viewer = this.viewer();
    if (viewer === "all") return this.info.seats.map((s) => s.seat);
    if (/^\d+$/.test(viewer)) return [Number(viewer)];
    return [];
  }

  viewerChanged() {
    const seats = this.seats();
    if (!seats.includes(this.seat)) this.seat = seats.length ? seats[0] : null;
    this.answer = null;
    this.load();
  }

  query() {
    return `?viewer=${encodeURIComponent(this.viewer())}`;
  }

  async load() {
    clearTimeout(this.timer);
    this.render();
    if (this.seat === null) return;
    try {
      this.answer = await api(`/tables/${this.id}/reviews/${this.seat}${this.query()}`, { token: this.token });
    } catch (error) {
      this.answer = { status: "error", message: error.message };
    }
    this.render();
    this.poll();
  }

  poll() {
    clearTimeout(this.timer);
    if (!this.answer || !["queued", "running"].includes(this.answer.status)) return;
    const seat = this.seat;
    this.timer = setTimeout(async () => {
      try {
        const answer = await api(`/tables/${this.id}/reviews/${seat}${this.query()}`, { token: this.token });
        if (seat !== this.seat) return;
        this.answer = answer;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 0) this.answer = { status: "error", message: error.message };
      }
      this.render();
      this.poll();
    }, POLL_MS);
  }

  async start() {
    try {
      this.answer = await api(`/tables/${this.id}/reviews`, { method: "POST", body: { seat: this.seat, viewer: this.viewer() === "all" ? "all" : Number(this.viewer()) }, token: this.token });
    } catch (error) {
      this.answer = { status: "error", message: error.message };
    }
    this.render();
    this.poll();
  }

  async cancel() {
    try {
      this.answer = await api(`/tables/${this.id}/reviews/${this.seat}${this.query()}`, { method: "DELETE", token: this.token });
    } catch (error) {
      this.answer = { status: "error", message: error.message };
    }
    this.render();
  }

  /** The replay moved to `version`: point at the seat's decision there (if any). */
  show(version) {
    this.at = version;
    this.renderHere();
    const points = this.body.querySelectorAll(".chart-point");
    const index = this.currentIndex();
    points.forEach((p, i) => p.classList.toggle("current", i === index));
  }

  /** The decision of the reviewed seat at the moment shown, or just before it. */
  currentIndex() {
    const decisions = this.answer?.review?.decisions || [];
    let found = -1;
    decisions.forEach((d, i) => {
      if (d.version <= this.at) found = i;
    });
    return found;
  }

  describe(d, i) {
    const move = withNames(said(d.chosen), this.names);
    const vars = { n: i + 1, step: d.version, move, value: percent(d.chosen.value), mark: d.mark ? markWord(d.mark) : "" };
    return d.mark ? _("Decision {n}, step {step}: {move}, {value}, {mark}", vars) : _("Decision {n}, step {step}: {move}, {value}", vars);
  }

  render() {
    const seats = this.seats();
    if (!seats.length) {
      mount(this.body, h("p", { class: "muted" }, _("Choose a seat's view or the full deal to review a seat's decisions.")));
      return;
    }
    const select =
      seats.length > 1
        ? h(
            "div",
            { class: "field inline" },
            h("label", { for: "review-seat" }, _("Seat")),
            h(
              "select",
              { id: "review-seat", onchange: (e) => { this.seat = Number(e.target.value); this.answer = null; this.load(); } },
              seats.map((s) => h("option", { value: String(s), selected: s === this.seat }, this.names[s])),
            ),
          )
        : h("p", { class: "review-who" }, _("Decisions of"), " ", nameChip(this.names, this.seat, null));
    const answer = this.answer;
    const parts = [select];
    if (!answer) {
      parts.push(h("p", { class: "muted" }, _("Loading…")));
    } else if (answer.status === "error") {
      parts.push(h("p", { class: "error" }, said(answer)));
    } else if (answer.status === "queued" || answer.status === "running") {
      const total = answer.total || 0;
      parts.push(
        h("p", {}, answer.status === "queued" ? _("Waiting for a worker…") : ngettext("Reviewing: {done} of {n} decision.", "Reviewing: {done} of {n} decisions.", total, { done: answer.done })),
        h("progress", { class: "review-progress", max: String(Math.max(1, total)), value: String(answer.done), "aria-label": _("Review progress") }),
        h("button", { type: "button", class: "button small", onclick: () => this.cancel() }, _("Cancel")),
      );
    } else if (answer.status === "done" && answer.review && answer.upto === answer.version) {
      parts.push(...this.result(answer.review));
    } else {
      const words = {
        none: _("The hard bot's search goes over each decision of this seat, from what the seat knew then, and shows where the game turned."),
        cancelled: _("The review was cancelled."),
        failed: said(answer) || _("The review failed."),
        stopped: said(answer) || _("The review was stopped."),
        done: _("This review covers an earlier moment of the game."),
      };
      parts.push(h("p", { class: "muted" }, words[answer.status] || ""), h("button", { type: "button", class: "button primary", dataset: { key: "review-start" }, onclick: () => this.start() }, answer.status === "none" ? _("Review this seat") : _("Review again")));
    }
    mount(this.body, parts);
    this.renderHere();
    this.changed();
  }

  result(review) {
    const decisions = review.decisions;
    const s = review.summary;
    const measure = measureWord(review.measure);
    if (!decisions.length) return [h("p", { class: "muted" }, _("This seat had no decision with a real choice."))];
    const chart = chanceChart(review, {
      pick: (d) => this.go(d.version),
      describe: (d, i) => this.describe(d, i),
      current: Math.max(0, this.currentIndex()),
    });
    const marked = decisions.map((d, i) => [d, i]).filter(([d]) => d.mark);
    // each count its own message: one inside another's arguments is not extracted
    const inaccuracies = ngettext("{n} inaccuracy", "{n} inaccuracies", s.inaccuracy);
    const mistakes = ngettext("{n} mistake", "{n} mistakes", s.mistake);
    const blunders = ngettext("{n} blunder", "{n} blunders", s.blunder);
    return [
      h(
        "p",
        { class: "review-summary" },
        _("{inaccuracies}, {mistakes}, {blunders}; average loss {loss} points of {measure}.", {
          inaccuracies,
          mistakes,
          blunders,
          loss: formatNumber(100 * s.average_loss, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          measure,
        }),
      ),
      h("div", { class: "chart-box" }, chart, h("p", { class: "chart-legend muted" }, h("span", { class: "key-line" }), " ", _("{measure} after the move played", { measure }), " · ", h("span", { class: "key-best" }), " ", _("after the best move"))),
      marked.length
        ? h(
            "ol",
            { class: "review-marks" },
            marked.map(([d, i]) =>
              h(
                "li",
                {},
                h(
                  "button",
                  { type: "button", class: "step-link", onclick: () => this.go(d.version) },
                  markBadge(d.mark),
                  " ",
                  _("Step {step}: {move} ({value}); best {best} ({bestValue})", { step: d.version, move: withNames(said(d.chosen), this.names), value: percent(d.chosen.value), best: withNames(said(d.best), this.names), bestValue: percent(d.best.value) }),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, _("No move is marked: none lost 5 points or more beyond the search's noise.")),
      this.here,
      h("p", { class: "review-note muted" }, ngettext("The hard bot's search ({n} iteration a decision) from this seat's information only. Marks: a loss of {measure} from 5 points (inaccuracy), 10 (mistake), 20 (blunder).", "The hard bot's search ({n} iterations a decision) from this seat's information only. Marks: a loss of {measure} from 5 points (inaccuracy), 10 (mistake), 20 (blunder).", review.settings.iterations, { measure })),
    ];
  }

  renderHere() {
    const review = this.answer?.review;
    if (!review || this.answer.upto !== this.answer.version) {
      mount(this.here);
      return;
    }
    const index = this.currentIndex();
    const d = index >= 0 ? review.decisions[index] : null;
    if (!d || (d.version !== this.at && d.version + 1 !== this.at)) {
      mount(this.here);
      return;
    }
    const same = d.chosen.action === d.best.action;
    mount(
      this.here,
      h(
        "div",
        { class: ["review-moment", d.mark && `mark-${d.mark}`] },
        h("strong", {}, _("Decision {n} (step {step}):", { n: index + 1, step: d.version })),
        " ",
        markBadge(d.mark),
        " ",
        _("played"),
        " ",
        h("em", {}, withNames(said(d.chosen), this.names)),
        ` (${percent(d.chosen.value)})`,
        same ? _(", the search's move.") : [". ", _("Best:"), " ", h("em", {}, withNames(said(d.best), this.names)), ` (${percent(d.best.value)}).`],
      ),
    );
  }

  /** Marks for the replay's list of steps: version of the step -> mark. */
  marks() {
    const out = new Map();
    for (const d of this.answer?.review?.decisions || []) if (d.mark) out.set(d.version, d.mark);
    return out;
  }
}

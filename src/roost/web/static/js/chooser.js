// The step-by-step move chooser. A view's `actions` are the seat's legal moves, each with
// `steps`: one choice per step, unique and prefix-free among the node's actions (see
// roost/core/actions.py). The chooser keeps the steps chosen so far and offers only the next
// steps that still lead to a legal move, so an illegal choice is never offered.

import { renderMessage } from "./i18n.js";

export const stepKey = (step) => `${step.kind}:${step.value}`;

/** A step's words in the page's language: its message (`msg`, roost.core.message's JSON)
 * rendered with the page's catalogue, else its English `label` (an older server). The label
 * stays the step's canonical English: boards and tests may key on it. */
export function stepLabel(step) {
  if (step.msg !== undefined && step.msg !== null) return renderMessage(step.msg);
  return step.label ?? "";
}

/** The parts of an option kept in the chooser's path (`prefix`). */
const taken = (option, auto = false) => ({ kind: option.kind, value: option.value, label: option.label, msg: option.msg, ...(auto ? { auto: true } : {}) });

export class Chooser {
  constructor(actions = []) {
    this.actions = actions;
    this.prefix = [];
    this.pool = null; // a subset of actions (e.g. BIG CHICKEN: the lays of the selected cards)
  }

  /** The actions still possible after the steps chosen so far. */
  get candidates() {
    const base = this.pool || this.actions;
    return base.filter((action) =>
      this.prefix.every((step, depth) => {
        const own = action.steps[depth];
        return own && own.kind === step.kind && own.value === step.value;
      }),
    );
  }

  get depth() {
    return this.prefix.length;
  }

  /** The distinct next steps, in the order the actions list them, each with the actions it
   * leads to and `final` (the action it completes, if it completes one). */
  options() {
    const seen = new Map();
    for (const action of this.candidates) {
      const step = action.steps[this.depth];
      if (!step) continue;
      const key = stepKey(step);
      if (!seen.has(key)) seen.set(key, { ...step, key, actions: [], final: null });
      const option = seen.get(key);
      option.actions.push(action);
      if (action.steps.length === this.depth + 1) option.final = action;
    }
    return [...seen.values()];
  }

  /** The option for this step kind and value at the current depth, if offered. */
  find(kind, value) {
    return this.options().find((o) => o.kind === kind && o.value === value) || null;
  }

  /** Choose a step; returns the action when it completes one, else null (and the chooser
   * waits for the next step). Throws on a step that is not offered. */
  choose(step) {
    const option = this.find(step.kind, step.value);
    if (!option) throw new Error(`not a legal choice: ${stepKey(step)}`);
    if (option.final) {
      const action = option.final;
      this.reset();
      return action;
    }
    this.prefix.push(taken(option));
    // a next step with only one possible answer is not asked
    for (;;) {
      const next = this.options();
      if (next.length !== 1) return null;
      if (next[0].final) {
        const action = next[0].final;
        this.reset();
        return action;
      }
      this.prefix.push(taken(next[0], true));
    }
  }

  /** Restrict the choice to some actions (e.g. those laying exactly the selected cards) and
   * skip the steps they all share. */
  restrict(actions) {
    this.pool = actions;
    this.prefix = [];
    if (!actions.length) return null;
    if (actions.length === 1) return actions[0];
    for (;;) {
      const options = this.options();
      if (options.length !== 1 || options[0].final) break;
      this.prefix.push(taken(options[0]));
    }
    return null;
  }

  /** Undo the last step chosen (and the steps that followed it by themselves). */
  back() {
    while (this.prefix.length && this.prefix[this.prefix.length - 1].auto) this.prefix.pop();
    if (this.prefix.length) this.prefix.pop();
    if (!this.prefix.length) this.pool = null;
  }

  reset() {
    this.prefix = [];
    this.pool = null;
  }

  setActions(actions) {
    this.actions = actions;
    this.reset();
  }
}

/** Sorted copy of a multiset of card ids, as a key. */
export function cardsKey(cards) {
  return [...cards].sort((a, b) => a - b).join(",");
}

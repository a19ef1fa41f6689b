// Small DOM helpers: build elements from data, never from HTML strings (so nothing a player
// types can become markup).

import { _ } from "./i18n.js";

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "..."}, child, [children], "text")
 * Props: `class` (string or array, falsy entries dropped), `style` (object), `dataset`
 * (object), `on<event>` (listener), `text`; any other prop is set as an attribute
 * (`true` sets it empty, `false`/null/undefined leaves it out).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") {
      const names = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
      if (names) el.className = names;
    } else if (key === "style") {
      for (const [prop, v] of Object.entries(value)) {
        if (v === undefined || v === null) continue;
        if (prop.startsWith("--")) el.style.setProperty(prop, v);
        else el.style[prop] = v;
      }
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[k] = v;
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "value" && (tag === "input" || tag === "select" || tag === "textarea")) {
      el.value = value;
    } else if (key === "checked" || key === "selected" || key === "disabled") {
      el[key] = Boolean(value);
      if (value) el.setAttribute(key, "");
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace the children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** An inline SVG from path data (icons without image files or fonts). */
export function icon(name, label) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  for (const d of ICONS[name] || []) {
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

const ICONS = {
  egg: ["M12 2C8 2 5 8.5 5 13.5 5 18 8 22 12 22s7-4 7-8.5C19 8.5 16 2 12 2z"],
  book: ["M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4z", "M20 4h-5a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h6z"],
  link: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  clock: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z", "M12 7v5l3 2"],
  cw: ["M20 12a8 8 0 1 1-2.3-5.6", "M20 4v5h-5"],
  ccw: ["M4 12a8 8 0 1 0 2.3-5.6", "M4 4v5h5"],
  bot: ["M6 8h12v10H6z", "M12 4v4", "M9 12h.01M15 12h.01", "M9 15h6"],
  person: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21a8 8 0 0 1 16 0"],
  eye: ["M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z", "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"],
  play: ["M7 4l13 8-13 8z"],
  pause: ["M7 4h3v16H7zM14 4h3v16h-3z"],
  first: ["M6 4v16", "M18 4l-10 8 10 8z"],
  last: ["M18 4v16", "M6 4l10 8-10 8z"],
  prev: ["M16 4l-10 8 10 8z"],
  next: ["M8 4l10 8-10 8z"],
  check: ["M4 12l5 5L20 6"],
  close: ["M6 6l12 12M18 6L6 18"],
  trophy: ["M7 4h10v5a5 5 0 0 1-10 0z", "M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4", "M12 14v4M8 21h8"],
  copy: ["M9 9h11v11H9z", "M5 15H4V4h11v1"],
  list: ["M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"],
  wifi: ["M2 9a15 15 0 0 1 20 0", "M5 12.5a10 10 0 0 1 14 0", "M8.5 16a5 5 0 0 1 7 0", "M12 19.5h.01"],
  sound: ["M4 9h4l5-4v14l-5-4H4z", "M16 9a4 4 0 0 1 0 6", "M18.5 6.5a8 8 0 0 1 0 11"],
  mute: ["M4 9h4l5-4v14l-5-4H4z", "M16 9l5 6M21 9l-5 6"],
  gear: ["M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z", "M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1"],
  chat: ["M4 5h16v11H9l-5 4z"],
};

/** Focus the first element matching one of the selectors inside `root`. */
export function focusFirst(root, ...selectors) {
  for (const selector of selectors) {
    const el = root.querySelector(selector);
    if (el) {
      el.focus({ preventScroll: false });
      return el;
    }
  }
  return null;
}

/** Announce text to screen readers (and show it briefly as a toast). */
export function toast(text, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: ["toast", `toast-${kind}`], role: kind === "error" ? "alert" : "status" }, text);
  box.append(el);
  setTimeout(() => el.classList.add("leaving"), ms - 300);
  setTimeout(() => el.remove(), ms);
}

/** Said while a request is sent again because the server did not answer (a restart). */
export function reconnecting() {
  toast(_("The server is not answering; trying again…"), "info", 5000);
}

/** English only (the per-game modules' words, until they are translated): `ngettext` is the
 * translated form. */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Ana", "Ana and Bo", "Ana, Bo and Cy" (in the page's language: "Ana, Bo y Cy"). */
export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return _("{list} and {last}", { list: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

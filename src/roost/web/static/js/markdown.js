// A small Markdown renderer for the games' RULES.md: headings, paragraphs, lists (nested),
// tables, code blocks, block quotes, rules, and inline code, bold, italics and links.
// Everything is escaped first, so the output holds no markup that was not made here.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function safeUrl(url) {
  const trimmed = url.trim();
  if (/^(https?:|mailto:|#|\/)/i.test(trimmed) || !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return "#";
}

/** Inline Markdown of one line (or several joined) to HTML. */
export function inline(text) {
  const codes = [];
  // code spans first: their content is literal
  let out = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, ticks, code) => {
    codes.push(`<code>${escapeHtml(code.trim())}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  out = escapeHtml(out);
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) => {
    const href = safeUrl(url.replace(/&amp;/g, "&"));
    const external = /^https?:/i.test(href);
    return `<a href="${escapeHtml(href)}"${external ? ' target="_blank" rel="noopener"' : ""}>${label}</a>`;
  });
  out = out.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>");
  out = out.replace(/__(?=\S)([\s\S]*?\S)__/g, "<strong>$1</strong>");
  out = out.replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?!\*)/g, "$1<em>$2</em>");
  out = out.replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?![_\w])/g, "$1<em>$2</em>");
  out = out.replace(/\u0000(\d+)\u0000/g, (_, i) => codes[Number(i)]);
  return out;
}

/** A heading's id: lower case ASCII words joined by "-" (accents dropped: "Preparación" is
 * "preparacion", so a Spanish page's anchors read like its headings). */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function splitRow(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  const cells = [];
  let cell = "";
  let inCode = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === "`") inCode = !inCode;
    if (c === "\\" && row[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (c === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += c;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** Markdown text to an HTML string. */
export function markdown(source) {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const html = [];
  let i = 0;

  const isBlank = (line) => /^\s*$/.test(line);
  const startsBlock = (line, next) =>
    /^\s{0,3}#{1,6}\s/.test(line) ||
    /^\s{0,3}```/.test(line) ||
    /^\s{0,3}>/.test(line) ||
    /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line) ||
    LIST_ITEM.test(line) ||
    (line.includes("|") && next !== undefined && TABLE_SEP.test(next));

  function list(baseIndent) {
    const first = lines[i].match(LIST_ITEM);
    const ordered = /\d/.test(first[2]);
    const start = ordered ? parseInt(first[2], 10) : 1;
    const items = [];
    while (i < lines.length) {
      const m = lines[i].match(LIST_ITEM);
      if (!m || m[1].length !== baseIndent || /\d/.test(m[2]) !== ordered) break;
      let text = m[3];
      const children = [];
      i++;
      while (i < lines.length && !isBlank(lines[i])) {
        const sub = lines[i].match(LIST_ITEM);
        if (sub && sub[1].length > baseIndent) {
          children.push(list(sub[1].length));
          continue;
        }
        if (sub || startsBlock(lines[i], lines[i + 1])) break;
        text += ` ${lines[i].trim()}`;
        i++;
      }
      // a blank line followed by a further item of the same list continues it
      if (i < lines.length - 1 && isBlank(lines[i])) {
        const next = lines[i + 1].match(LIST_ITEM);
        if (next && next[1].length === baseIndent && /\d/.test(next[2]) === ordered) i++;
      }
      items.push(`<li>${inline(text)}${children.join("")}</li>`);
    }
    const tag = ordered ? "ol" : "ul";
    const startAttr = ordered && start !== 1 ? ` start="${start}"` : "";
    return `<${tag}${startAttr}>${items.join("")}</${tag}>`;
  }

  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    let m;
    if ((m = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/))) {
      const level = m[1].length;
      const text = inline(m[2]);
      html.push(`<h${level} id="${slug(text)}">${text}</h${level}>`);
      i++;
    } else if ((m = line.match(/^\s{0,3}```\s*([\w-]*)/))) {
      const code = [];
      i++;
      while (i < lines.length && !/^\s{0,3}```/.test(lines[i])) code.push(lines[i++]);
      i++;
      html.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
    } else if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      html.push("<hr>");
      i++;
    } else if (/^\s{0,3}>/.test(line)) {
      const quoted = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i])) quoted.push(lines[i++].replace(/^\s{0,3}>\s?/, ""));
      html.push(`<blockquote>${markdown(quoted.join("\n"))}</blockquote>`);
    } else if (line.includes("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1])) {
      const head = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((cell) =>
        cell.startsWith(":") && cell.endsWith(":") ? "center" : cell.endsWith(":") ? "right" : "",
      );
      i += 2;
      const rows = [];
      while (i < lines.length && lines[i].includes("|") && !isBlank(lines[i])) rows.push(splitRow(lines[i++]));
      const cell = (tag, text, k) =>
        `<${tag}${aligns[k] ? ` class="align-${aligns[k]}"` : ""}>${inline(text || "")}</${tag}>`;
      html.push(
        `<div class="md-table"><table><thead><tr>${head.map((t, k) => cell("th", t, k)).join("")}</tr></thead>` +
          `<tbody>${rows.map((r) => `<tr>${head.map((_, k) => cell("td", r[k], k)).join("")}</tr>`).join("")}</tbody></table></div>`,
      );
    } else if ((m = line.match(LIST_ITEM))) {
      html.push(list(m[1].length));
    } else {
      const para = [line.trim()];
      i++;
      while (i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i], lines[i + 1])) para.push(lines[i++].trim());
      html.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return html.join("\n");
}

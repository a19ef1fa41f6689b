// One WebSocket per table (docs/protocol.md), reconnecting by itself: after a dropped
// connection, a reload or a server restart the hello with the seat's token brings back the
// current view and the whole log.

import { said } from "./common.js";

const FATAL = new Set([4400, 4401, 4404]);
const PROTOCOL = 2;

export class TableSocket {
  /**
   * handlers: {welcome(frame), view(frame), table(frame), ack(frame), error(frame),
   *            status(state, detail), fatal(code, message)}
   * state is "connecting", "open" or "waiting" (to reconnect).
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token || null;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    this.refs = 0;
    this.lastError = null;
    this.onOnline = () => this.reconnectNow();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    };
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws`;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.status("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (error) {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, protocol: PROTOCOL }));
    };
    ws.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        this.attempt = 0;
        this.status("open");
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
      }
      if (frame.type === "error" && !frame.ref && ws.readyState !== WebSocket.OPEN) {
        this.lastError = frame;
      }
      const handler = this.handlers[frame.type];
      if (handler) handler(frame);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (this.stopped) return;
      if (FATAL.has(event.code)) {
        this.stopped = true;
        this.status("closed");
        this.handlers.fatal?.(event.code, event.reason || (this.lastError ? said(this.lastError) : ""));
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  scheduleReconnect() {
    if (this.stopped) return;
    const delay = Math.min(8000, 400 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt = Math.min(this.attempt + 1, 6);
    this.status("waiting", Math.round(delay / 1000));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.stopped || this.ws) return;
    this.attempt = 0;
    this.connect();
  }

  status(state, detail) {
    this.state = state;
    this.handlers.status?.(state, detail);
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN && this.state === "open";
  }

  send(frame) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Send a move; returns its ref, or null when the connection is down. */
  move(version, action) {
    const ref = `m${++this.refs}`;
    return this.send({ type: "move", version, action, ref }) ? ref : null;
  }

  back() {
    return this.send({ type: "back" });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close(1000);
    }
  }
}

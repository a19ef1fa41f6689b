// Telling a person it is their turn when they are not looking: in a hidden tab the title
// blinks, the phone vibrates, and, if they allowed it (asked on a click, never on load), a
// browser notification says so. Screen readers hear it through the page's live region.

import { prefs, setPref } from "./prefs.js";

export function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted" && prefs().notify;
}

/** Ask the browser for notifications (call it from a click). Resolves to whether they are on. */
export async function askForNotifications() {
  if (!("Notification" in window)) return false;
  let permission = Notification.permission;
  if (permission === "default") {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = "denied";
    }
  }
  setPref("notify", permission === "granted");
  return permission === "granted";
}

export class TurnAlert {
  constructor() {
    this.blinking = null;
    this.title = document.title;
    this.notice = null;
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.stop();
    });
  }

  /** It became this person's turn: `headline` ("Your turn at Eggo") and what to do. */
  yourTurn(headline, detail) {
    if (!document.hidden) return;
    this.blink(headline);
    if (navigator.vibrate) {
      try {
        navigator.vibrate([90, 60, 90]);
      } catch {
        /* not allowed without a gesture on some browsers */
      }
    }
    if (notificationsAllowed()) {
      try {
        this.notice?.close();
        this.notice = new Notification(headline, { body: detail, tag: "roost-turn", renotify: true });
        this.notice.onclick = () => {
          window.focus();
          this.notice?.close();
        };
      } catch {
        this.notice = null;
      }
    }
  }

  /** The page's own title (kept while the tab blinks, put back when it stops). */
  setTitle(title) {
    this.title = title;
    if (!this.blinking) document.title = title;
  }

  blink(headline) {
    this.stop();
    let on = true;
    this.blinking = setInterval(() => {
      document.title = on ? `● ${headline}` : this.title;
      on = !on;
    }, 1000);
    document.title = `● ${headline}`;
  }

  stop() {
    if (this.blinking) {
      clearInterval(this.blinking);
      this.blinking = null;
      document.title = this.title;
    }
    this.notice?.close();
    this.notice = null;
  }
}

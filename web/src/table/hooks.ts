// The table's effects on the page around it: the "your turn" signal (the title and favicon, a
// sound and a desktop notification if asked), the keys (undo, confirm, cancel, choose), and scrolling a new decision's places into view.
import { useEffect, useRef, useState } from "preact/hooks";
import { useI18n } from "../i18n";
import { desktopNotice, loadPrefs, savePrefs, setFavicon, turnTitle, type LocalPrefs } from "../notify";
import type { Game } from "./useGame";

function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.36);
    osc.onended = () => ctx.close();
  } catch {
    /* no audio here */
  }
}

/** This browser's choices of how it is told its turn came (sound, desktop; kept), and their setter. */
export function usePrefs(): [LocalPrefs, (p: LocalPrefs) => void] {
  const [prefs, setPrefs] = useState<LocalPrefs>(loadPrefs);
  const set = (p: LocalPrefs) => {
    setPrefs(p);
    savePrefs(p);
  };
  return [prefs, set];
}

/** The "your turn" signal: the title and the favicon carry a badge, a short sound and a desktop
 * notification if the player asked for them (issue 24 item 2; web/src/notify.ts). */
export function useTurnSignal(id: string, active: boolean, prefs: LocalPrefs): void {
  const { t, lang } = useI18n();
  const wasActive = useRef(false);
  useEffect(() => {
    document.title = turnTitle(`${t("title")} · ${id}`, active);
    setFavicon(active);
    if (active && !wasActive.current) {
      if (prefs.sound) beep();
      desktopNotice(prefs, t("noticeTurnTitle"), t("noticeTurnBody", { id }), `onmars-${id}`);
    }
    wasActive.current = active;
  }, [active, lang, prefs.sound, prefs.desktop]);
  // Leaving the table: the plain icon again.
  useEffect(() => () => setFavicon(false), []);
}

/** Keys: U or Ctrl+Z undo, Enter confirms, Escape cancels, 1-9 pick in a chooser. */
export function useKeys(game: Game): void {
  const { confirm, chooser, play, send, undo, cancel, setChooser } = game;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement)?.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      if (e.key === "Escape") {
        cancel();
      } else if (chooser && /^[1-9]$/.test(e.key) && chooser.moves[Number(e.key) - 1]) {
        e.preventDefault();
        const m = chooser.moves[Number(e.key) - 1];
        setChooser(null);
        play(m);
      } else if (e.key === "Enter" && confirm) {
        e.preventDefault();
        send(confirm);
      } else if ((e.key === "u" && !e.ctrlKey && !e.metaKey && !e.altKey) || (e.key === "z" && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        undo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [confirm, chooser, play, send, undo]);
}

/** A new decision (``decision``: its ply and step, "" when none) whose clickable places are all
 * out of sight in a scrolled column (the Blueprint display, Scientists, a player board's Lab at
 * 720 px high): scroll the first into view. */
export function useScrollToDecision(decision: string): void {
  useEffect(() => {
    if (!decision) return;
    const id = requestAnimationFrame(() => {
      for (const col of document.querySelectorAll<HTMLElement>(".col-mid, .col-right .boards")) {
        const spots = [...col.querySelectorAll<HTMLElement>(".spot")];
        if (!spots.length) {
          // Nothing to click on the player boards: back to this seat's own board (the first).
          if (col.matches(".boards") && col.scrollTop > 0) col.scrollTo({ top: 0, behavior: "smooth" });
          continue;
        }
        const box = col.getBoundingClientRect();
        const seen = spots.some((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom;
        });
        if (seen) continue;
        const r = spots[0].getBoundingClientRect();
        col.scrollTo({ top: col.scrollTop + r.top - box.top - 40, behavior: "smooth" });
      }
    });
    return () => cancelAnimationFrame(id);
  }, [decision]);
}

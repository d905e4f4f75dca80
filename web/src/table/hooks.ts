// The table's effects on the page around it: the "your turn" signal (the title, a sound if
// asked), the keys (undo, confirm, cancel, choose), and scrolling a new decision's places into view.
import { useEffect, useRef, useState } from "preact/hooks";
import { useI18n } from "../i18n";
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

/** Whether this browser beeps on its turn (kept in localStorage), and its switch. */
export function useSound(): [boolean, (on: boolean) => void] {
  const [sound, setSound] = useState(() => localStorage.getItem("onmars.sound") === "1");
  const set = (on: boolean) => {
    setSound(on);
    localStorage.setItem("onmars.sound", on ? "1" : "0");
  };
  return [sound, set];
}

/** The "your turn" signal: the title, and a short sound if the player asked for it. */
export function useTurnSignal(id: string, active: boolean, sound: boolean): void {
  const { t, lang } = useI18n();
  const wasActive = useRef(false);
  useEffect(() => {
    const base = `${t("title")} · ${id}`;
    document.title = active ? `▶ ${base}` : base;
    if (active && !wasActive.current && sound) beep();
    wasActive.current = active;
  }, [active, lang, sound]);
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

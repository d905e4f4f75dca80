// Playing by keyboard and hearing the table (issue 23.9): the move list keeps the focus across
// moves and is walked with the arrow keys; others' moves are put into words for an aria-live
// region.
import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameEvent } from "../api";
import { announcements } from "../events";

/** A list of buttons that keeps the focus: once a button of it had the keyboard's focus, the focus comes
 * back to its first button whenever its buttons change (a move played, the next decision's
 * moves arrived), until the player moves the focus elsewhere. */
export function useListFocus(ref: RefObject<HTMLElement>, change: unknown): { onFocusIn: (e: FocusEvent) => void; onFocusOut: (e: FocusEvent) => void; onKeyDown: (e: KeyboardEvent) => void } {
  const held = useRef(false);
  useEffect(() => {
    const el = ref.current;
    const now = document.activeElement;
    if (!el || !held.current || (now && now !== el && el.contains(now))) return;
    if (now && now !== el && now !== document.body) {
      held.current = false; // the player went elsewhere (a dialog, the map)
      return;
    }
    const first = el.querySelector<HTMLElement>("button:not([disabled])");
    (first ?? el).focus();
  }, [change]);
  return {
    onFocusIn: (e: FocusEvent) => {
      // Keyboard focus only: a mouse click on a move leaves the page where the player looks.
      const el = e.target as HTMLElement;
      held.current = el === ref.current || el.matches(":focus-visible");
    },
    onFocusOut: (e: FocusEvent) => {
      // A button removed under the focus leaves it nowhere (relatedTarget null): still held.
      const to = e.relatedTarget as Node | null;
      if (to && !ref.current?.contains(to)) held.current = false;
    },
    onKeyDown: (e: KeyboardEvent) => {
      const buttons = [...(ref.current?.querySelectorAll<HTMLElement>("button:not([disabled])") ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLElement);
      if (at < 0) return;
      const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    },
  };
}

/** The last few things said aloud: other seats' moves and the table's news, from the events
 * that arrive after the table was first drawn. */
export function useAnnouncer(events: GameEvent[], seat: number | null): string[] {
  const seen = useRef<number | null>(null);
  const [said, setSaid] = useState<string[]>([]);
  useEffect(() => {
    const next = events.length ? events[events.length - 1].ply + 1 : 0;
    const from = seen.current;
    seen.current = next;
    if (from === null || next <= from) return;
    const words = announcements(events, from, seat);
    if (words.length) setSaid((old) => [...old, ...words].slice(-6));
  }, [events, seat]);
  return said;
}

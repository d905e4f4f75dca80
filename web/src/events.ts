// The game's events as the table keeps them: merging each state message's events into those
// already shown, the news worth a pop-up, the log's filter and marks, the hexes of recent moves.
// Pure functions (unit-tested); the components only draw their results.
import type { GameEvent, GameState } from "./api";

/** Events after a state message: the old ones before the message's first event (and before
 * its ply, which drops undone moves), then the message's. */
export function mergeEvents(old: GameEvent[], st: GameState): GameEvent[] {
  const first = st.events.length ? Math.min(...st.events.map((e) => e.ply)) : st.ply;
  const cut = Math.min(first, st.ply);
  return [...old.filter((e) => e.ply < cut), ...st.events];
}

/** Events every player should notice even with their eyes on the map. */
export const NEWS = new Set(["level", "end_triggered", "remaining", "shuttle_gone", "contract_done", "goal_done", "concluded"]);

export interface Toast {
  key: string;
  text: string;
}

/** The news among a state's events from ``since`` (the ply seen before) on: one toast each. */
export function newsOf(events: GameEvent[], since: number): Toast[] {
  return events.filter((e) => e.ply >= since && NEWS.has(e.id) && e.text).map((e) => ({ key: `${e.ply}:${e.id}:${e.text}`, text: String(e.text) }));
}

/** The ply of ``seat``'s last move (-1: none yet); the log marks what came after it from others. */
export function lastMoveOf(events: GameEvent[], seat: number | null): number {
  if (seat === null) return Infinity;
  let ply = -1;
  for (const e of events) if (e.id === "move" && e.seat === seat) ply = e.ply;
  return ply;
}

/** The log's lines for its filter: "all", or one seat's number as text. */
export function filterEvents(events: GameEvent[], filter: string): GameEvent[] {
  return events.filter((e) => filter === "all" || String(e.seat) === filter);
}

/** The map hexes a move event names ("q,r", in order; the server's ``hexes``), none for any
 * other event. */
export function moveHexes(e: GameEvent): string[] {
  if (e.id !== "move" || !Array.isArray(e.hexes)) return [];
  return e.hexes.filter((h): h is string => typeof h === "string");
}

/** Hexes named by the moves of the last few plies (up to ``ply``), marked on the map so that
 * others' moves are seen. */
export function recentHexes(events: GameEvent[], ply: number, plies = 4): Set<string> {
  const recent = new Set<string>();
  for (const e of events) if (e.ply >= ply - plies) for (const h of moveHexes(e)) recent.add(h);
  return recent;
}

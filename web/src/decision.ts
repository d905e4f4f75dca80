// What the pending decision is: its step (the server's ``decision``), the steps it is part of and
// a payment's tokens still to pay (read from the view's frame stack), the hints the prompt adds
// (from the legal moves' structure), and the order of the player boards. Pure functions (unit-tested); table/prompt.tsx draws them.
import type { Decision, LegalMove, View } from "./api";
import { STEPS, type Key } from "./i18n";
import { techPlacement, type Places } from "./moves";

/** A frame of the view's stack: the schema leaves frames open (each step keeps its own data);
 * every frame has its step ``t`` and its seat ``p``, a payment its ``cost``. */
type Frame = View["stack"][number];

/** The pending decision's frame (the top of the stack), if any. */
export function topFrame(view: Pick<View, "stack">): Frame | undefined {
  return view.stack[view.stack.length - 1];
}

/** The pending decision's step id (e.g. "pay", "rover"), as the server names it. */
export function stepOf(st: { decision: Decision | null }): string | undefined {
  return st.decision?.step;
}

/** The steps the pending decision is part of: the current player's enclosing frames (without
 * the turn itself, and only steps the client has words for), the last two. */
export function crumbsOf(view: Pick<View, "stack">): string[] {
  const stack = view.stack;
  const top = stack[stack.length - 1];
  if (!top) return [];
  return stack
    .slice(0, -1)
    .filter((f) => f.p === top.p && f.t !== "turn" && typeof f.t === "string" && STEPS[f.t])
    .slice(-2)
    .map((f) => String(f.t));
}

/** A payment's tokens still to pay, each with its count, in the order first asked ("any": any
 * Resource); empty unless the decision is a payment. */
export function payLeftOf(view: Pick<View, "stack">): [string, number][] {
  const top = topFrame(view);
  if (top?.t !== "pay" || !Array.isArray(top.cost) || !top.cost.length) return [];
  const counts = new Map<string, number>();
  for (const tok of top.cost.map(String)) counts.set(tok, (counts.get(tok) ?? 0) + 1);
  return [...counts];
}

/** Whether some Tech tile may go to several Lab spaces (picked first, then the space). */
export function tilesWithChoice(moves: LegalMove[]): boolean {
  const seen = new Set<string>();
  for (const m of moves) {
    const tech = techPlacement(m);
    if (!tech?.space) continue;
    if (seen.has(tech.tile)) return true;
    seen.add(tech.tile);
  }
  return false;
}

/** The hints the prompt adds after the step: how to move a Bot, how to place a Tech tile. */
export function promptHints(places: Places, moves: LegalMove[], pickedBot: string | null, pickedTile: string | null): Key[] {
  const out: Key[] = [];
  if (pickedBot) out.push("moveBot");
  // only when this decision itself moves Bots: a Bot on the map may also light up for a move
  // offered in one click after this one (a Turn Order space whose bonus moves Bots), which is no
  // reason to tell a player choosing a Turn Order space to click a Bot
  else if (moves.some((m) => m.move.startsWith("bot ")) && [...places.keys()].some((k) => k.startsWith("bot:"))) out.push("pickBotHint");
  if (!pickedTile && tilesWithChoice(moves)) out.push("pickTileHint");
  if (pickedTile) out.push("pickSpace");
  return out;
}

/** The player boards' order: this seat's own first, then the others by seat. */
export function boardOrder(seats: number[], own: number | null): number[] {
  return [...seats].sort((a, b) => (a === own ? -1 : b === own ? 1 : a - b));
}

// --- confirmations (issue 23): only for warnings, each kind switchable off per browser ---------
const NO_ASK = "onmars.noask";

/** The kinds of warnings this browser's player asked not to be asked about again. */
export function mutedKinds(): Set<string> {
  try {
    const list = JSON.parse(localStorage.getItem(NO_ASK) || "[]");
    return new Set(Array.isArray(list) ? list.map(String) : []);
  } catch {
    return new Set();
  }
}

/** Stop asking about these kinds of warnings (remembered in this browser). */
export function muteKinds(kinds: string[]): void {
  if (!kinds.length) return;
  const all = mutedKinds();
  for (const k of kinds) all.add(k);
  localStorage.setItem(NO_ASK, JSON.stringify([...all].sort()));
}

/** The warnings of a move the player is still asked about: a move is confirmed only when
 * it loses something the player did not switch off. */
export function askedWarnings<W extends { kind: string }>(warnings: W[], muted: Set<string>): W[] {
  return warnings.filter((w) => !muted.has(w.kind));
}

// What the pending decision is, read from the view's frame stack and the legal moves: its step,
// the steps it is part of, a payment's tokens still to pay, the hints the prompt adds, and the
// order of the player boards. Pure functions (unit-tested); table/prompt.tsx draws them.
import type { Dict, LegalMove } from "./api";
import { STEPS, type Key } from "./i18n";
import type { Places } from "./moves";

/** The pending decision's frame (the top of the stack), if any. */
export function topFrame(view: Dict): Dict | undefined {
  return view.stack?.[view.stack.length - 1];
}

/** The pending decision's step id (e.g. "pay", "rover"). */
export function stepOf(view: Dict): string | undefined {
  return topFrame(view)?.t;
}

/** The steps the pending decision is part of: the current player's enclosing frames (without
 * the turn itself, and only steps the client has words for), the last two. */
export function crumbsOf(view: Dict): string[] {
  const stack: Dict[] = view.stack ?? [];
  const top = stack[stack.length - 1];
  if (!top) return [];
  return stack
    .slice(0, -1)
    .filter((f) => f.p === top.p && f.t !== "turn" && STEPS[f.t])
    .slice(-2)
    .map((f) => f.t);
}

/** A payment's tokens still to pay, each with its count, in the order first asked ("any": any
 * Resource); empty unless the decision is a payment. */
export function payLeftOf(view: Dict): [string, number][] {
  const top = topFrame(view);
  if (top?.t !== "pay" || !Array.isArray(top.cost) || !top.cost.length) return [];
  const counts = new Map<string, number>();
  for (const tok of top.cost as string[]) counts.set(tok, (counts.get(tok) ?? 0) + 1);
  return [...counts];
}

/** Whether some Tech tile may go to several Lab spaces (picked first, then the space). */
export function tilesWithChoice(moves: LegalMove[]): boolean {
  const seen = new Set<string>();
  for (const m of moves) {
    const [verb, tile, space] = m.move.split(" ");
    if ((verb !== "learn" && verb !== "develop") || !space) continue;
    if (seen.has(tile)) return true;
    seen.add(tile);
  }
  return false;
}

/** The hints the prompt adds after the step: how to move a Bot, how to place a Tech tile. */
export function promptHints(places: Places, moves: LegalMove[], pickedBot: string | null, pickedTile: string | null): Key[] {
  const out: Key[] = [];
  if (pickedBot) out.push("moveBot");
  else if ([...places.keys()].some((k) => k.startsWith("bot:"))) out.push("pickBotHint");
  if (!pickedTile && tilesWithChoice(moves)) out.push("pickTileHint");
  if (pickedTile) out.push("pickSpace");
  return out;
}

/** The player boards' order: this seat's own first, then the others by seat. */
export function boardOrder(seats: number[], own: number | null): number[] {
  return [...seats].sort((a, b) => (a === own ? -1 : b === own ? 1 : a - b));
}

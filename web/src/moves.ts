// Where each legal move belongs on the table: a "place" key per move, so the component drawing
// that place makes it clickable. Keys: hex:q,r · bot:q,r (a Bot to move; its targets follow) ·
// to:N (Turn Order space) · side:orbit|colony · action:id · exec:id · card:BP · grid:tile ·
// labtile:tile · res:item · wh:item · sci:id · depot:N · bp:BP · contract:C · goal:PG · wa ·
// slot:action · btn (the prompt's buttons: end, done, boost, travel...).
// The server tells each move's target and typed arguments (issue 22): the notation is only sent
// back, never read here.
import type { LegalMove, LegalSequence, MoveArg, MoveTarget, RefusedPlace } from "./api";

/** What one click plays: a legal move, or a sequence of them (``seq``, issue 23: a payment's
 * combination, the Rover's path, a move with the moves without a choice after it...), shaped
 * as a move so that every place, button and dialog shows it the same way. */
export interface Offer extends LegalMove {
  /** The moves a sequence plays, in order (absent for a single move). */
  seq?: string[];
  /** The sequence's kind (``pay``, ``path``, ``tail``, ``forced``, ``then``, ``choice``). */
  kind?: LegalSequence["kind"];
}

/** A sequence as an offer: its label, preview and warnings, its place its target. */
export function sequenceOffer(q: LegalSequence, step: string): Offer {
  return {
    move: q.moves.join(" › "),
    label: q.label,
    cost: q.cost,
    gain: q.gain,
    op: q.op,
    events: [],
    warnings: q.warnings,
    verb: q.moves[0].split(" ")[0],
    args: [],
    step,
    target: q.target,
    then: [],
    irreversible: q.irreversible,
    irreversible_text: q.irreversible_text,
    seq: q.moves,
    kind: q.kind,
  };
}

/** The DOM mark of what an element plays: ``data-move`` for a move, ``data-seq`` (the moves
 * joined by ``|``) for a sequence. */
export function playMark(m: Offer): Record<string, string> {
  return m.seq ? { "data-seq": m.seq.join("|") } : { "data-move": m.move };
}

/** The place key of each kind of target the server names (the working area and the buttons
 * have no id in their key). */
const PREFIX: Record<MoveTarget["kind"], string> = {
  hex: "hex",
  bot: "bot",
  turn_order: "to",
  shuttle_side: "side",
  action: "action",
  executive: "exec",
  blueprint_card: "card",
  tech_grid: "grid",
  lab_tile: "labtile",
  resource: "res",
  warehouse: "wh",
  science: "sci",
  depot: "depot",
  advanced: "bp",
  contract: "contract",
  goal: "goal",
  radar: "radar",
  working_area: "wa",
  action_slot: "slot",
  button: "btn",
};

/** The map hexes a move names, in order ("q,r"): a Bot's move names its Bot, then where it goes. */
export function hexesOf(m: LegalMove): string[] {
  return m.args.filter((a) => a.kind === "hex").map((a) => String(a.value));
}

/** Where ``m`` is clicked: its target; a Bot's move on its destination hex once that Bot is
 * picked (``pickedBot``, the Bot's hex). */
export function placeOf(m: LegalMove, pickedBot: string | null): string {
  const { kind, id } = m.target;
  if (kind === "bot" && id === pickedBot) {
    const to = hexesOf(m)[1];
    if (to !== undefined) return `hex:${to}`;
  }
  return targetKey(m.target);
}

/** The place key of a target (as the server names it): where it is drawn on the table. */
export function targetKey({ kind, id }: MoveTarget): string {
  if (kind === "working_area" || kind === "button" || id === null) return PREFIX[kind];
  return `${PREFIX[kind]}:${id}`;
}

/** Why not (issue 23): each refused place by its key, the first reason the server gave for it;
 * a place that also has a legal move (``places``) is never refused. */
export function refusedByPlace(refused: RefusedPlace[], places: Places): Map<string, RefusedPlace> {
  const out = new Map<string, RefusedPlace>();
  for (const r of refused) {
    const key = targetKey(r.target);
    if (!out.has(key) && !places.has(key)) out.set(key, r);
  }
  return out;
}

/** The card a refused place shows on hover, a tap or Enter (issue 23.2): what the place is
 * (its face's title and first two lines, else the refused move) and the reason. */
export function refusedCard(face: { title: string; lines?: string[] } | null, why: RefusedPlace): { title: string; lines: string[]; why: string } {
  return { title: face?.title ?? why.move, lines: (face?.lines ?? []).slice(0, 2), why: why.text };
}

/** The Tech tile a move learns or develops, and the Lab space it goes to (if the move names
 * one): null for any other move. */
export function techPlacement(m: LegalMove): { tile: string; space: string | null } | null {
  if (m.verb !== "learn" && m.verb !== "develop") return null;
  const idOf = (of: string) => m.args.find((a: MoveArg) => a.kind === "id" && a.of === of)?.value;
  const tile = idOf("tech");
  if (tile === undefined) return null;
  const space = idOf("lab_space");
  return { tile: String(tile), space: space === undefined ? null : String(space) };
}

export type Places = Map<string, Offer[]>;

/** The moves by place. A Tech tile picked (``pickedTile``) also offers its learn/develop moves
 * on the Lab spaces they go to (``lab:<space>``). With ``sequences`` (issue 23): a move with
 * moves without a choice after it (``forced``) is played whole where the move is clicked; a
 * Bot's move also belongs to its destination hex (clicked directly, no Bot picked); a Rover's
 * path to its destination; a payment's combination and a turn's tail are buttons; a pass then
 * the next decision's move belongs where that move is clicked; a ``choice`` sequence is in the
 * move list only. With ``finger`` (a touch screen), a hex and the Bot on it are one place. */
export function indexMoves(
  moves: LegalMove[],
  pickedBot: string | null,
  pickedTile: string | null = null,
  sequences: LegalSequence[] = [],
  finger = false,
): Places {
  const out: Places = new Map();
  const add = (key: string, m: Offer) => {
    const list = out.get(key);
    if (list) list.push(m);
    else out.set(key, [m]);
  };
  const step = moves[0]?.step ?? "";
  const whole = new Map<string, Offer>();
  for (const q of sequences) if (q.kind === "forced" && !whole.has(q.moves[0])) whole.set(q.moves[0], sequenceOffer(q, step));
  for (const m of moves) {
    const offer = whole.get(m.move) ?? m;
    add(placeOf(m, pickedBot), offer);
    const tech = techPlacement(m);
    if (tech && tech.tile === pickedTile && tech.space) add(`lab:${tech.space}`, offer);
    const to = m.target.kind === "bot" && !pickedBot && sequences.length ? hexesOf(m)[1] : undefined;
    if (to !== undefined) add(`hex:${to}`, offer);
  }
  // a payment or a path with moves without a choice after it is played whole, as a move is
  const extended = (q: LegalSequence) =>
    sequences.some((o) => o !== q && o.kind === q.kind && o.moves.length > q.moves.length && q.moves.every((m, k) => o.moves[k] === m));
  for (const q of sequences) {
    // a sequence carried on through small choices is offered in the move list only: the place
    // keeps its single move (the choices after it are still made there, one by one)
    if (q.kind === "forced" || q.kind === "choice" || ((q.kind === "pay" || q.kind === "path") && extended(q))) continue;
    const offer = sequenceOffer(q, step);
    add(q.kind === "tail" ? "btn" : placeOf(offer, pickedBot), offer);
  }
  if (finger) joinBotsToHexes(out);
  return out;
}

/** On a touch screen a Bot that can move and the hex it stands on, when the hex has moves of its
 * own, are one place: the hex offers both in one chooser. A phone draws a hex about 35 px wide and
 * its Bot about 10; a finger cannot aim between them, and the browser moves a tap near the Bot
 * onto it, so a tap meant for the hex (a Rover's step, say) would pick the Bot instead. */
function joinBotsToHexes(places: Places): void {
  for (const [key, bots] of places) {
    const hex = key.startsWith("bot:") ? places.get(`hex:${key.slice(4)}`) : undefined;
    if (!hex) continue;
    hex.push(...bots);
    places.delete(key);
  }
}

/** Every sequence as an offer, for the plain list of moves. */
export function sequenceOffers(sequences: LegalSequence[], step: string): Offer[] {
  return sequences.map((q) => sequenceOffer(q, step));
}

/** The Tech tile whose moves these all are, when they all learn or develop it (several Lab
 * spaces to choose from: the tile is picked first, then the space). */
export function tileOf(moves: LegalMove[]): string | null {
  const tiles = new Set(moves.map((m) => techPlacement(m)?.tile ?? ""));
  return tiles.size === 1 && !tiles.has("") ? [...tiles][0] : null;
}

// Where each legal move belongs on the table: a "place" key per move, so the component drawing
// that place makes it clickable. Keys: hex:q,r · bot:q,r (a Bot to move; its targets follow) ·
// to:N (Turn Order space) · side:orbit|colony · action:id · exec:id · card:BP · grid:tile ·
// labtile:tile · res:item · wh:item · sci:id · depot:N · bp:BP · contract:C · goal:PG · wa ·
// slot:action · btn (the prompt's buttons: end, done, boost, travel...).
// The server tells each move's target and typed arguments (issue 22): the notation is only sent
// back, never read here.
import type { LegalMove, MoveArg, MoveTarget, RefusedPlace } from "./api";

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

export type Places = Map<string, LegalMove[]>;

/** The moves by place. A Tech tile picked (``pickedTile``) also offers its learn/develop moves
 * on the Lab spaces they go to (``lab:<space>``). */
export function indexMoves(moves: LegalMove[], pickedBot: string | null, pickedTile: string | null = null): Places {
  const out: Places = new Map();
  const add = (key: string, m: LegalMove) => {
    const list = out.get(key);
    if (list) list.push(m);
    else out.set(key, [m]);
  };
  for (const m of moves) {
    add(placeOf(m, pickedBot), m);
    const tech = techPlacement(m);
    if (tech && tech.tile === pickedTile && tech.space) add(`lab:${tech.space}`, m);
  }
  return out;
}

/** The Tech tile whose moves these all are, when they all learn or develop it (several Lab
 * spaces to choose from: the tile is picked first, then the space). */
export function tileOf(moves: LegalMove[]): string | null {
  const tiles = new Set(moves.map((m) => techPlacement(m)?.tile ?? ""));
  return tiles.size === 1 && !tiles.has("") ? [...tiles][0] : null;
}

// Where each legal move belongs on the table: a "place" key per move, so the component drawing
// that place makes it clickable. Keys: hex:q,r · bot:q,r (a Bot to move; its targets follow) ·
// to:N (Turn Order space) · side:orbit|colony · action:id · exec:id · card:BP · grid:tile ·
// labtile:tile · res:item · wh:item · sci:id · depot:N · bp:BP · contract:C · goal:PG · wa ·
// slot:action · btn (the prompt's buttons: end, done, boost, travel...).
import type { LegalMove } from "./api";

export function placeOf(m: LegalMove, pickedBot: string | null): string {
  const [verb, ...args] = m.move.split(" ");
  switch (verb) {
    case "build":
    case "upgrade":
    case "discover":
      return `hex:${args[1]}`;
    case "rover":
    case "place":
    case "produce":
      return `hex:${args[0]}`;
    case "bot":
      return pickedBot === args[0] ? `hex:${args[1]}` : `bot:${args[0]}`;
    case "retrieve":
      if (args[0] === "wa") return "wa";
      return args[0].includes(",") ? `hex:${args[0]}` : `slot:${args[0]}`;
    case "seat":
      return `to:${args[0]}`;
    case "shuttle":
      return `side:${args[0]}`;
    case "main":
      return `action:${args[0]}`;
    case "exec":
      return `exec:${args[0]}`;
    case "take":
      return `card:${args[0]}`;
    case "learn":
      return `grid:${args[0]}`;
    case "develop":
    case "use":
      return `labtile:${args[0]}`;
    case "pay":
    case "gain":
      return `res:${args[0]}`;
    case "item":
      return `wh:${args[0]}`;
    case "hire":
    case "refill":
      return `sci:${args[0]}`;
    case "ship":
      return `depot:${args[0]}`;
    case "advanced":
      return `bp:${args[0]}`;
    case "deliver":
      return `contract:${args[0]}`;
    case "goal":
    case "discard":
      return `goal:${args[0]}`;
    case "radar":
      return `radar:${args[0]}`;
    default:
      return "btn";
  }
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
    const [verb, tile, space] = m.move.split(" ");
    if ((verb === "learn" || verb === "develop") && tile === pickedTile && space) add(`lab:${space}`, m);
  }
  return out;
}

/** The Tech tile whose moves these all are, when they all learn or develop it (several Lab
 * spaces to choose from: the tile is picked first, then the space). */
export function tileOf(moves: LegalMove[]): string | null {
  const tiles = new Set(moves.map((m) => {
    const [verb, tile] = m.move.split(" ");
    return verb === "learn" || verb === "develop" ? tile : "";
  }));
  return tiles.size === 1 && !tiles.has("") ? [...tiles][0] : null;
}

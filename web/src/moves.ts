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

export function indexMoves(moves: LegalMove[], pickedBot: string | null): Places {
  const out: Places = new Map();
  for (const m of moves) {
    const key = placeOf(m, pickedBot);
    const list = out.get(key);
    if (list) list.push(m);
    else out.set(key, [m]);
  }
  return out;
}

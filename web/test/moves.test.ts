import { describe, expect, it } from "vitest";
import { indexMoves, placeOf, tileOf } from "../src/moves";
import { mv } from "./helpers";

describe("placeOf: where a move is clicked on the table", () => {
  it.each([
    ["build condenser -1,0", "hex:-1,0"],
    ["upgrade BP12 5,-2", "hex:5,-2"],
    ["discover D01 -1,-2", "hex:-1,-2"],
    ["rover 0,-1", "hex:0,-1"],
    ["place -1,-1", "hex:-1,-1"],
    ["retrieve wa", "wa"],
    ["retrieve 2,-1", "hex:2,-1"],
    ["retrieve build", "slot:build"],
    ["seat 3", "to:3"],
    ["shuttle orbit", "side:orbit"],
    ["main blueprint", "action:blueprint"],
    ["exec mineral", "exec:mineral"],
    ["take BP03", "card:BP03"],
    ["learn A-condenser 1b", "grid:A-condenser"],
    ["develop A-rover 2m", "labtile:A-rover"],
    ["use A-ship", "labtile:A-ship"],
    ["pay battery", "res:battery"],
    ["gain crystal", "res:crystal"],
    ["item oxygen", "wh:oxygen"],
    ["hire C06", "sci:C06"],
    ["refill C01", "sci:C01"],
    ["ship 2", "depot:2"],
    ["advanced BP10", "bp:BP10"],
    ["deliver C08 mineral", "contract:C08"],
    ["goal PG02", "goal:PG02"],
    ["discard PG01", "goal:PG01"],
    ["radar 3,1", "radar:3,1"],
    ["done", "btn"],
    ["end", "btn"],
    ["benefit crystal", "btn"],
  ])("%s goes to %s", (move, place) => {
    expect(placeOf(mv(move), null)).toBe(place);
  });

  it("a Bot's move is on the Bot until the Bot is picked, then on its target hex", () => {
    const m = mv("bot 4,1 2,0");
    expect(placeOf(m, null)).toBe("bot:4,1");
    expect(placeOf(m, "6,-2")).toBe("bot:4,1");
    expect(placeOf(m, "4,1")).toBe("hex:2,0");
  });
});

describe("indexMoves: the moves grouped by place", () => {
  it("keeps every move once, in order, under its place", () => {
    const moves = [mv("rover 0,-1"), mv("build mine 0,-1"), mv("done"), mv("rover 1,0")];
    const places = indexMoves(moves, null);
    expect(places.get("hex:0,-1")?.map((m) => m.move)).toEqual(["rover 0,-1", "build mine 0,-1"]);
    expect(places.get("hex:1,0")?.map((m) => m.move)).toEqual(["rover 1,0"]);
    expect(places.get("btn")?.map((m) => m.move)).toEqual(["done"]);
    expect([...places.values()].flat()).toHaveLength(moves.length);
  });

  it("groups a Bot's moves on the Bot, and on the hexes once it is picked", () => {
    const moves = [mv("bot 4,1 1,1"), mv("bot 4,1 1,2"), mv("bot 6,-2 3,-1")];
    expect([...indexMoves(moves, null).keys()]).toEqual(["bot:4,1", "bot:6,-2"]);
    const picked = indexMoves(moves, "4,1");
    expect([...picked.keys()]).toEqual(["hex:1,1", "hex:1,2", "bot:6,-2"]);
  });

  it("offers a picked Tech tile's moves on the Lab spaces too", () => {
    const moves = [mv("learn A-rover 1b"), mv("learn A-rover 2m"), mv("learn A-ship 1t")];
    expect(indexMoves(moves, null).has("lab:1b")).toBe(false);
    const places = indexMoves(moves, null, "A-rover");
    expect(places.get("lab:1b")?.map((m) => m.move)).toEqual(["learn A-rover 1b"]);
    expect(places.get("lab:2m")?.map((m) => m.move)).toEqual(["learn A-rover 2m"]);
    expect(places.has("lab:1t")).toBe(false);
    expect(places.get("grid:A-rover")).toHaveLength(2);
  });
});

describe("tileOf: the Tech tile a group of moves places", () => {
  it("names the tile when every move learns or develops it", () => {
    expect(tileOf([mv("learn A-rover 1b"), mv("develop A-rover 2m")])).toBe("A-rover");
  });
  it("is null for several tiles, other verbs, or no moves", () => {
    expect(tileOf([mv("learn A-rover 1b"), mv("learn A-ship 1t")])).toBeNull();
    expect(tileOf([mv("learn A-rover 1b"), mv("done")])).toBeNull();
    expect(tileOf([mv("use A-rover")])).toBeNull();
    expect(tileOf([])).toBeNull();
  });
});

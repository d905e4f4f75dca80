import { describe, expect, it } from "vitest";
import { hexesOf, indexMoves, placeOf, refusedByPlace, refusedCard, targetKey, techPlacement, tileOf } from "../src/moves";
import type { MoveTarget } from "../src/api";
import { botMove, done, hex, id, learn, mv, num, res, rover, word } from "./helpers";

// Each move as the server structures it (onmars.rules.explain.structure): its verb, typed
// arguments and target.
describe("placeOf: where a move is clicked on the table, from its target", () => {
  it.each([
    [mv("build", [id("condenser", "building"), hex("-1,0")], ["hex", "-1,0"]), "hex:-1,0"],
    [mv("upgrade", [id("BP12", "blueprint"), hex("5,-2")], ["hex", "5,-2"]), "hex:5,-2"],
    [mv("discover", [id("D01", "discovery"), hex("-1,-2")], ["hex", "-1,-2"]), "hex:-1,-2"],
    [rover("0,-1"), "hex:0,-1"],
    [mv("retrieve", [word("wa")], ["working_area", null]), "wa"],
    [mv("retrieve", [hex("2,-1")], ["hex", "2,-1"]), "hex:2,-1"],
    [mv("retrieve", [id("construct", "action")], ["action_slot", "construct"]), "slot:construct"],
    [mv("seat", [num(3)], ["turn_order", "3"]), "to:3"],
    [mv("shuttle", [word("orbit")], ["shuttle_side", "orbit"]), "side:orbit"],
    [mv("main", [id("blueprint", "action")], ["action", "blueprint"]), "action:blueprint"],
    [mv("exec", [id("mineral", "executive")], ["executive", "mineral"]), "exec:mineral"],
    [mv("take", [id("BP03", "blueprint")], ["blueprint_card", "BP03"]), "card:BP03"],
    [learn("A-condenser", "1b"), "grid:A-condenser"],
    [mv("develop", [id("A-rover", "tech"), id("2m", "lab_space")], ["lab_tile", "A-rover"]), "labtile:A-rover"],
    [mv("use", [id("A-ship", "tech")], ["lab_tile", "A-ship"]), "labtile:A-ship"],
    [mv("pay", [res("battery")], ["resource", "battery"]), "res:battery"],
    [mv("item", [res("oxygen")], ["warehouse", "oxygen"]), "wh:oxygen"],
    [mv("hire", [id("C06", "contract")], ["science", "C06"]), "sci:C06"],
    [mv("ship", [num(2)], ["depot", "2"]), "depot:2"],
    [mv("advanced", [id("BP10", "blueprint"), word("x")], ["advanced", "BP10"]), "bp:BP10"],
    [mv("deliver", [id("C08", "contract"), res("mineral")], ["contract", "C08"]), "contract:C08"],
    [mv("goal", [id("PG02", "goal")], ["goal", "PG02"]), "goal:PG02"],
    [mv("radar", [id("D03", "discovery")], ["radar", "D03"]), "radar:D03"],
    [done(), "btn"],
    [mv("benefit", [res("crystal")]), "btn"],
  ])("%# %s", (m, place) => {
    expect(placeOf(m, null)).toBe(place);
  });

  it("covers every target kind the protocol declares", () => {
    const kinds: MoveTarget["kind"][] = ["hex", "bot", "turn_order", "shuttle_side", "action", "executive", "blueprint_card", "tech_grid", "lab_tile", "resource", "warehouse", "science", "depot", "advanced", "contract", "goal", "radar", "working_area", "action_slot", "button"];
    const keys = kinds.map((k) => placeOf(mv("x", [], [k, "id"]), null));
    expect(new Set(keys).size).toBe(kinds.length);
    expect(keys.every((k) => !k.includes("undefined"))).toBe(true);
  });

  it("never reads the notation: garbage move text still places by its target", () => {
    const m = { ...mv("build", [id("mine", "building"), hex("3,-1")], ["hex", "3,-1"]), move: "%% not notation %%" };
    expect(placeOf(m, null)).toBe("hex:3,-1");
    const bot = { ...botMove("4,1", "2,0"), move: "zzz" };
    expect(placeOf(bot, "4,1")).toBe("hex:2,0");
    expect(hexesOf(bot)).toEqual(["4,1", "2,0"]);
    const tile = { ...learn("A-rover", "1b"), move: "learn A-ship 2m" };
    expect(techPlacement(tile)).toEqual({ tile: "A-rover", space: "1b" });
  });

  it("a Bot's move is on the Bot until the Bot is picked, then on its destination hex", () => {
    const m = botMove("4,1", "2,0");
    expect(placeOf(m, null)).toBe("bot:4,1");
    expect(placeOf(m, "6,-2")).toBe("bot:4,1");
    expect(placeOf(m, "4,1")).toBe("hex:2,0");
  });
});

describe("indexMoves: the moves grouped by place", () => {
  it("keeps every move once, in order, under its place", () => {
    const build = mv("build", [id("mine", "building"), hex("0,-1")], ["hex", "0,-1"]);
    const moves = [rover("0,-1"), build, done(), rover("1,0")];
    const places = indexMoves(moves, null);
    expect(places.get("hex:0,-1")?.map((m) => m.move)).toEqual(["rover 0,-1", "build mine 0,-1"]);
    expect(places.get("hex:1,0")?.map((m) => m.move)).toEqual(["rover 1,0"]);
    expect(places.get("btn")?.map((m) => m.move)).toEqual(["done"]);
    expect([...places.values()].flat()).toHaveLength(moves.length);
  });

  it("groups a Bot's moves on the Bot, and on the hexes once it is picked", () => {
    const moves = [botMove("4,1", "1,1"), botMove("4,1", "1,2"), botMove("6,-2", "3,-1")];
    expect([...indexMoves(moves, null).keys()]).toEqual(["bot:4,1", "bot:6,-2"]);
    const picked = indexMoves(moves, "4,1");
    expect([...picked.keys()]).toEqual(["hex:1,1", "hex:1,2", "bot:6,-2"]);
  });

  it("on a touch screen, joins a Bot to the hex it stands on when the hex has moves of its own", () => {
    const moves = [rover("4,1"), rover("5,0"), botMove("4,1", "1,1"), botMove("4,1", "1,2"), botMove("6,-2", "3,-1")];
    const mouse = indexMoves(moves, null);
    expect(mouse.get("hex:4,1")?.map((m) => m.move)).toEqual(["rover 4,1"]);
    expect(mouse.get("bot:4,1")).toHaveLength(2);
    const finger = indexMoves(moves, null, null, [], true);
    expect(finger.get("hex:4,1")?.map((m) => m.move)).toEqual(["rover 4,1", "bot 4,1 1,1", "bot 4,1 1,2"]);
    expect(finger.has("bot:4,1")).toBe(false);
    // a Bot on a hex with nothing else to do there is picked as before
    expect(finger.get("bot:6,-2")).toHaveLength(1);
    expect([...finger.values()].flat()).toHaveLength(moves.length);
  });

  it("offers a picked Tech tile's moves on the Lab spaces too", () => {
    const moves = [learn("A-rover", "1b"), learn("A-rover", "2m"), learn("A-ship", "1t")];
    expect(indexMoves(moves, null).has("lab:1b")).toBe(false);
    const places = indexMoves(moves, null, "A-rover");
    expect(places.get("lab:1b")?.map((m) => m.move)).toEqual(["learn A-rover 1b"]);
    expect(places.get("lab:2m")?.map((m) => m.move)).toEqual(["learn A-rover 2m"]);
    expect(places.has("lab:1t")).toBe(false);
    expect(places.get("grid:A-rover")).toHaveLength(2);
  });
});

describe("tileOf: the Tech tile a group of moves places", () => {
  const develop = mv("develop", [id("A-rover", "tech"), id("2m", "lab_space")], ["lab_tile", "A-rover"]);
  it("names the tile when every move learns or develops it", () => {
    expect(tileOf([learn("A-rover", "1b"), develop])).toBe("A-rover");
  });
  it("is null for several tiles, other verbs, or no moves", () => {
    expect(tileOf([learn("A-rover", "1b"), learn("A-ship", "1t")])).toBeNull();
    expect(tileOf([learn("A-rover", "1b"), done()])).toBeNull();
    expect(tileOf([mv("use", [id("A-rover", "tech")], ["lab_tile", "A-rover"])])).toBeNull();
    expect(tileOf([])).toBeNull();
  });
});

describe("why not: refused places by their key (issue 23)", () => {
  const refusal = (kind: MoveTarget["kind"], id: string | null, text: string) => ({ target: { kind, id }, move: "x", rule: "§7.3", text });
  it("keys a refusal as the table keys a legal move's place", () => {
    const refused = refusedByPlace([refusal("action", "tech", "§7.3: no tile"), refusal("executive", "mineral", "§13.1: covered")], new Map());
    expect([...refused.keys()]).toEqual(["action:tech", "exec:mineral"]);
    expect(refused.get("action:tech")?.text).toBe("§7.3: no tile");
  });
  it("keeps the first reason of a place, and never refuses a place with a legal move", () => {
    const places = indexMoves([mv("main", [id("resupply", "action")], ["action", "resupply"])], null);
    const refused = refusedByPlace(
      [refusal("action", "resupply", "no"), refusal("hex", "1,0", "first"), refusal("hex", "1,0", "second")],
      places,
    );
    expect(refused.has("action:resupply")).toBe(false);
    expect(refused.get("hex:1,0")?.text).toBe("first");
  });
  it("targetKey gives the buttons and the working area no id", () => {
    expect(targetKey({ kind: "button", id: "end" })).toBe("btn");
    expect(targetKey({ kind: "working_area", id: null })).toBe("wa");
    expect(targetKey({ kind: "turn_order", id: "3" })).toBe("to:3");
  });
  it("refusedCard: the place's face (two lines at most) and the reason, shown by hover, tap or Enter", () => {
    const why = refusal("action", "tech", "§7.3: no tile");
    expect(refusedCard({ title: "Learn Technology", lines: ["a", "b", "c"] }, why)).toEqual({ title: "Learn Technology", lines: ["a", "b"], why: "§7.3: no tile" });
    expect(refusedCard(null, why)).toEqual({ title: "x", lines: [], why: "§7.3: no tile" });
  });
});

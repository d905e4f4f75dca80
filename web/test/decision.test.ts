import { describe, expect, it } from "vitest";
import { boardOrder, crumbsOf, payLeftOf, promptHints, stepOf, tilesWithChoice } from "../src/decision";
import { indexMoves } from "../src/moves";
import { botMove, done, id, learn, mv, stateAt, viewWith } from "./helpers";

const view = viewWith;

describe("the pending decision from the frame stack", () => {
  const stack = [
    { t: "turn", p: 0 },
    { t: "learn", p: 0 },
    { t: "lab_gain", p: 0 },
    { t: "pay", p: 0, cost: ["water", "any", "water"] },
  ];

  it("stepOf is the step the server names for the pending decision, none once there is none", () => {
    const st = { ...stateAt(3, []), decision: { seat: 0, step: "pay", prompt: "pay", rule: "§4" } };
    expect(stepOf(st)).toBe("pay");
    expect(stepOf({ ...st, decision: null })).toBeUndefined();
  });

  it("crumbsOf names the enclosing steps the client knows, without the turn, at most two", () => {
    expect(crumbsOf(view(stack))).toEqual(["learn", "lab_gain"]);
    expect(crumbsOf(view([{ t: "turn", p: 0 }, { t: "seat", p: 0 }, { t: "learn", p: 0 }, { t: "lab_gain", p: 0 }, { t: "pay", p: 0 }]))).toEqual(["learn", "lab_gain"]);
    expect(crumbsOf(view([{ t: "turn", p: 0 }, { t: "no_words_for_this", p: 0 }, { t: "pay", p: 0 }]))).toEqual([]);
    expect(crumbsOf(view([{ t: "turn", p: 0 }, { t: "learn", p: 1 }, { t: "pay", p: 0 }]))).toEqual([]);
    expect(crumbsOf(view([]))).toEqual([]);
  });

  it("payLeftOf counts a payment's tokens in the order asked", () => {
    expect(payLeftOf(view(stack))).toEqual([["water", 2], ["any", 1]]);
    expect(payLeftOf(view([{ t: "pay", p: 0, cost: [] }]))).toEqual([]);
    expect(payLeftOf(view([{ t: "rover", p: 0, cost: ["water"] }]))).toEqual([]);
  });
});

describe("the prompt's hints", () => {
  it("tilesWithChoice: a tile with several Lab spaces", () => {
    expect(tilesWithChoice([learn("A-rover", "1b"), learn("A-rover", "2m")])).toBe(true);
    expect(tilesWithChoice([learn("A-rover", "1b"), learn("A-ship", "2m")])).toBe(false);
    const use = mv("use", [id("A-rover", "tech")], ["lab_tile", "A-rover"]);
    expect(tilesWithChoice([use, use])).toBe(false);
  });

  it("promptHints: pick a Bot, then where it goes; pick a tile, then its space", () => {
    const bots = [botMove("4,1", "1,1"), done()];
    expect(promptHints(indexMoves(bots, null), bots, null, null)).toEqual(["pickBotHint"]);
    expect(promptHints(indexMoves(bots, "4,1"), bots, "4,1", null)).toEqual(["moveBot"]);
    const tiles = [learn("A-rover", "1b"), learn("A-rover", "2m")];
    expect(promptHints(indexMoves(tiles, null), tiles, null, null)).toEqual(["pickTileHint"]);
    expect(promptHints(indexMoves(tiles, null, "A-rover"), tiles, null, "A-rover")).toEqual(["pickSpace"]);
    expect(promptHints(indexMoves([done()], null), [done()], null, null)).toEqual([]);
  });

  it("promptHints: no 'click a Bot' while choosing a Turn Order space whose bonus moves Bots later", () => {
    // the Bots light up for the moves offered in one click after the seat, not for the seat itself
    const seats = [mv("seat", []), mv("end", [])];
    const bots = [botMove("4,1", "1,1")];
    expect(promptHints(indexMoves(bots, null), seats, null, null)).toEqual([]);
  });
});

describe("boardOrder", () => {
  it("puts this seat's board first, the others by seat; a spectator sees them by seat", () => {
    expect(boardOrder([0, 1, 2, 3], 2)).toEqual([2, 0, 1, 3]);
    expect(boardOrder([3, 1, 0, 2], null)).toEqual([0, 1, 2, 3]);
  });
});

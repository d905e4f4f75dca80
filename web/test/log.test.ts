// Issue 23.5: the log by round and turn (one line per move, its effects under it, never the
// same move twice) and what changed since a seat's last turn.
import { describe, expect, it } from "vitest";
import { announcements, groupLog, groupMoves, hexesSince, lastTurnEnd, panelsChangedSince, seatsChangedSince, summarySince } from "../src/events";
import { ev } from "./helpers";

// Ana (0) takes a Blueprint in round 1; Ben (1) builds two moves long and his pay starts round 2;
// then Ana learns a Tech, which advances a Mission and levels the Colony.
const game = [
  ev(0, "move", { seat: 0, move: "take BP07", text: "Ana: Take Blueprint Biomarket" }),
  ev(0, "blueprint", { seat: 0, card: "BP07", text: "Ana takes Blueprint Biomarket" }),
  ev(0, "op", { seat: 0, delta: 1, text: "Ana: +1 OP (Blueprints)" }),
  ev(1, "move", { seat: 1, move: "build mine 2,-1", hexes: ["2,-1"], text: "Ben: Build a Mine at 2,-1" }),
  ev(2, "move", { seat: 1, move: "pay mineral", text: "Ben: Pay 1 Mineral", round: 2 }),
  ev(2, "round", { number: 2, round: 2, text: "Round 2 begins" }),
  ev(2, "resource", { seat: 1, delta: -1, item: "mineral", round: 2, text: "Ben: -1 Mineral" }),
  ev(2, "building", { building: "mine", hex: "2,-1", round: 2, text: "Mine built at 2,-1" }),
  ev(2, "op", { seat: 1, delta: 3, round: 2, text: "Ben: +3 OP" }),
  ev(2, "bot_moved", { seat: 0, from_hex: "2,-1", hex: "3,-1", round: 2, text: "Ana's Bot moves" }),
  ev(3, "move", { seat: 0, move: "learn A-mine 1t", text: "Ana: Take the Mine Tech", round: 2 }),
  ev(3, "tech_learned", { seat: 0, tech: "A-mine", space: "1t", round: 2, text: "Ana takes the Mine Tech" }),
  ev(3, "mission", { card: "M6", left: 5, round: 2, text: "Mission Technology: 5 contributions left" }),
  ev(3, "mission", { card: "M6", left: 4, round: 2, text: "Mission Technology: 4 contributions left" }),
  ev(3, "level", { level: 2, round: 2, text: "The Colony reaches level 2" }),
];

describe("groupMoves: one line per move, its effects nested", () => {
  it("drops an effect that only repeats its move (the Blueprint taken, the Tech learned)", () => {
    const groups = groupMoves(game);
    expect(groups.map((g) => g.move?.text)).toEqual(["Ana: Take Blueprint Biomarket", "Ben: Build a Mine at 2,-1", "Ben: Pay 1 Mineral", "Ana: Take the Mine Tech"]);
    expect(groups[0].effects.map((e) => e.id)).toEqual(["op"]);
    expect(groups[3].effects.map((e) => e.id)).toEqual(["mission", "mission", "level"]);
    const texts = groups.flatMap((g) => [g.move?.text, ...g.effects.map((e) => e.text)]);
    expect(texts).not.toContain("Ana takes Blueprint Biomarket");
  });

  it("drops the Ship welcomed and the item delivered that the move's own line names", () => {
    const more = [
      ev(4, "move", { seat: 1, move: "ship 4", text: "Ben: Send the Ship of Depot row 4 to the Hangar" }),
      ev(4, "ship", { seat: 1, row: 4, text: "Ben welcomes a Ship: Depot row 4 is open" }),
      ev(5, "move", { seat: 1, move: "deliver C07 mineral", text: "Ben: Deliver 1 Mineral onto Earth Contract C07" }),
      ev(5, "delivered", { seat: 1, card: "C07", item: "mineral", text: "Ben delivers Mineral onto Earth Contract C07" }),
      ev(5, "resource", { seat: 1, delta: -1, item: "mineral", text: "Ben: -1 Mineral" }),
    ];
    expect(groupMoves(more).map((g) => g.effects.map((e) => e.id))).toEqual([[], ["resource"]]);
  });

  it("keeps an effect of the same kind about another seat (another's Bot displaced)", () => {
    expect(groupMoves(game)[2].effects.map((e) => e.id)).toEqual(["resource", "building", "op", "bot_moved"]);
  });
});

describe("groupLog: rounds, then turns", () => {
  it("puts a move that starts the next round in the round it ends, and one seat's moves in a row in one turn", () => {
    const rounds = groupLog(game);
    expect(rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(rounds[0].turns.map((t) => [t.seat, t.moves.map((g) => g.ply)])).toEqual([
      [0, [0]],
      [1, [1, 2]],
    ]);
    expect(rounds[1].turns.map((t) => t.seat)).toEqual([0]);
  });

  it("starts with the opening picks (round 0) and is empty without events", () => {
    expect(groupLog([ev(0, "move", { seat: 1, round: 0 })]).map((r) => r.round)).toEqual([0]);
    expect(groupLog([])).toEqual([]);
  });
});

describe("since a seat's last turn", () => {
  it("lastTurnEnd is the last move of the seat's last finished turn", () => {
    expect(lastTurnEnd(game, 0)).toBe(0); // Ana is playing her new turn (ply 3): since ply 0
    expect(lastTurnEnd(game, 1)).toBe(2);
    expect(lastTurnEnd(game, 2)).toBe(-1);
    expect(lastTurnEnd(game, null)).toBe(Infinity);
  });

  it("summarySince sums each seat's OP, keeps each Mission's last word, the level, what others built", () => {
    const s = summarySince(game, 0, 0);
    expect([...s.op]).toEqual([[1, 3]]);
    expect(s.missions.map((e) => e.text)).toEqual(["Mission Technology: 4 contributions left"]);
    expect(s.level?.text).toBe("The Colony reaches level 2");
    expect(s.built.map((e) => e.text)).toEqual(["Mine built at 2,-1"]);
    expect(s.moves).toBe(2);
    expect(summarySince(game, 3, 0).moves).toBe(0);
  });

  it("marks every hex and board others' moves touched, however many moves ago", () => {
    expect([...hexesSince(game, -1, 0)].sort()).toEqual(["2,-1", "3,-1"]);
    expect([...hexesSince(game, -1, 1)]).toEqual([]); // Ana's moves named no hex
    expect([...seatsChangedSince(game, 0, 0)].sort()).toEqual([0, 1]); // Ben's build moved Ana's Bot
  });

  it("marks the shared boards others' moves changed (Missions, Life Support), not the mover's own", () => {
    expect([...panelsChangedSince(game, 2, 1)].sort()).toEqual(["grid", "lss", "missions"]); // Ana learnt a Tech
    expect([...panelsChangedSince(game, 2, 0)]).toEqual([]);
    const revealed = [ev(9, "move", { seat: 1, move: "main blueprint" }), ev(9, "revealed", { what: "blueprint", card: "BP02" })];
    expect([...panelsChangedSince(revealed, 0, 0)].sort()).toEqual(["actions", "bpdisplay"]);
  });

  it("announces others' moves and the table's news in words, from a ply on", () => {
    expect(announcements(game, 1, 0)).toEqual(["Ben: Build a Mine at 2,-1", "Ben: Pay 1 Mineral", "Mission Technology: 5 contributions left", "Mission Technology: 4 contributions left", "The Colony reaches level 2"]);
  });
});

describe("the start of a turn, in the move that ended the turn before (seed item 3)", () => {
  // Ana ends her turn (ply 4); Ben's turn starts within it and his 2 Crystals below the Depot
  // move in: the server marks those turn_start and sends them last. Then Ben builds (ply 5).
  const turn = [
    ev(4, "move", { seat: 0, move: "end", text: "Ana: End your turn" }),
    ev(4, "crystals", { seat: 0, delta: -1, item: "crystal", text: "Ana: -1 Crystal in the Depot" }),
    ev(4, "crystals", { seat: 1, delta: 2, item: "crystal", turn_start: true, text: "Ben: +2 Crystals in the Depot" }),
    ev(4, "crystals_waiting", { seat: 1, delta: -2, item: "crystal", turn_start: true, text: "Ben: -2 Crystals waiting below the Depot" }),
    ev(5, "move", { seat: 1, move: "main blueprint", text: "Ben: Blueprint action" }),
  ];

  it("puts the Crystals moving in under the new player's turn, not under the last move", () => {
    const groups = groupMoves(turn);
    expect(groups.map((g) => [g.ply, g.seat, g.start, g.effects.map((e) => e.id)])).toEqual([
      [4, 0, false, ["crystals"]],
      [4, 1, true, ["crystals", "crystals_waiting"]],
      [5, 1, false, []],
    ]);
    const turns = groupLog(turn)[0].turns;
    expect(turns.map((t) => [t.seat, t.moves.map((g) => g.ply)])).toEqual([
      [0, [4]],
      [1, [4, 5]],
    ]);
    expect(turns[0].moves.flatMap((g) => g.effects.map((e) => e.seat))).toEqual([0]);
  });

  it("puts them in the new round when the move ended the round", () => {
    const round = [
      ev(7, "move", { seat: 1, move: "end", text: "Ben: End your turn" }),
      ev(7, "round", { number: 2, round: 2, text: "Round 2 begins" }),
      ev(7, "crystals", { seat: 0, delta: 1, item: "crystal", round: 2, turn_start: true, text: "Ana: +1 Crystal in the Depot" }),
      ev(7, "crystals_waiting", { seat: 0, delta: -1, item: "crystal", round: 2, turn_start: true, text: "Ana: -1 Crystal waiting below the Depot" }),
    ];
    const rounds = groupLog(round);
    expect(rounds.map((r) => [r.round, r.turns.map((t) => t.seat)])).toEqual([
      [1, [1]],
      [2, [0]],
    ]);
    expect(rounds[1].turns[0].moves[0].effects.map((e) => e.id)).toEqual(["crystals", "crystals_waiting"]);
  });
});

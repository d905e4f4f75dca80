// Sequences of moves offered as one click (issue 23): where the table puts them, and which
// warnings still ask for a confirmation.
import { beforeEach, describe, expect, it } from "vitest";
import type { LegalSequence } from "../src/api";
import { askedWarnings, muteKinds, mutedKinds } from "../src/decision";
import { indexMoves, playMark, sequenceOffer } from "../src/moves";
import { botMove, done, rover } from "./helpers";

function seq(kind: LegalSequence["kind"], moves: string[], target: LegalSequence["target"]): LegalSequence {
  return { kind, moves, label: moves.join(", "), target, cost: {}, gain: {}, op: 0, warnings: [], irreversible: false, irreversible_text: "" };
}

describe("indexMoves with sequences", () => {
  it("puts a Rover's path on its destination and a payment's combination in the buttons", () => {
    const path = seq("path", ["rover 0,-1", "rover 0,-2"], { kind: "hex", id: "0,-2" });
    const pay = seq("pay", ["pay water", "pay oxygen"], { kind: "button", id: "pay" });
    const places = indexMoves([rover("0,-1"), done()], null, null, [path, pay]);
    expect(places.get("hex:0,-2")?.map((m) => m.seq)).toEqual([["rover 0,-1", "rover 0,-2"]]);
    expect(places.get("hex:0,-1")?.map((m) => m.move)).toEqual(["rover 0,-1"]);
    expect(places.get("btn")?.map((m) => m.seq ?? m.move)).toEqual(["done", ["pay water", "pay oxygen"]]);
  });

  it("plays a move whole with the moves without a choice after it, where the move is clicked", () => {
    const forced = seq("forced", ["bot 3,2 1,2", "done"], { kind: "bot", id: "3,2" });
    const places = indexMoves([botMove("3,2", "1,2"), done()], null, null, [forced]);
    // a Bot's move is also clicked on its destination, no Bot picked first
    expect(places.get("hex:1,2")?.[0].seq).toEqual(["bot 3,2 1,2", "done"]);
    expect(places.get("bot:3,2")?.[0].seq).toEqual(["bot 3,2 1,2", "done"]);
  });

  it("plays a path whole with the moves without a choice after it", () => {
    const path = seq("path", ["rover 0,-1", "rover 0,-2"], { kind: "hex", id: "0,-2" });
    const whole = seq("path", ["rover 0,-1", "rover 0,-2", "done"], { kind: "hex", id: "0,-2" });
    const places = indexMoves([rover("0,-1"), done()], null, null, [path, whole]);
    expect(places.get("hex:0,-2")?.map((m) => m.seq)).toEqual([["rover 0,-1", "rover 0,-2", "done"]]);
  });

  it("keeps a sequence carried on through small choices out of the places (move list only)", () => {
    const chosen = seq("choice", ["rover 0,-1", "use A-rover"], { kind: "hex", id: "0,-1" });
    const places = indexMoves([rover("0,-1"), done()], null, null, [chosen]);
    expect(places.get("hex:0,-1")?.map((m) => m.seq ?? m.move)).toEqual(["rover 0,-1"]);
    expect([...places.values()].flat().some((m) => m.kind === "choice")).toBe(false);
  });

  it("marks a sequence with data-seq, a move with data-move", () => {
    const offer = sequenceOffer(seq("tail", ["pay water", "end"], { kind: "resource", id: "water" }), "pay");
    expect(playMark(offer)).toEqual({ "data-seq": "pay water|end" });
    expect(playMark(done())).toEqual({ "data-move": "done" });
  });
});

describe("confirmations", () => {
  beforeEach(() => {
    // the tests run in node: a localStorage of the test's own
    const kept = new Map<string, string>();
    (globalThis as any).localStorage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      clear: () => kept.clear(),
    };
  });

  it("asks only about the kinds the player did not switch off, remembered", () => {
    const warnings = [
      { kind: "spend_ship", text: "a Ship" },
      { kind: "leave_action_unused", text: "no Executive action" },
    ];
    expect(askedWarnings(warnings, mutedKinds())).toHaveLength(2);
    muteKinds(["leave_action_unused"]);
    expect(askedWarnings(warnings, mutedKinds()).map((w) => w.kind)).toEqual(["spend_ship"]);
    expect(askedWarnings([], mutedKinds())).toEqual([]);
  });
});

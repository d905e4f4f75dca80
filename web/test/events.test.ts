import { describe, expect, it } from "vitest";
import { NEWS_MAX, NEWS_MS, filterEvents, keepNews, lastMoveOf, mergeEvents, newsOf, recentHexes } from "../src/events";
import { ev, stateAt } from "./helpers";

describe("mergeEvents: the log after a state message", () => {
  const old = [ev(0, "move", { seat: 0 }), ev(1, "move", { seat: 1 }), ev(2, "move", { seat: 0 })];

  it("appends a message's new events after the older ones", () => {
    const merged = mergeEvents(old, stateAt(4, [ev(3, "move", { seat: 1 })]));
    expect(merged.map((e) => e.ply)).toEqual([0, 1, 2, 3]);
  });

  it("replaces the events the message repeats", () => {
    const again = ev(2, "move", { seat: 0, text: "again" });
    const merged = mergeEvents(old, stateAt(3, [again]));
    expect(merged.map((e) => e.ply)).toEqual([0, 1, 2]);
    expect(merged[2]).toBe(again);
  });

  it("drops the undone moves' events when the ply went back", () => {
    expect(mergeEvents(old, stateAt(1, [])).map((e) => e.ply)).toEqual([0]);
  });
});

describe("newsOf: the events that pop up", () => {
  it("keeps table-wide news with a text from the ply seen on", () => {
    const events = [
      ev(3, "level", { text: "Colony level 2" }),
      ev(5, "level", { text: "Colony level 3" }),
      ev(5, "move", { text: "Ana: build" }),
      ev(6, "end_triggered"),
    ];
    expect(newsOf(events, 4)).toEqual([{ key: "5:level:Colony level 3", text: "Colony level 3" }]);
  });

  it("announces a Mission's progress, once per Mission where it stands now (issue 23.5)", () => {
    const events = [
      ev(5, "mission", { card: "M4", text: "Mission Bots: 2 left" }),
      ev(5, "mission", { card: "M4", text: "Mission Bots: 1 left" }),
      ev(5, "mission", { card: "M6", text: "Mission Technology: 4 left" }),
    ];
    expect(newsOf(events, 5).map((x) => x.text)).toEqual(["Mission Bots: 1 left", "Mission Technology: 4 left"]);
  });
});

describe("keepNews: the news below the top bar", () => {
  const news = (k: string) => ({ key: k, text: `news ${k}` });

  it("shows no news once the game is over: the game-over panel says how it ended (RUL-20)", () => {
    const shown = keepNews([], [news("a")], 1000, false);
    expect(shown.map((x) => x.key)).toEqual(["a"]);
    expect(keepNews(shown, [news("5:concluded:The players end the game by agreement")], 1500, true)).toEqual([]);
  });

  it("keeps news until the game changes after NEWS_MS, never taking it on a timer alone", () => {
    const shown = keepNews([], [news("a")], 1000, false);
    expect(keepNews(shown, [], 1000 + NEWS_MS - 1, false).map((x) => x.key)).toEqual(["a"]);
    expect(keepNews(shown, [news("b")], 1000 + NEWS_MS, false).map((x) => x.key)).toEqual(["b"]);
  });

  it("shows the newest few, each once", () => {
    const shown = keepNews([], ["a", "b"].map(news), 0, false);
    const next = keepNews(shown, ["b", "c", "d"].map(news), 10, false);
    expect(next.map((x) => x.key)).toEqual(["b", "c", "d"].slice(-NEWS_MAX));
    expect(next.find((x) => x.key === "b")!.at).toBe(10);
  });
});

describe("the log's marks and filter", () => {
  const events = [ev(0, "move", { seat: 0 }), ev(0, "gain", { seat: 0 }), ev(1, "move", { seat: 1 }), ev(2, "move", { seat: 0 }), ev(3, "level")];

  it("lastMoveOf is a seat's last move's ply, -1 before any, and marks nothing for a spectator", () => {
    expect(lastMoveOf(events, 0)).toBe(2);
    expect(lastMoveOf(events, 1)).toBe(1);
    expect(lastMoveOf(events, 2)).toBe(-1);
    expect(lastMoveOf(events, null)).toBe(Infinity);
  });

  it("filterEvents keeps all, or one seat's events", () => {
    expect(filterEvents(events, "all")).toHaveLength(5);
    expect(filterEvents(events, "1").map((e) => e.ply)).toEqual([1]);
    expect(filterEvents(events, "0")).toHaveLength(3);
  });
});

describe("recentHexes: hexes the last moves named", () => {
  it("reads the hexes the server names for the moves of the last four plies", () => {
    const events = [
      ev(1, "move", { move: "rover 9,9", hexes: ["9,9"] }),
      ev(6, "move", { move: "build mine -1,0", hexes: ["-1,0"] }),
      ev(8, "move", { move: "bot 4,1 2,-3", hexes: ["4,1", "2,-3"] }),
      ev(8, "gain", { hexes: ["7,7"] }),
      ev(9, "move", { move: "seat 3", hexes: [] }),
    ];
    expect([...recentHexes(events, 10)].sort()).toEqual(["-1,0", "2,-3", "4,1"]);
  });

  it("never reads the move's notation", () => {
    expect([...recentHexes([ev(9, "move", { move: "rover 1,1", hexes: ["2,2"] })], 10)]).toEqual(["2,2"]);
    expect([...recentHexes([ev(9, "move", { move: "rover 1,1" })], 10)]).toEqual([]);
  });
});

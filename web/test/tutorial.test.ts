// The guided game's lessons (issue 25.2): each phase and kind of decision explained once, the
// phase first; where each points; the progress kept per game in the browser.
import { beforeEach, describe, expect, it } from "vitest";
import { LEARN, learnT } from "../src/i18n-learn";
import { FOCUS, PHASE_LESSONS, STEP_LESSONS, coachPick, focusOf, lessonKey, lessonsDue } from "../src/tutorial/lessons";
import { CURRENT, currentTutorial, finishTutorial, saveTutorial, startTutorial, tutorialOf } from "../src/tutorial/state";

describe("lessons", () => {
  it("explains the phase first, then the decision, each once", () => {
    expect(lessonsDue("setup", "seat", [])).toEqual(["phase:setup", "step:seat"]);
    expect(lessonsDue("setup", "seat", ["phase:setup"])).toEqual(["step:seat"]);
    expect(lessonsDue("setup", "blueprint", ["phase:setup", "step:seat"])).toEqual(["step:blueprint"]);
    expect(lessonsDue("colonization", "seat", ["phase:setup", "step:seat"])).toEqual(["phase:colonization"]);
    expect(lessonsDue("over", "x", [])).toEqual(["step:x"]); // no lesson for an unknown phase
  });
  it("has words in both languages for every lesson, and a general one", () => {
    for (const key of [...Object.values(PHASE_LESSONS), ...Object.values(STEP_LESSONS), "tut_other" as const]) {
      expect(LEARN[key][0].length).toBeGreaterThan(10);
      expect(LEARN[key][1]).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(lessonKey("step:ab_trade")).toBe("tut_other");
    expect(learnT("zh")(lessonKey("phase:shuttle"))).toContain("穿梭机");
  });
  it("points at the player's own board by seat", () => {
    expect(focusOf("step:pay", 1)).toEqual(["[data-testid=player-board-1]"]);
    expect(focusOf("phase:shuttle", 0)).toEqual(FOCUS["phase:shuttle"]);
    expect(focusOf("step:unknown", 0)).toEqual([]);
  });
});

describe("the lessons say what the rules say", () => {
  const en = learnT("en");
  const zh = learnT("zh");
  it("setup: each takes a Turn Order space and may take its bonus; the highest space places the Shuttle (§3.5, RUL-17)", () => {
    expect(en("tut_phase_setup")).toContain("highest space places the Shuttle");
    expect(zh("tut_phase_setup")).toContain("编号最大顺位格的玩家放置穿梭机");
    // no Blueprint is picked at setup (only as Turn Order space 2's bonus)
    expect(en("tut_phase_setup")).not.toMatch(/Blueprint/);
    expect(zh("tut_phase_setup")).not.toMatch(/蓝图/);
  });
  it("shuttle phase: only travellers take a new Turn Order space; who stays keeps theirs (§5.2, §12.2)", () => {
    expect(en("tut_phase_shuttle")).not.toContain("Then each picks a new Turn Order space");
    expect(en("tut_phase_shuttle")).toContain("who stays keeps their space");
    expect(zh("tut_phase_shuttle")).toContain("留下的玩家保留原来的顺位格");
  });
  it("travel: free only when the Shuttle flew from your side, else a Ship from the Hangar (§12.2)", () => {
    expect(en("tut_travel")).toMatch(/free if the Shuttle flew from your side.*Ship from your Hangar/);
    expect(zh("tut_travel")).toMatch(/从你所在一侧出发.*机库/);
  });
  it("Tech tiles join buildings into Complexes, they make nothing cheaper (§8.2)", () => {
    expect(en("tut_learn")).not.toMatch(/cheaper/);
    expect(zh("tut_learn")).not.toMatch(/便宜/);
    expect(en("tut_learn")).toContain("join a Complex");
    expect(zh("tut_learn")).toContain("建筑群");
  });
  it("Turn Order space 5's Colonist is a bonus that may be declined (RUL-2, §12.3; rules version 2)", () => {
    expect(STEP_LESSONS.colonist_bonus).toBe("tut_colonist_bonus");
    expect(en("tut_colonist_bonus")).toMatch(/Living Quarters.*optional: 'Done' declines it/);
    expect(zh("tut_colonist_bonus")).toMatch(/生活区.*可选的：选择“完成”即可放弃/);
    expect(focusOf("step:colonist_bonus", 1)).toContain("[data-testid=player-board-1]");
  });
  it("a 2-player placement costs 1 per Colonist on the slots, own included (§6.2)", () => {
    expect(en("tut_placement_cost")).toContain("(yours too)");
    expect(zh("tut_placement_cost")).toContain("包括你自己的");
  });
  it("a Contract may cost OP, a Scientist scores per Advanced Building (§15, §16)", () => {
    expect(en("tut_hire")).not.toContain("both score OP");
    expect(en("tut_hire")).toContain("costs OP if not");
    expect(zh("tut_hire")).toContain("招募科学家"); // the digest's word, as the decision bar says
  });
  it("the decisions a first game meets have their own lesson, not the general words", () => {
    for (const step of ["new_bot", "refill_science", "owner_develop", "claim", "construct_tech", "rover_move", "retrieve", "displace", "goal_reward"]) {
      expect(lessonKey(`step:${step}`)).not.toBe("tut_other");
      expect(focusOf(`step:${step}`, 0).length).toBeGreaterThan(0);
    }
  });
});

describe("the suggestion", () => {
  const s = (move: string) => ({ move });
  it("is the search's best move, but not a Private Goal spent as a Crystal when another move is offered", () => {
    expect(coachPick([s("main tech"), s("main construct")])?.move).toBe("main tech");
    expect(coachPick([s("discard PG16"), s("discard PG02"), s("exec mineral")])?.move).toBe("exec mineral");
    // nothing else offered: the best one after all
    expect(coachPick([s("discard PG16"), s("discard PG02")])?.move).toBe("discard PG16");
    expect(coachPick([])).toBeUndefined();
  });
});

describe("progress", () => {
  beforeEach(() => {
    // the tests run in node: a localStorage of the test's own
    const kept = new Map<string, string>();
    (globalThis as any).localStorage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
      clear: () => kept.clear(),
    };
  });
  it("is kept per game and resumed; a game without one is no guided game", () => {
    expect(tutorialOf("g1")).toBeNull();
    startTutorial("g1");
    expect(tutorialOf("g1")).toEqual({ on: true, seen: [] });
    expect(currentTutorial()).toBe("g1");
    saveTutorial("g1", { on: false, seen: ["phase:setup"] });
    expect(tutorialOf("g1")).toEqual({ on: false, seen: ["phase:setup"] });
    finishTutorial("g1");
    expect(localStorage.getItem(CURRENT)).toBeNull();
    localStorage.setItem("onmars.tutorial.g2", "{not json");
    expect(tutorialOf("g2")).toBeNull();
  });
});

// The guided game's lessons (issue 25.2): each phase and kind of decision explained once, the
// phase first; where each points; the progress kept per game in the browser.
import { beforeEach, describe, expect, it } from "vitest";
import { LEARN, learnT } from "../src/i18n-learn";
import { FOCUS, PHASE_LESSONS, STEP_LESSONS, focusOf, lessonKey, lessonsDue } from "../src/tutorial/lessons";
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

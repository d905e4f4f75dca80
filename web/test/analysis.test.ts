import { describe, expect, it } from "vitest";
import { shown, stride, ticks } from "../src/analysis/charts";
import { WORDS, lossText, word } from "../src/analysis/words";

describe("the analysis panel's words", () => {
  it("has every text in both languages, Chinese without English words", () => {
    for (const [key, [en, zh]] of Object.entries(WORDS)) {
      expect(en, key).not.toBe("");
      expect(zh, key).not.toBe("");
      expect(zh.replace(/\{[a-z]+\}/g, ""), key).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
  it("fills in its parameters", () => {
    expect(word("moveN", "en", { n: 12 })).toBe("Move 12");
    expect(word("lost", "zh", { loss: "3.5" })).toBe("损失 3.5 机会分");
  });
  it("says a loss too small to show as about as good as the search's choice, never 'lost 0.0 OP'", () => {
    expect(lossText(0, "en")).toBe("about as good as the search's choice");
    expect(lossText(0.04, "zh")).toBe("与搜索的选择相差无几");
    expect(lossText(0.05, "en")).toBe("lost 0.1 OP");
    expect(lossText(2.25, "zh")).toBe("损失 2.3 机会分");
  });
  it("says each decision had at least its budget of simulations (a move the search barely tried gets more)", () => {
    expect(word("analysisDone", "en", { total: 9, sims: 8 })).toContain("at least 8 simulations each");
    expect(word("analysisDone", "zh", { total: 9, sims: 8 })).toContain("每个至少 8 次模拟");
  });
});

describe("chart ticks", () => {
  it("are round numbers covering the span", () => {
    expect(ticks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(-7, 12)).toEqual([-5, 0, 5, 10]);
  });
});

describe("chart labels along x", () => {
  it("thin out so that 36 rounds and the end do not overlap, the end always labelled", () => {
    const count = 37;
    const n = stride(count);
    const labelled = [...Array(count).keys()].filter((k) => shown(k, count, n));
    expect(labelled).toContain(count - 1);
    const column = (560 - 58 - 24) / count;
    for (let i = 1; i < labelled.length; i++) expect((labelled[i] - labelled[i - 1]) * column).toBeGreaterThanOrEqual(34);
    expect(labelled.length).toBeGreaterThan(6);
  });
});

/// <reference types="vite/client" />
// Chinese typography in the browser's words: a list of names or items takes the enumeration comma
// (安安、贝贝), an aside takes full-width brackets (这一步（安安）), as a Chinese reader expects.
import { describe, expect, it } from "vitest";
import { WORDS, word } from "../src/analysis/words";
import { itemsText, rangesText } from "../src/format";
import { LEARN } from "../src/i18n-learn";
import { DICTS, STEPS, labelled, listed, parenthesised, translator } from "../src/i18n";

const en = translator("en");
const zh = translator("zh");
const CJK = /[\u4e00-\u9fff]/;
const cat = {
  names: {
    item: { water: { one: "水", many: "水" }, crystal: { one: "水晶", many: "水晶" }, battery: { one: "电池", many: "电池" } },
  },
};

/** The web code itself (not the tests), as text: every place that shows words is written there. */
const SOURCES = import.meta.glob("../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const code = (text: string) => text.replace(/^\s*(\/\/|\/?\*).*$/gm, ""); // without comments

describe("a list of names or items", () => {
  it("is joined with a comma and a space in English, the enumeration comma alone in Chinese", () => {
    expect(listed(en, ["Ada", "Bo"])).toBe("Ada, Bo");
    expect(listed(zh, ["安安", "贝贝"])).toBe("安安、贝贝");
    expect(listed(zh, ["安安"])).toBe("安安");
    expect(labelled(zh, zh("winners"), listed(zh, ["安安", "贝贝"]))).toBe(`${zh("winners")}：安安、贝贝`);
  });

  it("of amounts (a cost, a gain, the ranges of a choice still open) follows the reader's language", () => {
    expect(itemsText(cat, { crystal: 2, water: 1 }, zh)).toBe("2 水晶、1 水");
    expect(rangesText(cat, { water: [0, 2], battery: [1, 1], any: [0, 1] }, zh)).toBe(`0–2 水、1 电池、0–1 ${zh("anyResource")}`);
  });

  it('is never joined with ", " by hand in the web code: the dictionary\'s listSep says how', () => {
    const byHand = Object.entries(SOURCES).filter(([, text]) => /\.join\(\s*["'`], ["'`]\s*\)/.test(code(text)));
    expect(byHand.map(([path]) => path)).toEqual([]);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(20); // the glob found the sources
  });
});

describe("an aside in brackets", () => {
  it("is ASCII after a space in English, full-width without a space in Chinese", () => {
    expect(parenthesised(en, "Ada")).toBe(" (Ada)");
    expect(parenthesised(zh, "安安")).toBe("（安安）");
  });

  it("reads 这一步（安安）：… in the analysis panel's line about a move", () => {
    const line = word("thisMove", "zh") + labelled(zh, parenthesised(zh, "安安"), "建造");
    expect(line).toBe("这一步（安安）：建造");
    expect(word("thisMove", "en") + labelled(en, parenthesised(en, "Ada"), "Construct")).toBe("This move (Ada): Construct");
  });

  it("is never an ASCII bracket beside Chinese in the Chinese words (dictionary, steps, lessons, analysis)", () => {
    const chinese = [
      ...Object.values(DICTS.zh),
      ...Object.values(STEPS).map((pair) => pair[1]),
      ...Object.values(LEARN).map((pair) => pair[1]),
      ...Object.values(WORDS).map((pair) => pair[1]),
    ];
    // an ASCII bracket is fine around a number or a code ("(3)", "(BP09)"), not around words
    const words = chinese.filter((s) => [...s.matchAll(/\(([^()]*)\)/g)].some((m) => CJK.test(m[1]) || /\{(?!n\}|loss\}|v\})\w+\}/.test(m[1])));
    expect(words).toEqual([]);
    expect(chinese.filter((s) => /[\u4e00-\u9fff] ?\(|\) ?[\u4e00-\u9fff]/.test(s))).toEqual([]);
  });

  it("is not written around a word by hand in the web code: parenthesised() says how", () => {
    // " (${t(…)})", "({t(…)} …)", " (${names[seat]})": an aside in words, which Chinese brackets differently
    const byHand = Object.entries(SOURCES).flatMap(([path, text]) =>
      [...code(text).matchAll(/(?:(?<![\w$])\(\$\{|(?<![=\w])>\s*\(\{)([^}]*)\}/g)]
        .filter((m) => !/\.length$|^e\.cost$|^tag$/.test(m[1].trim()))
        .map((m) => `${path}: ${m[0]}`),
    );
    expect(byHand).toEqual([]);
  });
});

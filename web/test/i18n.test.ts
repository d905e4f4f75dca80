import { afterEach, describe, expect, it } from "vitest";
import { LEARN } from "../src/i18n-learn";
import { WORDS } from "../src/analysis/words";
import { BOT_LABELS, DEFAULT_NAMES, DICTS, STEPS, botLabel, labelled, stepText, translator, winnersOf, type Key } from "../src/i18n";

const CJK = /[\u4e00-\u9fff]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the client's words", () => {
  const keys = Object.keys(DICTS.en) as Key[];

  it("exist in both languages, the same keys, none empty", () => {
    expect(Object.keys(DICTS.zh).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(DICTS.en[k].trim(), k).not.toBe("");
      expect(DICTS.zh[k].trim(), k).not.toBe("");
    }
  });

  it("take the same parameters in both languages", () => {
    for (const k of keys) expect(placeholders(DICTS.zh[k]), k).toEqual(placeholders(DICTS.en[k]));
  });

  it("are Chinese in Chinese (but for names and symbols)", () => {
    const untranslated = keys.filter((k) => /[a-z]{3}/i.test(DICTS.zh[k].replace(/\{\w+\}/g, "")) && !CJK.test(DICTS.zh[k]));
    expect(untranslated).toEqual([]);
  });

  it("name every step in both languages", () => {
    for (const [step, [en, zh]] of Object.entries(STEPS)) {
      expect(en.trim(), step).not.toBe("");
      expect(zh, step).toMatch(CJK);
    }
    for (const [bot, [en, zh]] of Object.entries(BOT_LABELS)) {
      expect(en, bot).toBe(bot);
      expect(zh, bot).toMatch(CJK);
    }
    expect(DEFAULT_NAMES.en).toHaveLength(4);
    expect(DEFAULT_NAMES.zh).toHaveLength(4);
  });
});

describe("translator", () => {
  const saved = DICTS.zh.title;
  afterEach(() => {
    DICTS.zh.title = saved;
  });

  it("fills in parameters, every occurrence", () => {
    expect(translator("en")("turnOf", { name: "Ana" })).toBe("Ana to play");
    expect(translator("zh")("lastRound", { n: 7 })).toBe("最后一轮：7");
    expect(translator("en")("youAre")).toBe("You are {name}");
  });

  it("falls back to English, then to the key itself", () => {
    delete (DICTS.zh as Partial<Record<Key, string>>).title;
    expect(translator("zh")("title")).toBe(DICTS.en.title);
    expect(translator("en")("no such key" as Key)).toBe("no such key");
  });
});

describe("stepText and botLabel", () => {
  it("say a known step in the chosen language, and ask to decide otherwise", () => {
    expect(stepText("pay", "en")).toBe("Pay");
    expect(stepText("pay", "zh")).toBe("支付");
    expect(stepText("no_such_step", "en")).toBe("Decide");
    expect(stepText(undefined, "zh")).toBe("请决定");
  });

  it("label known bots, search bots in Chinese, and others by their name", () => {
    expect(botLabel("greedy", "en")).toBe("greedy");
    expect(botLabel("greedy", "zh")).toBe("贪心");
    expect(botLabel("search:200", "zh")).toBe("搜索 200");
    expect(botLabel("search:200", "en")).toBe("search:200");
    expect(botLabel("someone", "zh")).toBe("someone");
  });
});

describe("a label and its value", () => {
  it("are joined with a colon and a space in English, the full-width colon alone in Chinese", () => {
    const en = translator("en");
    const zh = translator("zh");
    expect(labelled(en, en("winners"), "Ada")).toBe("Winner: Ada");
    // a shared win (a tie, a game ended by agreement) has winners
    expect(winnersOf(en, ["Ada"])).toBe("Winner: Ada");
    expect(winnersOf(en, ["Ada", "Ben"])).toBe("Winners: Ada, Ben");
    expect(winnersOf(zh, ["安安", "贝贝"])).toBe(`${zh("winners")}：安安、贝贝`);
    expect(labelled(zh, zh("winners"), "安安")).toBe(`${zh("winners")}：安安`);
    expect(labelled(zh, zh("storage"), 3)).toBe(`${zh("storage")}：3`);
    expect(labelled(en, en("storage"), 0)).toBe(`${en("storage")}: 0`);
  });

  it("end a heading with the colon, without the space", () => {
    expect(labelled(translator("en"), "Private Goals")).toBe("Private Goals:");
    expect(labelled(translator("zh"), "私人目标")).toBe("私人目标：");
  });

  it("is never an ASCII colon in the Chinese words (dictionary, steps, lessons, analysis)", () => {
    const chinese = [
      ...Object.values(DICTS.zh),
      ...Object.values(STEPS).map((pair) => pair[1]),
      ...Object.values(LEARN).map((pair) => pair[1]),
      ...Object.values(WORDS).map((pair) => pair[1]),
    ];
    const ascii = chinese.filter((s) => /:/.test(s.replace(/\{\w+\}/g, "")) && CJK.test(s));
    expect(ascii).toEqual([]);
    expect(DICTS.zh.colon).toBe("：");
  });
});

import { describe, expect, it } from "vitest";
import { COLOURS, colourOf, face, initialOf, itemName, itemsText, projectionCard, rangesText, textOn, tiedAtTop } from "../src/format";
import { translator } from "../src/i18n";
import { viewWith } from "./helpers";

const cat = {
  names: {
    item: { water: { one: "Water", many: "Water" }, crystal: { one: "Crystal", many: "Crystals" } },
    score: { lq: "Living Quarters", tech: "Tech tiles", bp: "Blueprints" },
  },
  blueprint: { BP03: { name: "Automated Production", building_name: "Mine", level: 1, text: "Gain 1 Mineral" } },
  contract: { C08: { name: "Mining", text: "Deliver Minerals", complete_op: 5, failed_op: -2, rewards: { a: "2 Crystals" } } },
};
const view = viewWith();
view.players[0].name = "ana";

describe("items", () => {
  it("itemName is singular or plural from the catalog, the id without it", () => {
    expect(itemName(cat, "crystal")).toBe("Crystal");
    expect(itemName(cat, "crystal", 3)).toBe("Crystals");
    expect(itemName(null, "crystal", 3)).toBe("crystal");
    expect(itemName(cat, "mystery")).toBe("mystery");
  });

  it("itemsText lists amounts", () => {
    expect(itemsText(cat, { crystal: 2, water: 1 }, translator("en"))).toBe("2 Crystals, 1 Water");
    expect(itemsText(cat, {}, translator("en"))).toBe("");
  });
});

describe("players' colours and initials", () => {
  it("colourOf, initialOf, and a readable text colour on each", () => {
    expect(colourOf(view, 0)).toBe(COLOURS.red);
    expect(colourOf(view, 5)).toBe("#999");
    expect(initialOf(view, 0)).toBe("A");
    expect(initialOf(view, 9)).toBe("?");
    expect(textOn(COLOURS.yellow)).toBe("#111");
    expect(textOn(COLOURS.red)).toBe("#fff");
  });
});

describe("hover cards", () => {
  const t = translator("en");

  it("projectionCard lists a projected score's parts, biggest first, zeros left out", () => {
    const card = projectionCard({ seat: 0, name: "Ana", total: 12, breakdown: { lq: 3, tech: 15, bp: -6, goals: 0 }, tiebreak: [] }, cat, t);
    expect(card?.title).toBe(`${t("projected")}: 12 ${t("op")}`);
    const zh = projectionCard({ seat: 0, name: "安安", total: 12, breakdown: { lq: 3 }, tiebreak: [] }, cat, translator("zh"));
    expect(zh?.title).toBe("预计终局：12 机会分"); // the full-width colon, no space
    expect(card?.lines).toEqual(["+15  Tech tiles", "-6  Blueprints", "+3  Living Quarters"]);
    expect(projectionCard(undefined, cat, t)).toBeNull();
  });

  it("face shows a component from the catalog, or nothing when it is unknown", () => {
    expect(face(cat, "blueprint", "BP03")).toEqual({ title: "Automated Production (BP03)", lines: ["Mine · L1", "Gain 1 Mineral"] });
    expect(face(cat, "contract", "C08")?.lines).toEqual(["Deliver Minerals", "+5 / -2 OP", "2 Crystals"]);
    expect(face(cat, "blueprint", "BP99")).toBeNull();
    expect(face(null, "blueprint", "BP03")).toBeNull();
  });

  it("face in Chinese says the level and the OP in Chinese, and no engine id beside a name", () => {
    const zh = {
      blueprint: { BP09: { name: "氧气罐", building_name: "氧气设施", level: 1, text: "获得 1 氧气" } },
      contract: { C04: { text: "交付温室资源", complete_op: 12, failed_op: -6 } },
      scientist: { geologist: { name: "地质学家", text: "在矿井先进建筑中工作", cost_text: "2 殖民者" } },
      tech_tile: { "A-rover": { name: "探测车", set_name: "A 组", text: "将其等级加到你的探测车移动点数上" } },
      discovery: { D14: { text: "按常规规则建造 1 座矿井" } },
    };
    const tz = translator("zh");
    expect(face(zh, "blueprint", "BP09", tz)).toEqual({ title: "氧气罐 (BP09)", lines: ["氧气设施 · 1级", "获得 1 氧气"] });
    expect(face(zh, "contract", "C04", tz)?.lines).toContain("+12 / -6 机会分");
    const titles = [face(zh, "scientist", "geologist", tz)?.title, face(zh, "tech_tile", "A-rover", tz)?.title];
    expect(titles).toEqual(["地质学家", "探测车（A 组）"]);
    expect(face(zh, "discovery", "D14", tz)?.title).toBe("D14");
  });
});

describe("ranges of a choice still open (issue 23)", () => {
  it("says a fixed amount once, a range with a dash, and names any Resource", () => {
    expect(rangesText(cat, { crystal: [0, 2], water: [1, 1], any: [0, 1] }, translator("en"))).toBe(
      "0–2 Crystals, 1 Water, 0–1 any Resource",
    );
  });
});

describe("the final scores' tie-break (§24.4)", () => {
  it("is called for only when the best total is shared", () => {
    expect(tiedAtTop([{ total: 9 }, { total: 9 }])).toBe(true);
    expect(tiedAtTop([{ total: 9 }, { total: 12 }, { total: 12 }])).toBe(true);
    expect(tiedAtTop([{ total: 9 }, { total: 9 }, { total: 12 }])).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { COLOURS, colourOf, face, initialOf, itemName, itemsText, projectionCard, rangesText, textOn } from "../src/format";
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
    expect(itemsText(cat, { crystal: 2, water: 1 })).toBe("2 Crystals, 1 Water");
    expect(itemsText(cat, {})).toBe("");
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
    expect(card?.lines).toEqual(["+15  Tech tiles", "-6  Blueprints", "+3  Living Quarters"]);
    expect(projectionCard(undefined, cat, t)).toBeNull();
  });

  it("face shows a component from the catalog, or nothing when it is unknown", () => {
    expect(face(cat, "blueprint", "BP03")).toEqual({ title: "Automated Production (BP03)", lines: ["Mine · L1", "Gain 1 Mineral"] });
    expect(face(cat, "contract", "C08")?.lines).toEqual(["Deliver Minerals", "+5 / -2 OP", "2 Crystals"]);
    expect(face(cat, "blueprint", "BP99")).toBeNull();
    expect(face(null, "blueprint", "BP03")).toBeNull();
  });
});

describe("ranges of a choice still open (issue 23)", () => {
  it("says a fixed amount once, a range with a dash, and names any Resource", () => {
    expect(rangesText(cat, { crystal: [0, 2], water: [1, 1], any: [0, 1] }, "any Resource")).toBe(
      "0–2 Crystals, 1 Water, 0–1 any Resource",
    );
  });
});

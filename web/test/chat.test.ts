import { beforeEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../src/api";
import { PHRASES, mergeMessages, saveSeen, seenOf } from "../src/chat";
import { DICTS } from "../src/i18n";
import { turnTitle } from "../src/notify";

const msg = (id: number, text: string): ChatMessage => ({
  type: "chat", id, channel: "players", seat: 0, name: "Ana", sender: "seat0", text, at: "2026-12-07T00:00:00Z",
});

describe("the chat", () => {
  it("merges pushed and loaded messages by id, oldest first, each once", () => {
    const merged = mergeMessages([msg(3, "c"), msg(1, "a")], [msg(2, "b"), msg(3, "c")]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("keeps the newest 300", () => {
    const many = Array.from({ length: 350 }, (_, i) => msg(i + 1, `m${i}`));
    const kept = mergeMessages([], many);
    expect(kept).toHaveLength(300);
    expect(kept[0].id).toBe(51);
  });

  it("offers its quick phrases in both languages", () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(5);
    for (const k of PHRASES) {
      expect(DICTS.en[k]).toBeTruthy();
      expect(DICTS.zh[k]).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe("the your-turn title", () => {
  it("carries a badge on the player's turn only", () => {
    expect(turnTitle("On Mars · x", true)).toBe("▶ On Mars · x");
    expect(turnTitle("On Mars · x", false)).toBe("On Mars · x");
  });
});

describe("what a returning player has read", () => {
  beforeEach(() => {
    // the tests run in node: a localStorage of the test's own
    const kept = new Map<string, string>();
    (globalThis as any).localStorage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
  });

  it("keeps the last message read per game, so a reload shows only newer ones as unread", () => {
    expect(seenOf("g1")).toBe(0);
    saveSeen("g1", 7);
    saveSeen("g1", 3); // an older page never moves the mark back
    expect(seenOf("g1")).toBe(7);
    expect(seenOf("g2")).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import type { GameState } from "../src/api";
import { translator } from "../src/i18n";
import { endProposal } from "../src/votes";
import { stateAt } from "./helpers";

const en = translator("en");
const zh = translator("zh");

/** Ana, Ben and Cy (people) with the greedy bot; ``votes``: the seats that voted to end now. */
function voted(votes: number[], over = false): GameState {
  const st = stateAt(40, []);
  const players = [
    { seat: 0, name: "Ana", bot: null, hints: 0 },
    { seat: 1, name: "Ben", bot: null, hints: 0 },
    { seat: 2, name: "Cy", bot: null, hints: 0 },
    { seat: 3, name: "Robo", bot: "greedy", hints: 0 },
  ];
  return { ...st, players, votes, is_over: over };
}

describe("endProposal: who proposes to end the game by agreement (RUL-20)", () => {
  it("names the voter to the others and asks them, in both languages", () => {
    expect(endProposal(voted([0]), 1, en)).toEqual({ text: "Ana proposes to end the game now, scored as it stands.", action: "agree" });
    expect(endProposal(voted([0]), 1, zh)).toEqual({ text: "Ana 提议立即按现状结束并计分。", action: "agree" });
    expect(endProposal(voted([0, 2]), 1, en)!.text).toBe("Ana, Cy propose to end the game now, scored as it stands.");
    expect(endProposal(voted([0, 2]), 1, zh)!.text).toBe("Ana、Cy 提议立即按现状结束并计分。");
  });

  it("tells a voter whom it waits for (the people, not the bot) and offers to withdraw", () => {
    expect(endProposal(voted([0]), 0, en)).toEqual({
      text: "You proposed to end the game now, scored as it stands. Waiting for Ben, Cy to agree.",
      action: "withdraw",
    });
    expect(endProposal(voted([0, 2]), 2, zh)).toEqual({ text: "你已提议立即按现状结束并计分，正在等待 Ben 同意。", action: "withdraw" });
  });

  it("shows a spectator who proposed it, with nothing to answer", () => {
    expect(endProposal(voted([1]), null, en)).toEqual({ text: "Ben proposes to end the game now, scored as it stands.", action: null });
  });

  it("says nothing without a vote or once the game is over", () => {
    expect(endProposal(voted([]), 1, en)).toBeNull();
    expect(endProposal(voted([0, 1, 2], true), 1, en)).toBeNull();
  });
});

describe("the notification option", () => {
  it("names no device: the browser's notification, on a phone as on a desktop", () => {
    expect(en("noticeBrowser")).toBe("Browser notification (while this page is open)");
    expect(zh("noticeBrowser")).toBe("浏览器通知（本页面打开时）");
    expect(`${en("noticeBrowser")} ${zh("noticeBrowser")}`).not.toMatch(/desktop|桌面/i);
  });
});

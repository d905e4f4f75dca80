// The hint panel's refusals (hint.tsx): only a hint still being worked out (the server's
// Retry-After) is asked again and called busy; any other refusal is said in the server's words,
// and a seat a stand-in bot plays (its player's time ran out) is offered no hint at all.
import { describe, expect, it } from "vitest";
import { ApiError, type GameState } from "../src/api";
import { refusalText, standIn } from "../src/hint";
import { learnT } from "../src/i18n-learn";

const lt = learnT("en");
const standinWords = "a bot plays this seat since your time ran out: take your seat back (POST /return) to ask for a hint";

describe("hint refusals", () => {
  it("calls a hint being worked out busy, and says any other 409 as the server words it", () => {
    expect(refusalText(new ApiError({ status: 409, detail: "being worked out", retryAfter: 1 }), lt)).toBe(
      "The server is busy: ask again in a moment.",
    );
    expect(refusalText(new ApiError({ status: 409, detail: standinWords }), lt)).toBe(`No hint: ${standinWords}`);
    expect(refusalText(new ApiError({ status: 503, detail: "busy" }), lt)).toBe("The server is busy: ask again in a moment.");
  });
  it("offers no hint to a seat a stand-in bot plays, only under the bot policy", () => {
    const clock = { mode: "move", base: 60, increment: 0, policy: "bot", bot: "medium", seat: 0, started: null, deadline: null, remaining: [60, 60], absent: [0] };
    const st = { clock } as unknown as GameState;
    expect(standIn(st, 0)).toBe(true);
    expect(standIn(st, 1)).toBe(false);
    expect(standIn({ clock: { ...clock, policy: "agree" } } as unknown as GameState, 0)).toBe(false);
    expect(standIn({ clock: null } as unknown as GameState, 0)).toBe(false);
  });
});

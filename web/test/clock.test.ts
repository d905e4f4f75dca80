// The clocks' words and numbers (clock.tsx): the countdown, the time controls in both languages,
// and the time a seat has left (the seat on the clock counts down from its deadline).
import { describe, expect, it } from "vitest";
import { controlText, countdown, secondsLeft, span } from "../src/clock";
import { translator } from "../src/i18n";

const en = translator("en");
const zh = translator("zh");
const clock = {
  mode: "fischer" as const,
  base: 3600,
  increment: 30,
  policy: "bot" as const,
  bot: "medium",
  seat: 1,
  started: "2026-12-07T12:00:00.000Z",
  deadline: "2026-12-07T12:10:00.000Z",
  remaining: [1800, 600],
  absent: [] as number[],
};

describe("clocks", () => {
  it("counts down in minutes, hours and days", () => {
    expect(countdown(59.2, en)).toBe("1:00");
    expect(countdown(3725, en)).toBe("1:02:05");
    expect(countdown(90000, en)).toBe("1 d 1 h");
    expect(countdown(90000, zh)).toBe("1天 1小时");
  });
  it("names a time control in both languages", () => {
    expect(span(86400, en)).toBe("1 d");
    expect(controlText({ mode: "move", base: 86400, increment: 0 }, en)).toBe("1 d a move");
    expect(controlText(clock, en)).toBe("1 h in all + 30 s a move");
    expect(controlText(clock, zh)).toBe("总计 1小时，每步加 30秒");
  });
  it("gives the seat on the clock the time to its deadline, the others their store", () => {
    const now = Date.parse("2026-12-07T12:09:00.000Z");
    expect(secondsLeft(clock, 1, now, false)).toBe(60);
    expect(secondsLeft(clock, 0, now, false)).toBe(1800);
    expect(secondsLeft(clock, 0, now, true)).toBeNull(); // a bot's seat has no clock
    expect(secondsLeft({ ...clock, absent: [1] }, 1, now, false)).toBeNull();
    expect(secondsLeft(clock, 1, Date.parse("2026-12-07T13:00:00.000Z"), false)).toBe(0);
  });
});

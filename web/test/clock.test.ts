// The clocks' words and numbers (clock.tsx): the countdown, the time controls in both languages,
// and the time a seat has left (the seat on the clock counts down from its deadline).
import { describe, expect, it } from "vitest";
import { controlText, countdown, secondsLeft, span, vacationLeft } from "../src/clock";
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
  vacation: 0,
  vacation_left: [0, 0],
};

describe("clocks", () => {
  it("counts down in minutes, hours and days", () => {
    expect(countdown(59.2, en)).toBe("1:00");
    expect(countdown(3725, en)).toBe("1:02:05");
    expect(countdown(90000, en)).toBe("1 d 1 h");
    expect(countdown(90000, zh)).toBe("1天 1小时");
    // a whole number of days (a vacation bank as the lobby gives it) reads without "0 h"
    expect(countdown(7 * 86400, en)).toBe("7 d");
    expect(countdown(3 * 86400, zh)).toBe("3天");
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
  it("spends the vacation only once the clock is empty", () => {
    // a day a move, 7 days of vacation each: seat 1's deadline is a day plus its 7 days
    const daily = {
      ...clock,
      mode: "move" as const,
      base: 86400,
      increment: 0,
      started: "2026-12-01T12:00:00.000Z",
      deadline: "2026-12-09T12:00:00.000Z",
      vacation: 7 * 86400,
      vacation_left: [7 * 86400, 7 * 86400],
    };
    const hourIn = Date.parse("2026-12-01T13:00:00.000Z");
    expect(secondsLeft(daily, 1, hourIn, false)).toBe(23 * 3600);
    expect(vacationLeft(daily, 1, hourIn)).toBe(7 * 86400);
    const threeDaysIn = Date.parse("2026-12-04T12:00:00.000Z");
    expect(secondsLeft(daily, 1, threeDaysIn, false)).toBe(0);
    expect(vacationLeft(daily, 1, threeDaysIn)).toBe(5 * 86400);
    expect(vacationLeft(daily, 0, threeDaysIn)).toBe(7 * 86400); // not on the clock: untouched
    expect(controlText(daily, en)).toBe("1 d a move, 7 d of vacation each");
    expect(controlText(daily, zh)).toBe("每步 1天，每人休假 7天");
  });
});

// Clocks (issue 24.3; the server's onmars.server.clocks): the time control chosen in the lobby,
// each seat's time on the table (counting down for the seat on the clock), the absent seats
// with a way for their player to take the seat back, and the clock in the lobby's games list.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type ClockOut, type GameState, type PlayerInfo, type TimeControlIn } from "./api";
import { botLabel, useI18n, type T } from "./i18n";
import type { Game } from "./table/useGame";

/** The current time (ms), read at each render; the component renders again every `ms` while
 * `on` (a clock runs). */
export function useNow(on: boolean, ms = 250): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), ms);
    return () => window.clearInterval(timer);
  }, [on, ms]);
  return Date.now();
}

/** The vacation seconds `seat` had when its decision started (the server's `vacation_left`). */
const banked = (clock: ClockOut, seat: number): number => clock.vacation_left[seat] ?? 0;

/** Seconds `seat` has left at `now` (ms) on its clock: to its clock's own end for the seat on
 * the clock (its deadline less the vacation it may still spend), else the time it will start
 * its next decision with; null for a seat without a clock (a bot's, an absent one). */
export function secondsLeft(clock: ClockOut, seat: number, now: number, bot: boolean): number | null {
  if (bot || clock.absent.includes(seat)) return null;
  if (seat === clock.seat && clock.deadline) {
    return Math.max(0, (Date.parse(clock.deadline) - now) / 1000 - banked(clock, seat));
  }
  return clock.mode === "move" ? clock.base : clock.remaining[seat] ?? clock.base;
}

/** Seconds of vacation `seat` has left at `now` (ms): the seat on the clock spends it once its
 * clock is empty (the deadline is the clock's end plus the vacation, onmars.server.clocks). */
export function vacationLeft(clock: ClockOut, seat: number, now: number): number {
  const bank = banked(clock, seat);
  if (seat !== clock.seat || !clock.deadline) return bank;
  return Math.min(bank, Math.max(0, (Date.parse(clock.deadline) - now) / 1000));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A time left as a clock shows it: m:ss, h:mm:ss, or days and hours (in the language; whole
 * days without "0 h": a bank of "7 d", not "7 d 0 h"). */
export function countdown(seconds: number, t: T): string {
  const s = Math.ceil(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return h ? `${t("nDays", { n: d })} ${t("nHours", { n: h })}` : t("nDays", { n: d });
  if (h > 0) return `${h}:${pad(m)}:${pad(s % 60)}`;
  return `${m}:${pad(s % 60)}`;
}

/** A span of time in words, in its largest whole unit (a time control: "24 h", "10 min"). */
export function span(seconds: number, t: T): string {
  if (seconds >= 86400 && seconds % 86400 === 0) return t("nDays", { n: seconds / 86400 });
  if (seconds >= 3600 && seconds % 3600 === 0) return t("nHours", { n: seconds / 3600 });
  if (seconds >= 60 && seconds % 60 === 0) return t("nMinutes", { n: seconds / 60 });
  return t("nSeconds", { n: seconds });
}

/** A time control in words: "24 h a move", "1 h in all + 1 min a move", with the vacation
 * each player has ("…, 7 d of vacation each"). */
export function controlText(c: { mode: string; base: number; increment: number; vacation?: number }, t: T): string {
  const control =
    c.mode === "move"
      ? t("tcMove", { t: span(c.base, t) })
      : t("tcFischer", { t: span(c.base, t), inc: span(c.increment, t) });
  return c.vacation ? t("tcVacation", { control, t: span(c.vacation, t) }) : control;
}

/** The vacation the lobby offers, in days (0: none). */
export const VACATION_DAYS = [0, 3, 7, 14];

/** The time controls the lobby offers (the API takes any within its limits). */
export const PRESETS: { id: string; mode: TimeControlIn["mode"]; seconds: number; increment: number }[] = [
  { id: "move-60", mode: "move", seconds: 60, increment: 0 },
  { id: "move-600", mode: "move", seconds: 600, increment: 0 },
  { id: "move-3600", mode: "move", seconds: 3600, increment: 0 },
  { id: "move-86400", mode: "move", seconds: 86400, increment: 0 },
  { id: "move-259200", mode: "move", seconds: 259200, increment: 0 },
  { id: "fischer-600-10", mode: "fischer", seconds: 600, increment: 10 },
  { id: "fischer-3600-60", mode: "fischer", seconds: 3600, increment: 60 },
  { id: "fischer-604800-86400", mode: "fischer", seconds: 604800, increment: 86400 },
];

/** The lobby's choice of a time control and of what happens at a timeout. */
export function ClockPicker({ bots, onChange }: {
  bots: { name: string; label: string }[];
  onChange: (clock: TimeControlIn | null) => void;
}) {
  const { t, lang } = useI18n();
  const [preset, setPreset] = useState("none");
  const [policy, setPolicy] = useState<TimeControlIn["policy"]>("bot");
  const [bot, setBot] = useState("medium");
  const [days, setDays] = useState(0);
  useEffect(() => {
    const p = PRESETS.find((x) => x.id === preset);
    const vacation = days * 86400;
    onChange(p ? { mode: p.mode, seconds: p.seconds, increment: p.increment, policy, bot: bot as TimeControlIn["bot"], vacation } : null);
  }, [preset, policy, bot, days]);
  const value = (e: Event) => (e.target as HTMLSelectElement).value;
  return (
    <div class="form-row clockpick">
      <label>
        {t("timeControl")}{" "}
        <select data-testid="time-control" value={preset} onChange={(e) => setPreset(value(e))}>
          <option value="none">{t("tcNone")}</option>
          {PRESETS.map((p) => (
            <option value={p.id}>{controlText({ mode: p.mode, base: p.seconds, increment: p.increment }, t)}</option>
          ))}
        </select>
      </label>
      {preset !== "none" ? (
        <label>
          {t("onTimeout")}{" "}
          <select data-testid="timeout-policy" value={policy} onChange={(e) => setPolicy(value(e) as TimeControlIn["policy"])}>
            <option value="bot">{t("policyBot")}</option>
            <option value="agree">{t("policyAgree")}</option>
          </select>
          {policy === "bot" ? (
            <select data-testid="timeout-bot" value={bot} onChange={(e) => setBot(value(e))}>
              {bots.map((b) => (
                <option value={b.name}>⚙ {b.label || botLabel(b.name, lang)}</option>
              ))}
            </select>
          ) : null}
        </label>
      ) : null}
      {preset !== "none" ? (
        <label title={t("vacationHelp")}>
          {t("vacation")}{" "}
          <select data-testid="vacation" value={String(days)} onChange={(e) => setDays(Number(value(e)))}>
            {VACATION_DAYS.map((d) => (
              <option value={String(d)}>{d ? t("nDays", { n: d }) : t("vacNone")}</option>
            ))}
          </select>
        </label>
      ) : null}
      {/* said in words, not only as a tooltip: a touch screen shows no title */}
      {preset !== "none" ? (
        <span class="muted small vachelp" data-testid="vacation-help">
          {t("vacationHelp")}
        </span>
      ) : null}
    </div>
  );
}

/** One seat's clock: its time left (counting down while on the clock), or why it has none. */
function SeatClock({ clock, seat, players, now, t }: { clock: ClockOut; seat: number; players: PlayerInfo[]; now: number; t: T }) {
  const player = players[seat];
  const left = secondsLeft(clock, seat, now, !!player?.bot);
  const running = seat === clock.seat && !!clock.deadline;
  const absent = clock.absent.includes(seat);
  const bank = left === null ? 0 : vacationLeft(clock, seat, now);
  const away = running && left === 0 && bank > 0; // its clock is empty: the vacation is spent
  const low = running && left !== null && !away && left < Math.min(60, clock.base / 10);
  const shown = absent ? t("absent") : left === null ? t("notTimed") : away ? t("onVacation", { left: countdown(bank, t) }) : countdown(left, t);
  return (
    <span class={`seatclock${running ? " running" : ""}${low ? " low" : ""}${absent ? " absent" : ""}${away ? " away" : ""}`} data-testid={`clock-${seat}`}>
      {player?.bot ? "⚙" : ""}
      {player?.name ?? seat} <b>{shown}</b>
      {bank > 0 && !away ? <span class="muted"> · {t("vacationLeft", { left: countdown(bank, t) })}</span> : null}
    </span>
  );
}

/** The table's clocks: every seat's, the time control, and for an absent seat what happens
 * now (a stand-in bot, or the others may end the game, RUL-20), with the absent player's way
 * back to their seat. Nothing shown for a game without a clock. */
export function ClockStrip({ id, st, game }: { id: string; st: GameState; game: Game }) {
  const { t, lang } = useI18n();
  const clock = st.clock;
  const now = useNow(!!clock?.deadline && !st.is_over);
  if (!clock) return null;
  const mine = game.acting !== null && clock.absent.includes(game.acting) && !st.is_over;
  const takeBack = async () => {
    try {
      await api.takeBack(id, game.token);
    } catch (e) {
      game.setRefusal(e instanceof ApiError ? e.problem : { status: 0, detail: String(e) });
    }
  };
  return (
    <div class="clocks" data-testid="clocks">
      <span class="muted">{t("clockOf", { control: controlText(clock, t) })}</span>
      {st.players.map((p) => (
        <SeatClock clock={clock} seat={p.seat} players={st.players} now={now} t={t} />
      ))}
      {!st.is_over
        ? clock.absent.map((seat) => (
            <span class="absentnote" role="status" data-testid={`absent-${seat}`}>
              {clock.policy === "bot"
                ? t("absentBot", { name: st.players[seat]?.name ?? "", bot: botLabel(clock.bot ?? "", lang) })
                : t("absentAgree", { name: st.players[seat]?.name ?? "" })}
            </span>
          ))
        : null}
      {mine ? (
        <button class="primary" data-testid="take-back" onClick={takeBack}>
          {t("takeBack")}
        </button>
      ) : null}
    </div>
  );
}

/** A game's clock in the lobby's list: its time control and who is on the clock, with the time
 * they have left. */
export function LobbyClock({ clock, players, over }: { clock: ClockOut | null | undefined; players: PlayerInfo[]; over: boolean }) {
  const { t } = useI18n();
  const now = useNow(!!clock?.deadline && !over, 1000);
  if (!clock) return <span class="muted">{t("tcNone")}</span>;
  const seat = clock.seat;
  const on = seat !== null && !over ? players[seat] : undefined;
  const left = on && seat !== null ? secondsLeft(clock, seat, now, !!on.bot) : null;
  const bank = left === 0 && seat !== null ? vacationLeft(clock, seat, now) : 0;
  const time = bank > 0 ? t("onVacation", { left: countdown(bank, t) }) : left !== null ? countdown(left, t) : null;
  return (
    <span class="lobbyclock" data-testid="lobby-clock">
      {controlText(clock, t)}
      {on ? (
        <>
          {" · "}
          {on.name} {clock.absent.includes(seat!) ? t("absent") : time !== null ? <b>{time}</b> : null}
        </>
      ) : null}
    </span>
  );
}

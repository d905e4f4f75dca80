// "What would you play?" (issue 25.1): the search's top moves for this seat's pending decision,
// asked of the server (POST /api/games/{id}/hint) with the time the player chooses; each with its
// estimated OP margin, win chance and why, and a button that previews it on hover (its places
// light up) and plays it on a click. The search sees only this seat's view (RUL-18); hints are
// refused in rated games and counted per seat (shown with the players).
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError, api, type GameState, type HintOut, type LegalMove } from "./api";
import { learnT, type LT } from "./i18n-learn";
import { useI18n } from "./i18n";
import { MoveButton } from "./table/prompt";
import type { Game } from "./table/useGame";
import "./learn.css";

/** The times a player may choose, in seconds (the server allows up to 10). */
export const HINT_SECONDS = [1, 2, 5, 10];
const SECONDS_KEY = "onmars.hintSeconds";
/** A hint asked while another of this seat's is worked out is asked again this often. */
const RETRIES = 12;
const RETRY_MS = 1000;

export interface HintAsk {
  hint: HintOut | null;
  busy: number; // seconds being thought (0: not asking)
  error: string;
  ask: (seconds: number, top?: number) => void;
}

/** Asks for hints for this seat; the answer is dropped once the game moves on. */
export function useHint(id: string, token: string | null, st: GameState | null): HintAsk {
  const { lang } = useI18n();
  const lt = learnT(lang);
  const [hint, setHint] = useState<HintOut | null>(null);
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState("");
  const ply = st?.ply ?? -1;
  useEffect(() => {
    setHint((h) => (h && h.ply !== ply ? null : h));
    setError("");
  }, [ply]);
  const ask = useCallback(
    (seconds: number, top?: number) => {
      if (!token || busy) return;
      setBusy(seconds);
      setError("");
      const attempt = (left: number): Promise<void> =>
        api.hint(id, token, seconds, lang, top).then(setHint, (e) => {
          // another hint of this seat still being worked out (a guide left and come back): the
          // server says when to ask again; its other refusals are said at once
          if (e instanceof ApiError && e.problem.retryAfter && left > 0)
            return new Promise<void>((ok) => setTimeout(ok, RETRY_MS)).then(() => attempt(left - 1));
          setError(refusalText(e, lt));
        });
      attempt(RETRIES).finally(() => setBusy(0));
    },
    [id, token, lang, busy],
  );
  return { hint: hint && hint.ply === ply ? hint : null, busy, error, ask };
}

export function refusalText(e: unknown, lt: LT): string {
  if (!(e instanceof ApiError)) return lt("hintFailed", { why: String(e) });
  const { status, detail, retryAfter } = e.problem;
  if (status === 403 && /rated/.test(detail ?? "")) return lt("hintRated");
  if (status === 503 || retryAfter) return lt("hintBusy");
  return lt("hintFailed", { why: detail ?? String(status) });
}

/** Whether a bot plays ``seat`` since its player's time ran out: its player asks no hint (the
 * server refuses one) until they take the seat back (the clocks' strip offers it). */
export function standIn(st: GameState, seat: number | null): boolean {
  const clock = st.clock;
  return !!clock && seat !== null && clock.policy === "bot" && clock.absent.includes(seat);
}

export function signed(x: number): string {
  return `${x > 0 ? "+" : ""}${x.toFixed(1)}`;
}

/** The hint panel under the move list, on this seat's turn. */
export function HintPanel({ id, st, game }: { id: string; st: GameState; game: Game }) {
  const { lang } = useI18n();
  const lt = learnT(lang);
  const asked = useHint(id, game.token, st);
  const [seconds, setSeconds] = useState<number>(() => Number(localStorage.getItem(SECONDS_KEY)) || 2);
  if (!game.active || !game.token || standIn(st, game.acting)) return null;
  return (
    <div class="hintpanel" data-testid="hint-panel">
      <div class="hint-ask">
        <button data-testid="hint-ask" disabled={!!asked.busy} onClick={() => asked.ask(seconds)}>
          {lt("hintAsk")}
        </button>
        <label class="muted small">
          {lt("hintThink")}{" "}
          <select
            data-testid="hint-seconds"
            value={seconds}
            onChange={(e) => {
              const n = Number((e.target as HTMLSelectElement).value);
              setSeconds(n);
              localStorage.setItem(SECONDS_KEY, String(n));
            }}
          >
            {HINT_SECONDS.map((n) => (
              <option value={n}>{lt("hintSeconds", { n })}</option>
            ))}
          </select>
        </label>
        {asked.busy ? <span class="sending" data-testid="hint-busy">{lt("hintThinking", { n: asked.busy })}</span> : null}
      </div>
      {asked.error ? <p class="warn small" data-testid="hint-error">{asked.error}</p> : null}
      {asked.hint ? <HintList hint={asked.hint} st={st} game={game} lt={lt} /> : null}
    </div>
  );
}

/** The suggestions, best first: each playable (and previewed on hover) as a move button. */
export function HintList({ hint, st, game, lt, top }: { hint: HintOut; st: GameState; game: Game; lt: LT; top?: number }) {
  const legal = new Map<string, LegalMove>(st.legal_moves.map((m) => [m.move, m]));
  const picks = hint.suggestions.slice(0, top ?? hint.suggestions.length);
  return (
    <div class="hintlist" data-testid="hint-list">
      {top === 1 ? null : (
        <div class="muted small">
          {lt("hintTitle")} · {lt("hintNow", { margin: signed(hint.value_now), win: Math.round(hint.win_now * 100) })}
        </div>
      )}
      <ol>
        {picks.map((s) => {
          const m = legal.get(s.move);
          return (
            <li data-testid="hint-move" data-move={s.move}>
              <div class="hint-head">
                {m ? <MoveButton m={m} play={game.play} list /> : <b>{s.text}</b>}
                <span class="hint-value" data-testid="hint-value">
                  {lt("hintValue", { margin: signed(s.value), win: Math.round(s.win * 100) })}
                </span>
                <small class="muted">{lt("hintVisits", { n: s.visits, sims: hint.sims })}</small>
              </div>
              <ul class="hint-why">
                {s.why.map((w) => (
                  <li>{w}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {top === 1 ? null : <p class="muted small">{lt("hintNote")}</p>}
    </div>
  );
}

/** The number of hints a seat asked, where the players are listed (nothing when none). */
export function HintsUsed({ n }: { n: number | undefined }) {
  const { lang } = useI18n();
  if (!n) return null;
  const lt = learnT(lang);
  return (
    <small class="muted hints-used" title={lt("hintsUsed", { n })} data-testid="hints-used">
      {lt("hintsShort", { n })}
    </small>
  );
}

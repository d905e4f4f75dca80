// The right column's players: the score line (each seat's OP and projected final score; a click
// scrolls to the seat's board), the player boards with this seat's own first, and the final
// scores once the game is over.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, saveToken, type GameState, type Score } from "../api";
import { PlayerBoard } from "../boards";
import { boardOrder } from "../decision";
import { projectionCard, tiedAtTop } from "../format";
import { botLabel, useI18n, winnersOf } from "../i18n";
import { Pawn, faceProps } from "../ui";
import { HintsUsed } from "../hint";
import type { Game } from "./useGame";

/** Seconds between looks for a rematch another player started, while the game-over panel shows. */
const REMATCH_POLL_S = 5;

/** Play again (the server's onmars.server.rematch): a seat starts the rematch or joins it and
 * goes to its own seat there; a spectator is shown the way to watch it once it exists. */
export function PlayAgain({ st, game }: { st: GameState; game: Game }) {
  const { t } = useI18n();
  const [found, setFound] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (found) return;
    let stop = false;
    const look = () => api.rematchOf(st.id).then((r) => !stop && r.id && setFound(r.id)).catch(() => undefined);
    look();
    const timer = window.setInterval(look, REMATCH_POLL_S * 1000);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [st.id, found]);
  // every seat this browser holds plays again (one seat, or all of a game at one screen)
  const tokens = Object.values(game.held);
  const go = async () => {
    if (!tokens.length || busy) return;
    setBusy(true);
    try {
      let id = "";
      for (const token of tokens) {
        const made = await api.playAgain(st.id, token);
        saveToken(made.id, made.seat, made.token);
        id = made.id;
      }
      location.assign(`/play/${encodeURIComponent(id)}`);
    } catch (e) {
      game.setRefusal(e instanceof ApiError ? e.problem : { status: 0, detail: String(e) });
      setBusy(false);
    }
  };
  if (tokens.length) {
    return (
      <button class="primary" data-testid="play-again" disabled={busy} onClick={go}>
        {found ? t("joinRematch") : t("playAgain")}
      </button>
    );
  }
  return found ? (
    <a data-testid="watch-rematch" href={`/play/${encodeURIComponent(found)}`}>
      {t("watchRematch")}
    </a>
  ) : null;
}

export function Scores({ st, projected }: { st: GameState; projected: Map<number, Score> }) {
  const { t, lang, cat } = useI18n();
  const view = st.view;
  return (
    <div class="scores" data-testid="scores">
      {st.players.map((p) => (
        <span
          class={`score ${st.current_player === p.seat ? "current" : ""}`}
          role="button"
          title={p.name}
          onClick={() => document.querySelector(`[data-testid=player-board-${p.seat}]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" })}
        >
          <Pawn view={view} seat={p.seat} size={14} />
          <b>{p.name}</b>
          {p.bot ? <small class="muted">{t("botOf", { bot: botLabel(p.bot, lang) })}</small> : null}
          <HintsUsed n={p.hints} />
          <span>{view.players[p.seat].op} {t("op")}</span>
          {projected.has(p.seat) ? <small class="muted proj" {...faceProps(projectionCard(projected.get(p.seat), cat, t))}>→ {projected.get(p.seat)!.total}</small> : null}
        </span>
      ))}
    </div>
  );
}

export function PlayerBoards({ st, projected, changed }: { st: GameState; projected: Map<number, Score>; changed?: Set<number> }) {
  return (
    <div class="boards">
      {boardOrder(st.players.map((p) => p.seat), st.seat).map((seat) => (
        // issue 23.5: a board others' moves changed since this seat's last turn is marked
        <div class={changed?.has(seat) ? "board-changed" : "board-same"} data-changed={changed?.has(seat) ? "1" : undefined}>
          <PlayerBoard view={st.view} seat={seat} projected={projected.get(seat)} />
        </div>
      ))}
    </div>
  );
}

export function GameOver({ st, game }: { st: GameState; game: Game }) {
  const { t, cat } = useI18n();
  const [open, setOpen] = useState(true);
  const scores = st.scores ?? [];
  return (
    <div class={`gameover ${open ? "" : "folded"}`} data-testid="game-over">
      <div class="go-head">
        <b>{t("gameOver")}</b>
        <span>
          {winnersOf(t, st.winners.map((w) => st.players[w]?.name ?? "?"))}
        </span>
        <a href={`/replay/${st.id}`}>{t("watchReplay")}</a>
        <PlayAgain st={st} game={game} />
        <button data-testid="game-over-fold" aria-expanded={open} aria-label={t("foldResult")} title={t("foldResult")} onClick={() => setOpen(!open)}>
          {open ? "▴" : "▾"}
        </button>
      </div>
      {open ? (
        <table class="go-table">
          <thead>
            <tr>
              <th />
              {scores.map((s) => <th>{s.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {Object.keys(scores[0]?.breakdown ?? {}).map((k) => (
              <tr>
                <td>{cat?.names?.score?.[k] ?? k}</td>
                {scores.map((s) => <td>{s.breakdown[k]}</td>)}
              </tr>
            ))}
          </tbody>
          {/* the result stays in sight while a phone scrolls the breakdown (sticky, style.css) */}
          <tfoot>
            <tr class="total">
              <td>{t("total")}</td>
              {scores.map((s) => <td>{s.total}</td>)}
            </tr>
            {/* Equal totals are decided by Crystals, Advanced Buildings, Progress cubes (§24.4). */}
            <tr class={`tiebreak ${tiedAtTop(scores) ? "" : "muted"}`} data-testid="tiebreak">
              <td>{t("tiebreakRow")}</td>
              {/* "1/0/2", without spaces: four players' columns fit a phone's width */}
              {scores.map((s) => <td>{(s.tiebreak ?? []).join("/")}</td>)}
            </tr>
          </tfoot>
        </table>
      ) : null}
    </div>
  );
}

// A finished game, move by move: a slider over the plies, previous / next (arrow keys), first /
// last (Home / End), the board as a spectator saw it then, and the log up to that move.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api, type GameEvent, type PlayerView, type ReplayState } from "./api";
import { PlayerBoard, SharedBoards } from "./boards";
import { useI18n } from "./i18n";
import { MarsMap, abCardsOf } from "./map";
import { LogLines } from "./log";
import { TopBar } from "./topbar";
import { HoverLayer, Pawn } from "./ui";
import { moveHexes } from "./events";
import { AnalysisPanel } from "./analysis/panel";
import { word } from "./analysis/words";

export function ReplayPage({ id }: { id: string }) {
  const { t, lang, cat } = useI18n();
  const [ply, setPly] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [data, setData] = useState<ReplayState | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);
  // The post-game analysis beside the moves, in place of the boards (/replay/{id}#analysis).
  const [analysis, setAnalysis] = useState(location.hash === "#analysis");

  // The end first (it tells the number of moves), then whichever ply the player picks.
  // The whole game's events, asked once (per language): the log up to any ply is a prefix of
  // them, so a step asks only for the board; they also tell where each round starts.
  const [allEvents, setAllEvents] = useState<GameEvent[] | null>(null);
  const [roundStarts, setRoundStarts] = useState<number[]>([]);
  useEffect(() => {
    api
      .replay(id, 0, lang)
      .then((d) => {
        setTotal(d.total);
        return api.replay(id, d.total, lang);
      })
      .then((end) => {
        const all = end.events ?? [];
        const starts = new Set<number>([0]);
        for (const e of all) if (e.id === "round") starts.add(e.ply);
        setRoundStarts([...starts].sort((a, b) => a - b));
        setAllEvents(all);
      })
      .catch((e) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
  }, [id, lang]);

  // Asked once the ply rests for a moment: a slider dragged across the game asks for the ply
  // it stops at, not for every ply it passes (replays are costly and limited per address).
  useEffect(() => {
    if (total === null || allEvents === null) return;
    const n = ++asked.current;
    const timer = window.setTimeout(() => {
      api
        .replay(id, ply, lang, ply)
        .then((d) => {
          if (n !== asked.current) return;
          setData(d);
          setEvents(allEvents.filter((e) => e.ply < ply));
        })
        .catch((e) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
    }, 150);
    return () => window.clearTimeout(timer);
  }, [id, ply, total, allEvents]);

  const step = (d: number) => setPly((p) => Math.max(0, Math.min(total ?? 0, p + d)));
  const prevRound = () => setPly((p) => [...roundStarts].reverse().find((r) => r < p) ?? 0);
  const nextRound = () => setPly((p) => roundStarts.find((r) => r > p) ?? total ?? p);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Inputs keep their keys (the slider moves itself with the arrows).
      if ((e.target as HTMLElement)?.tagName === "INPUT") return;
      if (e.key === "ArrowLeft") {
        e.preventDefault();
        step(-1);
      } else if (e.key === "ArrowRight") {
        e.preventDefault();
        step(1);
      } else if (e.key === "Home") {
        e.preventDefault();
        setPly(0);
      } else if (e.key === "End") {
        e.preventDefault();
        setPly(total ?? 0);
      } else if (e.key === "PageUp") {
        e.preventDefault();
        prevRound();
      } else if (e.key === "PageDown") {
        e.preventDefault();
        nextRound();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [total, roundStarts]);

  useEffect(() => {
    document.title = `${t("replay")} · ${t("title")} · ${id}`;
  }, [lang]);

  const view = data?.view;
  const lastMove = [...events].reverse().find((e) => e.id === "move" && e.ply === ply - 1);
  // The hexes the move just stepped over names, marked on the map.
  const recent = new Set<string>();
  for (const e of events) if (e.ply === ply - 1) for (const h of moveHexes(e)) recent.add(h);
  return (
    <div class="table replay" data-testid="replay">
      <TopBar id={id} />
      <div class="replay-bar">
        <b>{t("replayOf", { id })}</b>
        {total === null ? null : (
        <a class="download" href={api.recordUrl(id)} download={`onmars-${id}.json`} data-testid="download-record">
          {t("downloadRecord")}
        </a>
        )}
        <button data-testid="replay-prev" disabled={ply <= 0} onClick={() => step(-1)}>◀ {t("prev")}</button>
        <input
          data-testid="replay-slider"
          type="range"
          min="0"
          max={String(total ?? 0)}
          value={String(ply)}
          onInput={(e) => setPly(Number((e.target as HTMLInputElement).value))}
        />
        <button data-testid="replay-next" disabled={total === null || ply >= total} onClick={() => step(1)}>{t("next")} ▶</button>
        <span data-testid="replay-ply" class="replay-ply">
          {t("ply")} {ply} {t("of")} {total ?? "?"}
        </span>
        <button class="small" disabled={ply <= 0} onClick={prevRound} title="PageUp (Home: 0)">« {t("prevRound")}</button>
        <button class="small" disabled={total === null || ply >= total} onClick={nextRound} title={`PageDown (End: ${total ?? "?"})`}>{t("nextRound")} »</button>
        {total === null ? null : (
          <button class={`small ${analysis ? "on" : ""}`} aria-pressed={analysis} data-testid="analysis-toggle" onClick={() => setAnalysis(!analysis)}>
            {word("analysis", lang)}
          </button>
        )}
      </div>
      {view ? (
        <div class="replay-info">
          <span class="muted">
            {cat?.names?.phase?.[view.phase] ?? view.phase} · {t("round")} {view.round}
          </span>
          {lastMove ? (
            <span class="replay-last" title={lastMove.text ?? String(lastMove.move ?? "")}>
              {t("lastMove")}{t("colon")}{lastMove.seat !== null && lastMove.seat !== undefined ? <Pawn view={view} seat={lastMove.seat} size={13} /> : null} {lastMove.text ?? String(lastMove.move ?? "")}
            </span>
          ) : null}
          <span class="grow" />
          {view.players.map((p: PlayerView, seat: number) => (
            <span class={`replay-op ${data?.current_player === seat ? "current" : ""}`}>
              <Pawn view={view} seat={seat} size={13} /> {p.name} <b>{p.op}</b> {t("op")}
            </span>
          ))}
        </div>
      ) : null}
      {error ? (
        <p class="error pad" data-testid="replay-error">
          {error}
          {total === null ? (
            <>
              {" "}
              <a href={`/watch/${id}`}>{t("watch")}</a>
            </>
          ) : null}
        </p>
      ) : null}
      {view ? (
        <main class={`cols ${analysis ? "with-analysis" : ""}`}>
          <div class="col col-left">
            <div class="mapbox">
              <MarsMap view={view} recent={recent} abCards={abCardsOf(events)} />
            </div>
            <div class="log" data-testid="log">
              <LogLines events={events} view={view} />
            </div>
          </div>
          {analysis ? (
            <AnalysisPanel id={id} ply={ply} setPly={setPly} view={view} />
          ) : (
            <>
              <div class="col col-mid">
                <SharedBoards view={view} />
              </div>
              <div class="col col-right">
                <div class="boards">
                  {view.players.map((_: PlayerView, seat: number) => (
                    <PlayerBoard view={view} seat={seat} />
                  ))}
                </div>
              </div>
            </>
          )}
        </main>
      ) : error ? null : (
        <p class="muted pad">{t("loading")}</p>
      )}
      <HoverLayer />
    </div>
  );
}

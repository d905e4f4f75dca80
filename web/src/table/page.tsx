// The table: one game as this browser's seat (or a spectator) sees it, live. The game itself
// (state, live connection, sending) is useGame's; this lays out the board areas: the top bar,
// the map with the decision bar and the move list, the shared boards, the scores, the player
// boards and the log, what everyone is told (below the top bar) and what pops up over them.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, type RefusedPlace, type Score } from "../api";
import { SharedBoards } from "../boards";
import { ClockStrip } from "../clock";
import { stepOf } from "../decision";
import { hexesSince, lastTurnEnd, panelsChangedSince, recentHexes, seatsChangedSince } from "../events";
import { useI18n, type Key } from "../i18n";
import { InvitePanel } from "../lobby";
import { LogPanel } from "../log";
import { MarsMap, abCardsOf } from "../map";
import { indexMoves, refusedByPlace, sequenceOffers } from "../moves";
import { TopBar } from "../topbar";
import { FINGER, HoverLayer, Play, type PlayCtx } from "../ui";
import { useAnnouncer } from "./a11y";
import { ChooserDialog, ConfirmDialog, Refusal } from "./dialogs";
import { Handover } from "./handover";
import { TableHeader } from "./header";
import { useKeys, usePrefs, useScrollToDecision, useTurnSignal } from "./hooks";
import { ChatDock } from "../chat";
import { EndProposal, News } from "./newsbar";
import { GameOver, PlayerBoards, Scores } from "./players";
import { DecisionBar, MoveList } from "./prompt";
import { useGame } from "./useGame";
import { HintPanel } from "../hint";
import { Coach } from "../tutorial/coach";

export function TablePage({ id, watch }: { id: string; watch: boolean }) {
  const { t, lang } = useI18n();
  const game = useGame(id, watch);
  const { st, events, error, active, sending, acting, pickedBot, pickedTile, play } = game;
  const [logFilter, setLogFilter] = useState("all");
  const [pane, setPane] = useState<Pane>("map");
  const [prefs, setPrefs] = usePrefs();
  useTurnSignal(id, active, prefs);
  useKeys(game);
  useScrollToDecision(active ? `${st!.ply}:${stepOf(st!)}` : "");
  const said = useAnnouncer(events, acting);
  // Issue 23.5: what others changed since this seat's last turn is marked (a spectator: the
  // last few moves).
  const since = lastTurnEnd(events, acting);
  const marked = useMemo(() => (acting === null ? recentHexes(events, st?.ply ?? 0) : hexesSince(events, since, acting)), [events, since, acting, st?.ply]);
  const changed = useMemo(() => (acting === null ? new Set<number>() : seatsChangedSince(events, since, acting)), [events, since, acting]);
  const panels = useMemo(() => (acting === null ? "" : [...panelsChangedSince(events, since, acting)].join(" ")), [events, since, acting]);

  const moves = active && !sending ? st!.legal_moves : [];
  const sequences = active && !sending ? st!.sequences ?? [] : [];
  const places = useMemo(() => indexMoves(moves, pickedBot, pickedTile, sequences, FINGER), [moves, sequences, pickedBot, pickedTile]);
  const offered = useMemo(() => sequenceOffers(sequences, moves[0]?.step ?? ""), [sequences, moves]);
  const refused = useWhyNot(id, game.token, lang, active ? (st?.version ?? -1) : -1);
  const refusedPlaces = useMemo(() => refusedByPlace(refused, places), [refused, places]);
  const ctx: PlayCtx = {
    places,
    active: active && !sending,
    pickedBot,
    pickBot: game.setPickedBot,
    pickedTile,
    pickTile: game.setPickedTile,
    play,
    choose: (ms, title, bot) => game.setChooser({ moves: ms, title, bot }),
    refused: refusedPlaces,
  };

  if (error && !st) {
    return (
      <div class="table" data-testid="table">
        <TopBar id={id} />
        <p class="error">{error}</p>
      </div>
    );
  }
  if (!st) {
    return (
      <div class="table" data-testid="table">
        <TopBar id={id} />
        <p class="muted pad">{t("loading")}</p>
      </div>
    );
  }
  if (game.handover !== null) {
    // Hot-seat (issue 23.7): nothing of the table until the next player says who they are.
    return (
      <div class="table" data-testid="table">
        <TopBar id={id} />
        <Handover st={st} seat={game.handover} confirm={game.takeOver} />
      </div>
    );
  }
  const view = st.view;
  const projected = new Map<number, Score>((st.projection ?? []).map((p) => [p.seat, p]));

  return (
    <Play.Provider value={ctx}>
      <div class="table" data-testid="table">
        <TableHeader id={id} game={game} st={st} prefs={prefs} setPrefs={setPrefs} />
        <ClockStrip id={id} st={st} game={game} />
        {game.lostSeat ? (
          <div class="held" role="status" data-testid="link-refused">
            {t("linkRefused")}
          </div>
        ) : null}
        {st.stop ? (
          <div class="held" role="status" data-testid="held">
            {st.stop.message}
          </div>
        ) : null}
        {/* In the flow below the top bar: what everyone is told covers no control. */}
        {st.is_over ? <GameOver st={st} game={game} /> : <EndProposal st={st} game={game} />}
        <News news={game.news} dismiss={game.dismiss} />
        <main class={`cols tabbed pane-${pane}`}>
          <PaneTabs pane={pane} setPane={setPane} live={places} />
          <div class="col col-left">
            <div class="mapbox">
              <MarsMap view={view} recent={marked} abCards={abCardsOf(events)} />
            </div>
            <div class="decide">
              <Coach id={id} st={st} game={game} />
              <DecisionBar st={st} game={game} moves={moves} places={places} />
              <MoveList moves={moves} sequences={offered} sending={sending} play={play} />
              <HintPanel id={id} st={st} game={game} />
            </div>
          </div>
          <div class="col col-mid" data-changed={panels}>
            <SharedBoards view={view} />
          </div>
          <div class="col col-right">
            <InvitePanel id={id} />
            <Scores st={st} projected={projected} />
            <PlayerBoards st={st} projected={projected} changed={changed} />
            <LogPanel events={events} view={view} players={st.players} acting={acting} filter={logFilter} setFilter={setLogFilter} />
          </div>
        </main>
        <ConfirmDialog game={game} />
        <ChooserDialog game={game} />
        <Refusal game={game} />
        <div class="sr-only" role="log" aria-live="polite" aria-label={t("announcements")} data-testid="announcer">
          {said.map((x) => (
            <div>{x}</div>
          ))}
        </div>
        <ChatDock id={id} token={game.token} st={st} />
        <HoverLayer />
      </div>
    </Play.Provider>
  );
}

/** Why not (issue 23): on this seat's turn, the reasons the decision's other places are refused,
 * asked once per version of the game (the server works them out only when asked). */
function useWhyNot(id: string, token: string | null, lang: string, version: number): RefusedPlace[] {
  const [refused, setRefused] = useState<RefusedPlace[]>([]);
  useEffect(() => {
    setRefused([]);
    if (version < 0 || !token) return;
    let live = true;
    api
      .why(id, token, lang)
      .then((w) => live && w.version === version && setRefused(w.refused))
      .catch(() => {}); // only an explanation: the table plays on without it
    return () => {
      live = false;
    };
  }, [id, token, lang, version]);
  return refused;
}

/** What a phone or a tablet shows above the decision, one pane at a time (style.css hides this
 * switch on desktops, where all panes are side by side). */
type Pane = "map" | "boards" | "players" | "log";
const PANES: [Pane, Key][] = [["map", "paneMap"], ["boards", "paneBoards"], ["players", "panePlayers"], ["log", "paneLog"]];

/** Where each pane's clickable places are drawn (a dot on its tab says it has some now). */
const PANE_SPOTS: Partial<Record<Pane, string>> = {
  map: "svg.mars .spot",
  boards: ".col-mid .spot",
  players: ".col-right .boards .spot",
};

function PaneTabs({ pane, setPane, live }: { pane: Pane; setPane: (p: Pane) => void; live: unknown }) {
  const { t } = useI18n();
  const [hot, setHot] = useState<Pane[]>([]);
  useEffect(() => {
    const id = requestAnimationFrame(() =>
      setHot(PANES.map(([p]) => p).filter((p) => PANE_SPOTS[p] && document.querySelector(PANE_SPOTS[p]!))),
    );
    return () => cancelAnimationFrame(id);
  }, [live]);
  return (
    <nav class="panes" role="tablist" aria-label={t("panes")}>
      {PANES.map(([p, key]) => (
        <button role="tab" data-testid={`pane-${p}`} aria-selected={pane === p} onClick={() => setPane(p)}>
          {t(key)}
          {hot.includes(p) ? <span class="hot" aria-hidden="true"> ●</span> : null}
        </button>
      ))}
    </nav>
  );
}

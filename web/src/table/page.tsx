// The table: one game as this browser's seat (or a spectator) sees it, live. The game itself
// (state, live connection, sending) is useGame's; this lays out the board areas: the top bar,
// the map with the decision bar and the move list, the shared boards, the scores, the player
// boards and the log, and what pops up over them.
import { useMemo, useState } from "preact/hooks";
import type { Score } from "../api";
import { SharedBoards } from "../boards";
import { ClockStrip } from "../clock";
import { stepOf } from "../decision";
import { recentHexes } from "../events";
import { useI18n } from "../i18n";
import { LogPanel } from "../log";
import { MarsMap, abCardsOf } from "../map";
import { indexMoves } from "../moves";
import { TopBar } from "../topbar";
import { HoverLayer, Play, type PlayCtx } from "../ui";
import { ChooserDialog, ConfirmDialog, Refusal, Toasts } from "./dialogs";
import { TableHeader } from "./header";
import { useKeys, useScrollToDecision, useSound, useTurnSignal } from "./hooks";
import { GameOver, PlayerBoards, Scores } from "./players";
import { DecisionBar, MoveList } from "./prompt";
import { useGame } from "./useGame";

export function TablePage({ id, watch }: { id: string; watch: boolean }) {
  const { t } = useI18n();
  const game = useGame(id, watch);
  const { st, events, error, active, sending, acting, pickedBot, pickedTile, play } = game;
  const [logFilter, setLogFilter] = useState("all");
  const [sound, setSound] = useSound();
  useTurnSignal(id, active, sound);
  useKeys(game);
  useScrollToDecision(active ? `${st!.ply}:${stepOf(st!)}` : "");

  const moves = active && !sending ? st!.legal_moves : [];
  const places = useMemo(() => indexMoves(moves, pickedBot, pickedTile), [moves, pickedBot, pickedTile]);
  const ctx: PlayCtx = {
    places,
    active: active && !sending,
    pickedBot,
    pickBot: game.setPickedBot,
    pickedTile,
    pickTile: game.setPickedTile,
    play,
    choose: (ms, title) => game.setChooser({ moves: ms, title }),
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
  const view = st.view;
  const projected = new Map<number, Score>((st.projection ?? []).map((p) => [p.seat, p]));

  return (
    <Play.Provider value={ctx}>
      <div class="table" data-testid="table">
        <TableHeader id={id} game={game} st={st} sound={sound} setSound={setSound} />
        <ClockStrip id={id} st={st} game={game} />
        {st.stop ? (
          <div class="held" role="status" data-testid="held">
            {st.stop.message}
          </div>
        ) : null}
        <main class="cols">
          <div class="col col-left">
            <div class="mapbox">
              <MarsMap view={view} recent={recentHexes(events, st.ply)} abCards={abCardsOf(events)} />
            </div>
            <DecisionBar st={st} game={game} moves={moves} places={places} />
            <MoveList moves={moves} sending={sending} play={play} />
          </div>
          <div class="col col-mid">
            <SharedBoards view={view} />
          </div>
          <div class="col col-right">
            <Scores st={st} projected={projected} />
            <PlayerBoards st={st} projected={projected} />
            <LogPanel events={events} view={view} players={st.players} acting={acting} filter={logFilter} setFilter={setLogFilter} />
          </div>
        </main>
        <ConfirmDialog game={game} />
        <ChooserDialog game={game} />
        <Refusal game={game} />
        <Toasts toasts={game.toasts} />
        {st.is_over ? <GameOver st={st} /> : null}
        <HoverLayer />
      </div>
    </Play.Provider>
  );
}

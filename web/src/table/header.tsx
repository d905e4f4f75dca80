// The table's top bar: whose turn it is, the phase and round, who this browser plays, the
// connection, the votes, the record's download, undo, the sound switch, the notifications and
// the language.
import { useState } from "preact/hooks";
import { api, type GameState } from "../api";
import type { LocalPrefs } from "../notify";
import { listed, useI18n } from "../i18n";
import { TopBar } from "../topbar";
import { Icon } from "../icons";
import { LangToggle, Pawn } from "../ui";
import { NoticePanel } from "./notices";
import type { Game } from "./useGame";

export function TableHeader({ id, game, st, prefs, setPrefs }: {
  id: string;
  game: Game;
  st: GameState;
  prefs: LocalPrefs;
  setPrefs: (p: LocalPrefs) => void;
}) {
  const [notices, setNotices] = useState(false);
  const { t, cat } = useI18n();
  const { active, sending, acting, hotseat, connected, token, undo, vote } = game;
  const view = st.view;
  const cur = st.current_player;
  const curName = cur !== null ? st.players[cur]?.name ?? "?" : "";
  return (
    <TopBar id={id}>
      <span class="status">
        {st.is_over ? (
          <b>{t("gameOver")}</b>
        ) : active && sending ? (
          <b class="yourturn sendingbadge">… {t("sending")}</b>
        ) : active ? (
          <b class="yourturn" data-testid="your-turn">▶ {t("yourTurn")}</b>
        ) : cur !== null ? (
          <span class="turnof">
            <Pawn view={view} seat={cur} size={14} /> {acting !== null ? t("waiting", { name: curName }) : t("turnOf", { name: curName })}
          </span>
        ) : null}
      </span>
      <span class="muted">
        {cat?.names?.phase?.[view.phase] ?? view.phase} · {t("round")} {view.round}
        {view.end_round ? <b class="warn"> · {t("lastRound", { n: view.end_round })}</b> : null} · {t("ply")} {st.ply}
      </span>
      <span class="who muted">
        {acting === null ? t("spectator") : hotseat ? t("hotseatAs", { name: st.players[acting]?.name ?? "" }) : t("youAre", { name: st.players[acting]?.name ?? "" })}
      </span>
      {!connected ? <span class="warn">{t("connecting")}</span> : null}
      <span class="grow" />
      {token && st.stop && !st.is_over ? (
        <VoteButton st={st} voters={st.resumes} acting={acting} label={t("goOn")} testid="go-on" vote={(agree) => vote("resume", agree)} />
      ) : null}
      {st.is_over ? (
        <a class="download" href={api.recordUrl(id)} download={`onmars-${id}.json`} data-testid="download-record">
          {t("downloadRecord")}
        </a>
      ) : null}
      {/* Once someone voted, the proposal below the top bar names them and takes the answers. */}
      {token && !st.is_over && !st.votes.length ? (
        <VoteButton st={st} voters={st.votes} acting={acting} label={t("agreeEnd")} testid="end-vote" vote={(agree) => vote("conclude", agree)} />
      ) : null}
      <button
        data-testid="undo"
        disabled={!st.can_undo || !token || !!sending}
        onClick={undo}
        title={st.can_undo || !token ? t("undoKey") : st.undo_why || t("undoNo")}
        aria-describedby={!st.can_undo && token ? "undo-why" : undefined}
      >
        ↶ {t("undo")}
      </button>
      {!st.can_undo && token ? (
        <span id="undo-why" class="sr-only" data-testid="undo-why">
          {st.undo_why || t("undoNo")}
        </span>
      ) : null}
      <label class="soundbox" title={t("sound")}>
        <input type="checkbox" checked={prefs.sound} onChange={(e) => setPrefs({ ...prefs, sound: (e.target as HTMLInputElement).checked })} />
        ♪
      </label>
      {acting !== null ? (
        <button class="bell" data-testid="notices" title={t("notices")} aria-label={t("notices")} onClick={() => setNotices(!notices)}>
          <Icon name="bell" size={15} />
        </button>
      ) : null}
      <LangToggle />
      {notices ? <NoticePanel id={id} token={token} rekey={game.rekey} prefs={prefs} setPrefs={setPrefs} close={() => setNotices(false)} /> : null}
    </TopBar>
  );
}

/** A vote every human seat must cast (end by agreement, RUL-20; go on with a held game): the
 * voters' names on hover, their count, and a second click withdraws this seat's vote. */
function VoteButton({ st, voters, acting, label, testid, vote }: {
  st: GameState;
  voters: number[];
  acting: number | null;
  label: string;
  testid?: string;
  vote: (agree: boolean) => void;
}) {
  const { t } = useI18n();
  const mine = voters.includes(acting ?? -1);
  return (
    <button class="vote" data-testid={testid} title={listed(t, voters.map((v) => st.players[v]?.name ?? "?"))} onClick={() => vote(!mine)}>
      {mine ? t("withdraw") : label} {voters.length ? ` (${voters.length})` : ""}
    </button>
  );
}

// The game's log (shared with the replay): one line per move with its effects nested under it,
// grouped by round and turn under headings that fold; a round draws again only when its events
// change. The table's log box adds its filter by player and the "since your last turn" summary.
import { Component } from "preact";
import { useEffect, useMemo, useRef } from "preact/hooks";
import type { GameEvent, PlayerInfo, PlayerView, View } from "./api";
import { groupLog, lastTurnEnd, summarySince, type RoundGroup, type Summary, type TurnGroup } from "./events";
import { useI18n, type T } from "./i18n";
import { Pawn } from "./ui";

export function LogLines({ events, view, me = null, since = Infinity, filter = "all" }: { events: GameEvent[]; view: View; me?: number | null; since?: number; filter?: string }) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  // The first time the log is seen it opens at what others did since this seat's last turn (a
  // player back after a day reads on from there), later at the newest line. A phone's log pane
  // is hidden until its tab is chosen, and a hidden box cannot scroll: it is placed when shown.
  const read = useRef(false);
  const place = (el: HTMLDivElement) => {
    if (!el.clientHeight) return;
    const news = read.current ? null : el.querySelector<HTMLElement>(".ev-new");
    el.scrollTop = news ? el.scrollTop + news.getBoundingClientRect().top - el.getBoundingClientRect().top - 4 : el.scrollHeight;
    if (el.childElementCount) read.current = true;
  };
  useEffect(() => {
    if (ref.current) place(ref.current);
  }, [events.length]);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let shown = el.clientHeight > 0;
    const seen = new ResizeObserver(() => {
      if (el.clientHeight > 0 && !shown) place(el);
      shown = el.clientHeight > 0;
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const rounds = useMemo(() => groupLog(events), [events]);
  const colours = view.players?.map((p: PlayerView) => `${p.colour}:${p.name}`).join("|") ?? "";
  return (
    <div class="log-lines" ref={ref} data-testid="log-lines">
      {rounds.map((r, k) => (
        <RoundBlock key={r.round} round={r} view={view} colours={colours} since={since} me={me} filter={filter} last={k === rounds.length - 1} lang={lang} t={t} />
      ))}
    </div>
  );
}

interface RoundProps {
  round: RoundGroup;
  view: View;
  colours: string;
  since: number;
  me: number | null;
  filter: string;
  last: boolean;
  lang: string;
  t: T;
}

/** The events of a round as a signature: a round draws again only when it changes. */
function signature(r: RoundGroup): string {
  const moves = r.turns.flatMap((turn) => turn.moves);
  const tail = moves[moves.length - 1];
  return `${r.round}:${moves.length}:${tail?.ply}:${tail?.effects.length}:${tail?.move?.text ?? ""}`;
}

class RoundBlock extends Component<RoundProps> {
  shouldComponentUpdate(next: RoundProps): boolean {
    const a = this.props;
    return !(
      a.colours === next.colours && a.since === next.since && a.me === next.me && a.filter === next.filter &&
      a.last === next.last && a.lang === next.lang && signature(a.round) === signature(next.round)
    );
  }

  render({ round, view, since, me, filter, last, t }: RoundProps) {
    const turns = round.turns.filter((turn) => filter === "all" || String(turn.seat) === filter);
    if (!turns.length) return null;
    const fresh = turns.some((turn) => isNew(turn, since, me));
    return (
      <details class="log-round" open={last || fresh} data-round={round.round}>
        <summary class="log-round-head">{round.round === 0 ? t("logOpening") : t("logRound", { n: round.round })}</summary>
        {turns.map((turn) => (
          <TurnBlock turn={turn} view={view} since={since} me={me} t={t} />
        ))}
      </details>
    );
  }
}

function isNew(turn: TurnGroup, since: number, me: number | null): boolean {
  return turn.seat !== me && turn.moves.some((g) => g.ply > since);
}

function TurnBlock({ turn, view, since, me, t }: { turn: TurnGroup; view: View; since: number; me: number | null; t: T }) {
  const who = turn.seat !== null ? view.players?.[turn.seat]?.name ?? "" : "";
  return (
    <details class={`log-turn ${isNew(turn, since, me) ? "ev-new" : ""}`} open>
      <summary class="log-turn-head">
        {turn.seat !== null && view.players?.[turn.seat] ? <Pawn view={view} seat={turn.seat} size={11} /> : <span class="ev-dot">·</span>}{" "}
        {who ? t("logTurnOf", { name: who }) : t("logTable")} <small class="muted">({turn.moves.filter((g) => !g.start).length})</small>
      </summary>
      {turn.moves.map((g) => (
        // a turn's own start (Crystals moving in) has no move line: a group of its own kind
        <div class={`${g.start ? "ev-start" : "ev-group"} ${g.ply > since && g.seat !== me ? "ev-new" : ""}`} data-ply={g.ply}>
          {g.move ? <div class="ev ev-move">{g.move.text ?? g.move.id}</div> : null}
          {g.effects.length ? (
            <ul class="ev-effects">
              {g.effects.map((e) => (
                <li class="ev">{e.text ?? e.id}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </details>
  );
}

/** What changed since this seat's last turn, in a few words (nothing for a spectator). */
export function SinceSummary({ summary, view, mine }: { summary: Summary; view: View; mine: number | null }) {
  const { t } = useI18n();
  if (mine === null || summary.moves === 0) return null;
  const parts: string[] = [];
  for (const [seat, op] of summary.op) if (op) parts.push(t("sumOp", { name: view.players?.[seat]?.name ?? "?", n: op > 0 ? `+${op}` : String(op) }));
  if (summary.level?.text) parts.push(String(summary.level.text));
  for (const m of summary.missions) if (m.text) parts.push(String(m.text));
  for (const b of summary.built) if (b.text) parts.push(String(b.text));
  return (
    <div class="since" data-testid="since-summary">
      <b>{t("sinceTitle")}</b> <small class="muted">{t("sinceMoves", { n: summary.moves })}</small>
      {parts.length ? (
        <ul>
          {parts.map((p) => (
            <li>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The table's log: every event so far, grouped, filtered by player, what others did since this
 * seat's last turn marked and summed up. */
export function LogPanel({ events, view, players, acting, filter, setFilter }: {
  events: GameEvent[];
  view: View;
  players: PlayerInfo[];
  acting: number | null;
  filter: string;
  setFilter: (filter: string) => void;
}) {
  const { t } = useI18n();
  const since = lastTurnEnd(events, acting);
  const summary = useMemo(() => summarySince(events, since, acting), [events, since, acting]);
  return (
    <div class="log" data-testid="log">
      <div class="log-head">
        <b>{t("log")}</b>
        {acting !== null ? <small class="muted log-new">{t("logNew")}</small> : null}
        <select data-testid="log-filter" aria-label={t("logFilter")} value={filter} onChange={(e) => setFilter((e.target as HTMLSelectElement).value)}>
          <option value="all">{t("all")}</option>
          {players.map((p) => (
            <option value={String(p.seat)}>{p.name}</option>
          ))}
        </select>
      </div>
      <SinceSummary summary={summary} view={view} mine={acting} />
      <LogLines events={events} view={view} me={acting} since={since} filter={filter} />
    </div>
  );
}

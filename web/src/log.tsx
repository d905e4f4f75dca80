// The game's log: its lines (shared with the replay), drawn in chunks that render again only when
// their events change, and the table's log box with its filter by player.
import { Component } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { GameEvent, PlayerInfo, PlayerView, View } from "./api";
import { filterEvents, lastMoveOf } from "./events";
import { useI18n } from "./i18n";
import { Pawn } from "./ui";

const CHUNK = 64;

export function LogLines({ events, view, me = null, since = Infinity }: { events: GameEvent[]; view: View; me?: number | null; since?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  // Lines in chunks that render again only when their events change: a long game's log costs
  // nothing on each update.
  const chunks: GameEvent[][] = [];
  for (let k = 0; k < events.length; k += CHUNK) chunks.push(events.slice(k, k + CHUNK));
  const colours = view.players?.map((p: PlayerView) => `${p.colour}:${p.name}`).join("|") ?? "";

  return (
    <div class="log-lines" ref={ref}>
      {chunks.map((c, k) => (
        <LogChunk key={k} events={c} view={view} colours={colours} since={since} me={me} />
      ))}
    </div>
  );
}

interface ChunkProps {
  events: GameEvent[];
  view: View;
  colours: string;
  since: number;
  me: number | null;
}

class LogChunk extends Component<ChunkProps> {
  shouldComponentUpdate(next: ChunkProps): boolean {
    const a = this.props;
    return !(a.colours === next.colours && a.since === next.since && a.me === next.me && a.events.length === next.events.length && a.events.every((e, i) => e === next.events[i]));
  }

  render({ events, view, since, me }: ChunkProps) {
    return (
      <>
        {events.map((e) => (
          <div class={`ev ${e.id === "move" ? "ev-move" : ""} ${e.ply > since && e.seat !== me ? "ev-new" : ""}`}>
            {e.seat !== null && e.seat !== undefined && view.players?.[e.seat] ? <Pawn view={view} seat={e.seat} size={11} /> : <span class="ev-dot">·</span>}
            <span>{e.text ?? e.id}</span>
          </div>
        ))}
      </>
    );
  }
}

/** The table's log: every event so far, filtered by player, what others did since this seat's
 * last move marked. */
export function LogPanel({ events, view, players, acting, filter, setFilter }: {
  events: GameEvent[];
  view: View;
  players: PlayerInfo[];
  acting: number | null;
  filter: string;
  setFilter: (filter: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div class="log" data-testid="log">
      <div class="log-head">
        <b>{t("log")}</b>
        {acting !== null ? <small class="muted log-new">{t("logNew")}</small> : null}
        <select data-testid="log-filter" value={filter} onChange={(e) => setFilter((e.target as HTMLSelectElement).value)}>
          <option value="all">{t("all")}</option>
          {players.map((p) => (
            <option value={String(p.seat)}>{p.name}</option>
          ))}
        </select>
      </div>
      <LogLines events={filterEvents(events, filter)} view={view} me={acting} since={lastMoveOf(events, acting)} />
    </div>
  );
}

// The game's events as the table keeps them: merging each state message's events into those
// already shown, the news worth a pop-up, the log's filter and marks, the hexes of recent moves.
// Pure functions (unit-tested); the components only draw their results.
import type { GameEvent, GameState } from "./api";

/** Events after a state message: the old ones before the message's first event (and before
 * its ply, which drops undone moves), then the message's. */
export function mergeEvents(old: GameEvent[], st: GameState): GameEvent[] {
  const first = st.events.length ? Math.min(...st.events.map((e) => e.ply)) : st.ply;
  const cut = Math.min(first, st.ply);
  return [...old.filter((e) => e.ply < cut), ...st.events];
}

/** Events every player should notice even with their eyes on the map. */
export const NEWS = new Set(["level", "mission", "end_triggered", "remaining", "shuttle_gone", "contract_done", "goal_done", "concluded"]);

export interface Toast {
  key: string;
  text: string;
}

/** A piece of news on screen since ``at`` (ms, the page's clock). */
export interface Shown extends Toast {
  at: number;
}

/** News stays at least this long (ms); after that, the next change of the game takes it away
 * (or a tap, any time): it never vanishes on its own, so the table below it never jumps under a
 * finger about to tap. */
export const NEWS_MS = 7000;
/** At most this many pieces of news at once (the newest). */
export const NEWS_MAX = 3;

/** The news shown after a state message (``now``: the page's clock): none once the game is
 * over (the game-over panel says how it ended), else what is shown and younger than NEWS_MS,
 * then ``news``, the newest NEWS_MAX. */
export function keepNews(shown: Shown[], news: Toast[], now: number, over: boolean): Shown[] {
  if (over) return [];
  const kept = shown.filter((x) => now - x.at < NEWS_MS && !news.some((n) => n.key === x.key));
  return [...kept, ...news.map((n) => ({ ...n, at: now }))].slice(-NEWS_MAX);
}

/** The news among a state's events from ``since`` (the ply seen before) on: one line each. */
export function newsOf(events: GameEvent[], since: number): Toast[] {
  const news = events.filter((e) => e.ply >= since && NEWS.has(e.id) && e.text);
  // A Mission advanced several steps at once says only where it stands now.
  const lastOf = new Map<string, GameEvent>();
  for (const e of news) if (e.id === "mission") lastOf.set(String(e.card), e);
  return news.filter((e) => e.id !== "mission" || lastOf.get(String(e.card)) === e).map((e) => ({ key: `${e.ply}:${e.id}:${e.text}`, text: String(e.text) }));
}

/** The ply of ``seat``'s last move (-1: none yet); the log marks what came after it from others. */
export function lastMoveOf(events: GameEvent[], seat: number | null): number {
  if (seat === null) return Infinity;
  let ply = -1;
  for (const e of events) if (e.id === "move" && e.seat === seat) ply = e.ply;
  return ply;
}

/** The log's lines for its filter: "all", or one seat's number as text. */
export function filterEvents(events: GameEvent[], filter: string): GameEvent[] {
  return events.filter((e) => filter === "all" || String(e.seat) === filter);
}

/** The map hexes a move event names ("q,r", in order; the server's ``hexes``), none for any
 * other event. */
export function moveHexes(e: GameEvent): string[] {
  if (e.id !== "move" || !Array.isArray(e.hexes)) return [];
  return e.hexes.filter((h): h is string => typeof h === "string");
}

/** Hexes named by the moves of the last few plies (up to ``ply``), marked on the map so that
 * others' moves are seen. */
export function recentHexes(events: GameEvent[], ply: number, plies = 4): Set<string> {
  const recent = new Set<string>();
  for (const e of events) if (e.ply >= ply - plies) for (const h of moveHexes(e)) recent.add(h);
  return recent;
}

// --- the log by round and turn, and what changed since a seat's last turn (issue 23.5) -----------

/** One move with its effects nested under it. ``move`` is null for effects without a move of
 * their own: the end by agreement, and what the start of a seat's turn did (``start``: its
 * Crystals moving in, which the move that ended the turn before brought about, seed item 3). */
export interface MoveGroup {
  ply: number;
  seat: number | null;
  move: GameEvent | null;
  effects: GameEvent[];
  start: boolean;
}

/** A player's turn: the moves one seat made in a row. */
export interface TurnGroup {
  key: string;
  seat: number | null;
  moves: MoveGroup[];
}

/** A round (0: the opening picks) and its turns. */
export interface RoundGroup {
  round: number;
  turns: TurnGroup[];
}

/** What each verb's own line already says: its events of these kinds, about the mover, would
 * say the same move twice ("Take Blueprint X" then "Ana takes Blueprint X"). */
const SAID_BY_MOVE: Record<string, string[]> = {
  seat: ["turn_order"],
  travel: ["travel"],
  main: ["travel"],
  take: ["blueprint"],
  learn: ["tech_learned"],
  develop: ["tech_developed"],
  hire: ["scientist", "contract"],
  bot: ["bot_moved"],
  rover: ["rover"],
  place: ["bot_placed"],
  goal: ["goal_done"],
  discard: ["goal_discarded"],
  discover: ["tile_placed"],
  use: ["tech_used"],
  upgrade: ["advanced"],
  ship: ["ship"],
  deliver: ["delivered"],
};

/** The verb of a move event (its notation's first word; "" for any other event). */
export function verbOf(e: GameEvent | null): string {
  return e && e.id === "move" && typeof e.move === "string" ? e.move.split(" ")[0] : "";
}

/** Each move's events as one group: the move, then its effects, less those its own line says
 * and the round's start (a heading of its own). What the start of the next seat's turn did
 * (the server marks it ``turn_start`` and sends it last) is a group of that seat's own. */
export function groupMoves(events: GameEvent[]): MoveGroup[] {
  const out: MoveGroup[] = [];
  for (const e of events) {
    let g = out[out.length - 1];
    const start = e.turn_start === true;
    if (!g || g.ply !== e.ply || g.start !== start || (start && g.seat !== e.seat)) {
      const seat = e.id === "move" || start ? e.seat ?? null : null;
      g = { ply: e.ply, seat, move: null, effects: [], start };
      out.push(g);
    }
    if (e.id === "move" && !g.move) {
      g.move = e;
      g.seat = e.seat ?? null;
      continue;
    }
    if (e.id === "round") continue;
    const said = SAID_BY_MOVE[verbOf(g.move)] ?? [];
    if (said.includes(e.id) && e.seat === g.seat) continue;
    g.effects.push(e);
  }
  return out;
}

/** The log by round (the round being played when each move was made: a move that starts the
 * next round belongs to the one it ends), then by turn (one seat's moves in a row). */
export function groupLog(events: GameEvent[]): RoundGroup[] {
  const starts = new Map<number, number>(); // ply -> the round its move started
  for (const e of events) if (e.id === "round") starts.set(e.ply, Number(e.number ?? e.round));
  const rounds: RoundGroup[] = [];
  const first = events[0];
  let round = first ? (starts.has(first.ply) ? starts.get(first.ply)! - 1 : first.round) : 0;
  for (const g of groupMoves(events)) {
    let r = rounds[rounds.length - 1];
    if (!r || r.round !== round) {
      r = { round, turns: [] };
      rounds.push(r);
    }
    let turn = r.turns[r.turns.length - 1];
    if (!turn || turn.seat !== g.seat) {
      turn = { key: `${g.ply}`, seat: g.seat, moves: [] };
      r.turns.push(turn);
    }
    turn.moves.push(g);
    if (starts.has(g.ply)) round = starts.get(g.ply)!;
  }
  return rounds;
}

/** The ply that ends ``seat``'s last finished turn (its last move before another seat's
 * move): what came after it is "since your last turn", which stays marked while the seat
 * plays its new turn. -1 before any such turn (everything is new); Infinity for a spectator. */
export function lastTurnEnd(events: GameEvent[], seat: number | null): number {
  if (seat === null) return Infinity;
  let end = -1;
  let mine = -1;
  for (const e of events) {
    if (e.id !== "move") continue;
    if (e.seat === seat) mine = e.ply;
    else if (mine >= 0) {
      end = mine;
      mine = -1;
    }
  }
  return end;
}

/** What changed since ``since`` (a ply): the OP each seat gained, the Missions advanced (the
 * last word on each), the Colony's level, and what other seats built. */
export interface Summary {
  op: Map<number, number>;
  missions: GameEvent[];
  level: GameEvent | null;
  built: GameEvent[];
  moves: number;
}

export function summarySince(events: GameEvent[], since: number, seat: number | null): Summary {
  const op = new Map<number, number>();
  const missions = new Map<string, GameEvent>();
  let level: GameEvent | null = null;
  const built: GameEvent[] = [];
  let moves = 0;
  for (const g of groupMoves(events.filter((e) => e.ply > since))) {
    if (g.move && g.seat !== seat) moves += 1;
    for (const e of [...(g.move ? [g.move] : []), ...g.effects]) {
      if (e.id === "op" && typeof e.seat === "number") op.set(e.seat, (op.get(e.seat) ?? 0) + Number(e.delta ?? 0));
      else if (e.id === "mission") missions.set(String(e.card), e);
      else if (e.id === "level") level = e;
      else if ((e.id === "building" || e.id === "advanced") && g.seat !== seat) built.push(e);
    }
  }
  return { op, missions: [...missions.values()], level, built, moves };
}

/** Every hex a change since ``since`` touched (a move's hexes, an effect's ``hex`` and
 * ``from_hex``), other seats' changes only: marked on the map. */
export function hexesSince(events: GameEvent[], since: number, seat: number | null): Set<string> {
  const out = new Set<string>();
  for (const g of groupMoves(events.filter((e) => e.ply > since))) {
    if (g.seat === seat && seat !== null) continue;
    if (g.move) for (const h of moveHexes(g.move)) out.add(h);
    for (const e of g.effects) for (const k of ["hex", "from_hex"]) if (typeof e[k] === "string") out.add(e[k] as string);
  }
  return out;
}

/** The seats whose boards changed since ``since`` through other seats' moves (or their own
 * effects of them: a Tech used, a Shelter's rent...). */
export function seatsChangedSince(events: GameEvent[], since: number, seat: number | null): Set<number> {
  const out = new Set<number>();
  for (const g of groupMoves(events.filter((e) => e.ply > since))) {
    if (g.seat === seat && seat !== null) continue;
    for (const e of [...(g.move ? [g.move] : []), ...g.effects]) if (typeof e.seat === "number") out.add(e.seat);
  }
  return out;
}

/** Words for the aria-live region: other seats' moves (and the table's news) from ``since``
 * (a ply) on, each move's own text. */
export function announcements(events: GameEvent[], since: number, seat: number | null): string[] {
  return events.filter((e) => e.ply >= since && ((e.id === "move" && e.seat !== seat) || NEWS.has(e.id)) && e.text).map((e) => String(e.text));
}

/** The shared board (its panel's class) each kind of event changes. */
const PANEL_OF: Record<string, string> = {
  turn_order: "turnorder",
  shuttle: "turnorder",
  shuttle_gone: "turnorder",
  lss: "lss",
  level: "lss",
  mission: "missions",
  remaining: "missions",
  warehouse: "warehouse",
  tech_learned: "grid",
  blueprint: "bpdisplay",
  scientist: "science",
  contract: "science",
};
const VERB_PANEL: Record<string, string> = { main: "actions", seat: "turnorder", learn: "grid", take: "bpdisplay", hire: "science" };
const REVEALED_PANEL: Record<string, string> = { tech: "grid", blueprint: "bpdisplay", science: "science", exploration: "exploration" };

/** The shared boards other seats' moves changed since ``since``: marked like the map. */
export function panelsChangedSince(events: GameEvent[], since: number, seat: number | null): Set<string> {
  const out = new Set<string>();
  for (const g of groupMoves(events.filter((e) => e.ply > since))) {
    if (g.seat === seat && seat !== null) continue;
    const byVerb = VERB_PANEL[verbOf(g.move)]; // the move's own line says it (no effect does)
    if (byVerb) out.add(byVerb);
    for (const e of [...(g.move ? [g.move] : []), ...g.effects]) {
      const panel = e.id === "revealed" ? REVEALED_PANEL[String(e.what)] : PANEL_OF[e.id];
      if (panel) out.add(panel);
    }
  }
  return out;
}

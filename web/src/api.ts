// Talking to the server (the HTTP API and the WebSocket of src/onmars/server/app.py), and the
// seat tokens this browser holds (localStorage: {gameId: {seat: token}}).

import type { components } from "./protocol";
import { initialLang, translator } from "./i18n";

/** The protocol's models, as the server's OpenAPI schema declares them (web/src/protocol.d.ts is
 * generated from it by scripts/gen_types.sh; never edit the types by hand). */
type Schemas = components["schemas"];
type MoveIn = Schemas["MoveIn"];
type UndoIn = Schemas["UndoIn"];
type VoteIn = Schemas["VoteIn"];

/** The catalog (``GET /api/catalog``): every component's face by kind, then id. The schema
 * declares its faces as open dicts (each kind has its own fields: see the rules'
 * explain/catalog.py), so the client reads them loosely; every other answer is a declared model. */
export type Dict = Record<string, any>;

export type LegalMove = Schemas["LegalMove"];
/** A sequence of legal moves offered as one click (issue 23): sent with ``api.playSequence``. */
export type LegalSequence = Schemas["LegalSequence"];
/** What a move loses for good, asked about before it is played (``kind``: a stable id). */
export type MoveWarning = Schemas["Warning"];
export type MoveArg = Schemas["MoveArg"];
export type MoveTarget = Schemas["MoveTarget"];
/** A decision a move leads to before its action is complete (issue 23). */
export type ThenStep = Schemas["ThenStep"];
/** Why not: the places of the pending decision no legal move uses, with the reason. */
export type WhyNot = Schemas["WhyNot"];
export type RefusedPlace = Schemas["RefusedPlace"];
export type Decision = Schemas["PendingDecision"];
export type PlayerInfo = Schemas["PlayerOut"];
export type GameSummary = Schemas["GameSummary"];
export type ClockOut = Schemas["ClockOut"];
export type TimeControlIn = Schemas["TimeControlIn"];
export type GameList = Schemas["GameList"];
export type BotList = Schemas["BotList"];
export type Bot = Schemas["BotOut"];
export type NewGame = Schemas["NewGame"];
export type Created = Schemas["Created"];
export type SeatLink = Schemas["SeatOut"];
export type Rematch = Schemas["Rematch"];
export type RematchSeat = Schemas["RematchSeat"];
/** What a seat may see of the game (``game.view(seat)``) and of each player in it. */
export type View = Schemas["SeatView"];
export type PlayerView = Schemas["PlayerView"];
/** A seat's score, final or projected. */
export type Score = Schemas["Score"];
/** An event as the log shows it. The model is open by design: past its common fields (ply, round,
 * seat, id, text) each kind of event adds its own (a move: ``move`` and ``hexes``; an advanced
 * building: ``hex`` and ``card``...), typed ``unknown`` and checked where read. */
export type GameEvent = Schemas["Event"];
/** The state of a game for a seat as the server sends it (``GET /api/games/{id}``, every
 * change's answer, each push): its legal moves labelled, not described. */
type StateIn = Schemas["GameState"];
/** The state as the table reads it: on the seat's turn, its legal moves described (a preview
 * each) and the sequences offered, fetched from ``GET /api/games/{id}/moves`` (``described``). */
export type GameState = Omit<StateIn, "legal_moves"> & { legal_moves: LegalMove[]; sequences: LegalSequence[] };
type Described = Schemas["Described"];
export type ReplayState = Schemas["ReplayState"];
/** A finished game's post-game analysis, as far as the server got (issue 25). */
export type AnalysisOut = Schemas["AnalysisOut"];
/** A game's chat (issue 24): a message (plain text: shown as text, never as HTML), a reader's log. */
export type ChatMessage = Schemas["ChatMessage"];
export type ChatLog = Schemas["ChatLog"];
export type ChatChannel = ChatMessage["channel"];
/** How a seat is told its turn came with its page closed (Web Push, e-mail). */
export type NoticeOut = Schemas["NoticeOut"];
export type SeatKey = Schemas["SeatKey"];
export type HintOut = Schemas["HintOut"];
export type HintMove = Schemas["HintMove"];
type NoticeIn = Schemas["NoticeIn"];
type ChatIn = Schemas["ChatIn"];
type PushSubscriptionIn = Schemas["PushSubscriptionIn"];

/** A refusal: the schema's problem body, with the HTTP status the client adds (0: no answer)
 * and the seconds of its Retry-After header, when the same request may succeed later. */
export type Problem = Schemas["Problem"] & { status: number; retryAfter?: number };

export class ApiError extends Error {
  constructor(public problem: Problem) {
    super(problem.detail);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer (offline, the server down): said in the page's language, not as the browser's
    // "TypeError: Failed to fetch". A move sent may still have been played: the live
    // connection shows what was once it is back.
    throw new ApiError({ status: 0, detail: translator(initialLang())("noAnswer") });
  }
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text };
  }
  if (!res.ok) {
    const detail = typeof data?.detail === "string" ? data.detail : JSON.stringify(data?.detail ?? res.statusText);
    const retryAfter = Number(res.headers.get("Retry-After")) || undefined;
    throw new ApiError({ ...(data ?? {}), status: res.status, detail, retryAfter });
  }
  return data as T;
}

/** A state with its legal moves described: asked for only on the seat's own turn, when the
 * server has moves to offer (the server works them out once per version of the game). Moves
 * described for another version (the game moved on meanwhile) are not offered: the newer
 * state comes next. */
async function described(id: string, token: string | null, lang: string, st: StateIn): Promise<GameState> {
  if (!st.legal_moves.length) return { ...st, legal_moves: [], sequences: [] };
  const path = `/api/games/${enc(id)}/moves?lang=${lang}`;
  const d = await call<Described>("GET", path, undefined, token).catch(async () => {
    await new Promise((ok) => setTimeout(ok, 500)); // once more (a lost connection, a burst)
    return call<Described>("GET", path, undefined, token);
  });
  if (d.version !== st.version) return { ...st, legal_moves: [], sequences: [] };
  return { ...st, legal_moves: d.legal_moves, sequences: d.sequences };
}

/** A call answering a state, that state described (``described``). */
async function stateCall(method: string, path: string, id: string, token: string | null, lang: string, body?: unknown): Promise<GameState> {
  return described(id, token, lang, await call<StateIn>(method, path, body, token));
}

export const api = {
  createGame: (players: NewGame["players"], length: NewGame["length"], clock: NewGame["clock"] = null) =>
    call<Created>("POST", "/api/games", { players, length, clock } satisfies NewGame),
  listGames: () => call<GameList>("GET", "/api/games?limit=50"),
  bots: (lang: string) => call<BotList>("GET", `/api/bots?lang=${lang}`),
  catalog: (lang: string) => call<Dict>("GET", `/api/catalog?lang=${lang}`),
  state: (id: string, token: string | null, lang: string, since = 0) =>
    stateCall("GET", `/api/games/${enc(id)}?since=${since}&lang=${lang}`, id, token, lang),
  /** A pushed state (the WebSocket's), described like the answers. */
  described: (id: string, token: string | null, lang: string, st: StateIn) => described(id, token, lang, st),
  play: (id: string, token: string | null, ply: number, move: string, lang: string) =>
    stateCall("POST", `/api/games/${enc(id)}/moves?lang=${lang}`, id, token, lang, { ply, move } satisfies MoveIn),
  /** Why not (issue 23): the refused places of this seat's decision, worked out when asked. */
  why: (id: string, token: string | null, lang: string) =>
    call<WhyNot>("GET", `/api/games/${enc(id)}/why?lang=${lang}`, undefined, token),
  /** Moves played one after the other, all or none (one compare-and-set, one push). */
  playSequence: (id: string, token: string | null, ply: number, moves: string[], lang: string) =>
    stateCall("POST", `/api/games/${enc(id)}/moves?lang=${lang}`, id, token, lang, { ply, moves } satisfies MoveIn),
  /** The search's top moves for this seat (issue 25.1): ``seconds`` of thought, at most 10. */
  hint: (id: string, token: string | null, seconds: number, lang: string, top = 3) =>
    call<HintOut>("POST", `/api/games/${enc(id)}/hint`, { seconds, lang: lang as Schemas["HintIn"]["lang"], top } satisfies Schemas["HintIn"], token),
  undo: (id: string, token: string | null, ply: number, lang = "en") =>
    stateCall("POST", `/api/games/${enc(id)}/undo`, id, token, lang, { ply } satisfies UndoIn),
  conclude: (id: string, token: string | null, agree: boolean, lang = "en") =>
    stateCall("POST", `/api/games/${enc(id)}/conclude`, id, token, lang, { agree } satisfies VoteIn),
  /** An absent player takes their seat back from the bot standing in (their clock ran out). */
  takeBack: (id: string, token: string | null, lang = "en") =>
    stateCall("POST", `/api/games/${enc(id)}/return`, id, token, lang),
  resume: (id: string, token: string | null, agree: boolean, lang = "en") =>
    stateCall("POST", `/api/games/${enc(id)}/resume`, id, token, lang, { agree } satisfies VoteIn),
  chat: (id: string, token: string | null, after = 0) =>
    call<ChatLog>("GET", `/api/games/${enc(id)}/chat?after=${after}`, undefined, token),
  say: (id: string, token: string | null, body: ChatIn) =>
    call<ChatMessage>("POST", `/api/games/${enc(id)}/chat`, body, token),
  /** A new token for the seat (a leaked link): every old token of the seat stops at once. */
  rekey: (id: string, token: string) => call<SeatKey>("POST", `/api/games/${enc(id)}/key`, undefined, token),
  /** The finished game's rematch, if its players started one (anyone may ask). */
  rematchOf: (id: string) => call<Rematch>("GET", `/api/games/${enc(id)}/rematch`),
  /** Play again: start the rematch, or join it, in this seat (its token there). */
  playAgain: (id: string, token: string) => call<RematchSeat>("POST", `/api/games/${enc(id)}/rematch`, undefined, token),
  notices: (id: string, token: string) => call<NoticeOut>("GET", `/api/games/${enc(id)}/notices`, undefined, token),
  setNotices: (id: string, token: string, body: NoticeIn) =>
    call<NoticeOut>("PUT", `/api/games/${enc(id)}/notices`, body, token),
  pushSubscribe: (id: string, token: string, sub: PushSubscriptionIn) =>
    call<NoticeOut>("POST", `/api/games/${enc(id)}/push`, sub, token),
  pushDrop: (id: string, token: string, endpoint: string | null) =>
    call<NoticeOut>("DELETE", `/api/games/${enc(id)}/push`, { endpoint }, token),
  /** A finished game's whole record, seed included (RUL-22): a download. */
  recordUrl: (id: string) => `/api/games/${enc(id)}/record`,
  /** A finished game's post-game analysis (worked out in the background). */
  analysis: (id: string) => call<AnalysisOut>("GET", `/api/games/${enc(id)}/analysis`),
  /** A finished game after `ply` moves, with the events of the moves from `since` on. */
  replay: (id: string, ply: number, lang: string, since = 0) =>
    call<ReplayState>("GET", `/api/games/${enc(id)}/replay?ply=${ply}&since=${since}&lang=${lang}`),
};

function enc(s: string): string {
  return encodeURIComponent(s);
}

// --- seat tokens ---------------------------------------------------------------------------------
const TOKENS = "onmars.tokens";

export type Tokens = Record<string, Record<string, string>>;

export function allTokens(): Tokens {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) || "{}") || {};
  } catch {
    return {};
  }
}

export function gameTokens(id: string): Record<string, string> {
  return allTokens()[id] ?? {};
}

export function saveToken(id: string, seat: number, token: string): void {
  const all = allTokens();
  all[id] = { ...(all[id] ?? {}), [String(seat)]: token };
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

/** Forget a seat's token this browser kept (the server refused it: a new link replaced it). */
export function forgetToken(id: string, seat: number): void {
  const all = allTokens();
  const game = { ...(all[id] ?? {}) };
  delete game[String(seat)];
  if (Object.keys(game).length) all[id] = game;
  else delete all[id];
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

/** The server's answer to a token that stands for no seat of the game (HTTP 401, or the
 * WebSocket closed with 4000 + 401). */
export const REFUSED_TOKEN = 401;

// --- live updates: the WebSocket, reconnecting with backoff, polling while it is down -------------
/** The window event a chat message pushed over the WebSocket comes as (detail: the message). */
export const CHAT_EVENT = "onmars-chat";
/** The window event fired each time the WebSocket (re)opens. */
export const LIVE_EVENT = "onmars-live";

export interface Live {
  close(): void;
}

export function subscribe(
  id: string,
  token: string | null,
  lang: string,
  since: () => number,
  onState: (s: GameState) => void,
  onStatus: (connected: boolean) => void,
  onRefused: () => void = () => {},
): Live {
  let ws: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let retry: number | undefined;
  let poll: number | undefined;
  let ping: number | undefined;

  const startPolling = () => {
    if (poll !== undefined || closed) return;
    poll = window.setInterval(async () => {
      try {
        onState(await api.state(id, token, lang, since()));
      } catch (e) {
        if (e instanceof ApiError && e.problem.status === REFUSED_TOKEN) refused();
        /* otherwise the next tick tries again */
      }
    }, 3000);
  };
  const stopPolling = () => {
    if (poll !== undefined) window.clearInterval(poll);
    poll = undefined;
  };
  // A refused token is refused for good (a new link replaced it): no more tries with it.
  const refused = () => {
    if (closed || !token) return;
    live.close();
    onRefused();
  };

  const connect = () => {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // The token goes as the first message (never in an address a log may keep); a spectator
    // says {"token": null}, which the server waits for before it pushes anything.
    const q = new URLSearchParams({ since: String(since()), lang });
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/games/${enc(id)}/ws?${q}`);
    } catch {
      schedule();
      return;
    }
    // A connection that never opens (a proxy that swallows it) counts as lost.
    const opening = ws;
    const giveUp = window.setTimeout(() => {
      if (opening.readyState === WebSocket.CONNECTING) {
        startPolling();
        opening.close();
      }
    }, 5000);
    ws.onopen = () => {
      window.clearTimeout(giveUp);
      ws?.send(JSON.stringify({ token }));
      attempt = 0;
      stopPolling();
      onStatus(true);
      window.dispatchEvent(new Event(LIVE_EVENT)); // the chat catches up with what it missed
      ping = window.setInterval(() => ws?.readyState === 1 && ws.send("ping"), 25000);
    };
    ws.onmessage = (msg) => {
      try {
        const data = JSON.parse(msg.data);
        if (data.type === "state") described(id, token, lang, data as StateIn).then(onState, () => onState({ ...data, legal_moves: [], sequences: [] }));
        // Chat messages go to whoever listens (web/src/chat.tsx), past the game's state.
        else if (data.type === "error" && data.status === REFUSED_TOKEN) refused();
        else if (data.type === "chat") window.dispatchEvent(new CustomEvent<ChatMessage>(CHAT_EVENT, { detail: data }));
      } catch {
        /* not for us */
      }
    };
    ws.onclose = (ev) => {
      window.clearInterval(ping);
      if (ev.code === 4000 + REFUSED_TOKEN && token) return refused();
      onStatus(false);
      if (!closed) {
        startPolling();
        schedule();
      }
    };
  };
  const schedule = () => {
    const delay = Math.min(30000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);
    attempt += 1;
    retry = window.setTimeout(connect, delay);
  };
  const live: Live = {
    close() {
      closed = true;
      window.clearTimeout(retry);
      window.clearInterval(ping);
      stopPolling();
      ws?.close();
    },
  };
  connect();
  return live;
}

// Talking to the server (the HTTP API and the WebSocket of src/onmars/server/app.py), and the
// seat tokens this browser holds (localStorage: {gameId: {seat: token}}).

export type Dict = Record<string, any>;

export interface LegalMove {
  move: string;
  label: string;
  cost: Record<string, number>;
  gain: Record<string, number>;
  op: number;
  events: string[];
  warnings: string[];
}

export interface GameEvent {
  ply: number;
  round?: number;
  seat?: number | null;
  id: string;
  text?: string;
  [k: string]: any;
}

export interface PlayerInfo {
  seat: number;
  name: string;
  bot: string | null;
}

export interface GameState {
  type: "state";
  id: string;
  ply: number;
  version: number;
  seat: number | null;
  current_player: number | null;
  is_over: boolean;
  ended: string | null;
  players: PlayerInfo[];
  votes: number[];
  /** A game held at a move today's rules refuse (docs/rules-versions.md): where, why, and a
   * message in the requested language; null for any other game. */
  stop: { ply: number; move: string; rules: number; current_rules: number; older: boolean; dropped: number; reason: string; message: string } | null;
  /** The seats that voted to go on with a held game from its last accepted move. */
  resumes: number[];
  can_undo: boolean;
  winners: number[];
  view: Dict;
  events: GameEvent[];
  legal_moves: LegalMove[];
  scores?: Dict[] | null;
  projection?: Dict[] | null;
}

export interface Problem {
  status: number;
  detail: string;
  rule?: string | null;
  reason?: string | null;
  ply?: number | null;
}

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
  } catch (e) {
    throw new ApiError({ status: 0, detail: String(e) });
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
    throw new ApiError({ ...(data ?? {}), status: res.status, detail });
  }
  return data as T;
}

export const api = {
  createGame: (players: { name: string; bot: string | null }[], length: string) =>
    call<{ id: string; seats: { seat: number; name: string; bot: string | null; token: string | null; url: string | null }[] }>(
      "POST", "/api/games", { players, length }),
  listGames: () => call<{ games: Dict[] }>("GET", "/api/games?limit=50"),
  bots: (lang: string) => call<{ bots: { name: string; label: string; description?: string }[] }>("GET", `/api/bots?lang=${lang}`),
  catalog: (lang: string) => call<Dict>("GET", `/api/catalog?lang=${lang}`),
  state: (id: string, token: string | null, lang: string, since = 0) =>
    call<GameState>("GET", `/api/games/${enc(id)}?since=${since}&lang=${lang}`, undefined, token),
  play: (id: string, token: string | null, ply: number, move: string, lang: string) =>
    call<GameState>("POST", `/api/games/${enc(id)}/moves?lang=${lang}`, { ply, move }, token),
  undo: (id: string, token: string | null, ply: number) =>
    call<GameState>("POST", `/api/games/${enc(id)}/undo`, { ply }, token),
  conclude: (id: string, token: string | null, agree: boolean) =>
    call<GameState>("POST", `/api/games/${enc(id)}/conclude`, { agree }, token),
  resume: (id: string, token: string | null, agree: boolean) =>
    call<GameState>("POST", `/api/games/${enc(id)}/resume`, { agree }, token),
  /** A finished game's whole record, seed included (RUL-22): a download. */
  recordUrl: (id: string) => `/api/games/${enc(id)}/record`,
  /** A finished game after `ply` moves, with the events of the moves from `since` on. */
  replay: (id: string, ply: number, lang: string, since = 0) =>
    call<Dict>("GET", `/api/games/${enc(id)}/replay?ply=${ply}&since=${since}&lang=${lang}`),
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

// --- live updates: the WebSocket, reconnecting with backoff, polling while it is down -------------
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
      } catch {
        /* the next tick tries again */
      }
    }, 3000);
  };
  const stopPolling = () => {
    if (poll !== undefined) window.clearInterval(poll);
    poll = undefined;
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
      ping = window.setInterval(() => ws?.readyState === 1 && ws.send("ping"), 25000);
    };
    ws.onmessage = (msg) => {
      try {
        const data = JSON.parse(msg.data);
        if (data.type === "state") onState(data as GameState);
      } catch {
        /* not for us */
      }
    };
    ws.onclose = () => {
      window.clearInterval(ping);
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
  connect();
  return {
    close() {
      closed = true;
      window.clearTimeout(retry);
      window.clearInterval(ping);
      stopPolling();
      ws?.close();
    },
  };
}

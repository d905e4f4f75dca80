// The table: one game as this browser's seat (or a spectator) sees it, live. Holds the state,
// the live connection, the pending move, confirmations, refusals, hot-seat switching and keys.
import { Component } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError, api, gameTokens, saveToken, subscribe, type GameEvent, type GameState, type LegalMove, type Problem } from "./api";
import { SharedBoards, PlayerBoard } from "./boards";
import { STEPS, botLabel, stepText, useI18n } from "./i18n";
import { MarsMap, abCardsOf } from "./map";
import { indexMoves } from "./moves";
import { HoverLayer, Pawn, Play, Preview, faceProps, hover, itemName, projectionCard, type PlayCtx } from "./ui";
import { LangToggle } from "./ui";
import { Icon } from "./icons";

/** Events after a state message: the old ones before the message's first event (and before
 * its ply, which drops undone moves), then the message's. */
export function mergeEvents(old: GameEvent[], st: GameState): GameEvent[] {
  const first = st.events.length ? Math.min(...st.events.map((e) => e.ply)) : st.ply;
  const cut = Math.min(first, st.ply);
  return [...old.filter((e) => e.ply < cut), ...st.events];
}

/** Events every player should notice even with their eyes on the map. */
const NEWS = new Set(["level", "end_triggered", "remaining", "shuttle_gone", "contract_done", "goal_done", "concluded"]);

function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.36);
    osc.onended = () => ctx.close();
  } catch {
    /* no audio here */
  }
}

export function TablePage({ id, watch }: { id: string; watch: boolean }) {
  const { t, lang, cat } = useI18n();
  const [held, setHeld] = useState<Record<string, string>>(() => gameTokens(id));
  const [acting, setActing] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [st, setSt] = useState<GameState | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Problem | null>(null);
  const [confirm, setConfirm] = useState<LegalMove | null>(null);
  const [chooser, setChooser] = useState<{ moves: LegalMove[]; title: string } | null>(null);
  const [pickedBot, setPickedBot] = useState<string | null>(null);
  const [pickedTile, setPickedTile] = useState<string | null>(null);
  const [logFilter, setLogFilter] = useState("all");
  const [sound, setSound] = useState(() => localStorage.getItem("onmars.sound") === "1");
  const [connected, setConnected] = useState(true);
  const stRef = useRef<GameState | null>(null);
  const sendingRef = useRef(false);
  const heldSeats = Object.keys(held).map(Number).sort((a, b) => a - b);
  const hotseat = heldSeats.length > 1;
  const token = acting !== null ? held[String(acting)] ?? null : null;

  // A token in the link is learnt once: its seat is asked, kept (localStorage), and the link
  // cleaned. It comes in the fragment (#token=), which the browser never sends to a server;
  // older links had it in the query (?token=).
  useEffect(() => {
    const url = new URL(location.href);
    const fromLink = new URLSearchParams(url.hash.slice(1)).get("token") ?? url.searchParams.get("token");
    (async () => {
      let seats = gameTokens(id);
      if (fromLink && !watch) {
        try {
          const s = await api.state(id, fromLink, lang, 0);
          if (s.seat !== null) saveToken(id, s.seat, fromLink);
          seats = gameTokens(id);
        } catch (e) {
          setError(e instanceof ApiError ? e.problem.detail : String(e));
        }
        url.searchParams.delete("token");
        history.replaceState(null, "", url.pathname + url.search);
      }
      setHeld(seats);
      const keys = Object.keys(seats).map(Number).sort((a, b) => a - b);
      setActing(watch || keys.length === 0 ? null : keys[0]);
      setReady(true);
    })();
  }, [id]);

  const [toasts, setToasts] = useState<{ key: string; text: string }[]>([]);
  const apply = useCallback(
    (s: GameState) => {
      const prev = stRef.current;
      // An older version, or the same one again (a move's answer, then its push): nothing new.
      if (prev && s.version <= prev.version && s.seat === prev.seat) return;
      if (prev && s.seat === prev.seat) {
        // Table-wide news (a level-up, the end triggered...) pops up for a few seconds.
        const news = s.events.filter((e) => e.ply >= prev.ply && NEWS.has(e.id) && e.text).map((e) => ({ key: `${e.ply}:${e.id}:${e.text}`, text: String(e.text) }));
        if (news.length) {
          setToasts((old) => [...old, ...news].slice(-4));
          setTimeout(() => setToasts((old) => old.filter((x) => !news.some((n) => n.key === x.key))), 7000);
        }
      }
      stRef.current = s;
      setSt(s);
      setEvents((old) => mergeEvents(prev && prev.seat === s.seat ? old : [], s));
      setPickedBot(null);
      setPickedTile(null);
    },
    [],
  );

  // Full state, then live updates, for the acting seat's token in the chosen language.
  useEffect(() => {
    if (!ready) return;
    let live: { close(): void } | null = null;
    let stop = false;
    (async () => {
      try {
        const s = await api.state(id, token, lang, 0);
        if (stop) return;
        stRef.current = null;
        apply(s);
        setEvents(s.events);
        setError(null);
      } catch (e) {
        setError(e instanceof ApiError ? (e.problem.status === 404 ? t("notFound") : e.problem.detail) : String(e));
        return;
      }
      live = subscribe(id, token, lang, () => stRef.current?.ply ?? 0, apply, setConnected);
    })();
    return () => {
      stop = true;
      live?.close();
    };
  }, [ready, id, token, lang]);

  // Hot-seat: act as whichever held seat is to play.
  useEffect(() => {
    if (!st || !hotseat || st.current_player === null) return;
    if (st.current_player !== acting && held[String(st.current_player)]) setActing(st.current_player);
  }, [st?.current_player, st?.version, hotseat]);

  const active = !!st && acting !== null && st.seat === acting && st.current_player === acting && !st.is_over && st.legal_moves.length > 0;

  // The "your turn" signal: the title, and a short sound if the player asked for it.
  const wasActive = useRef(false);
  useEffect(() => {
    const base = `${t("title")} · ${id}`;
    document.title = active ? `▶ ${base}` : base;
    if (active && !wasActive.current && sound) beep();
    wasActive.current = active;
  }, [active, lang, sound]);

  const send = useCallback(
    async (m: LegalMove) => {
      const s = stRef.current;
      if (!s || sendingRef.current) return;
      sendingRef.current = true;
      setSending(m.move);
      setRefusal(null);
      setConfirm(null);
      setChooser(null);
      try {
        const next = await api.play(id, token, s.ply, m.move, lang);
        setSending(null); // in the same render as the new state
        apply(next);
      } catch (e) {
        const p = e instanceof ApiError ? e.problem : { status: 0, detail: String(e) };
        if (p.status === 409) {
          try {
            apply(await api.state(id, token, lang, 0));
          } catch {
            /* the live connection catches up */
          }
        }
        setRefusal(p);
      } finally {
        sendingRef.current = false;
        setSending(null);
      }
    },
    [id, token, lang],
  );

  const play = useCallback((m: LegalMove) => {
    hover(null);
    if (m.warnings.length) setConfirm(m);
    else send(m);
  }, [send]);

  const undo = useCallback(async () => {
    const s = stRef.current;
    if (!s || !s.can_undo || !token || sendingRef.current) return;
    // Like a move: nothing is offered until the server answers.
    setSending("undo");
    sendingRef.current = true;
    try {
      const next = await api.undo(id, token, s.ply);
      setSending(null);
      apply(next);
    } catch (e) {
      setRefusal(e instanceof ApiError ? e.problem : { status: 0, detail: String(e) });
    } finally {
      sendingRef.current = false;
      setSending(null);
    }
  }, [id, token]);

  // Keys: U or Ctrl+Z undo, Enter confirms, Escape cancels.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement)?.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      if (e.key === "Escape") {
        setConfirm(null);
        setChooser(null);
        setRefusal(null);
        setPickedBot(null);
        setPickedTile(null);
      } else if (chooser && /^[1-9]$/.test(e.key) && chooser.moves[Number(e.key) - 1]) {
        e.preventDefault();
        const m = chooser.moves[Number(e.key) - 1];
        setChooser(null);
        play(m);
      } else if (e.key === "Enter" && confirm) {
        e.preventDefault();
        send(confirm);
      } else if ((e.key === "u" && !e.ctrlKey && !e.metaKey && !e.altKey) || (e.key === "z" && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        undo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [confirm, chooser, play, send, undo]);

  // A new decision whose clickable places are all out of sight in a scrolled column (the
  // Blueprint display, Scientists, a player board's Lab at 720 px high): scroll the first into view.
  const decision = active ? `${st!.ply}:${st!.view.stack?.[st!.view.stack.length - 1]?.t}` : "";
  useEffect(() => {
    if (!decision) return;
    const id = requestAnimationFrame(() => {
      for (const col of document.querySelectorAll<HTMLElement>(".col-mid, .col-right .boards")) {
        const spots = [...col.querySelectorAll<HTMLElement>(".spot")];
        if (!spots.length) {
          // Nothing to click on the player boards: back to this seat's own board (the first).
          if (col.matches(".boards") && col.scrollTop > 0) col.scrollTo({ top: 0, behavior: "smooth" });
          continue;
        }
        const box = col.getBoundingClientRect();
        const seen = spots.some((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom;
        });
        if (seen) continue;
        const r = spots[0].getBoundingClientRect();
        col.scrollTo({ top: col.scrollTop + r.top - box.top - 40, behavior: "smooth" });
      }
    });
    return () => cancelAnimationFrame(id);
  }, [decision]);

  const moves = active && !sending ? st!.legal_moves : [];
  const places = useMemo(() => indexMoves(moves, pickedBot, pickedTile), [moves, pickedBot, pickedTile]);
  const ctx: PlayCtx = {
    places,
    active: active && !sending,
    pickedBot,
    pickBot: setPickedBot,
    pickedTile,
    pickTile: setPickedTile,
    play,
    choose: (ms, title) => setChooser({ moves: ms, title }),
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
  const step: string | undefined = view.stack?.[view.stack.length - 1]?.t;
  const cur = st.current_player;
  const curName = cur !== null ? st.players[cur]?.name ?? "?" : "";
  const order = [...st.players.map((p) => p.seat)].sort((a, b) => (a === st.seat ? -1 : b === st.seat ? 1 : a - b));
  const projected = new Map<number, any>((st.projection ?? []).map((p: any) => [p.seat, p]));
  const buttons = places.get("btn") ?? [];
  // Hexes named by the last few moves, marked on the map so that others' moves are seen.
  const recent = new Set<string>();
  for (const e of events) {
    if (e.id === "move" && e.ply >= st.ply - 4 && typeof e.move === "string") {
      for (const token of e.move.split(" ")) if (/^-?\d+,-?\d+$/.test(token)) recent.add(token);
    }
  }
  const abCards = abCardsOf(events);
  const shownEvents = events.filter((e) => logFilter === "all" || String(e.seat) === logFilter);

  return (
    <Play.Provider value={ctx}>
      <div class="table" data-testid="table">
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
            <VoteButton st={st} voters={st.resumes} acting={acting} label={t("goOn")} testid="go-on"
              vote={(agree) => api.resume(id, token, agree)} apply={apply} refused={setRefusal} />
          ) : null}
          {st.is_over ? (
            <a class="download" href={api.recordUrl(id)} download={`onmars-${id}.json`} data-testid="download-record">
              {t("downloadRecord")}
            </a>
          ) : null}
          {token && !st.is_over ? (
            <VoteButton st={st} voters={st.votes} acting={acting} label={t("agreeEnd")}
              vote={(agree) => api.conclude(id, token, agree)} apply={apply} refused={setRefusal} />
          ) : null}
          <button data-testid="undo" disabled={!st.can_undo || !token || !!sending} onClick={undo} title={t("undoKey")}>
            ↶ {t("undo")}
          </button>
          <label class="soundbox" title={t("sound")}>
            <input
              type="checkbox"
              checked={sound}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                setSound(on);
                localStorage.setItem("onmars.sound", on ? "1" : "0");
              }}
            />
            ♪
          </label>
          <LangToggle />
        </TopBar>
        {st.stop ? (
          <div class="held" role="status" data-testid="held">
            {st.stop.message}
          </div>
        ) : null}
        <main class="cols">
          <div class="col col-left">
            <div class="mapbox">
              <MarsMap view={view} recent={recent} abCards={abCards} />
            </div>
            <div class="prompt">
              {sending ? (
                <span class="sending">… {t("sending")}</span>
              ) : active ? (
                <span class="ask">
                  {hotseat && acting !== null ? <><Pawn view={view} seat={acting} size={16} /> <b>{st.players[acting]?.name}</b>: </> : null}
                  <Breadcrumb view={view} />
                  {stepText(step, lang)}
                  <PayLeft view={view} />
                  {pickedBot ? ` — ${t("moveBot")}` : [...places.keys()].some((k) => k.startsWith("bot:")) ? ` — ${t("pickBotHint")}` : ""}{!pickedTile && tilesWithChoice(moves) ? ` — ${t("pickTileHint")}` : ""}{pickedTile ? ` — ${t("pickSpace")}` : ""}
                </span>
              ) : (
                <span class="muted">{st.is_over ? t("gameOver") : cur !== null ? t("turnOf", { name: curName }) : ""}</span>
              )}
              <span class="btns">
                {buttons.map((m) => (
                  <MoveButton m={m} play={play} />
                ))}
              </span>
            </div>
            <div class="movelist" data-testid="move-list">
              {moves.length === 0 ? <span class="muted">{sending ? t("sending") : t("noMoves")}</span> : null}
              {moves.map((m) => (
                <MoveButton m={m} play={play} list />
              ))}
            </div>
          </div>
          <div class="col col-mid">
            <SharedBoards view={view} />
          </div>
          <div class="col col-right">
            <Scores st={st} projected={projected} />
            <div class="boards">
              {order.map((seat) => (
                <PlayerBoard view={view} seat={seat} projected={projected.get(seat)} />
              ))}
            </div>
            <div class="log" data-testid="log">
              <div class="log-head">
                <b>{t("log")}</b>
                {acting !== null ? <small class="muted log-new">{t("logNew")}</small> : null}
                <select data-testid="log-filter" value={logFilter} onChange={(e) => setLogFilter((e.target as HTMLSelectElement).value)}>
                  <option value="all">{t("all")}</option>
                  {st.players.map((p) => (
                    <option value={String(p.seat)}>{p.name}</option>
                  ))}
                </select>
              </div>
              <LogLines events={shownEvents} view={view} me={acting} since={lastMoveOf(events, acting)} />
            </div>
          </div>
        </main>
        {confirm ? (
          <div class="modal" data-testid="confirm-dialog" role="dialog" aria-modal="true">
            <div class="modal-box">
              <h3>{t("confirm")}</h3>
              <p><b>{confirm.label}</b></p>
              <ul class="warnings">{confirm.warnings.map((w) => <li>⚠ {w}</li>)}</ul>
              <Preview m={{ ...confirm, warnings: [] }} t={t} cat={cat} />
              <div class="modal-btns">
                <button data-testid="confirm-yes" class="primary" onClick={() => send(confirm)}>{t("yes")} ⏎</button>
                <button data-testid="confirm-no" onClick={() => setConfirm(null)}>{t("no")} (Esc)</button>
              </div>
            </div>
          </div>
        ) : null}
        {chooser ? (
          <div class="modal" role="dialog" aria-modal="true" onClick={() => setChooser(null)}>
            <div class="modal-box" onClick={(e) => e.stopPropagation()}>
              <h3>{t("chooseOne")}{chooser.title ? `: ${chooser.title}` : ""}</h3>
              <div class="chooser">
                {chooser.moves.map((m, k) => (
                  <span class="choice">
                    {k < 9 ? <kbd>{k + 1}</kbd> : null}
                    <MoveButton m={m} play={(x) => { setChooser(null); play(x); }} list />
                  </span>
                ))}
              </div>
              <div class="modal-btns">
                <button onClick={() => setChooser(null)}>{t("no")} (Esc)</button>
              </div>
            </div>
          </div>
        ) : null}
        {refusal ? (
          <div class="refusal" data-testid="refusal" role="alert">
            <b>{t("refused")}</b>
            {refusal.rule ? <span class="rule">{t("rule")} {refusal.rule}</span> : null}
            <span>{refusal.detail}</span>
            <button onClick={() => setRefusal(null)}>{t("close")}</button>
          </div>
        ) : null}
        {toasts.length ? (
          <div class="toasts" role="status">
            {toasts.map((x) => <div class="toast">{x.text}</div>)}
          </div>
        ) : null}
        {st.is_over ? <GameOver st={st} /> : null}
        <HoverLayer />
      </div>
    </Play.Provider>
  );
}

/** What the pending decision is part of: the current player's enclosing steps (without the
 * turn itself), so "Pay" reads "Learn New Technology › Take the Lab space's benefit › Pay". */
function Breadcrumb({ view }: { view: any }) {
  const { lang } = useI18n();
  const stack: any[] = view.stack ?? [];
  const top = stack[stack.length - 1];
  if (!top) return null;
  const parents = stack.slice(0, -1).filter((f) => f.p === top.p && f.t !== "turn" && STEPS[f.t]).slice(-2);
  if (!parents.length) return null;
  return <small class="crumbs">{parents.map((f) => stepText(f.t, lang)).join(" › ")} › </small>;
}

/** A payment's tokens still to pay (the engine asks them one at a time). */
function PayLeft({ view }: { view: any }) {
  const { t, cat } = useI18n();
  const top = view.stack?.[view.stack.length - 1];
  if (top?.t !== "pay" || !Array.isArray(top.cost) || !top.cost.length) return null;
  const counts = new Map<string, number>();
  for (const tok of top.cost as string[]) counts.set(tok, (counts.get(tok) ?? 0) + 1);
  const words = [...counts].map(([tok, n]) => `${n} ${tok === "any" ? t("anyRes") : itemName(cat, tok, n)}`);
  return <small class="muted"> ({t("toPay")}: {words.join(", ")})</small>;
}

/** Whether some Tech tile may go to several Lab spaces (picked first, then the space). */
function tilesWithChoice(moves: LegalMove[]): boolean {
  const seen = new Set<string>();
  for (const m of moves) {
    const [verb, tile, space] = m.move.split(" ");
    if ((verb !== "learn" && verb !== "develop") || !space) continue;
    if (seen.has(tile)) return true;
    seen.add(tile);
  }
  return false;
}

function MoveButton({ m, play, list }: { m: LegalMove; play: (m: LegalMove) => void; list?: boolean }) {
  const card = { title: m.label, move: m };
  return (
    <button
      class={`move ${list ? "inlist" : ""} ${m.warnings.length ? "warned" : ""}`}
      data-move={m.move}
      onClick={() => play(m)}
      onMouseEnter={(e) => hover(card, e)}
      onMouseMove={(e) => hover(card, e)}
      onMouseLeave={() => hover(null)}
      onFocus={(e) => {
        // Keyboard focus only: a click focuses too, and its hover card is already there.
        if (!(e.target as HTMLElement).matches(":focus-visible")) return;
        const r = (e.target as HTMLElement).getBoundingClientRect();
        hover(card, { clientX: r.left, clientY: r.bottom } as MouseEvent);
      }}
      onBlur={() => hover(null)}
    >
      {m.warnings.length ? "⚠ " : ""}
      {m.label}
      {m.op ? <small class="op"> {m.op > 0 ? "+" : ""}{m.op}</small> : null}
    </button>
  );
}

const CHUNK = 64;

/** The ply of ``seat``'s last move (-1: none yet); the log marks what came after it from others. */
export function lastMoveOf(events: GameEvent[], seat: number | null): number {
  if (seat === null) return Infinity;
  let ply = -1;
  for (const e of events) if (e.id === "move" && e.seat === seat) ply = e.ply;
  return ply;
}

export function LogLines({ events, view, me = null, since = Infinity }: { events: GameEvent[]; view: any; me?: number | null; since?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  // Lines in chunks that render again only when their events change: a long game's log costs
  // nothing on each update.
  const chunks: GameEvent[][] = [];
  for (let k = 0; k < events.length; k += CHUNK) chunks.push(events.slice(k, k + CHUNK));
  const colours = view.players?.map((p: any) => `${p.colour}:${p.name}`).join("|") ?? "";

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
  view: any;
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

function Scores({ st, projected }: { st: GameState; projected: Map<number, any> }) {
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
          <span>{view.players[p.seat].op} {t("op")}</span>
          {projected.has(p.seat) ? <small class="muted proj" {...faceProps(projectionCard(projected.get(p.seat), cat, t))}>→ {projected.get(p.seat).total}</small> : null}
        </span>
      ))}
    </div>
  );
}

function GameOver({ st }: { st: GameState }) {
  const { t, cat } = useI18n();
  const [open, setOpen] = useState(true);
  const scores = st.scores ?? [];
  return (
    <div class={`gameover ${open ? "" : "folded"}`} data-testid="game-over">
      <div class="go-head">
        <b>{t("gameOver")}</b>
        <span>
          {t("winners")}: {st.winners.map((w) => st.players[w]?.name).join(", ")}
        </span>
        <a href={`/replay/${st.id}`}>{t("watchReplay")}</a>
        <button onClick={() => setOpen(!open)}>{open ? "▾" : "▴"}</button>
      </div>
      {open ? (
        <table class="go-table">
          <thead>
            <tr>
              <th />
              {scores.map((s: any) => <th>{s.name}</th>)}
            </tr>
          </thead>
          <tbody>
            {Object.keys(scores[0]?.breakdown ?? {}).map((k) => (
              <tr>
                <td>{cat?.names?.score?.[k] ?? k}</td>
                {scores.map((s: any) => <td>{s.breakdown[k]}</td>)}
              </tr>
            ))}
            <tr class="total">
              <td>{t("total")}</td>
              {scores.map((s: any) => <td>{s.total}</td>)}
            </tr>
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export function TopBar({ id, children }: { id?: string; children?: any }) {
  const { t } = useI18n();
  return (
    <header class="topbar">
      <a class="brand" href="/"><Icon name="mars" size={16} /> {t("title")}</a>
      {id ? <span class="gid muted">#{id}</span> : null}
      {children ?? (
        <>
          <span class="grow" />
          <LangToggle />
        </>
      )}
    </header>
  );
}

/** A vote every human seat must cast (end by agreement, RUL-20; go on with a held game): the
 * voters' names on hover, their count, and a second click withdraws this seat's vote. */
function VoteButton({ st, voters, acting, label, testid, vote, apply, refused }: {
  st: GameState;
  voters: number[];
  acting: number | null;
  label: string;
  testid?: string;
  vote: (agree: boolean) => Promise<GameState>;
  apply: (s: GameState) => void;
  refused: (p: Problem) => void;
}) {
  const { t } = useI18n();
  const mine = voters.includes(acting ?? -1);
  return (
    <button
      class="vote"
      data-testid={testid}
      title={voters.map((v) => st.players[v]?.name).join(", ")}
      onClick={async () => {
        try {
          apply(await vote(!mine));
        } catch (e) {
          refused(e instanceof ApiError ? e.problem : { status: 0, detail: String(e) });
        }
      }}
    >
      {mine ? t("withdraw") : label} {voters.length ? ` (${voters.length})` : ""}
    </button>
  );
}

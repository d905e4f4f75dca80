// One game as this browser's seat (or a spectator) sees it, live: the seat tokens held, the seat
// acting (hot-seat: whichever held seat is to play), the state and its events from the server
// and the WebSocket, the move being put together (a picked Bot or Tech tile, a confirmation, a
// choice among several moves), and sending moves, undo and votes, with their refusals.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError, REFUSED_TOKEN, api, forgetToken, gameTokens, saveToken, subscribe, type GameEvent, type GameState, type Problem } from "../api";
import { askedWarnings, mutedKinds } from "../decision";
import { keepNews, mergeEvents, newsOf, type Shown } from "../events";
import { useI18n } from "../i18n";
import type { Offer } from "../moves";
import { hover } from "../ui";

/** A choice among several moves of one place (a dialog). */
export interface Chooser {
  moves: Offer[];
  title: string;
  /** A Bot on the place, offered as one choice: picking it shows where it may go on the map
   * (a touch screen joins a Bot to its hex, ``indexMoves``). */
  bot?: { hex: string; n: number };
}

/** The votes every human seat casts: end by agreement (RUL-20), go on with a held game. */
export type VoteKind = "conclude" | "resume";

export interface Game {
  st: GameState | null;
  events: GameEvent[];
  /** Why the game cannot be shown (before any state arrived). */
  error: string | null;
  connected: boolean;
  /** This browser's link or kept key for a seat was refused (a new link replaced it): the
   * table goes on as a spectator's, saying why. */
  lostSeat: boolean;
  /** Table-wide news shown below the top bar (``keepNews``). */
  news: Shown[];
  /** Take a piece of news away (a tap on it). */
  dismiss: (key: string) => void;
  held: Record<string, string>;
  hotseat: boolean;
  acting: number | null;
  /** Hot-seat: the held seat to play next, waiting to confirm who sits at the screen (nothing
   * private is fetched or shown meanwhile: RUL-18); null otherwise. */
  handover: number | null;
  /** The next player confirms who they are: the table becomes theirs. */
  takeOver: () => void;
  token: string | null;
  /** This browser may play now: its acting seat is to move and has moves. */
  active: boolean;
  /** The move (or "undo") on its way to the server. */
  sending: string | null;
  refusal: Problem | null;
  setRefusal: (p: Problem | null) => void;
  confirm: Offer | null;
  setConfirm: (m: Offer | null) => void;
  chooser: Chooser | null;
  setChooser: (c: Chooser | null) => void;
  pickedBot: string | null;
  setPickedBot: (bot: string | null) => void;
  pickedTile: string | null;
  setPickedTile: (tile: string | null) => void;
  /** Play a move or a sequence: asked first when it loses something (a warning of a kind
   * the player did not switch off), else sent. */
  play: (m: Offer) => void;
  /** Send a move (or a sequence, all or none) as it is. */
  send: (m: Offer) => Promise<void>;
  undo: () => Promise<void>;
  vote: (kind: VoteKind, agree: boolean) => Promise<void>;
  /** A new link for the acting seat (its old link and keys stop): the link, kept here too. */
  rekey: () => Promise<string>;
  /** Drop the move being put together and any refusal (Escape). */
  cancel: () => void;
}

function problemOf(e: unknown): Problem {
  return e instanceof ApiError ? e.problem : { status: 0, detail: String(e) };
}

export function useGame(id: string, watch: boolean): Game {
  const { t, lang } = useI18n();
  const [held, setHeld] = useState<Record<string, string>>(() => gameTokens(id));
  const [acting, setActing] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [st, setSt] = useState<GameState | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Problem | null>(null);
  const [confirm, setConfirm] = useState<Offer | null>(null);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [pickedBot, setPickedBot] = useState<string | null>(null);
  const [pickedTile, setPickedTile] = useState<string | null>(null);
  const [connected, setConnected] = useState(true);
  const [newsShown, setNews] = useState<Shown[]>([]);
  const [handover, setHandover] = useState<number | null>(null);
  const [lostSeat, setLostSeat] = useState(false);
  const [revive, setRevive] = useState(0);
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
          // an old link (replaced by a new one) opens the table as a spectator's, saying so
          // (unless this browser holds the seat's newer key: then it plays as that seat)
          if (e instanceof ApiError && e.problem.status === REFUSED_TOKEN) setLostSeat(!Object.keys(gameTokens(id)).length);
          else setError(e instanceof ApiError ? e.problem.detail : String(e));
        }
        url.searchParams.delete("token");
        history.replaceState(null, "", url.pathname + url.search);
      }
      setHeld(seats);
      const keys = Object.keys(seats).map(Number).sort((a, b) => a - b);
      // Hot-seat: nobody's secrets until a player confirms who sits at the screen.
      setActing(watch || keys.length !== 1 ? null : keys[0]);
      setReady(true);
    })();
  }, [id]);

  const apply = useCallback((s: GameState) => {
    const prev = stRef.current;
    // An older version, or the same one again (a move's answer, then its push): nothing new.
    if (prev && s.version <= prev.version && s.seat === prev.seat) return;
    if (prev && s.seat === prev.seat) {
      // Table-wide news (a level-up, the end triggered...) is shown below the top bar; older
      // news goes with a change of the game, never on a timer (nothing jumps under a finger).
      const fresh = newsOf(s.events, prev.ply);
      setNews((old) => keepNews(old, fresh, Date.now(), s.is_over));
    }
    stRef.current = s;
    setSt(s);
    setEvents((old) => mergeEvents(prev && prev.seat === s.seat ? old : [], s));
    setPickedBot(null);
    setPickedTile(null);
  }, []);

  // A kept token the server refuses (a new link was made for the seat, on another device) is
  // forgotten: the table goes on as a spectator's, saying why, instead of failing or
  // reconnecting for ever. A token renewed meanwhile (by this page) is kept.
  const loseSeat = useCallback(
    async (seat: number | null, refused: string) => {
      if (seat === null || gameTokens(id)[String(seat)] !== refused) return;
      try {
        await api.state(id, refused, lang, 0);
        setRevive((n) => n + 1); // not refused after all: connect again
        return;
      } catch (e) {
        if (!(e instanceof ApiError && e.problem.status === REFUSED_TOKEN)) return setRevive((n) => n + 1);
      }
      if (gameTokens(id)[String(seat)] !== refused) return; // renewed here meanwhile
      forgetToken(id, seat);
      setHeld(gameTokens(id));
      setActing(null);
      setLostSeat(true);
    },
    [id, lang],
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
        if (token && e instanceof ApiError && e.problem.status === REFUSED_TOKEN) return void loseSeat(acting, token);
        setError(e instanceof ApiError ? (e.problem.status === 404 ? t("notFound") : e.problem.detail) : String(e));
        return;
      }
      if (stop) return;
      live = subscribe(id, token, lang, () => stRef.current?.ply ?? 0, apply, setConnected, () => token && loseSeat(acting, token));
    })();
    return () => {
      stop = true;
      live?.close();
    };
  }, [ready, id, token, lang, revive]);

  // Hot-seat: another held seat to play hides the table (back to a spectator's view, RUL-18)
  // until its player confirms at the pass-the-device screen.
  useEffect(() => {
    if (!st || !hotseat || watch || st.current_player === null) return;
    const next = st.current_player;
    if (next !== acting && held[String(next)]) {
      setHandover(next);
      setActing(null);
    }
  }, [st?.current_player, st?.version, hotseat]);

  const takeOver = useCallback(() => {
    if (handover === null) return;
    setActing(handover);
    setHandover(null);
  }, [handover]);

  const active = !!st && acting !== null && st.seat === acting && st.current_player === acting && !st.is_over && st.legal_moves.length > 0;

  const send = useCallback(
    async (m: Offer) => {
      const s = stRef.current;
      if (!s || sendingRef.current) return;
      sendingRef.current = true;
      setSending(m.seq ? m.seq.join(" | ") : m.move);
      setRefusal(null);
      setConfirm(null);
      setChooser(null);
      try {
        const next = m.seq
          ? await api.playSequence(id, token, s.ply, m.seq, lang)
          : await api.play(id, token, s.ply, m.move, lang);
        setSending(null); // in the same render as the new state
        apply(next);
      } catch (e) {
        const p = problemOf(e);
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

  const play = useCallback(
    (m: Offer) => {
      hover(null);
      if (askedWarnings(m.warnings, mutedKinds()).length) setConfirm(m);
      else send(m);
    },
    [send],
  );

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
      setRefusal(problemOf(e));
    } finally {
      sendingRef.current = false;
      setSending(null);
    }
  }, [id, token]);

  const vote = useCallback(
    async (kind: VoteKind, agree: boolean) => {
      try {
        apply(await (kind === "conclude" ? api.conclude(id, token, agree) : api.resume(id, token, agree)));
      } catch (e) {
        setRefusal(problemOf(e));
      }
    },
    [id, token],
  );

  const rekey = useCallback(async () => {
    if (!token || acting === null) throw new Error("no seat");
    const made = await api.rekey(id, token);
    saveToken(id, made.seat, made.token);
    setHeld(gameTokens(id));
    return `${location.origin}/play/${encodeURIComponent(id)}#token=${made.token}`;
  }, [id, token, acting]);

  const dismiss = useCallback((key: string) => setNews((old) => old.filter((x) => x.key !== key)), []);

  const cancel = useCallback(() => {
    setConfirm(null);
    setChooser(null);
    setRefusal(null);
    setPickedBot(null);
    setPickedTile(null);
  }, []);

  return {
    st, events, error, connected, lostSeat, news: newsShown, dismiss, held, hotseat, acting, handover, takeOver, token, active, sending,
    refusal, setRefusal, confirm, setConfirm, chooser, setChooser,
    pickedBot, setPickedBot, pickedTile, setPickedTile,
    play, send, undo, vote, rekey, cancel,
  };
}

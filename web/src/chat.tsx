// The game's chat (issue 24 item 4): a dock at the table's bottom right, folded to a tab. Seats talk in the
// players' channel; spectators in theirs, which the seats see only once the game is over (the
// server decides: onmars.server.chat). Messages come over the WebSocket (api.ts CHAT_EVENT) and
// are shown as text, never as HTML; each reader mutes senders (kept in localStorage per game);
// quick phrases in the reader's language.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, CHAT_EVENT, LIVE_EVENT, api, type ChatChannel, type ChatMessage, type GameState } from "./api";
import { useI18n, type Key } from "./i18n";
import { Icon } from "./icons";

/** The quick replies, in the reader's language. */
export const PHRASES: Key[] = ["phraseGlhf", "phraseThinking", "phraseYourTurn", "phraseBack", "phraseThanks", "phraseWellPlayed", "phraseGg"];

const MUTED = "onmars.muted";
const MAX = 500;

export function mutedOf(id: string): string[] {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED) || "{}") || {};
    return Array.isArray(all[id]) ? all[id] : [];
  } catch {
    return [];
  }
}

function saveMuted(id: string, senders: string[]): void {
  let all: Record<string, string[]> = {};
  try {
    all = JSON.parse(localStorage.getItem(MUTED) || "{}") || {};
  } catch {
    all = {};
  }
  all[id] = senders;
  localStorage.setItem(MUTED, JSON.stringify(all));
}

const SEEN = "onmars.chatSeen";

/** The newest message id this browser has read in a game's chat: kept, so a player coming back
 * days later is shown only what was said since, not every message again. */
export function seenOf(id: string): number {
  try {
    const all = JSON.parse(localStorage.getItem(SEEN) || "{}") || {};
    return typeof all[id] === "number" ? all[id] : 0;
  } catch {
    return 0;
  }
}

export function saveSeen(id: string, last: number): void {
  let all: Record<string, number> = {};
  try {
    all = JSON.parse(localStorage.getItem(SEEN) || "{}") || {};
  } catch {
    all = {};
  }
  if ((all[id] ?? 0) >= last) return;
  all[id] = last;
  // Only the most recent games' marks are kept (ids grow with time within a game, not across).
  const ids = Object.keys(all);
  if (ids.length > 200) delete all[ids[0]];
  localStorage.setItem(SEEN, JSON.stringify(all));
}

/** Messages merged by id, oldest first (a push and a reload may bring the same one). */
export function mergeMessages(old: ChatMessage[], added: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...old, ...added]) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-300);
}

export function ChatDock({ id, token, st }: { id: string; token: string | null; st: GameState }) {
  const { t } = useI18n();
  // Folded by default (it lies over the log); a new message shows as a count on its tab.
  const [open, setOpen] = useState(() => localStorage.getItem("onmars.chatOpen") === "1");
  const [channels, setChannels] = useState<ChatChannel[]>([]);
  const [channel, setChannel] = useState<ChatChannel>(token ? "players" : "spectators");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [muted, setMuted] = useState<string[]>(() => mutedOf(id));
  const [text, setText] = useState("");
  const [name, setName] = useState(() => localStorage.getItem("onmars.chatName") || "");
  const [problem, setProblem] = useState("");
  const [seen, setSeen] = useState(() => seenOf(id));
  const list = useRef<HTMLDivElement>(null);
  const mySender = st.seat !== null ? `seat${st.seat}` : null;

  // The log (again on each reconnection, and when the game ends: the seats may then read the
  // spectators' chat), then the pushed messages.
  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .chat(id, token)
        .then((log) => {
          if (stop) return;
          setChannels(log.channels);
          setMessages((old) => mergeMessages(old.filter((m) => log.channels.includes(m.channel)), log.messages));
          if (!log.channels.includes(channel) && log.channels.length) setChannel(log.channels[0]);
        })
        .catch(() => {});
    load();
    const onChat = (e: Event) => setMessages((old) => mergeMessages(old, [(e as CustomEvent<ChatMessage>).detail]));
    window.addEventListener(CHAT_EVENT, onChat);
    window.addEventListener(LIVE_EVENT, load);
    return () => {
      stop = true;
      window.removeEventListener(CHAT_EVENT, onChat);
      window.removeEventListener(LIVE_EVENT, load);
    };
  }, [id, token, st.is_over]);

  const shown = messages.filter((m) => m.channel === channel && !muted.includes(m.sender));
  const unread = messages.filter((m) => m.id > seen && !muted.includes(m.sender) && m.sender !== mySender).length;

  useEffect(() => {
    if (open && messages.length) {
      const last = messages[messages.length - 1].id;
      setSeen(last);
      saveSeen(id, last);
    }
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [open, messages.length, channel]);

  const toggle = (on: boolean) => {
    setOpen(on);
    localStorage.setItem("onmars.chatOpen", on ? "1" : "0");
  };

  const mute = (sender: string, on: boolean) => {
    const next = on ? [...new Set([...muted, sender])] : muted.filter((s) => s !== sender);
    setMuted(next);
    saveMuted(id, next);
  };

  const say = async (words: string) => {
    const clean = words.trim();
    if (!clean) return;
    setProblem("");
    const who = token ? null : name.trim() || t("chatNameDefault");
    try {
      const m = await api.say(id, token, { channel, text: clean.slice(0, MAX), ...(who ? { name: who } : {}) });
      setMessages((old) => mergeMessages(old, [m]));
      setText("");
      if (!token && name.trim()) localStorage.setItem("onmars.chatName", name.trim());
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.problem.status === 429 ? t("chatSlow") : e.problem.detail) : String(e));
    }
  };

  if (!open) {
    return (
      <button class="chat-tab" data-testid="chat-open" onClick={() => toggle(true)}>
        <Icon name="chat" size={14} /> {t("chat")} {unread ? <b class="badge" data-testid="chat-unread">{unread}</b> : null}
      </button>
    );
  }
  const mutedHere = [...new Set(messages.filter((m) => m.channel === channel && muted.includes(m.sender)).map((m) => m.sender))];
  return (
    <section class="chat" data-testid="chat" aria-label={t("chat")}>
      <header class="chat-head">
        {channels.map((c) => (
          <button key={c} class={c === channel ? "on" : ""} data-testid={`chat-${c}`} onClick={() => setChannel(c)}>
            {c === "players" ? t("chatPlayers") : t("chatSpectators")}
          </button>
        ))}
        <span class="grow" />
        <button title={t("chatClose")} aria-label={t("chatClose")} onClick={() => toggle(false)}>
          ▾
        </button>
      </header>
      <p class="muted small chat-who">{channel === "players" ? t("chatPlayersOnly") : t("chatSpectatorsOnly")}</p>
      <div class="chat-list" ref={list} data-testid="chat-list">
        {shown.length === 0 ? <p class="muted">{t("chatEmpty")}</p> : null}
        {shown.map((m) => (
          <div class={`chat-msg${m.sender === mySender ? " mine" : ""}`} key={m.id} data-testid="chat-msg">
            <b class="chat-name">{m.name}</b>
            {/* Text only: Preact puts it in a text node; nothing in it is read as HTML. */}
            <span class="chat-text">{m.text}</span>
            {m.sender !== mySender ? (
              <button class="chat-mute" title={t("chatMute", { name: m.name })} aria-label={t("chatMute", { name: m.name })} onClick={() => mute(m.sender, true)}>
                <Icon name="mute" size={12} />
              </button>
            ) : null}
          </div>
        ))}
      </div>
      {mutedHere.length ? (
        <p class="muted small">
          {t("chatMuted", { n: mutedHere.length })}{" "}
          {mutedHere.map((s) => {
            const who = messages.find((m) => m.sender === s)?.name ?? s;
            return (
              <button key={s} class="linkish" data-testid="chat-unmute" onClick={() => mute(s, false)}>
                {t("chatUnmute", { name: who })}
              </button>
            );
          })}
        </p>
      ) : null}
      {channels.includes(channel) ? (
        <>
          <div class="phrases">
            {PHRASES.map((k) => (
              <button key={k} class="phrase" onClick={() => say(t(k))}>
                {t(k)}
              </button>
            ))}
          </div>
          <form
            class="chat-say"
            onSubmit={(e) => {
              e.preventDefault();
              say(text);
            }}
          >
            {!token ? (
              <input class="chat-nick" maxLength={40} placeholder={t("chatName")} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
            ) : null}
            <input
              class="chat-input"
              data-testid="chat-input"
              maxLength={MAX}
              placeholder={t("chatSay")}
              value={text}
              onInput={(e) => setText((e.target as HTMLInputElement).value)}
            />
            <button type="submit" data-testid="chat-send">{t("chatSend")}</button>
          </form>
        </>
      ) : null}
      {problem ? <p class="error small" data-testid="chat-problem">{problem}</p> : null}
    </section>
  );
}

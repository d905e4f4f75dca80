// The lobby: create a game (2-4 seats, names, short or long, each seat a human or a bot,
// hot-seat), hand out each human seat's private link, and list games to watch or rejoin.
import { useEffect, useState } from "preact/hooks";
import { HintsUsed } from "./hint";
import { LearnToPlay } from "./tutorial/start";
import { ApiError, allTokens, api, saveToken, type Bot, type Created, type GameSummary, type NewGame, type SeatLink, type TimeControlIn } from "./api";
import { ClockPicker, LobbyClock } from "./clock";
import { DEFAULT_NAMES, type Lang, type T, botLabel, listed, useI18n } from "./i18n";
import { TopBar } from "./topbar";
import { claimIfSignedIn } from "./account";

interface Seat {
  name: string;
  kind: string; // "human" or a bot's name
  touched?: boolean; // chosen by the player: the default bot never replaces it
}

/** A bot as the lobby offers it (the server's list, or the fallback without its descriptions). */
type BotChoice = Omit<Bot, "description"> & { description?: string };
/** The bot names the server accepts for a seat (its schema's enumeration). */
type BotName = NonNullable<NewGame["players"][number]["bot"]>;

const FALLBACK_BOTS = ["random", "greedy"];
const fallbackBots = (lang: Lang): BotChoice[] => FALLBACK_BOTS.map((name) => ({ name, label: botLabel(name, lang) }));

/** Where the lobby leaves the other humans' links for the table to hand out (per game). */
const INVITES = "onmars.invites.";

/** A listed game in a few words: its round and whose turn, or its winners once over. */
function gameStatus(g: GameSummary, t: T): string {
  const name = (seat: number) => g.players.find((p) => p.seat === seat)?.name ?? "?";
  if (g.is_over) return g.winners?.length ? `${t("over")} · ${t(g.winners.length > 1 ? "listWinners" : "listWinner", { names: listed(t, g.winners.map(name)) })}` : t("over");
  const round = g.round ? t("logRound", { n: g.round }) : t("logOpening");
  return g.current_player !== null && g.current_player !== undefined ? `${round} · ${t("listTurn", { name: name(g.current_player) })}` : round;
}

/** The other humans' private links of a game this browser created (kept in this browser and
 * shown on its table until hidden: the server never shows a token again). */
export function InvitePanel({ id }: { id: string }) {
  const { t } = useI18n();
  const [links, setLinks] = useState<{ name: string; url: string }[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(INVITES + id) ?? "[]");
    } catch {
      return [];
    }
  });
  const [copied, setCopied] = useState<string | null>(null);
  if (!links.length) return null;
  return (
    <div class="invite panel" data-testid="invite" role="region" aria-label={t("invite")}>
      <h3>{t("invite")}</h3>
      <p class="muted small">{t("inviteHint")}</p>
      <ul>
        {links.map((l) => (
          <li>
            <b>{l.name}</b> <a class="seatlink" href={l.url}>{l.url}</a>{" "}
            <button onClick={() => navigator.clipboard?.writeText(l.url).then(() => setCopied(l.url), () => {})}>{copied === l.url ? t("copied") : t("copy")}</button>
          </li>
        ))}
      </ul>
      <button
        onClick={() => {
          localStorage.removeItem(INVITES + id);
          setLinks([]);
        }}
      >
        {t("dismiss")}
      </button>
    </div>
  );
}

export function Lobby() {
  const { t, lang } = useI18n();
  const [count, setCount] = useState(2);
  const [length, setLength] = useState<NewGame["length"]>("short");
  const [seats, setSeats] = useState<Seat[]>(DEFAULT_NAMES[lang].map((name, i) => ({ name, kind: i === 0 ? "human" : "greedy" })));
  const [hotseat, setHotseat] = useState(false);
  const [clock, setClock] = useState<TimeControlIn | null>(null);
  const [bots, setBots] = useState<BotChoice[] | null>(null);
  const [botsMissing, setBotsMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [copied, setCopied] = useState<number | null>(null);

  useEffect(() => {
    api
      .bots(lang)
      .then((b) => {
        setBots(b.bots);
        setBotsMissing(false);
      })
      .catch(() => {
        setBots(fallbackBots(lang));
        setBotsMissing(true);
      });
  }, [lang]);

  // Names nobody has typed follow the language.
  useEffect(() => {
    setSeats((ss) => ss.map((s, i) => (Object.values(DEFAULT_NAMES).some((names) => names[i] === s.name) ? { ...s, name: DEFAULT_NAMES[lang][i] } : s)));
  }, [lang]);

  // Seats the player has not set yet get the middle bot level once the list is known.
  useEffect(() => {
    if (!bots?.length) return;
    const preferred = bots.find((b) => b.name === "medium") ?? bots.find((b) => b.name === "greedy") ?? bots[0];
    setSeats((ss) => ss.map((s, i) => (i > 0 && !s.touched ? { ...s, kind: preferred.name } : s)));
  }, [bots]);

  const loadGames = () =>
    api
      .listGames()
      .then((g) => setGames(g.games))
      .catch(() => setGames([]));
  useEffect(() => {
    loadGames();
    const timer = window.setInterval(loadGames, 10000);
    return () => window.clearInterval(timer);
  }, []);

  const setSeat = (i: number, patch: Partial<Seat>) => setSeats((ss) => ss.map((s, k) => (k === i ? { ...s, ...patch, touched: true } : s)));

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const players = seats.slice(0, count).map((s) => ({ name: s.name.trim() || "?", bot: s.kind === "human" ? null : (s.kind as BotName) }));
      const res = await api.createGame(players, length, clock);
      const humans = res.seats.filter((s) => s.token);
      // This browser keeps its own seat's token (every human seat's, on a hot-seat screen).
      const mine = hotseat ? humans : humans.slice(0, 1);
      for (const s of mine) saveToken(res.id, s.seat, s.token!);
      // Issue 23.8: creating opens the creator's seat; the other humans' links go with it, to
      // be handed out from the table.
      const others = humans.filter((s) => !mine.includes(s)).map((s) => ({ name: s.name, url: new URL(s.url ?? `/play/${res.id}#token=${s.token}`, location.origin).href }));
      if (others.length) localStorage.setItem(INVITES + res.id, JSON.stringify(others));
      // A signed-in player's own seat goes into their account (issue 24).
      if (humans.length) await claimIfSignedIn(res.id, humans[0].token!, lang);
      setCreated(res);
      location.assign(mine.length ? `/play/${res.id}` : `/watch/${res.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    } finally {
      setBusy(false);
    }
  };

  const linkOf = (s: SeatLink) => new URL(s.url ?? `/play/${created!.id}#token=${s.token}`, location.origin).href;
  const tokens = allTokens();

  return (
    <div class="lobby" data-testid="lobby">
      <TopBar />
      <LearnToPlay />
      <div class="lobby-cols">
        <section class="panel newgame">
          <h2>{t("newGame")}</h2>
          <div class="form-row">
            <label>
              {t("players")}{" "}
              <select data-testid="players-count" value={String(count)} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))}>
                {[2, 3, 4].map((n) => (
                  <option value={String(n)}>{n}</option>
                ))}
              </select>
            </label>
            <label>
              {t("length")}{" "}
              <select data-testid="length" value={length} onChange={(e) => setLength((e.target as HTMLSelectElement).value as NewGame["length"])}>
                <option value="short">{t("short")}</option>
                <option value="long">{t("long")}</option>
              </select>
            </label>
          </div>
          <ClockPicker bots={bots ?? fallbackBots(lang)} onChange={setClock} />
          <table class="seats">
            <thead>
              <tr>
                <th>{t("seat")}</th>
                <th>{t("name")}</th>
                <th>{t("kind")}</th>
              </tr>
            </thead>
            <tbody>
              {seats.slice(0, count).map((s, i) => (
                <tr>
                  <td>{i + 1}</td>
                  <td>
                    <input data-testid={`seat-name-${i}`} value={s.name} maxLength={40} onInput={(e) => setSeat(i, { name: (e.target as HTMLInputElement).value })} />
                  </td>
                  <td>
                    <select data-testid={`seat-kind-${i}`} value={s.kind} onChange={(e) => setSeat(i, { kind: (e.target as HTMLSelectElement).value })}>
                      <option value="human">{t("human")}</option>
                      {(bots ?? fallbackBots(lang)).map((b: BotChoice) => (
                        <option value={b.name} title={b.description}>⚙ {b.label}</option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {botsMissing ? <p class="muted small">{t("botsFallback")}</p> : null}
          <label class="check">
            <input type="checkbox" data-testid="hotseat" checked={hotseat} onChange={(e) => setHotseat((e.target as HTMLInputElement).checked)} /> {t("hotseat")}
          </label>
          <div>
            <button data-testid="create-game" class="primary" disabled={busy} onClick={create}>
              {busy ? t("creating") : t("create")}
            </button>
          </div>
          {error ? <p class="error">{error}</p> : null}
          {created ? (
            <div class="created">
              <h3>{t("created")} <span class="keepcase">#{created.id}</span></h3>
              <p>{t("sendLinks")}</p>
              <ul>
                {created.seats.map((s) =>
                  s.token ? (
                    <li>
                      <b>{s.name}</b>{" "}
                      <a data-testid={`seat-link-${s.seat}`} href={linkOf(s)} class="seatlink">
                        {linkOf(s)}
                      </a>{" "}
                      <button
                        onClick={() => {
                          navigator.clipboard?.writeText(linkOf(s)).then(() => setCopied(s.seat), () => {});
                        }}
                      >
                        {copied === s.seat ? t("copied") : t("copy")}
                      </button>
                    </li>
                  ) : (
                    <li class="muted">⚙ {s.name} {t("botOf", { bot: botLabel(s.bot ?? "", lang) })}</li>
                  ),
                )}
              </ul>
              <a data-testid="open-game" class="button primary" href={`/play/${created.id}`}>
                {t("open")} →
              </a>
            </div>
          ) : null}
        </section>
        <section class="panel gamelist">
          <h2>
            {t("games")} <button onClick={loadGames}>{t("refresh")}</button>
          </h2>
          <table data-testid="game-list" class="games">
            <tbody>
              {games === null ? (
                <tr><td class="muted">{t("loading")}</td></tr>
              ) : games.length === 0 ? (
                <tr><td class="muted">{t("noGames")}</td></tr>
              ) : (
                games.map((g) => (
                  <tr data-game-id={g.id}>
                    <td class="gid keepcase">#{g.id}</td>
                    <td>
                      {listed(t, (g.players ?? []).map((p) => (p.bot ? `⚙${p.name}` : p.name)))}
                      <HintsUsed n={(g.players ?? []).reduce((n, p) => n + (p.hints ?? 0), 0)} />
                    </td>
                    <td class="muted">{g.length === "long" ? t("long") : t("short")}</td>
                    <td>
                      <LobbyClock clock={g.clock} players={g.players ?? []} over={g.is_over} />
                    </td>
                    <td class="muted" data-testid={`game-status-${g.id}`}>{gameStatus(g, t)}</td>
                    <td>
                      <a data-testid={`watch-${g.id}`} href={`/watch/${g.id}`}>{t("watch")}</a>
                      {g.is_over ? <> · <a href={`/replay/${g.id}`}>{t("replay")}</a></> : null}
                      {tokens[g.id] && Object.keys(tokens[g.id]).length ? (
                        <> · <a data-testid={`rejoin-${g.id}`} href={`/play/${g.id}`}>{t("rejoin")}</a></>
                      ) : null}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </section>
      </div>
      <p class="muted small pad">{t("keys")}</p>
    </div>
  );
}

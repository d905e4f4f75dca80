// The lobby: create a game (2-4 seats, names, short or long, each seat a human or a bot,
// hot-seat), hand out each human seat's private link, and list games to watch or rejoin.
import { useEffect, useState } from "preact/hooks";
import { ApiError, allTokens, api, saveToken, type Bot, type Created, type GameSummary, type NewGame, type SeatLink, type TimeControlIn } from "./api";
import { ClockPicker, LobbyClock } from "./clock";
import { DEFAULT_NAMES, type Lang, botLabel, useI18n } from "./i18n";
import { TopBar } from "./topbar";

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
      for (const s of hotseat ? humans : humans.slice(0, 1)) saveToken(res.id, s.seat, s.token!);
      setCreated(res);
      loadGames();
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
              <h3>{t("created")} #{created.id}</h3>
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
                    <td class="gid">#{g.id}</td>
                    <td>{(g.players ?? []).map((p) => (p.bot ? `⚙${p.name}` : p.name)).join(", ")}</td>
                    <td class="muted">{g.length === "long" ? t("long") : t("short")}</td>
                    <td>
                      <LobbyClock clock={g.clock} players={g.players ?? []} over={g.is_over} />
                    </td>
                    <td class="muted">
                      {g.is_over ? t("over") : `${t("round")} ${g.round ?? "-"} · ${t("ply")} ${g.ply}`}
                    </td>
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

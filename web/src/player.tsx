// A player's page (rating over time, finished games with their replays, win rates by number of
// players) and the leaderboard (issue 24). The chart is a small SVG drawn here.
import { HintsUsed } from "./hint";
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api";
import { Players, playerHref } from "./account";
import type { components } from "./protocol";
import { type T, botLabel, labelled, useI18n } from "./i18n";
import { TopBar } from "./topbar";

type Schemas = components["schemas"];
type PlayerPageData = Schemas["PlayerPage"];
type RatingPoint = Schemas["RatingPoint"];
type LeaderEntry = Schemas["LeaderEntry"];

async function get<T>(path: string): Promise<T> {
  const res = await fetch(path);
  const data: any = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError({ ...(data ?? {}), status: res.status, detail: String(data?.detail ?? res.statusText) });
  return data as T;
}

const day = (iso: string) => iso.slice(0, 10);

export function PlayerPage({ name }: { name: string }) {
  const { t, lang } = useI18n();
  const [page, setPage] = useState<PlayerPageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<PlayerPageData>(`/api/players/${encodeURIComponent(name)}?lang=${lang}`)
      .then(setPage)
      .catch((e) => setError(e instanceof ApiError && e.problem.status === 404 ? t("noPlayer") : String(e)));
  }, [name, lang]);
  return (
    <div class="lobby player" data-testid="player-page">
      <TopBar />
      <div class="pad">
        {error ? <p class="error">{error}</p> : null}
        {page === null ? (
          error ? null : <p class="muted">{t("loading")}</p>
        ) : (
          <>
            <section class="panel">
              <h2 data-testid="player-name">{page.name}</h2>
              <p>
                {t("rating")}{t("colon")}<b data-testid="player-rating">{page.rating}</b> ± {page.deviation} · {t("ratedGames")}{t("colon")}{page.rated_games} ·{" "}
                <span class="muted">{t("memberSince", { date: day(page.since) })}</span>
              </p>
              <h3>{t("ratingHistory")}</h3>
              {page.history.length ? <RatingChart points={page.history} /> : <p class="muted">{t("noRatedGames")}</p>}
              <p class="muted small">{t("ratingNote")}</p>
            </section>
            <section class="panel">
              <h3>{t("winRates")}</h3>
              <table class="games" data-testid="win-rates">
                <tbody>
                  {page.win_rates.map((w) => (
                    <tr>
                      <td>{t("nPlayers", { n: w.players })}</td>
                      <td>
                        {t("wins")}{t("colon")}{w.wins} / {w.games}
                      </td>
                      <td>{Math.round((100 * w.wins) / Math.max(1, w.games))}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section class="panel">
              <h3>{t("finishedGames")}</h3>
              {page.games.length === 0 ? <p class="muted">{t("noFinishedGames")}</p> : null}
              <table class="games" data-testid="player-games">
                <tbody>
                  {page.games.map((g) => (
                    <tr data-game-id={g.id}>
                      <td class="muted">{day(g.finished)}</td>
                      <td><Players players={g.players} /></td>
                      <td>{g.won ? t("won") : t("lost")}{g.score === null ? "" : ` · ${g.score} ${t("op")}`}</td>
                      <td class="muted">{g.ended === "agreement" ? t("byAgreement") : ""}</td>
                      <td>
                        {g.rating_change === null ? <span class="muted">{t("unrated")}</span> : signed(g.rating_change)}
                        <HintsUsed n={g.hints} />
                      </td>
                      <td><a href={`/replay/${g.id}`}>{t("replay")}</a></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </div>
    </div>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The rating after each rated game: a line with its ±2σ band, the first and last values marked. */
export function RatingChart({ points }: { points: RatingPoint[] }) {
  const { t } = useI18n();
  const W = 560,
    H = 180,
    PAD = 34;
  const lo = Math.min(...points.map((p) => p.rating - p.deviation));
  const hi = Math.max(...points.map((p) => p.rating + p.deviation));
  const span = Math.max(1, hi - lo);
  const x = (i: number) => PAD + (points.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v: number) => H - PAD / 2 - ((v - lo) * (H - PAD)) / span;
  const line = points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i)},${y(p.rating + p.deviation)}`), ...points.map((p, i) => `${x(i)},${y(p.rating - p.deviation)}`).reverse()].join(" ");
  return (
    <svg class="ratingchart" data-testid="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img">
      <polygon points={band} class="band" />
      <polyline points={line} class="line" />
      {points.map((p, i) => (
        <circle cx={x(i)} cy={y(p.rating)} r={3}>
          <title>{labelled(t, day(p.at), `${p.rating} ± ${p.deviation}`)}</title>
        </circle>
      ))}
      <text x={4} y={y(hi) + 10}>{Math.round(hi)}</text>
      <text x={4} y={y(lo)}>{Math.round(lo)}</text>
    </svg>
  );
}

export function LeaderboardPage() {
  const { t, lang } = useI18n();
  const [board, setBoard] = useState<LeaderEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<Schemas["Leaderboard"]>(`/api/leaderboard?lang=${lang}`)
      .then((b) => setBoard(b.players))
      .catch((e) => setError(String(e)));
  }, [lang]);
  return (
    <div class="lobby leaderboard" data-testid="leaderboard-page">
      <TopBar />
      <div class="pad">
        <section class="panel">
          <h2>{t("leaderboard")}</h2>
          {error ? <p class="error">{error}</p> : null}
          <table class="games" data-testid="leaderboard">
            <thead>
              <tr>
                <th>{t("rank")}</th>
                <th>{t("player")}</th>
                <th>{t("rating")}</th>
                <th>{t("ratedGames")}</th>
              </tr>
            </thead>
            <tbody>{(board ?? []).map((e, i) => <Row entry={e} rank={i + 1} t={t} lang={lang} />)}</tbody>
          </table>
          <p class="muted small">{t("ratingNote")}</p>
        </section>
      </div>
    </div>
  );
}

function Row({ entry, rank, t, lang }: { entry: LeaderEntry; rank: number; t: T; lang: "en" | "zh" }) {
  return (
    <tr class={entry.bot ? "muted" : ""}>
      <td>{rank}</td>
      <td>{entry.bot ? <span title={t("botFixed")}>⚙ {botLabel(entry.name, lang)}</span> : <a href={playerHref(entry.name)}>{entry.name}</a>}</td>
      <td>
        {entry.rating} <span class="muted small">± {entry.deviation}</span>
      </td>
      <td>{entry.games ?? "—"}</td>
    </tr>
  );
}

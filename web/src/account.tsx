// Accounts (issue 24): sign in or make an account, My games on any device, claiming the seats
// this browser holds. The session is an HttpOnly cookie the page never sees; every change made
// with it carries the session's CSRF token (X-CSRF-Token), read from GET /api/account.
import { useEffect, useState } from "preact/hooks";
import { ApiError, allTokens, saveToken } from "./api";
import type { components } from "./protocol";
import { useI18n } from "./i18n";
import { TopBar } from "./topbar";

type Schemas = components["schemas"];
export type Me = Schemas["Me"];
export type MyGame = Schemas["MyGame"];
export type SeatPlayer = Schemas["SeatPlayer"];

async function send<T>(method: string, path: string, body?: unknown, csrf?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError({ status: 0, detail: String(e) });
  }
  const data: any = await res.json().catch(() => ({}));
  if (!res.ok) {
    const detail = typeof data?.detail === "string" ? data.detail : res.statusText;
    throw new ApiError({ ...(data ?? {}), status: res.status, detail });
  }
  return data as T;
}

export const accountApi = {
  me: (lang: string) => send<Me>("GET", `/api/account?lang=${lang}`),
  register: (name: string, password: string, lang: string) => send<Me>("POST", `/api/account/register?lang=${lang}`, { name, password }),
  login: (name: string, password: string, lang: string) => send<Me>("POST", `/api/account/login?lang=${lang}`, { name, password }),
  logout: (csrf: string) => send<Me>("POST", "/api/account/logout", undefined, csrf),
  games: () => send<Schemas["MyGames"]>("GET", "/api/account/games"),
  claim: (gameId: string, token: string, csrf: string, lang: string) =>
    send<Schemas["Claimed"]>("POST", `/api/account/claim?lang=${lang}`, { game_id: gameId, token }, csrf),
  key: (gameId: string, csrf: string) => send<Schemas["SeatKey"]>("POST", `/api/account/games/${encodeURIComponent(gameId)}/key`, undefined, csrf),
};

/** A seat this browser just took (its lobby's own seat) goes into the signed-in account, if
 * any: "My games" lists it on every device. Quietly nothing without an account. */
export async function claimIfSignedIn(gameId: string, token: string, lang: string): Promise<void> {
  try {
    const me = await accountApi.me(lang);
    if (me.signed_in && me.csrf) await accountApi.claim(gameId, token, me.csrf, lang);
  } catch {
    /* the seat link still works; it can be claimed later on the account page */
  }
}

export const playerHref = (name: string) => `/player/${encodeURIComponent(name)}`;

/** The seats' names, an account's name linking to its page (names are shown as text only). */
export function Players({ players }: { players: SeatPlayer[] }) {
  return (
    <span class="players">
      {players.map((p, i) => (
        <>
          {i ? ", " : ""}
          {p.bot ? `⚙${p.name}` : p.account ? <a href={playerHref(p.account)}>{p.name}</a> : p.name}
        </>
      ))}
    </span>
  );
}

export function AccountPage() {
  const { t, lang } = useI18n();
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    accountApi
      .me(lang)
      .then(setMe)
      .catch((e) => setError(String(e)));
  useEffect(() => {
    refresh();
  }, []);
  return (
    <div class="lobby account" data-testid="account-page">
      <TopBar />
      <div class="pad">
        {error ? <p class="error">{error}</p> : null}
        {me === null ? <p class="muted">{t("loading")}</p> : me.signed_in ? <Signed me={me} onOut={refresh} /> : <SignIn onIn={setMe} />}
      </div>
    </div>
  );
}

function SignIn({ onIn }: { onIn: (me: Me) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async (make: boolean) => {
    setBusy(true);
    setError(null);
    try {
      onIn(await (make ? accountApi.register : accountApi.login)(name.trim(), password, lang));
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel signin">
      <h2>{t("account")}</h2>
      <p class="muted small">{t("accountOptional")}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          go(false);
        }}
      >
        <label>
          {t("userName")} <input data-testid="account-name" autocomplete="username" maxLength={32} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {t("password")}{" "}
          <input
            data-testid="account-password"
            type="password"
            autocomplete="current-password"
            maxLength={200}
            placeholder={t("passwordHint")}
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
        </label>
        <div class="form-row">
          <button data-testid="sign-in" class="primary" type="submit" disabled={busy}>
            {t("signIn")}
          </button>
          <button data-testid="register" type="button" disabled={busy} onClick={() => go(true)}>
            {t("register")}
          </button>
        </div>
      </form>
      {error ? <p class="error" data-testid="account-error">{error}</p> : null}
    </section>
  );
}

function Signed({ me, onOut }: { me: Me; onOut: () => void }) {
  const { t, lang } = useI18n();
  const [games, setGames] = useState<MyGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const csrf = me.csrf ?? "";
  const load = () =>
    accountApi
      .games()
      .then((g) => setGames(g.games))
      .catch(() => setGames([]));
  useEffect(() => {
    load();
  }, []);
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.problem.detail : String(e));
  const open = async (g: MyGame) => {
    // A seat this browser already holds opens with its token; otherwise a key for this device.
    const held = allTokens()[g.id]?.[String(g.seat)];
    try {
      if (!held) saveToken(g.id, g.seat, (await accountApi.key(g.id, csrf)).token);
      location.href = `/play/${g.id}`;
    } catch (e) {
      fail(e);
    }
  };
  const mine = new Set((games ?? []).map((g) => `${g.id}/${g.seat}`));
  const guest = Object.entries(allTokens()).flatMap(([id, seats]) =>
    Object.entries(seats)
      .filter(([seat]) => !mine.has(`${id}/${seat}`))
      .map(([seat, token]) => ({ id, seat, token })),
  );
  return (
    <>
      <section class="panel">
        <h2>
          {t("signedInAs", { name: me.name ?? "" })}{" "}
          <button
            data-testid="sign-out"
            onClick={() =>
              accountApi
                .logout(csrf)
                .then(onOut)
                .catch(fail)
            }
          >
            {t("signOut")}
          </button>
        </h2>
        <p>
          {t("rating")}{t("colon")}<b data-testid="my-rating">{me.rating}</b> ± {me.deviation} · {t("ratedGames")}{t("colon")}{me.rated_games} ·{" "}
          <a data-testid="my-page" href={playerHref(me.name ?? "")}>{t("player")}</a> · <a href="/leaderboard">{t("leaderboard")}</a>
        </p>
        {error ? <p class="error">{error}</p> : null}
      </section>
      <section class="panel">
        <h2>{t("myGames")}</h2>
        <table class="games" data-testid="my-games">
          <tbody>
            {games === null ? (
              <tr><td class="muted">{t("loading")}</td></tr>
            ) : games.length === 0 ? (
              <tr><td class="muted">{t("noMyGames")}</td></tr>
            ) : (
              games.map((g) => (
                <tr data-game-id={g.id}>
                  <td class="gid">#{g.id}</td>
                  <td><Players players={g.players} /></td>
                  <td class="muted">{g.is_over ? t("over") : `${t("round")} ${g.round} · ${t("ply")} ${g.ply}`}</td>
                  <td>{g.your_turn ? <span class="yourturn">{t("yourTurn")}</span> : null}</td>
                  <td>
                    {g.is_over ? (
                      <a href={`/replay/${g.id}`}>{t("replay")}</a>
                    ) : (
                      <button data-testid={`open-${g.id}`} onClick={() => open(g)}>{t("openSeat")}</button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <section class="panel">
        <h2>{t("guestSeats")}</h2>
        {guest.length === 0 ? (
          <p class="muted">{t("noGuestSeats")}</p>
        ) : (
          <ul>
            {guest.map((s) => (
              <li>
                <span class="gid">#{s.id}</span> {t("seat")} {Number(s.seat) + 1}{" "}
                <button
                  data-testid={`claim-${s.id}-${s.seat}`}
                  onClick={() =>
                    accountApi
                      .claim(s.id, s.token, csrf, lang)
                      .then(load)
                      .catch(fail)
                  }
                >
                  {t("claim")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

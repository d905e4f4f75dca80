// The browser client's entry: the language context (with the catalog in that language) and the
// route by location.pathname: / lobby, /play/{id}, /watch/{id}, /replay/{id}, /account,
// /player/{name}, /leaderboard.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Dict } from "./api";
import { Ctx, initialLang, translator, type Lang } from "./i18n";
import { Lobby } from "./lobby";
import { AccountPage } from "./account";
import { LeaderboardPage, PlayerPage } from "./player";
import { ReplayPage } from "./replay";
import { TablePage } from "./table/page";
import { applySize, savedSize } from "./topbar";
import "./style.css";

const catalogs: Partial<Record<Lang, Dict>> = {};

function App() {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const [cat, setCat] = useState<Dict | null>(null);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem("onmars.lang", lang);
    if (catalogs[lang]) {
      setCat(catalogs[lang]!);
      return;
    }
    let stop = false;
    api
      .catalog(lang)
      .then((c) => {
        catalogs[lang] = c;
        if (!stop) setCat(c);
      })
      .catch(() => {});
    return () => {
      stop = true;
    };
  }, [lang]);
  const ctx = { lang, t: translator(lang), setLang: setLangState, cat };
  const path = location.pathname;
  const m = path.match(/^\/(play|watch|replay)\/([A-Za-z0-9_-]{1,32})\/?$/);
  let page;
  if (m && m[1] === "replay") page = <ReplayPage id={m[2]} />;
  else if (m) page = <TablePage id={m[2]} watch={m[1] === "watch"} />;
  else if (path === "/account") page = <AccountPage />;
  else if (path === "/leaderboard") page = <LeaderboardPage />;
  else if (path.startsWith("/player/")) page = <PlayerPage name={decodeURIComponent(path.slice(8))} />;
  else page = <Lobby />;
  return <Ctx.Provider value={ctx}>{page}</Ctx.Provider>;
}

applySize(savedSize());
render(<App />, document.getElementById("app")!);

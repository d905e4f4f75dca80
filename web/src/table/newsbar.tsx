// What the table tells everyone between the top bar and the board areas, in the page's flow so
// that it covers no control: the proposal to end the game by agreement (RUL-20) with this
// seat's answer, and the table-wide news (a level-up, a Mission advanced...), each taken away
// by a tap. Once the game is over the game-over panel takes this place.
import type { GameState } from "../api";
import type { Shown } from "../events";
import { useI18n } from "../i18n";
import { endProposal } from "../votes";
import type { Game } from "./useGame";

export function EndProposal({ st, game }: { st: GameState; game: Game }) {
  const { t } = useI18n();
  const said = endProposal(st, game.token ? game.acting : null, t);
  if (!said) return null;
  return (
    <div class="proposal" role="status" data-testid="end-proposal">
      <span data-testid="end-proposal-text">{said.text}</span>
      {said.action === "agree" ? (
        <>
          <b>{t("endAsk")}</b>
          <button class="primary" data-testid="end-agree" onClick={() => game.vote("conclude", true)}>
            {t("endAgree")}
          </button>
        </>
      ) : said.action === "withdraw" ? (
        <button data-testid="end-withdraw" onClick={() => game.vote("conclude", false)}>
          {t("withdraw")}
        </button>
      ) : null}
    </div>
  );
}

export function News({ news, dismiss }: { news: Shown[]; dismiss: (key: string) => void }) {
  const { t } = useI18n();
  if (!news.length) return null;
  return (
    <div class="newsbar" role="status" data-testid="news">
      {news.map((x) => (
        <button class="news" key={x.key} title={t("dismiss")} onClick={() => dismiss(x.key)}>
          <span>{x.text}</span>
          <span class="news-x" aria-label={t("dismiss")}>×</span>
        </button>
      ))}
    </div>
  );
}

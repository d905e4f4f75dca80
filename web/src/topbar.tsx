// The bar at the top of every page: the game's name (a link to the lobby), the game's id, and
// either the page's own controls or the language switch.
import type { ComponentChildren } from "preact";
import { useI18n } from "./i18n";
import { Icon } from "./icons";
import { LangToggle } from "./ui";

export function TopBar({ id, children }: { id?: string; children?: ComponentChildren }) {
  const { t } = useI18n();
  return (
    <header class="topbar">
      <a class="brand" href="/"><Icon name="mars" size={16} /> {t("title")}</a>
      {id ? <span class="gid muted">#{id}</span> : null}
      {children ?? (
        <>
          <span class="grow" />
          <a data-testid="nav-leaderboard" href="/leaderboard">{t("leaderboard")}</a>
          <a data-testid="nav-account" href="/account">{t("myGames")}</a>
          <LangToggle />
        </>
      )}
    </header>
  );
}

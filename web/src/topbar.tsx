// The bar at the top of every page: the game's name (a link to the lobby), the game's id, either
// the page's own controls or the language switch, and the text size (A- / A+).
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
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
      <SizeControl />
    </header>
  );
}

/** The player's text size, a factor on the screen's own (style.css ``--ui``), kept per browser. */
export const SIZES = [0.85, 1, 1.15, 1.3, 1.5, 1.75];
const SIZE_KEY = "onmars.textSize";

export function savedSize(): number {
  const n = Number(localStorage.getItem(SIZE_KEY));
  return SIZES.includes(n) ? n : 1;
}

export function applySize(n: number): void {
  document.documentElement.style.setProperty("--ui", String(n));
}

function SizeControl() {
  const { t } = useI18n();
  const [size, setSize] = useState(savedSize);
  const k = SIZES.indexOf(size);
  const set = (n: number) => {
    setSize(n);
    applySize(n);
    localStorage.setItem(SIZE_KEY, String(n));
  };
  return (
    <span class="sizer" role="group">
      <button data-testid="text-smaller" aria-label={t("textSmaller")} title={t("textSmaller")} disabled={k <= 0} onClick={() => set(SIZES[k - 1])}>A−</button>
      <button data-testid="text-larger" aria-label={t("textLarger")} title={t("textLarger")} disabled={k >= SIZES.length - 1} onClick={() => set(SIZES[k + 1])}>A+</button>
    </span>
  );
}

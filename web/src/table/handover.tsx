// Hot-seat without peeking (issue 23.7): between two humans sharing one screen, the table is
// replaced by this screen, which shows nothing private (RUL-18: the state behind it is a
// spectator's), until the next player confirms who they are.
import { useEffect, useRef } from "preact/hooks";
import type { GameState } from "../api";
import { useI18n } from "../i18n";
import { Pawn } from "../ui";

export function Handover({ st, seat, confirm }: { st: GameState; seat: number; confirm: () => void }) {
  const { t } = useI18n();
  const name = st.players[seat]?.name ?? "?";
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [seat]);
  return (
    <div class="handover" data-testid="handover" role="dialog" aria-modal="true" aria-labelledby="handover-title">
      <div class="handover-box">
        <Pawn view={st.view} seat={seat} size={48} />
        <h2 id="handover-title">{t("passTitle", { name })}</h2>
        <p class="muted">{t("passHidden", { name })}</p>
        <button ref={button} class="primary big" data-testid="handover-confirm" onClick={confirm}>
          {t("passConfirm", { name })}
        </button>
      </div>
    </div>
  );
}

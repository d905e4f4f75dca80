// What pops up over the table: the confirmation of a move with warnings, the chooser among
// several moves of one place, and a refused move's reason.
import { useState } from "preact/hooks";
import { askedWarnings, muteKinds, mutedKinds } from "../decision";
import { labelled, useI18n } from "../i18n";
import { Preview } from "../ui";
import { MoveButton } from "./prompt";
import type { Game } from "./useGame";

export function ConfirmDialog({ game }: { game: Game }) {
  const { confirm } = game;
  if (!confirm) return null;
  // keyed by the move: a new question starts with nothing ticked
  return <ConfirmBox key={confirm.seq ? confirm.seq.join("|") : confirm.move} game={game} />;
}

/** The question for a move that loses something: its warnings still asked about, each with
 * "don't ask again for this" (remembered in this browser, issue 23). */
function ConfirmBox({ game }: { game: Game }) {
  const { t, cat } = useI18n();
  const { confirm, send, setConfirm } = game;
  const [quiet, setQuiet] = useState<Set<string>>(new Set());
  if (!confirm) return null;
  const asked = askedWarnings(confirm.warnings, mutedKinds());
  const toggle = (kind: string) => {
    const next = new Set(quiet);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    setQuiet(next);
  };
  const yes = () => {
    muteKinds([...quiet]);
    send(confirm);
  };
  return (
    <div class="modal" data-testid="confirm-dialog" role="dialog" aria-modal="true">
      <div class="modal-box">
        <h3>{t("confirm")}</h3>
        <p><b>{confirm.label}</b></p>
        <ul class="warnings">
          {asked.map((w) => (
            <li data-warning={w.kind}>
              ⚠ {w.text}
              <label class="noask">
                <input type="checkbox" data-testid={`noask-${w.kind}`} checked={quiet.has(w.kind)} onChange={() => toggle(w.kind)} />{" "}
                {t("dontAskAgain")}
              </label>
            </li>
          ))}
        </ul>
        <Preview m={{ ...confirm, warnings: [] }} t={t} cat={cat} />
        <div class="modal-btns">
          <button data-testid="confirm-yes" class="primary" onClick={yes}>{t("yes")} ⏎</button>
          <button data-testid="confirm-no" onClick={() => setConfirm(null)}>{t("no")} (Esc)</button>
        </div>
      </div>
    </div>
  );
}

export function ChooserDialog({ game }: { game: Game }) {
  const { t } = useI18n();
  const { chooser, setChooser, play } = game;
  if (!chooser) return null;
  return (
    <div class="modal" role="dialog" aria-modal="true" onClick={() => setChooser(null)}>
      <div class="modal-box" onClick={(e) => e.stopPropagation()}>
        <h3>{chooser.title ? labelled(t, t("chooseOne"), chooser.title) : t("chooseOne")}</h3>
        <div class="chooser">
          {chooser.moves.map((m, k) => (
            <span class="choice">
              {k < 9 ? <kbd>{k + 1}</kbd> : null}
              <MoveButton m={m} play={(x) => { setChooser(null); play(x); }} list />
            </span>
          ))}
          {chooser.bot ? (
            <span class="choice">
              <button class="move inlist" data-testid="choose-bot" onClick={() => { setChooser(null); game.setPickedBot(chooser.bot!.hex); }}>
                ⚙ {t("chooseBot", { hex: chooser.bot.hex, n: chooser.bot.n })}
              </button>
            </span>
          ) : null}
        </div>
        <div class="modal-btns">
          <button onClick={() => setChooser(null)}>{t("no")} (Esc)</button>
        </div>
      </div>
    </div>
  );
}

export function Refusal({ game }: { game: Game }) {
  const { t } = useI18n();
  const { refusal, setRefusal } = game;
  if (!refusal) return null;
  return (
    <div class="refusal" data-testid="refusal" role="alert">
      <b>{refusal.status === 0 ? t("noConnection") : refusal.status >= 500 ? t("serverError") : t("refused")}</b>
      {refusal.rule ? <span class="rule">{t("rule")} {refusal.rule}</span> : null}
      <span>{refusal.detail}</span>
      <button onClick={() => setRefusal(null)}>{t("close")}</button>
    </div>
  );
}

// The guide of a guided first game (issue 25.2), above the decision bar: the first time a phase
// or a kind of decision comes up it explains it (and lights up the parts of the table involved),
// and on each of the player's decisions it suggests a sensible move (a 1-second hint) that the
// player may follow or ignore. Its progress is kept per game in this browser (state.ts): leaving
// and coming back resumes it; "Skip the guide" turns it off (and back on).
import { useEffect, useState } from "preact/hooks";
import type { GameState } from "../api";
import { stepOf } from "../decision";
import { HintList, useHint } from "../hint";
import { learnT } from "../i18n-learn";
import { useI18n } from "../i18n";
import type { Game } from "../table/useGame";
import { coachPick, focusOf, lessonKey, lessonsDue } from "./lessons";
import { finishTutorial, saveTutorial, tutorialOf, type Tutorial } from "./state";

/** How long the guide's suggestion thinks (seconds): quick, against the easy bot. */
const SUGGEST_SECONDS = 1;
/** How many of the search's best moves the guide asks for, to choose its suggestion from. */
const SUGGEST_TOP = 5;

export function Coach({ id, st, game }: { id: string; st: GameState; game: Game }) {
  const [tut, setTut] = useState<Tutorial | null>(() => tutorialOf(id));
  if (!tut || game.hotseat) return null;
  const update = (next: Tutorial) => {
    saveTutorial(id, next);
    setTut(next);
  };
  if (!tut.on) return <CoachOff turnOn={() => update({ ...tut, on: true })} />;
  return <CoachOn id={id} st={st} game={game} tut={tut} update={update} />;
}

function CoachOff({ turnOn }: { turnOn: () => void }) {
  const { lang } = useI18n();
  const lt = learnT(lang);
  return (
    <div class="coach off" data-testid="coach-off">
      <span class="muted small">{lt("tutResume")}</span>{" "}
      <button data-testid="coach-on" onClick={turnOn}>
        {lt("tutTurnOn")}
      </button>
    </div>
  );
}

function CoachOn({ id, st, game, tut, update }: { id: string; st: GameState; game: Game; tut: Tutorial; update: (t: Tutorial) => void }) {
  const { lang } = useI18n();
  const lt = learnT(lang);
  const mine = game.active && !game.sending;
  const step = stepOf(st) ?? "";
  const due = mine ? lessonsDue(st.view.phase ?? "", step, tut.seen) : [];
  const lesson = due[0] ?? "";
  const seat = game.acting ?? 0;
  useHighlight(lesson ? focusOf(lesson, seat) : mine ? focusOf(`step:${step}`, seat) : [], st.version);
  const asked = useHint(id, game.token, st);
  // a suggestion for each of the player's decisions, once the lessons due are read
  const wanted = mine && !lesson && !st.is_over ? st.ply : -1;
  // (asked again once an answer for an earlier decision is in: it is dropped as stale)
  const missing = wanted >= 0 && !asked.busy && !asked.hint && !asked.error;
  useEffect(() => {
    if (missing) asked.ask(SUGGEST_SECONDS, SUGGEST_TOP);
  }, [wanted, missing]);
  useEffect(() => {
    if (st.is_over) finishTutorial(id);
  }, [st.is_over]);

  const pick = asked.hint ? coachPick(asked.hint.suggestions) : undefined;
  let body;
  if (st.is_over) body = <p data-testid="coach-text">{lt("tutOver")}</p>;
  else if (lesson)
    body = (
      <>
        <p data-testid="coach-text" data-lesson={lesson}>
          {lt(lessonKey(lesson))}
        </p>
        <button class="primary" data-testid="coach-next" onClick={() => update({ ...tut, seen: [...tut.seen, lesson] })}>
          {lt("tutGotIt")}
        </button>
      </>
    );
  else if (!mine) body = <p class="muted" data-testid="coach-text">{lt("tutWaiting")}</p>;
  else
    body = (
      <div data-testid="coach-suggest">
        <b>{lt("tutSuggest")}</b>{" "}
        {asked.busy ? <span class="sending">{lt("tutThinking")}</span> : null}
        {asked.error ? <span class="warn small">{asked.error}</span> : null}
        {asked.hint && pick ? <HintList hint={{ ...asked.hint, suggestions: [pick] }} st={st} game={game} lt={lt} top={1} /> : null}
        <p class="muted small">{lt("tutIgnore")}</p>
      </div>
    );
  return (
    <div class="coach" data-testid="coach" role="region" aria-label={lt("tutTitle")}>
      <div class="coach-head">
        <b>{lt("tutTitle")}</b>
        <button class="coach-skip" data-testid="coach-skip" onClick={() => update({ ...tut, on: false })}>
          {lt("tutHide")}
        </button>
      </div>
      {body}
    </div>
  );
}

/** Lights up the parts of the table matching ``selectors`` (class tut-focus) while shown. */
function useHighlight(selectors: string[], version: number): void {
  const key = selectors.join(",");
  useEffect(() => {
    if (!key) return;
    const parts = [...document.querySelectorAll(key)];
    const lit = [...parts, ...paneTabsOf(parts)];
    for (const el of lit) el.classList.add("tut-focus");
    return () => {
      for (const el of lit) el.classList.remove("tut-focus");
    };
  }, [key, version]); // again after each change: a board drawn anew loses the mark
}

/** A phone shows one pane at a time (page.tsx PaneTabs), by column: the tabs of the panes that
 * hold the lit parts light up too, or a part on another pane could not be found. */
const PANE_OF_COLUMN: [string, string][] = [
  [".col-left", "map"],
  [".col-mid", "boards"],
  [".col-right", "players"],
];

function paneTabsOf(parts: Element[]): Element[] {
  const tabs = new Set<Element>();
  for (const el of parts)
    for (const [column, pane] of PANE_OF_COLUMN) {
      const tab = el.closest(column) ? document.querySelector(`[data-testid=pane-${pane}]`) : null;
      if (tab) tabs.add(tab);
    }
  return [...tabs];
}

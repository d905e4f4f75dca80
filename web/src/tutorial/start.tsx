// The lobby's "Learn to play" (issue 25.2): a guided first game, 2 players, short, against the
// easy bot, opened at once; or the guided game this browser left, resumed.
import { useState } from "preact/hooks";
import { ApiError, api, saveToken } from "../api";
import { learnT } from "../i18n-learn";
import { botLabel, useI18n } from "../i18n";
import { currentTutorial, startTutorial } from "./state";

export function LearnToPlay() {
  const { lang } = useI18n();
  const lt = learnT(lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const resume = currentTutorial();
  const start = async () => {
    setBusy(true);
    setError("");
    try {
      const players = [{ name: lt("learnYou") }, { name: botLabel("easy", lang), bot: "easy" as const }];
      const res = await api.createGame(players, "short");
      const mine = res.seats.find((s) => s.token);
      if (!mine?.token) throw new Error(lt("learnNoSeat"));
      saveToken(res.id, mine.seat, mine.token);
      startTutorial(res.id);
      location.assign(`/play/${res.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail : String((e as Error).message ?? e));
      setBusy(false);
    }
  };
  return (
    <section class="panel learn" data-testid="learn">
      <h2>{lt("learnToPlay")}</h2>
      <p class="small">{lt("learnIntro")}</p>
      <button class="primary" data-testid="learn-start" disabled={busy} onClick={start}>
        {lt("learnStart")}
      </button>{" "}
      {resume ? (
        <a class="button" data-testid="learn-resume" href={`/play/${resume}`}>
          {lt("learnResume")}
        </a>
      ) : null}
      {error ? <p class="error">{error}</p> : null}
    </section>
  );
}

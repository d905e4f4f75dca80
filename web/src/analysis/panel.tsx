// A finished game's post-game analysis beside its replay (issue 25, item 3): the server works it
// out in the background (GET /api/games/{id}/analysis; asked again while it runs), and this
// panel shows the verdict on the move just played, the charts and the marked mistakes, each a
// link to its position.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type AnalysisOut, type View } from "../api";
import { labelled, parenthesised, useI18n, type Lang } from "../i18n";
import { colourOf } from "../format";
import { EvaluationChart, ProjectedChart, SourcesChart } from "./charts";
import { lossText, word, type WordKey } from "./words";
import "./analysis.css";

export type AnalysisData = NonNullable<AnalysisOut["analysis"]>;
export type Verdict = AnalysisData["decisions"][number];

/** Seconds between asks while the server is still working on the game. */
const POLL_MS = 5000;

export function AnalysisPanel(props: { id: string; ply: number; setPly: (ply: number) => void; view: View }) {
  const { lang, cat, t } = useI18n();
  const [out, setOut] = useState<AnalysisOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let timer = 0;
    let stop = false;
    const ask = () =>
      api
        .analysis(props.id)
        .then((a) => {
          if (stop) return;
          setOut(a);
          if (a.status === "waiting" || a.status === "running") timer = window.setTimeout(ask, POLL_MS);
        })
        .catch((e) => setError(e instanceof ApiError ? e.problem.detail : String(e)));
    ask();
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [props.id]);
  const w = (key: WordKey, params?: Record<string, string | number>) => word(key, lang, params);
  if (error) return <p class="error">{error}</p>;
  if (!out) return <p class="muted pad">…</p>;
  const data = out.analysis;
  const names = out.players.map((p) => p.name);
  const colours = names.map((_, seat) => colourOf(props.view, seat));
  const statusKey: Record<AnalysisOut["status"], WordKey> = {
    off: "analysisOff",
    waiting: "analysisWaiting",
    running: "analysisRunning",
    done: "analysisDone",
    failed: "analysisFailed",
  };
  const status = w(statusKey[out.status], { done: data?.done ?? 0, total: data?.total ?? 0, sims: data?.sims ?? 0 });
  const label = (d: Verdict) => d.label[lang] ?? d.move;
  const mistakeText = (d: Verdict) => `${w("moveN", { n: d.ply + 1 })} · ${labelled(t, names[d.seat], label(d))} · ${lossText(d.loss, lang)}`;
  const categoryName = (c: string) => cat?.names?.score?.[c] ?? c;
  const mistakes = data?.decisions.filter((d) => d.mistake) ?? [];
  const here = data?.decisions.find((d) => d.ply === props.ply - 1);
  return (
    <section class="analysis" data-testid="analysis" aria-label={w("analysis")}>
      <h2>{w("analysis")}</h2>
      <p class="muted" data-testid="analysis-status">{status}</p>
      {here ? <ThisMove d={here} names={names} w={w} lang={lang} /> : null}
      {data ? (
        <div class="analysis-body">
          <div class="analysis-charts">
            <div class="legend" data-testid="analysis-players">
              {names.map((name, seat) => (
                <span>
                  <i style={{ background: colours[seat] }} /> {name}
                </span>
              ))}
            </div>
            <figure>
              <figcaption>{w("projected")}</figcaption>
              <ProjectedChart data={data} colours={colours} names={names} endLabel={w("end")} axes={{ x: w("round"), y: w("opProjected") }} />
            </figure>
            <figure>
              <figcaption>{w("evaluation")}</figcaption>
              <EvaluationChart data={data} colours={colours} names={names} ply={props.ply} onPly={(p) => props.setPly(p + 1)} mistakeText={mistakeText} axes={{ x: w("move"), y: w("opLead") }} />
            </figure>
            <figure>
              <figcaption>{w("sources")}</figcaption>
              <SourcesChart data={data} colours={colours} names={names} finalLabel={w("final")} categoryName={categoryName} axes={{ x: w("round"), y: w("opGained") }} />
              <p class="muted chart-note">{w("columns", { names: names.join(" · ") })}</p>
            </figure>
          </div>
          <div class="analysis-mistakes">
            <h3>{w("mistakes")}</h3>
            {mistakes.length === 0 ? <p class="muted">{w("noMistakes")}</p> : null}
            <ol>
              {mistakes.map((d) => (
                <li data-testid="mistake" class={d.ply === props.ply - 1 ? "current" : ""}>
                  <button class="linklike" onClick={() => props.setPly(d.ply + 1)} title={w("show")}>
                    <b>{w("moveN", { n: d.ply + 1 })}</b> · <span style={{ color: colours[d.seat] }}>{names[d.seat]}</span>
                  </button>{" "}
                  {label(d)} — <span class="bad">{lossText(d.loss, lang)}</span>
                  <div class="muted">
                    {w("preferred", { move: d.best_label[lang] ?? d.best })}
                    {d.line.length ? ` · ${w("then")} ${d.line.map((s) => s[lang]).join(" → ")}` : ""}
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ThisMove(props: { d: Verdict; names: string[]; w: (k: WordKey, p?: Record<string, string | number>) => string; lang: Lang }) {
  const { d, w, lang } = props;
  const { t } = useI18n();
  const same = d.best === d.move;
  return (
    <p class={`analysis-here ${d.mistake ? "is-mistake" : ""}`} data-testid="analysis-here">
      <b>{w("thisMove")}</b>{labelled(t, parenthesised(t, props.names[d.seat]), d.label[lang] ?? d.move)} · {w("valueBefore", { v: d.before.toFixed(1) })} · {w("valueAfter", { v: d.after.toFixed(1) })} ·{" "}
      {w("winChance", { before: Math.round(d.win_before * 100), after: Math.round(d.win_after * 100) })}
      {same ? ` · ${w("best")}` : ` · ${lossText(d.loss, lang)} · ${w("preferred", { move: d.best_label[lang] ?? d.best })}`}
    </p>
  );
}

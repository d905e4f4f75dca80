// The analysis charts as plain SVG (no chart library): each player's projected final score by
// round, the evaluation by move with the mistakes circled (a click moves the replay there), and
// the OP each player gained in each round, stacked by scoring category.
import { labelled, useI18n } from "../i18n";
import type { AnalysisData } from "./panel";

const W = 560;
const H = 236;
const L = 58;
const R = 24;
const T = 10;
const B = 48;
/** Where the x axis's tick labels and its title sit. */
const TICKS_Y = H - B + 18;
const TITLE_Y = H - 6;
const CATEGORY_COLOURS = ["#8e7cc3", "#45b39d", "#e69f00", "#5d6d7e", "#d9534f", "#a0a0a0", "#56b4e9", "#d35400", "#2ecc71", "#f1c40f", "#9b59b6", "#e84393"];

interface Frame {
  x: (v: number) => number;
  y: (v: number) => number;
  y0: number;
  y1: number;
}

function frame(x0: number, x1: number, y0: number, y1: number): Frame {
  const lo = Math.min(y0, 0);
  const hi = Math.max(y1, 1);
  const xs = x1 > x0 ? x1 - x0 : 1;
  return {
    x: (v) => L + ((v - x0) / xs) * (W - L - R),
    y: (v) => H - B - ((v - lo) / (hi - lo)) * (H - T - B),
    y0: lo,
    y1: hi,
  };
}

/** Round tick values for a span: about five of them. */
export function ticks(lo: number, hi: number): number[] {
  const raw = Math.max(hi - lo, 1) / 5;
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => s >= raw) ?? 1000;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/** Label every n-th of `count` evenly spaced columns, so that labels `px` wide do not overlap. */
export function stride(count: number, px = 34): number {
  return Math.max(1, Math.ceil((count * px) / (W - L - R)));
}

/** Whether column k of count is labelled: every n-th, and always the last (the end, the final
 * scoring), whose neighbours give way to it. */
export function shown(k: number, count: number, n: number): boolean {
  return k === count - 1 || (k % n === 0 && count - 1 - k >= n);
}

/** About how wide a label is at the charts' 16 px: a Chinese character takes the full em. */
export function textWidth(text: string): number {
  return [...text].reduce((w, ch) => w + (ch.codePointAt(0)! > 0x2e80 ? 16 : 9), 0);
}

/** The axes' titles: what x counts, and the unit of y (OP). */
function AxisTitles(props: { x: string; y: string }) {
  return (
    <g class="axis-titles">
      <text x={(L + W - R) / 2} y={TITLE_Y} text-anchor="middle">{props.x}</text>
      <text x={16} y={(T + H - B) / 2} text-anchor="middle" transform={`rotate(-90 16 ${(T + H - B) / 2})`}>{props.y}</text>
    </g>
  );
}

function Grid(props: { f: Frame }) {
  const { f } = props;
  return (
    <g class="grid">
      {ticks(f.y0, f.y1).map((v) => (
        <g>
          <line x1={L} x2={W - R} y1={f.y(v)} y2={f.y(v)} stroke={v === 0 ? "#888" : "#444"} />
          <text x={L - 4} y={f.y(v) + 4} text-anchor="end">{v}</text>
        </g>
      ))}
    </g>
  );
}

export function ProjectedChart(props: { data: AnalysisData; colours: string[]; names: string[]; endLabel: string; axes: { x: string; y: string } }) {
  const { data, colours } = props;
  const rounds = data.rounds;
  const all = rounds.flatMap((r) => r.projected);
  const f = frame(0, Math.max(1, rounds.length - 1), 0, Math.max(1, ...all));
  const n = stride(rounds.length);
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} data-testid="chart-projected" role="img" aria-label={`${props.axes.x} · ${props.axes.y}`}>
      <Grid f={f} />
      <AxisTitles {...props.axes} />
      {rounds.map((r, k) =>
        shown(k, rounds.length, n) ? (
          <text class="xtick" x={f.x(k)} y={TICKS_Y} text-anchor="middle">{r.round === null ? props.endLabel : r.round}</text>
        ) : null,
      )}
      {props.names.map((name, seat) => (
        <polyline fill="none" stroke={colours[seat]} stroke-width="2.5" points={rounds.map((r, k) => `${f.x(k)},${f.y(r.projected[seat] ?? 0)}`).join(" ")}>
          <title>{name}</title>
        </polyline>
      ))}
    </svg>
  );
}

export function EvaluationChart(props: {
  data: AnalysisData;
  colours: string[];
  names: string[];
  ply: number;
  onPly: (ply: number) => void;
  mistakeText: (d: AnalysisData["decisions"][number]) => string;
  axes: { x: string; y: string };
}) {
  const { data, colours } = props;
  const ds = data.decisions;
  const values = ds.flatMap((d) => [d.before, d.after]);
  const last = Math.max(1, ...ds.map((d) => d.ply), data.rounds[data.rounds.length - 1]?.ply ?? 1);
  const f = frame(0, last, Math.min(0, ...values), Math.max(1, ...values));
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} data-testid="chart-evaluation" role="img" aria-label={`${props.axes.x} · ${props.axes.y}`}>
      <Grid f={f} />
      <AxisTitles {...props.axes} />
      {ticks(0, last).map((v) => (
        <text class="xtick" x={f.x(v)} y={TICKS_Y} text-anchor="middle">{v}</text>
      ))}
      <line class="now" x1={f.x(props.ply)} x2={f.x(props.ply)} y1={T} y2={H - B} stroke="#e69f00" stroke-dasharray="3 3" />
      {props.names.map((name, seat) => (
        <polyline fill="none" stroke={colours[seat]} stroke-width="1.5" points={ds.filter((d) => d.seat === seat).map((d) => `${f.x(d.ply)},${f.y(d.after)}`).join(" ")}>
          <title>{name}</title>
        </polyline>
      ))}
      {ds
        .filter((d) => d.mistake)
        .map((d) => (
          <circle class="mistake" data-testid="chart-mistake" cx={f.x(d.ply)} cy={f.y(d.after)} r="6" fill={colours[d.seat]} stroke="#fff" stroke-width="2" onClick={() => props.onPly(d.ply)}>
            <title>{props.mistakeText(d)}</title>
          </circle>
        ))}
    </svg>
  );
}

export function SourcesChart(props: {
  data: AnalysisData;
  colours: string[];
  names: string[];
  finalLabel: string;
  categoryName: (c: string) => string;
  axes: { x: string; y: string };
}) {
  const { data, colours, names } = props;
  const { t } = useI18n();
  const entries = data.sources;
  const categories: string[] = [];
  for (const e of entries) for (const g of e.op) for (const c of Object.keys(g)) if (!categories.includes(c)) categories.push(c);
  const colour = (c: string) => CATEGORY_COLOURS[categories.indexOf(c) % CATEGORY_COLOURS.length];
  const top = Math.max(1, ...entries.flatMap((e) => e.op.map((g) => Object.values(g).reduce((a, b) => a + Math.max(b, 0), 0))));
  const f = frame(0, Math.max(1, entries.length), 0, top);
  const n = Math.max(1, names.length);
  const slot = ((f.x(1) - f.x(0)) * 0.8) / n;
  // the final scoring's label is a word: the round numbers near it give way
  const every = stride(entries.length, Math.max(34, textWidth(props.finalLabel) + 12));
  return (
    <div>
      <svg class="chart" viewBox={`0 0 ${W} ${H}`} data-testid="chart-sources" role="img" aria-label={`${props.axes.x} · ${props.axes.y}`}>
        <Grid f={f} />
        <AxisTitles {...props.axes} />
        {entries.map((e, k) => {
          const centre = f.x(k + 0.5);
          return (
            <g>
              {shown(k, entries.length, every) ? (
                <text class="xtick" x={centre} y={TICKS_Y} text-anchor="middle">{e.round === null ? props.finalLabel : e.round}</text>
              ) : null}
              {e.op.map((gained, seat) => {
                let base = 0;
                const x = centre - (slot * n) / 2 + slot * seat;
                return categories.map((c) => {
                  const op = gained[c] ?? 0;
                  if (op <= 0) return null;
                  const y0 = f.y(base);
                  const y1 = f.y(base + op);
                  base += op;
                  return (
                    <rect x={x} y={y1} width={Math.max(1, slot - 1)} height={y0 - y1} fill={colour(c)} stroke={colours[seat]}>
                      <title>{labelled(t, names[seat], `${props.categoryName(c)} ${op}`)}</title>
                    </rect>
                  );
                });
              })}
            </g>
          );
        })}
      </svg>
      <div class="legend">
        {categories.map((c) => (
          <span>
            <i style={{ background: colour(c) }} /> {props.categoryName(c)}
          </span>
        ))}
      </div>
    </div>
  );
}

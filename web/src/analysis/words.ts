// The analysis panel's own words, in English and Chinese (kept here, beside the panel, so that
// the shared dictionary in ../i18n.ts does not change). Chinese terms follow docs/glossary.md:
// 机会分 OP, 轮 round.
import type { Lang } from "../i18n";

export const WORDS = {
  analysis: ["Analysis", "复盘分析"],
  analysisOff: ["This server does not analyse games.", "本服务器不分析对局。"],
  analysisWaiting: ["The analysis has not started yet: it runs when the server is idle.", "分析尚未开始：服务器空闲时进行。"],
  analysisRunning: ["Analysed {done} of {total} decisions so far…", "已分析 {done}/{total} 个决策…"],
  analysisFailed: ["This game's moves no longer replay: it cannot be analysed.", "此对局的操作已无法重放：不能分析。"],
  analysisDone: ["{total} decisions judged, at least {sims} simulations each, from each mover's view.", "共评判 {total} 个决策，每个至少 {sims} 次模拟，均从该玩家当时的视角。"],
  projected: ["Projected final score by round", "按轮次预测的最终得分"],
  evaluation: ["Evaluation by move (OP of lead)", "逐步评估（领先的机会分）"],
  sources: ["Where the OP came from, by round", "机会分的来源（按轮）"],
  end: ["end", "结束"],
  final: ["final", "终局计分"],
  round: ["round", "轮"],
  move: ["move", "步"],
  opProjected: ["projected final OP", "预测最终机会分"],
  opLead: ["OP of lead", "领先的机会分"],
  opGained: ["OP gained", "获得的机会分"],
  columns: ["A column per player in each round, in seat order: {names}.", "每轮每位玩家一列，按座位顺序：{names}。"],
  mistakes: ["Mistakes", "失误"],
  noMistakes: ["No move lost 2 OP or more.", "没有损失 2 机会分以上的步。"],
  moveN: ["Move {n}", "第 {n} 步"],
  lost: ["lost {loss} OP", "损失 {loss} 机会分"],
  asGood: ["about as good as the search's choice", "与搜索的选择相差无几"],
  preferred: ["The search preferred: {move}", "搜索首选：{move}"],
  then: ["then", "随后"],
  thisMove: ["This move", "这一步"],
  valueBefore: ["value before {v}", "之前 {v}"],
  valueAfter: ["after {v}", "之后 {v}"],
  winChance: ["win chance {before}% → {after}%", "胜率 {before}% → {after}%"],
  best: ["the search's choice too", "与搜索的选择相同"],
  forced: ["no choice here", "此处无可选择"],
  show: ["Show the position", "显示该局面"],
} satisfies Record<string, [string, string]>;

export type WordKey = keyof typeof WORDS;

/** What a move lost against the search's choice, in words: "lost 1.5 OP", or, below 0.05 OP
 * (which would read "lost 0.0 OP"), about as good as that choice. */
export function lossText(loss: number, lang: Lang): string {
  return loss < 0.05 ? word("asGood", lang) : word("lost", lang, { loss: loss.toFixed(1) });
}

export function word(key: WordKey, lang: Lang, params?: Record<string, string | number>): string {
  let s: string = WORDS[key][lang === "zh" ? 1 : 0];
  if (params) for (const [k, v] of Object.entries(params)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

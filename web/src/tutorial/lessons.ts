// What the guide explains (issue 25.2): each phase and each kind of decision the first time it
// comes up, and where on the table it happens (selectors of the parts to highlight). The texts
// are in i18n-learn.ts, in our own words from /work/shared/rules (§5 round, §12 Shuttle phase,
// §7 and §9 the actions).
import type { LearnKey } from "../i18n-learn";

export const PHASE_LESSONS: Record<string, LearnKey> = {
  setup: "tut_phase_setup",
  colonization: "tut_phase_colonization",
  shuttle: "tut_phase_shuttle",
};

export const STEP_LESSONS: Record<string, LearnKey> = {
  seat: "tut_seat",
  blueprint: "tut_blueprint",
  shuttle_side: "tut_shuttle_side",
  turn: "tut_turn",
  learn: "tut_learn",
  pay: "tut_pay",
  lab_gain: "tut_lab_gain",
  lab_benefit: "tut_lab_gain",
  move_bots: "tut_move_bots",
  construct: "tut_construct",
  construct_place: "tut_construct",
  travel: "tut_travel",
  explore: "tut_explore",
  warehouse: "tut_warehouse",
  colonist_bonus: "tut_colonist_bonus",
  ship: "tut_ship",
  ship_reward: "tut_ship_reward",
  lss_bonus: "tut_lss_bonus",
  control: "tut_control",
  upgrade: "tut_upgrade",
  placement_cost: "tut_placement_cost",
  develop: "tut_develop",
  hire: "tut_hire",
  advanced: "tut_advanced",
  new_bot: "tut_new_bot",
  refill_science: "tut_refill_science",
  owner_develop: "tut_owner_develop",
  claim: "tut_claim",
  construct_tech: "tut_construct_tech",
  rover_move: "tut_rover_move",
  retrieve: "tut_retrieve",
  goal_retrieve: "tut_retrieve",
  ab_retrieve: "tut_retrieve",
  displace: "tut_displace",
  goal_reward: "tut_goal_reward",
};

const MAP = "[data-testid=board-map]";
const MINE = "[data-testid=player-board-{seat}]";

/** The parts of the table a phase or decision is about ({seat}: the player's own board). */
export const FOCUS: Record<string, string[]> = {
  "phase:setup": [".panel.turnorder"],
  "phase:colonization": [".panel.actions"],
  "phase:shuttle": [".panel.turnorder"],
  seat: [".panel.turnorder"],
  blueprint: [".panel.bpdisplay"],
  shuttle_side: [".panel.turnorder"],
  turn: [".panel.actions", MINE],
  learn: [".panel.grid"],
  pay: [MINE],
  lab_gain: [MINE],
  lab_benefit: [MINE],
  move_bots: [MAP],
  construct: [MAP],
  construct_place: [MAP],
  travel: [".panel.turnorder"],
  explore: [MAP, ".panel.exploration"],
  warehouse: [".panel.warehouse"],
  colonist_bonus: [".panel.turnorder", MINE],
  ship: [MINE],
  ship_reward: [MINE],
  lss_bonus: [".panel.lss"],
  control: [MAP],
  upgrade: [MAP, MINE],
  placement_cost: [".panel.actions"],
  develop: [MINE],
  hire: [".panel.science"],
  advanced: [MINE],
  new_bot: [MAP],
  refill_science: [".panel.science"],
  owner_develop: [MINE],
  claim: [MAP],
  construct_tech: [MAP],
  rover_move: [MAP],
  retrieve: [".panel.actions", MINE],
  goal_retrieve: [".panel.actions", MINE],
  ab_retrieve: [".panel.actions", MINE],
  displace: [MAP],
  goal_reward: [MINE],
};

/** The lessons due at a decision, not yet read: the phase's first, then the decision's. */
export function lessonsDue(phase: string, step: string, seen: string[]): string[] {
  const due = [`phase:${phase}`, `step:${step}`].filter((k) => !seen.includes(k));
  return due.filter((k) => (k.startsWith("phase:") ? PHASE_LESSONS[k.slice(6)] : true));
}

/** A lesson's text key (an unknown decision gets the general words). */
export function lessonKey(lesson: string): LearnKey {
  if (lesson.startsWith("phase:")) return PHASE_LESSONS[lesson.slice(6)];
  return STEP_LESSONS[lesson.slice(5)] ?? "tut_other";
}

/** The selectors to highlight for a lesson (or a decision), for this seat. */
export function focusOf(lesson: string, seat: number): string[] {
  const key = lesson.startsWith("step:") ? lesson.slice(5) : lesson;
  return (FOCUS[key] ?? []).map((s) => s.replace("{seat}", String(seat)));
}

/** Whether a move spends a Private Goal card as a Crystal (§18.1). */
export function spendsGoal(move: string): boolean {
  return move.startsWith("discard ");
}

/** The suggestion the guide shows, of the search's best moves (best first): the best one, but
 * not a Private Goal spent as a Crystal while another move is among them. The search may value
 * the Crystal more, but a newcomer following the guide would throw away every goal in the first
 * round before learning what one can bring (§18.1: a completed goal's reward). */
export function coachPick<S extends { move: string }>(suggestions: readonly S[]): S | undefined {
  return suggestions.find((s) => !spendsGoal(s.move)) ?? suggestions[0];
}

// Building blocks for the unit tests: legal moves, events and states as the server sends them
// (the generated protocol types check every field).
import type { GameEvent, GameState, LegalMove, MoveArg, MoveTarget, PlayerView, View } from "../src/api";

/** Typed arguments, as the server reads a move's notation (onmars.rules.explain.structure). */
export const hex = (value: string): MoveArg => ({ kind: "hex", value, of: null });
export const id = (value: string, of: string): MoveArg => ({ kind: "id", value, of });
export const num = (value: number): MoveArg => ({ kind: "number", value, of: null });
export const res = (value: string): MoveArg => ({ kind: "resource", value, of: null });
export const word = (value: string): MoveArg => ({ kind: "word", value, of: null });

/** A legal move with its structure: ``verb``, typed ``args`` and ``target`` (kind, id; a button's
 * id is its verb). Its notation is the verb and the arguments' values, as the server writes it. */
export function mv(verb: string, args: MoveArg[], target: [MoveTarget["kind"], string | null] = ["button", verb], extra: Partial<LegalMove> = {}): LegalMove {
  const move = [verb, ...args.map((a) => String(a.value))].join(" ");
  return {
    move, label: move, cost: {}, gain: {}, op: 0, events: [], warnings: [],
    then: [], irreversible: false, irreversible_text: "",
    verb, args, step: "turn", target: { kind: target[0], id: target[1] }, ...extra,
  };
}

/** Moves of the kinds the tests use most. */
export const learn = (tile: string, space: string) => mv("learn", [id(tile, "tech"), id(space, "lab_space")], ["tech_grid", tile]);
export const botMove = (from: string, to: string) => mv("bot", [hex(from), hex(to)], ["bot", from]);
export const rover = (at: string) => mv("rover", [hex(at)], ["hex", at]);
export const done = () => mv("done", []);

export function ev(ply: number, kind: string, extra: Partial<GameEvent> = {}): GameEvent {
  return { ply, round: 1, seat: null, id: kind, ...extra };
}

function player(seat: number, name: string, colour: string): PlayerView {
  return {
    seat, name, colour, res: {}, crystals: 0, pending: 0, depot_ships: [], hangar: 0, ships_out: 0, lab: {},
    lq: 0, wa: 0, reserve: 0, bots: 0, ab: 0, shelters: 0, blueprints: [], built: [], progress: [], op: 0,
    op_by: {}, space: seat + 1, side: "orbit", rover: -1, goals: 0, goal_done: "", scientists: [], contracts: [],
    delivered: {}, contracts_done: [], research: [], discoveries: 0, bot_discoveries: 0,
  };
}

/** A two-seat game's view (nothing on the boards) with ``stack`` as its pending decisions. */
export function viewWith(stack: View["stack"] = []): View {
  return {
    players: [player(0, "Ana", "red"), player(1, "Ben", "blue")], seed: null, length: "short", rules: 1,
    round: 1, phase: "actions", first: 0, done: [], warehouse: {}, grid: {}, tech_stacks: [], bp_display: [],
    bp_deck: 0, discovery_stack: 0, exploration: [], building_stacks: {}, bld: [], ab: [], bot: [], miner: [],
    crystal: [], tile: [], slots: {}, lss: {}, level: 1, lss_rewards: {}, lss_first: [], missions: {},
    remaining: 0, end_round: 0, shuttle_side: "orbit", shuttle_space: 0, science: [], sci_at: {}, radar: "",
    contract_deck: [], stack, turn: {}, viewer: 0, current_player: 0,
  };
}

/** A state message at ``ply`` carrying ``events`` (the rest as a two-seat game's). */
export function stateAt(ply: number, events: GameEvent[]): GameState {
  return {
    type: "state", id: "g1", ply, version: ply, seat: 0, current_player: 0, is_over: false, ended: null,
    players: [{ seat: 0, name: "Ana", bot: null, hints: 0 }, { seat: 1, name: "Ben", bot: "greedy", hints: 0 }],
    votes: [], stop: null, resumes: [], can_undo: false, undo_why: "", winners: [],
    decision: { seat: 0, step: "turn", prompt: "your turn", rule: "§9" },
    view: viewWith(), events, legal_moves: [], sequences: [], projection: [],
  };
}

// Building blocks for the unit tests: legal moves and events as the server sends them.
import type { GameEvent, GameState, LegalMove } from "../src/api";

/** A legal move in notation, with nothing to preview. */
export function mv(move: string, extra: Partial<LegalMove> = {}): LegalMove {
  return { move, label: move, cost: {}, gain: {}, op: 0, events: [], warnings: [], ...extra };
}

export function ev(ply: number, id: string, extra: Partial<GameEvent> = {}): GameEvent {
  return { ply, id, ...extra };
}

/** A state message at ``ply`` carrying ``events`` (the rest as a two-seat game's). */
export function stateAt(ply: number, events: GameEvent[]): GameState {
  return {
    type: "state", id: "g1", ply, version: ply, seat: 0, current_player: 0, is_over: false, ended: null,
    players: [{ seat: 0, name: "Ana", bot: null }, { seat: 1, name: "Ben", bot: "greedy" }],
    votes: [], stop: null, resumes: [], can_undo: false, winners: [], view: {}, events, legal_moves: [], projection: [],
  };
}

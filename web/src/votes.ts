// What the table says of the votes to end a game by agreement (RUL-20): who proposed it, and
// what this seat may do about it. A pure function (unit-tested); the table only draws it.
import type { GameState } from "./api";
import { listed, type T } from "./i18n";

export interface EndProposal {
  /** Who voted to end the game now, and (to a voter) whom it waits for. */
  text: string;
  /** What this seat may do: agree (it has not voted), withdraw (it has), or nothing (a
   * spectator). */
  action: "agree" | "withdraw" | null;
}

/** The proposal to end the game now as ``acting`` (a seat, or null: a spectator) sees it: to a
 * seat that has not voted (and to a spectator), the voters' names; to a voter, the human seats
 * still to agree (RUL-20 needs every one); null without a vote or once the game is over. */
export function endProposal(st: GameState, acting: number | null, t: T): EndProposal | null {
  if (st.is_over || !st.votes.length) return null;
  const nameOf = (seat: number) => st.players[seat]?.name ?? "?";
  if (acting !== null && st.votes.includes(acting)) {
    const waiting = st.players.filter((p) => p.bot === null && !st.votes.includes(p.seat)).map((p) => p.name);
    return { text: t("endWaiting", { names: listed(t, waiting) }), action: "withdraw" };
  }
  const names = listed(t, st.votes.map(nameOf));
  const text = t(st.votes.length === 1 ? "endProposedOne" : "endProposedMany", { names });
  return { text, action: acting === null ? null : "agree" };
}

// The decision bar under the map: what the pending decision asks (with the steps it is part of,
// a payment's tokens still to pay and how to pick), its buttons, and every legal move as a list.
import type { GameState, View } from "../api";
import { crumbsOf, payLeftOf, promptHints, stepOf } from "../decision";
import { itemName } from "../format";
import { labelled, listed, parenthesised, stepText, useI18n } from "../i18n";
import { playMark, type Offer, type Places } from "../moves";
import { useRef } from "preact/hooks";
import { Pawn, firstTap, hover } from "../ui";
import { useListFocus } from "./a11y";
import type { Game } from "./useGame";

export function DecisionBar({ st, game, moves, places }: { st: GameState; game: Game; moves: Offer[]; places: Places }) {
  const { t, lang } = useI18n();
  const { sending, active, hotseat, acting, pickedBot, pickedTile, play } = game;
  const view = st.view;
  const cur = st.current_player;
  const curName = cur !== null ? st.players[cur]?.name ?? "?" : "";
  const buttons = places.get("btn") ?? [];
  return (
    <div class="prompt">
      {sending ? (
        <span class="sending">… {t("sending")}</span>
      ) : active ? (
        <span class="ask">
          {hotseat && acting !== null ? <><Pawn view={view} seat={acting} size={16} /> <b>{st.players[acting]?.name}</b>: </> : null}
          <Breadcrumb view={view} />
          {stepText(stepOf(st), lang)}
          <PayLeft view={view} />
          {promptHints(places, moves, pickedBot, pickedTile).map((k) => ` — ${t(k)}`).join("")}
        </span>
      ) : (
        <span class="muted">{st.is_over ? t("gameOver") : cur !== null ? t("turnOf", { name: curName }) : ""}</span>
      )}
      <span class="btns">
        {buttons.map((m) => (
          <MoveButton m={m} play={play} />
        ))}
      </span>
    </div>
  );
}

/** Every legal move as a button, then the sequences offered as one click (nothing while a
 * move is on its way). */
export function MoveList({ moves, sequences, sending, play }: { moves: Offer[]; sequences: Offer[]; sending: string | null; play: (m: Offer) => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const focus = useListFocus(ref, moves); // issue 23.9: the focus stays here after a move
  return (
    <div class="movelist" data-testid="move-list" ref={ref} role="group" aria-label={t("moves")} tabIndex={-1} {...focus}>
      {moves.length === 0 ? <span class="muted">{sending ? t("sending") : t("noMoves")}</span> : null}
      {moves.map((m) => (
        <MoveButton m={m} play={play} list />
      ))}
      {sequences.length ? <span class="muted seqs">{labelled(t, t("oneClick"))}</span> : null}
      {sequences.map((m) => (
        <MoveButton m={m} play={play} list />
      ))}
    </div>
  );
}

/** What the pending decision is part of: the current player's enclosing steps (without the
 * turn itself), so "Pay" reads "Learn New Technology › Take the Lab space's benefit › Pay". */
function Breadcrumb({ view }: { view: View }) {
  const { lang } = useI18n();
  const parents = crumbsOf(view);
  if (!parents.length) return null;
  return <small class="crumbs">{parents.map((step) => stepText(step, lang)).join(" › ")} › </small>;
}

/** A payment's tokens still to pay (the engine asks them one at a time). */
function PayLeft({ view }: { view: View }) {
  const { t, cat } = useI18n();
  const left = payLeftOf(view);
  if (!left.length) return null;
  const words = left.map(([tok, n]) => `${n} ${tok === "any" ? t("anyRes") : itemName(cat, tok, n)}`);
  return <small class="muted">{parenthesised(t, labelled(t, t("toPay"), listed(t, words)))}</small>;
}

export function MoveButton({ m, play, list }: { m: Offer; play: (m: Offer) => void; list?: boolean }) {
  const card = { title: m.label, move: m };
  return (
    <button
      class={`move ${list ? "inlist" : ""} ${m.warnings.length ? "warned" : ""} ${m.seq ? "seq" : ""}`}
      {...playMark(m)}
      onClick={(e) => firstTap(m.move, card, e, () => play(m)) || play(m)}
      onMouseEnter={(e) => hover(card, e)}
      onMouseMove={(e) => hover(card, e)}
      onMouseLeave={() => hover(null)}
      onFocus={(e) => {
        // Keyboard focus only: a click focuses too, and its hover card is already there.
        if (!(e.target as HTMLElement).matches(":focus-visible")) return;
        const r = (e.target as HTMLElement).getBoundingClientRect();
        hover(card, { clientX: r.left, clientY: r.bottom } as MouseEvent);
      }}
      onBlur={() => hover(null)}
    >
      {m.warnings.length ? "⚠ " : ""}
      {m.seq ? "» " : ""}
      {m.label}
      {m.op ? <small class="op"> {m.op > 0 ? "+" : ""}{m.op}</small> : null}
    </button>
  );
}

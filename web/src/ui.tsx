// Shared pieces of the table: the play context (which places are clickable now), the hover
// card (a component's face or a move's preview), the pieces and the language switch.
import { createContext, type ComponentChildren } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { Dict, LegalMove, RefusedPlace, View } from "./api";
import { SHAPES, colourOf, initialOf, itemsText, rangesText, textOn, type HoverCard } from "./format";
import { hexesOf, playMark, refusedCard, tileOf, type Offer, type Places } from "./moves";
import { labelled, parenthesised, useI18n, type T } from "./i18n";

/** A player's piece: their colour, their seat's shape and their initial. */
export function Pawn(props: { view: View; seat: number; size?: number; dim?: boolean; title?: string }) {
  const { view, seat } = props;
  const s = props.size ?? 16;
  return (
    <svg class="pawn" width={`${(s / 14).toFixed(2)}em`} height={`${(s / 14).toFixed(2)}em`} viewBox="-10 -10 20 20" aria-label={view.players?.[seat]?.name}>
      {props.title ? <title>{props.title}</title> : null}
      <Shape seat={seat} r={9} fill={colourOf(view, seat)} opacity={props.dim ? 0.45 : 1} />
      <text y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill={textOn(colourOf(view, seat))}>
        {initialOf(view, seat)}
      </text>
    </svg>
  );
}

export function Shape(props: { seat: number; r: number; fill: string; opacity?: number; x?: number; y?: number; stroke?: string }) {
  const { r, fill } = props;
  const x = props.x ?? 0;
  const y = props.y ?? 0;
  const common = { fill, opacity: props.opacity ?? 1, stroke: props.stroke ?? "#111", "stroke-width": 1.2 };
  switch (SHAPES[props.seat % 4]) {
    case "square":
      return <rect x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7} rx={2} {...common} />;
    case "triangle":
      return <polygon points={`${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}`} {...common} />;
    case "diamond":
      return <polygon points={`${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`} {...common} />;
    default:
      return <circle cx={x} cy={y} r={r * 0.9} {...common} />;
  }
}

// --- hover card ----------------------------------------------------------------------------------
let showCard: (card: HoverCard | null, x?: number, y?: number, tap?: TapCard) => void = () => {};

/** A card a first tap opened: its move plays from its button or a second tap on the target; it
 * shows in the half of the screen away from the target, so the target stays in reach. */
interface TapCard {
  play?: () => void; // none for a refused place's card: it only says why not
  top: boolean;
}

export function hover(card: HoverCard | null, ev?: MouseEvent): void {
  if (tapped) return; // a tapped card stays until the next tap elsewhere
  showCard(card, ev?.clientX, ev?.clientY);
  markHexes(card?.move ?? null);
}

// --- touch: a first tap previews, a second plays ---------------------------------------------------
// Mouse and keyboard play at once (hovering already showed the card); a finger has no hover, so
// its first tap on a move's place shows the move's card (with a play button) and the second tap
// on the same place plays it. A tap anywhere else closes the card.
let lastPointer = "mouse";
/** The device's main pointer is a finger (a phone or tablet): places too small to aim between
 * are joined (``indexMoves``). */
export const FINGER = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
let tapped = ""; // the key of the move whose card a tap opened
let tapEvent: Event | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", (e) => (lastPointer = e.pointerType), true);
  document.addEventListener("keydown", () => (lastPointer = "keyboard"), true);
  document.addEventListener("click", (e) => {
    if (e === tapEvent || (e.target as Element)?.closest?.(".hovercard")) return;
    closeTap();
  });
}

function closeTap(): void {
  tapped = "";
  showCard(null);
  markHexes(null);
}

/** True when this click is a finger's first tap on ``key``: the card opened instead of playing. */
export function firstTap(key: string, card: HoverCard, e: Event, play: () => void): boolean {
  if (lastPointer !== "touch") return false;
  return pinCard(key, card, e, () => (closeTap(), play()));
}

/** A click (tap, Enter or mouse) on a refused place (issue 23.2): its why-not card stays open
 * until the next click elsewhere; a second click on it closes it. Nothing is sent. */
export function showWhyNot(key: string, card: HoverCard, e: Event): void {
  pinCard(key, card, e);
}

/** Pins ``card`` at the target of ``e`` (a second click on ``key`` closes it): true if opened. */
function pinCard(key: string, card: HoverCard, e: Event, play?: () => void): boolean {
  if (tapped === key) {
    closeTap();
    return false;
  }
  const r = (e.currentTarget as Element).getBoundingClientRect();
  tapped = "";
  markHexes(card.move ?? null);
  tapped = key;
  tapEvent = e;
  showCard(card, r.left, r.bottom, { play, top: r.top + r.height / 2 > window.innerHeight / 2 });
  return true;
}


// The hexes a hovered move names (in the list, the prompt or a chooser) light up on the map, so
// "from -4,1 to -3,0" is seen, not read: the first hex as "from", the last as "to". Done on the
// DOM directly: hovering re-renders nothing.
let marked = "";
function markHexes(move: LegalMove | null): void {
  // The notation only identifies the move (and finds its data-move elements); its hexes come
  // from its structure.
  const key = move?.move ?? "";
  if (key === marked) return;
  marked = key;
  for (const el of document.querySelectorAll("g.hex.lit, g.hex.lit-from, .lit-el")) el.classList.remove("lit", "lit-from", "lit-el");
  // The place on the boards that plays the same move (a card, a slot, a resource) lights up too.
  if (key) {
    for (const el of document.querySelectorAll(`[data-move="${CSS.escape(key)}"]`)) {
      if (!el.closest("[data-testid=move-list], .prompt, .modal, svg")) el.classList.add("lit-el");
    }
  }
  const hexes = move ? hexesOf(move) : [];
  hexes.forEach((h, k) => {
    const el = document.querySelector(`g.hex[data-hex="${h}"]`);
    el?.classList.add(hexes.length > 1 && k === 0 ? "lit-from" : "lit");
  });
}

/** Props that show a component's face on hover. */
export function faceProps(card: HoverCard | null) {
  if (!card) return {};
  return {
    onMouseEnter: (e: MouseEvent) => hover(card, e),
    onMouseMove: (e: MouseEvent) => hover(card, e),
    onMouseLeave: () => hover(null),
  };
}

export function HoverLayer() {
  const { t, cat } = useI18n();
  const [state, setState] = useState<{ card: HoverCard; x: number; y: number; tap?: TapCard } | null>(null);
  useEffect(() => {
    showCard = (card, x, y, tap) => setState(card ? { card, x: x ?? 0, y: y ?? 0, tap } : null);
    return () => {
      showCard = () => {};
    };
  }, []);
  if (!state) return null;
  const { card, x, y, tap } = state;
  const left = Math.max(4, Math.min(x + 14, window.innerWidth - 330));
  const top = y + 16 + 220 > window.innerHeight ? Math.max(4, y - 230) : y + 16;
  const place = tap ? (tap.top ? { top: "4px" } : { bottom: "4px" }) : { left: `${left}px`, top: `${top}px` };
  return (
    <div class={`hovercard ${tap ? "tapcard" : ""}`} style={place} role={tap ? "dialog" : "tooltip"} data-testid={tap ? "tap-card" : undefined}>
      <div class="hc-title">{card.title}</div>
      {card.lines?.map((l) => <div class="hc-line">{l}</div>)}
      {card.why ? (
        <div class="hc-why" data-testid="why-not">
          <b>{t("whyNot")}{t("colon")}</b>{card.why}
        </div>
      ) : null}
      {card.move ? <Preview m={card.move} t={t} cat={cat} /> : null}
      {tap?.play ? (
        <div class="tap-btns">
          <small class="muted">{t("tapAgain")}</small>
          <button class="primary" data-testid="tap-play" onClick={tap.play}>▶ {t("tapPlay")}</button>
        </div>
      ) : null}
    </div>
  );
}

export function Preview({ m, t, cat }: { m: LegalMove; t: T; cat: Dict | null }) {
  const rows: ComponentChildren[] = [];
  if (Object.keys(m.cost).length) rows.push(<div class="pv-cost">{labelled(t, t("cost"), itemsText(cat, m.cost, t))}</div>);
  if (Object.keys(m.gain).length) rows.push(<div class="pv-gain">{labelled(t, t("gain"), itemsText(cat, m.gain, t))}</div>);
  if (m.op) rows.push(<div class="pv-op">{m.op > 0 ? "+" : ""}{m.op} {t("op")}</div>);
  if (m.events.length)
    rows.push(
      <div class="pv-events">
        {labelled(t, t("events"))}<ul>{m.events.slice(0, 8).map((e) => <li>{e}</li>)}</ul>
      </div>,
    );
  if (m.then?.length)
    rows.push(
      <div class="pv-then" data-testid="preview-then">
        {labelled(t, t("thenOpen"))}
        <ul>
          {m.then.map((s) => {
            const parts: string[] = [];
            if (Object.keys(s.cost).length) parts.push(`${t("cost")} ${rangesText(cat, s.cost, t)}`);
            if (Object.keys(s.gain).length) parts.push(`${t("gain")} ${rangesText(cat, s.gain, t)}`);
            const [lo, hi] = s.op;
            if (lo || hi) parts.push(`${lo === hi ? lo : `${lo}–${hi}`} ${t("op")}`);
            if (s.partial) parts.push(t("rangePartial"));
            return (
              <li>
                {s.text}
                {s.choices > 1 ? parenthesised(t, t("choicesN", { n: s.choices })) : ""}
                {parts.length ? <span class="pv-range"> — {parts.join(" · ")}</span> : null}
              </li>
            );
          })}
        </ul>
      </div>,
    );
  if (m.irreversible) rows.push(<div class="pv-irreversible" data-testid="preview-irreversible">⚠ {m.irreversible_text}</div>);
  if (m.warnings.length) rows.push(<div class="pv-warn">⚠ {m.warnings.map((w) => w.text).join(" · ")}</div>);
  return <div class="preview">{rows}</div>;
}

// --- the play context ----------------------------------------------------------------------------
export interface PlayCtx {
  places: Places;
  active: boolean; // this browser may act now
  pickedBot: string | null;
  pickBot: (hex: string | null) => void;
  pickedTile: string | null;
  pickTile: (tile: string | null) => void;
  /** Why not (issue 23): the reason each refused place of this decision gives, by place key. */
  refused: Map<string, RefusedPlace>;
  play: (m: Offer) => void;
  choose: (moves: Offer[], title: string, bot?: { hex: string; n: number }) => void;
}

export const Play = createContext<PlayCtx>({
  places: new Map(),
  active: false,
  pickedBot: null,
  pickBot: () => {},
  pickedTile: null,
  pickTile: () => {},
  play: () => {},
  choose: () => {},
  refused: new Map(),
});

export function usePlay(): PlayCtx {
  return useContext(Play);
}

/** Clickable places are reached with Tab and played with Enter or Space. */
const KEYS = {
  tabIndex: 0,
  role: "button",
  onKeyDown: (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      (e.currentTarget as Element).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  },
};

/** Props making the element at ``key`` play its move (one) or offer a choice (several);
 * a component's face (``face``) shows on hover otherwise. */
export function useSpot(key: string, face: HoverCard | null, title?: string): Record<string, any> {
  const ctx = usePlay();
  const { t } = useI18n();
  const moves = ctx.active ? ctx.places.get(key) : undefined;
  // Its accessible name (issue 23.9): what it is, then the move it plays or how many it offers.
  const what = key.startsWith("hex:") ? spotName(t, { title: t("hexLabel", { hex: key.slice(4) }), lines: face?.lines }, title) : spotName(t, face, title);
  if (key.startsWith("bot:") && moves?.length) {
    const hex = key.slice(4);
    return {
      class: `spot${ctx.pickedBot === hex ? " picked" : ""}`,
      "aria-label": t("chooseLabel", { what: `⚙ ${t("hexLabel", { hex })}`, n: moves.length }),
      "aria-pressed": ctx.pickedBot === hex,
      ...KEYS,
      onClick: (e: Event) => {
        e.stopPropagation();
        ctx.pickBot(ctx.pickedBot === hex ? null : hex);
      },
      ...faceProps(face),
    };
  }
  if (!moves || moves.length === 0) {
    // Not playable now: pointing at it says why, without sending anything (issue 23).
    const why = ctx.active ? ctx.refused.get(key) : undefined;
    const named = what ? { role: "group", "aria-label": what } : {};
    if (why) {
      // Reachable by finger and keyboard too: focusable, disabled, its name carries the reason,
      // and a tap or Enter pins the same card the mouse shows on hover.
      const card = refusedCard(face, why);
      return {
        class: "refused",
        "data-refused": key,
        role: "button",
        tabIndex: 0,
        "aria-disabled": "true",
        "aria-label": t("refusedLabel", { what: what || card.title, why: why.text }),
        onKeyDown: KEYS.onKeyDown,
        onClick: (e: Event) => {
          e.stopPropagation();
          showWhyNot(key, card, e);
        },
        ...faceProps(card),
      };
    }
    return { class: "", ...named, ...faceProps(face) };
  }
  const tile = moves.length > 1 && !key.startsWith("lab:") ? tileOf(moves) : null;
  if (tile) {
    // A Tech tile with several Lab spaces to go to: pick it, then click the space.
    return {
      class: `spot multi${ctx.pickedTile === tile ? " picked" : ""}`,
      "aria-label": t("chooseLabel", { what, n: moves.length }),
      "aria-pressed": ctx.pickedTile === tile,
      ...KEYS,
      onClick: (e: Event) => {
        e.stopPropagation();
        hover(null);
        ctx.pickTile(ctx.pickedTile === tile ? null : tile);
      },
      ...faceProps(face),
    };
  }
  if (moves.length === 1) {
    const m = moves[0];
    const card = { title: m.label, lines: face ? [face.title, ...(face.lines ?? []).slice(0, 2)] : [], move: m };
    return {
      class: "spot",
      ...playMark(m),
      "aria-label": what ? t("playLabel", { what, move: m.label }) : m.label,
      ...KEYS,
      onClick: (e: Event) => {
        e.stopPropagation();
        if (firstTap(m.move, card, e, () => ctx.play(m))) return;
        hover(null);
        ctx.play(m);
      },
      onMouseEnter: (e: MouseEvent) => hover(card, e),
      onMouseMove: (e: MouseEvent) => hover(card, e),
      onMouseLeave: () => hover(null),
    };
  }
  // A Bot joined to its hex (a touch screen) is one choice: picked, it shows its places.
  const hex = key.startsWith("hex:") ? key.slice(4) : null;
  const bot = hex === null ? [] : moves.filter((m) => m.target.kind === "bot" && m.target.id === hex);
  const own = bot.length ? moves.filter((m) => !bot.includes(m)) : moves;
  return {
    class: "spot multi",
    "aria-label": t("chooseLabel", { what, n: moves.length }),
    ...KEYS,
    onClick: (e: Event) => {
      e.stopPropagation();
      hover(null);
      ctx.choose(own, title ?? face?.title ?? "", hex !== null && bot.length ? { hex, n: bot.length } : undefined);
    },
    ...faceProps(face),
  };
}

/** A place's name for assistive technology: its face's title and first lines ("Hex 2,-1, Mine";
 * in Chinese parted by the full-width comma, the dictionary's ``clauseSep``), else the title given. */
export function spotName(t: T, face: HoverCard | null, title?: string): string {
  if (!face) return title ?? "";
  return [face.title, ...(face.lines ?? []).slice(0, 2)].filter(Boolean).join(t("clauseSep"));
}

/** The language switch: English ⇄ Chinese, at any time. */
export function LangToggle() {
  const { lang, setLang } = useI18n();
  return (
    <button data-testid="lang-toggle" class="lang" onClick={() => setLang(lang === "en" ? "zh" : "en")} title="English / 中文">
      {lang === "en" ? "中文" : "English"}
    </button>
  );
}

// Pure formatting of what the table shows (no components, no DOM): player colours and initials,
// item names and amounts, hover cards for components and projected scores. Unit-tested.
import type { Dict, LegalMove, Score, View } from "./api";
import { labelled, listed, parenthesised, type T } from "./i18n";
import PLAYER_COLOURS from "../../src/onmars/tools/colours.json";

// Okabe-Ito colours for the four player colours; each seat also has its own shape. One table
// for the browser and `onmars analyse`'s charts: the Python package's own data.
export const COLOURS: Record<string, string> = PLAYER_COLOURS;
export const SHAPES = ["circle", "square", "triangle", "diamond"] as const;

export function colourOf(view: View, seat: number): string {
  return COLOURS[view.players?.[seat]?.colour] ?? "#999";
}

export function initialOf(view: View, seat: number): string {
  return (view.players?.[seat]?.name ?? "?").slice(0, 1).toUpperCase();
}

export function textOn(bg: string): string {
  return bg === COLOURS.yellow || bg === COLOURS.green ? "#111" : "#fff";
}

export interface HoverCard {
  title: string;
  lines?: string[];
  move?: LegalMove;
  /** Why this place cannot be played now (issue 23): the rule's reason, in the seat's language. */
  why?: string;
}

export function itemName(cat: Dict | null, item: string, n = 1): string {
  const names = cat?.names?.item?.[item];
  if (!names) return item;
  return n === 1 ? names.one : names.many;
}

/** Amounts of items ("2 Crystals, 1 Water"; "2 水晶、1 水" in Chinese); the schema leaves a
 * move's cost and gain free, so an amount is read as a number. */
export function itemsText(cat: Dict | null, items: Record<string, unknown>, t: T): string {
  return listed(
    t,
    Object.entries(items).map(([k, n]) => `${n} ${itemName(cat, k, Number(n))}`),
  );
}

/** Ranges of items a choice still open may cost or give ("0–2 Water, 1 Battery"); ``any``
 * (any Resource) is named by the dictionary's ``anyResource``. */
export function rangesText(cat: Dict | null, items: Record<string, number[]>, t: T): string {
  return listed(
    t,
    Object.entries(items).map(([k, [lo, hi]]) => `${lo === hi ? lo : `${lo}–${hi}`} ${k === "any" ? t("anyResource") : itemName(cat, k, hi)}`),
  );
}

/** What a projected final score is made of (the server's breakdown), biggest parts first, so a
 * surprising figure (unbuilt Blueprints, unfinished goals) explains itself. */
export function projectionCard(entry: Score | undefined, cat: Dict | null, t: T): HoverCard | null {
  if (!entry) return null;
  const parts = Object.entries((entry.breakdown ?? {}) as Record<string, number>).filter(([, n]) => n !== 0);
  parts.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  return {
    title: labelled(t, t("projected"), `${entry.total} ${t("op")}`),
    lines: parts.map(([k, n]) => `${n > 0 ? "+" : ""}${n}  ${cat?.names?.score?.[k] ?? k}`),
  };
}

// --- component faces from the catalog --------------------------------------------------------------
/** A printed code a player can read on a component (BP03, C08, M2, PG01, D14, R5): shown beside
 * its name; the engine's own ids (geologist, A-rover, shelter-red) are not. */
const CODE = /^[A-Z]{1,2}\d{1,2}$/;

export function face(cat: Dict | null, kind: string, id: string, t?: T): HoverCard | null {
  const entry = cat?.[kind]?.[id];
  if (!entry) return null;
  const lines: string[] = [];
  for (const k of ["text", "action", "benefit_text", "cost_text"]) if (entry[k]) lines.push(String(entry[k]));
  if (kind === "blueprint") {
    lines.unshift(`${entry.building_name} · ${t ? t("levelN", { n: entry.level }) : `L${entry.level}`}`);
  }
  if (kind === "contract" || kind === "private_goal") {
    if (entry.complete_op !== undefined) lines.push(`+${entry.complete_op} / ${entry.failed_op} ${t ? t("op") : "OP"}`);
    if (entry.rewards) lines.push(...Object.values(entry.rewards as Record<string, string>));
  }
  if (kind === "mission" && entry.targets) lines.push(`${entry.crystals} ◆`);
  if (kind === "scientist" && entry.cost_text) lines.push(entry.cost_text);
  // a Tech tile is told apart by its set (A, B) or its owner's colour, not by the engine's id
  const tag = CODE.test(id) ? id : kind === "tech_tile" ? (entry.set_name ?? "") : "";
  const name = entry.name ?? (CODE.test(id) ? "" : id);
  // a printed code keeps ASCII brackets in either language ("Mine (BP03)", "矿场 (BP03)"); a set
  // named in words takes the reader's brackets ("红" → "科技（红）")
  const aside = t && !CODE.test(id) && kind === "tech_tile" ? parenthesised(t, tag) : ` (${tag})`;
  const title = name && tag ? `${name}${aside}` : name || tag || id;
  return { title, lines: [...new Set(lines)] };
}

/** Whether the best total is shared: then the winner was decided by the tie-breakers (§24.4),
 * which the final scores must show. */
export function tiedAtTop(scores: { total: number }[]): boolean {
  const best = Math.max(...scores.map((s) => s.total));
  return scores.filter((s) => s.total === best).length > 1;
}

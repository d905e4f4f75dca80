// The Mars map in SVG: flat-top hexes with their buildings (by type, Shelters and Advanced
// Building markers in their owner's colour and shape), Bots, Rovers, Miners, Crystals, Discovery
// and Research tiles. Hexes where a legal move lands are highlighted and clickable.
import type { Dict, GameEvent, PlayerView, View } from "./api";
import { CELLS, cellText, centre, corners } from "./hexmap";
import { labelled, translator, useI18n, type Key, type Lang, type T } from "./i18n";
import { colourOf, face, initialOf, textOn } from "./format";
import { Shape, faceProps, usePlay, useSpot } from "./ui";
import { usePanZoom } from "./panzoom";

const SIZE = 27;

// Each hex's centre and outlines, computed once.
const GEOM = CELLS.map(([q, r]) => {
  const [cx, cy] = centre(q, r, SIZE);
  return { cx, cy, outline: corners(cx, cy, SIZE - 0.8), inner: corners(cx, cy, SIZE * 0.62) };
});

export const BUILDING_FILL: Record<string, string> = {
  mine: "#8d7b6b",
  generator: "#e8c547",
  extractor: "#56b4e9",
  greenhouse: "#7cc47f",
  condenser: "#cfe8f3",
  shelter: "#f4f1ea",
};
const CODES: Record<string, string> = { mine: "M", generator: "G", extractor: "W", greenhouse: "H", condenser: "O", shelter: "S" };

export function buildingCode(cat: Dict | null, lang: string, kind: string): string {
  if (lang === "zh") return (cat?.building?.[kind]?.name ?? kind).slice(0, 1);
  return CODES[kind] ?? kind.slice(0, 1).toUpperCase();
}

/** Which Blueprint each Advanced Building on Mars was made from, by hex. The view only says who
 * owns the marker (view.ab); the log's "advanced" events name the card, so the client reads
 * them (all events since ply 0 are loaded with the table and the replay). */
export function abCardsOf(events: GameEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) if (e.id === "advanced" && typeof e.hex === "string" && e.card) out.set(e.hex, String(e.card));
  return out;
}

export function MarsMap({ view, recent, abCards }: { view: View; recent?: Set<string>; abCards?: Map<string, string> }) {
  const { lang, cat, t } = useI18n();
  const ctx = usePlay();
  const w = SIZE * 20;
  const h = SIZE * 15.8;
  const rovers = new Map<number, number[]>();
  view.players.forEach((p: PlayerView, seat: number) => {
    const at = p.rover >= 0 ? p.rover : CELLS.findIndex(([q, r]) => q === 0 && r === 0);
    rovers.set(at, [...(rovers.get(at) ?? []), seat]);
  });
  const zoom = usePanZoom(w, h);
  return (
    <>
    <svg
      ref={zoom.ref}
      data-testid="board-map"
      class={`mars ${[...ctx.places.keys()].some((k) => k.startsWith("hex:") || k.startsWith("bot:")) && ctx.active ? "choosing" : ""}`}
      viewBox={zoom.viewBox()}
      onClick={() => ctx.pickBot(null)}
      role="img"
      aria-label={t("map")}
    >
      <defs>
        <radialGradient id="marsbg" cx="50%" cy="50%" r="60%">
          <stop offset="0%" stop-color="#c4643c" />
          <stop offset="100%" stop-color="#7a3520" />
        </radialGradient>
      </defs>
      <ellipse cx="0" cy="0" rx={w * 0.49} ry={h * 0.49} fill="url(#marsbg)" opacity="0.35" />
      {CELLS.map((_, i) => (
        <Hex key={i} view={view} i={i} rovers={rovers.get(i) ?? []} lang={lang} cat={cat} recent={!!recent?.has(cellText(i))} abCard={abCards?.get(cellText(i)) ?? ""} />
      ))}
      <Legend x={-w / 2 + 6} y={-h / 2 + 8} lang={lang} cat={cat} />
      <PieceLegend x={-w / 2 + 6} y={h / 2 - 68} />
    </svg>
    <div class="zoom">
      <button data-testid="zoom-in" aria-label={t("zoomIn")} title={t("zoomIn")} onClick={() => zoom.step(1.5)}>+</button>
      <button data-testid="zoom-out" aria-label={t("zoomOut")} title={t("zoomOut")} onClick={() => zoom.step(1 / 1.5)}>−</button>
      <button data-testid="zoom-reset" aria-label={t("zoomReset")} title={t("zoomReset")} onClick={zoom.reset}>⟲</button>
    </div>
    </>
  );
}

function Hex({ view, i, rovers, lang, cat, recent, abCard }: { view: View; i: number; rovers: number[]; lang: string; cat: Dict | null; recent: boolean; abCard: string }) {
  const ctx = usePlay();
  const t = translator(lang as Lang);
  const text = cellText(i);
  const { cx, cy, outline, inner } = GEOM[i];
  const bld: string = view.bld?.[i] ?? "";
  const [kind, shelterSeat] = bld.startsWith("shelter:") ? ["shelter", Number(bld.slice(8))] : [bld, -1];
  const abOwner: number = view.ab?.[i] ?? -1;
  const bot: number = view.bot?.[i] ?? -1;
  const miner: number = view.miner?.[i] ?? -1;
  const crystal = (view.crystal?.[i] ?? 0) > 0;
  const tile: string = view.tile?.[i] ?? "";
  const card = hexCard(view, i, cat, abCard, t);
  const spot = useSpot(`hex:${text}`, card, text);
  const botSpot = useSpot(`bot:${text}`, null);
  const isPicked = ctx.pickedBot === text;
  const clickable = spot.class?.includes("spot");
  return (
    <g {...spot} class={`hex ${spot.class ?? ""} ${isPicked ? "picked" : ""}`} data-hex={text}>
      <polygon
        points={outline}
        fill={kind ? BUILDING_FILL[kind] : "#c9764f"}
        stroke={clickable ? "#fff" : "#5b2a17"}
        stroke-width={clickable ? 2.5 : 1}
      />
      {recent ? <polygon class="recent" points={GEOM[i].outline} fill="none" stroke="#ffd166" stroke-width="2.2" stroke-dasharray="5 3" /> : null}
      {kind ? (
        <text x={cx} y={cy - SIZE * 0.42} class="bcode" text-anchor="middle" font-size="11" font-weight="700" fill="#222">
          {buildingCode(cat, lang, kind)}
        </text>
      ) : (
        <text x={cx} y={cy + SIZE * 0.78} class="coord" text-anchor="middle" font-size="6.5" fill="#5b2a17">
          {text}
        </text>
      )}
      {shelterSeat >= 0 ? (
        // The Shelter's owner: a little house in their colour with their initial.
        <g class="shelter-owner">
          <polygon points={`${cx - 6.5},${cy + 6} ${cx + 6.5},${cy + 6} ${cx + 6.5},${cy - 1} ${cx},${cy - 7} ${cx - 6.5},${cy - 1}`} fill={colourOf(view, shelterSeat)} stroke="#111" stroke-width="1" />
          <text x={cx} y={cy + 4.5} text-anchor="middle" font-size="7" font-weight="700" fill={textOn(colourOf(view, shelterSeat))}>
            {initialOf(view, shelterSeat)}
          </text>
        </g>
      ) : null}
      {abOwner >= 0 ? (
        <g>
          <polygon points={inner} fill="none" stroke={colourOf(view, abOwner)} stroke-width="4" />
          <polygon points={inner} fill="none" stroke="#111" stroke-width="0.8" />
          {abCard ? (
            <g class="abcard">
              <rect x={cx - 10} y={cy + SIZE * 0.5} width="20" height="9" rx="2" fill={colourOf(view, abOwner)} stroke="#111" stroke-width="0.6" />
              <text x={cx} y={cy + SIZE * 0.5 + 7} text-anchor="middle" font-size="7" font-weight="700" fill={textOn(colourOf(view, abOwner))}>
                {abCard}
              </text>
            </g>
          ) : null}
        </g>
      ) : null}
      {crystal ? <polygon points={`${cx + 12},${cy - 12} ${cx + 16},${cy - 6} ${cx + 12},${cy} ${cx + 8},${cy - 6}`} fill="#d36fd8" stroke="#222" stroke-width="0.8" /> : null}
      {tile ? (
        <g>
          <rect x={cx - 9} y={cy - 7} width="18" height="14" rx="2" fill={tile.startsWith("R") ? "#fff3c4" : "#3b2a50"} stroke="#111" stroke-width="0.8" />
          <text x={cx} y={cy + 3.5} text-anchor="middle" font-size="8" font-weight="700" fill={tile.startsWith("R") ? "#111" : "#fff"}>
            {tile}
          </text>
        </g>
      ) : null}
      {miner >= 0 ? (
        // A Colonist working the Mine: a pawn (head and body), not a disc like Bots and Shelters.
        <g class="miner">
          <circle cx={cx - 11} cy={cy + 2} r="3.2" fill={colourOf(view, miner)} stroke="#111" stroke-width="0.8" />
          <path d={`M${cx - 16},${cy + 14} L${cx - 14.5},${cy + 6} Q${cx - 11},${cy + 4} ${cx - 7.5},${cy + 6} L${cx - 6},${cy + 14} Z`} fill={colourOf(view, miner)} stroke="#111" stroke-width="0.8" />
          <text x={cx - 11} y={cy + 12.5} text-anchor="middle" font-size="5.5" font-weight="700" fill={textOn(colourOf(view, miner))}>
            {initialOf(view, miner)}
          </text>
        </g>
      ) : null}
      {bot >= 0 ? (
        <g {...botSpot} class={`botpiece ${botSpot.class ?? ""} ${isPicked ? "picked" : ""}`}>
          <Shape seat={bot} r={8} x={cx + 9} y={cy + 7} fill={colourOf(view, bot)} stroke={isPicked ? "#fff" : "#111"} />
          <text x={cx + 9} y={cy + 10} text-anchor="middle" font-size="7.5" font-weight="700" fill={textOn(colourOf(view, bot))}>
            {initialOf(view, bot)}
          </text>
          {/* a Bot's antenna: it reads as a robot, not a Shelter's owner disc */}
          <line x1={cx + 9} y1={cy - 1} x2={cx + 9} y2={cy - 4.5} stroke="#111" stroke-width="1.2" />
          <circle cx={cx + 9} cy={cy - 5.5} r="1.7" fill="#ffd166" stroke="#111" stroke-width="0.7" />
        </g>
      ) : null}
      {rovers.map((seat, k) => (
        <g {...faceProps({ title: labelled(t, view.players[seat].name, cat?.names?.tech?.rover ?? "Rover") })}>
          <rect x={cx - 16 + k * 9} y={cy - 6 - 10} width="9" height="6" rx="1.5" fill={colourOf(view, seat)} stroke="#111" stroke-width="0.8" />
          <circle cx={cx - 14 + k * 9} cy={cy - 9} r="1.6" fill="#111" />
          <circle cx={cx - 9 + k * 9} cy={cy - 9} r="1.6" fill="#111" />
        </g>
      ))}
    </g>
  );
}

function hexCard(view: View, i: number, cat: Dict | null, abCard: string, t: T) {
  const lines: string[] = [];
  const bld: string = view.bld?.[i] ?? "";
  const kind = bld.startsWith("shelter:") ? "shelter" : bld;
  const name = (seat: number) => view.players?.[seat]?.name ?? "?";
  if (kind) lines.push(cat?.building?.[kind]?.name ?? kind);
  if (bld.startsWith("shelter:")) lines.push(`→ ${name(Number(bld.slice(8)))}`);
  if ((view.ab?.[i] ?? -1) >= 0) {
    const bp = abCard ? face(cat, "blueprint", abCard, t) : null;
    lines.push(`★ ${bp ? labelled(t, name(view.ab[i]), bp.title) : name(view.ab[i])}`);
    if (bp) lines.push(...(bp.lines ?? []).slice(0, 3));
  }
  if ((view.bot?.[i] ?? -1) >= 0) lines.push(`⚙ ${name(view.bot[i])}`);
  if ((view.miner?.[i] ?? -1) >= 0) lines.push(`⛏ ${name(view.miner[i])}`);
  if (view.crystal?.[i]) lines.push(`◆ ${cat?.names?.item?.crystal?.one ?? "Crystal"}`);
  const tile: string = view.tile?.[i] ?? "";
  if (tile) {
    const f = face(cat, tile.startsWith("R") && tile.length === 2 ? "research" : "discovery", tile.startsWith("R") && tile.length === 2 ? tile.slice(1) : tile);
    lines.push(labelled(t, tile, f?.lines?.[0] ?? ""));
  }
  return { title: cellText(i), lines };
}

/** The building types' colours and letters, in the map's empty top-left corner. */
function Legend({ x, y, lang, cat }: { x: number; y: number; lang: string; cat: Dict | null }) {
  return (
    <g class="legend" transform={`translate(${x},${y})`}>
      {Object.keys(BUILDING_FILL).map((kind, k) => (
        <g transform={`translate(0,${k * 12})`}>
          <rect width="11" height="10" rx="2" fill={BUILDING_FILL[kind]} stroke="#222" stroke-width="0.6" />
          <text x="5.5" y="8" text-anchor="middle" font-size="7.5" font-weight="700" fill="#222">{buildingCode(cat, lang, kind)}</text>
          <text x="15" y="8.2" font-size="8.5" fill="#e9e2d6">{cat?.building?.[kind]?.name ?? kind}</text>
        </g>
      ))}
    </g>
  );
}

/** The pieces, in the map's empty bottom-left corner: drawn as on the map, in a neutral grey. */
function PieceLegend({ x, y }: { x: number; y: number }) {
  const { t } = useI18n();
  const grey = "#b8b0a6";
  const rows: [Key, any][] = [
    ["pcBot", <g><rect x="1" y="3" width="9" height="8" rx="1.5" fill={grey} stroke="#111" stroke-width="0.8" /><line x1="5.5" y1="3" x2="5.5" y2="0.5" stroke="#111" /><circle cx="5.5" cy="0.5" r="1.3" fill="#ffd166" stroke="#111" stroke-width="0.5" /></g>],
    ["pcMiner", <g><circle cx="5.5" cy="2.5" r="2.2" fill={grey} stroke="#111" stroke-width="0.6" /><path d="M2,11 L3,5.5 Q5.5,4.2 8,5.5 L9,11 Z" fill={grey} stroke="#111" stroke-width="0.6" /></g>],
    ["pcRover", <g><rect x="1" y="3" width="9" height="5" rx="1.5" fill={grey} stroke="#111" stroke-width="0.8" /><circle cx="3" cy="9" r="1.5" fill="#111" /><circle cx="8" cy="9" r="1.5" fill="#111" /></g>],
    ["pcShelter", <polygon points="1,11 10,11 10,5.5 5.5,1 1,5.5" fill={grey} stroke="#111" stroke-width="0.8" />],
    ["pcAdvanced", <polygon points={corners(5.5, 6, 5.5)} fill="none" stroke={grey} stroke-width="2.2" />],
  ];
  return (
    <g class="legend" transform={`translate(${x},${y})`}>
      {rows.map(([key, pic], k) => (
        <g transform={`translate(0,${k * 13})`}>
          {pic}
          <text x="16" y="10" font-size="9.5" fill="#e9e2d6">{t(key)}</text>
        </g>
      ))}
    </g>
  );
}

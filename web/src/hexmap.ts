// The Mars map: flat-top hexes in axial q,r (centre 0,0, r grows downwards), in the engine's cell
// order (src/onmars/rules/hexmap.py: by column q, then r). The columns mirror rules/data/map.toml.
const COLUMNS: [number, number, number][] = [
  [-6, 2, 4], [-5, 0, 5], [-4, -1, 5], [-3, -2, 5], [-2, -3, 5], [-1, -3, 4], [0, -4, 4],
  [1, -4, 3], [2, -5, 3], [3, -5, 2], [4, -5, 1], [5, -5, 0], [6, -4, -2],
];

export const CELLS: [number, number][] = COLUMNS.flatMap(([q, lo, hi]) =>
  Array.from({ length: hi - lo + 1 }, (_, k) => [q, lo + k] as [number, number]),
);

export const cellText = (i: number): string => `${CELLS[i][0]},${CELLS[i][1]}`;

const INDEX = new Map(CELLS.map((c, i) => [`${c[0]},${c[1]}`, i]));
export const cellOf = (text: string): number | undefined => INDEX.get(text);

/** Centre of a hex of the given size (centre to corner), flat-top layout. */
export function centre(q: number, r: number, size: number): [number, number] {
  return [size * 1.5 * q, size * Math.sqrt(3) * (r + q / 2)];
}

export function corners(cx: number, cy: number, size: number): string {
  const pts: string[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** Axial directions 0..5: N, NE, SE, S, SW, NW (as the engine's arrows use them). */
export const DIRECTIONS: [number, number][] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

// Panning and zooming the Mars map: the wheel zooms at the pointer, one finger (or the mouse)
// drags a zoomed map, two fingers pinch, and the +/−/reset buttons call step/reset. It changes
// the SVG's viewBox directly (no re-render of the hexes); a drag swallows the click that ends
// it, so a tap or a click on a hex still plays.
import { useEffect, useRef } from "preact/hooks";

const MAX_ZOOM = 5;
/** How far (CSS px) a pointer moves before a press becomes a drag. */
const DRAG_PX = 8;

interface Box {
  x: number;
  y: number;
  k: number; // zoom: the view shows w/k by h/k of the map
}

export function usePanZoom(w: number, h: number) {
  const ref = useRef<SVGSVGElement>(null);
  const box = useRef<Box>({ x: -w / 2, y: -h / 2, k: 1 });

  const viewBox = () => {
    const { x, y, k } = box.current;
    return `${x.toFixed(2)} ${y.toFixed(2)} ${(w / k).toFixed(2)} ${(h / k).toFixed(2)}`;
  };
  const apply = () => {
    const b = box.current;
    // Keep the view inside the map.
    b.x = Math.min(Math.max(b.x, -w / 2), w / 2 - w / b.k);
    b.y = Math.min(Math.max(b.y, -h / 2), h / 2 - h / b.k);
    ref.current?.setAttribute("viewBox", viewBox());
    ref.current?.classList.toggle("zoomed", b.k > 1);
  };
  /** The map point under a screen point. */
  const toMap = (cx: number, cy: number): [number, number] => {
    const svg = ref.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return [0, 0];
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  /** Zoom by ``factor`` keeping the map point (px, py) where it is on screen. */
  const zoomAt = (factor: number, px: number, py: number) => {
    const b = box.current;
    const k = Math.min(Math.max(b.k * factor, 1), MAX_ZOOM);
    b.x = px - ((px - b.x) * b.k) / k;
    b.y = py - ((py - b.y) * b.k) / k;
    b.k = k;
    apply();
  };
  const step = (factor: number) => {
    const b = box.current;
    zoomAt(factor, b.x + w / b.k / 2, b.y + h / b.k / 2);
  };
  const reset = () => {
    box.current = { x: -w / 2, y: -h / 2, k: 1 };
    apply();
  };

  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const down = new Map<number, { x: number; y: number }>();
    let dragging = false;
    let start: { x: number; y: number } | null = null;
    let swallow = false;

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const [px, py] = toMap(e.clientX, e.clientY);
      zoomAt(Math.exp(-e.deltaY * (e.deltaMode ? 0.05 : 0.0015)), px, py);
    };
    const onDown = (e: PointerEvent) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      down.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (down.size === 1) {
        start = { x: e.clientX, y: e.clientY };
        dragging = false;
        swallow = false;
      }
    };
    const onMove = (e: PointerEvent) => {
      const prev = down.get(e.pointerId);
      if (!prev) return;
      const now = { x: e.clientX, y: e.clientY };
      if (down.size >= 2) {
        // Pinch: the distance between two fingers scales the map around their midpoint, and
        // the midpoint's move pans it.
        const [a, b] = [...down.entries()].slice(0, 2);
        const other = a[0] === e.pointerId ? b[1] : a[1];
        const before = Math.hypot(prev.x - other.x, prev.y - other.y);
        const after = Math.hypot(now.x - other.x, now.y - other.y);
        const [m0x, m0y] = toMap((prev.x + other.x) / 2, (prev.y + other.y) / 2);
        if (before > 0) zoomAt(after / before, m0x, m0y);
        const [m1x, m1y] = toMap((now.x + other.x) / 2, (now.y + other.y) / 2);
        box.current.x -= m1x - m0x;
        box.current.y -= m1y - m0y;
        apply();
        dragging = true;
      } else if (start && (dragging || Math.hypot(now.x - start.x, now.y - start.y) > DRAG_PX)) {
        if (box.current.k > 1) {
          if (!dragging) svg.setPointerCapture?.(e.pointerId);
          dragging = true;
          svg.classList.add("dragging");
          const [ax, ay] = toMap(prev.x, prev.y);
          const [bx, by] = toMap(now.x, now.y);
          box.current.x -= bx - ax;
          box.current.y -= by - ay;
          apply();
        }
      }
      down.set(e.pointerId, now);
    };
    const onUp = (e: PointerEvent) => {
      if (!down.delete(e.pointerId)) return;
      if (dragging) swallow = true;
      if (down.size === 0) {
        dragging = false;
        start = null;
        svg.classList.remove("dragging");
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!swallow) return;
      swallow = false;
      e.stopPropagation();
      e.preventDefault();
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    svg.addEventListener("pointerdown", onDown);
    svg.addEventListener("pointermove", onMove);
    svg.addEventListener("pointerup", onUp);
    svg.addEventListener("pointercancel", onUp);
    svg.addEventListener("click", onClick, true);
    return () => {
      svg.removeEventListener("wheel", onWheel);
      svg.removeEventListener("pointerdown", onDown);
      svg.removeEventListener("pointermove", onMove);
      svg.removeEventListener("pointerup", onUp);
      svg.removeEventListener("pointercancel", onUp);
      svg.removeEventListener("click", onClick, true);
    };
  }, []);

  return { ref, viewBox, step, reset };
}

// @ts-check
// Where a piece goes on the map: the place the board's row layout gives it when that place lies
// inside its area's outline (R1.1: a piece is in one area), else the nearest free place inside
// (small or narrow areas: The Arbor, Pyke, The Golden Sound, with several pieces). The outlines
// are read once per map from the map's SVG (names.js MAP_SVG), as canvas paths.
import { MAP_SVG } from './names.js';

const STEP = 4; // map units between the places tried around the area's anchor
const REACH = 72; // how far from the anchor they are tried
const RING = [...Array(8)].map((_, i) => [Math.cos((i * Math.PI) / 4), Math.sin((i * Math.PI) / 4)]);
const ctx = document.createElement('canvas').getContext('2d');
/** @type {{svg: string, paths: Map<string, Path2D>, spots: Map<string, number[][]>, done: Map<string, number[][]>} | null} */
let outlines = null;

function pathOf(area) {
  if (!outlines || outlines.svg !== MAP_SVG) {
    const doc = new DOMParser().parseFromString(MAP_SVG, 'image/svg+xml');
    const paths = new Map();
    for (const el of doc.querySelectorAll('path[data-area]')) paths.set(el.getAttribute('data-area'), new Path2D(el.getAttribute('d')));
    outlines = { svg: MAP_SVG, paths, spots: new Map(), done: new Map() };
  }
  return outlines.paths.get(area);
}

/** Whether a piece of radius `r` centred at (x, y) lies inside the outline (its centre, and most
 * of it: a ring at 0.6 r). */
function fits(path, x, y, r) {
  if (!ctx.isPointInPath(path, x, y)) return false;
  return RING.every(([c, s]) => ctx.isPointInPath(path, x + 0.6 * r * c, y + 0.6 * r * s));
}

/** The places inside an area around its anchor (computed once per area). */
/** @param {string} area @param {Path2D} path @param {number[]} anchor */
function spotsOf(area, path, anchor) {
  const [ax, ay] = anchor;
  let spots = outlines.spots.get(area);
  if (!spots) {
    spots = [];
    for (let y = ay - REACH; y <= ay + REACH; y += STEP) {
      for (let x = ax - REACH; x <= ax + REACH; x += STEP) if (ctx.isPointInPath(path, x, y)) spots.push([x, y]);
    }
    outlines.spots.set(area, spots);
  }
  return spots;
}

/** The centres of an area's pieces: `wanted` is [x, y, r] of each piece, in drawing order; each
 * keeps its place when it fits in the area and clears the pieces placed before it, else takes
 * the nearest place that does (in an area too small for it: the nearest free place that holds
 * its centre, else the nearest place inside, over another piece: a crowded port). @param {string} area @param {number[]} anchor @param {number[][]} wanted */
export function settle(area, anchor, wanted) {
  const path = MAP_SVG && ctx ? pathOf(area) : null;
  if (!path) return wanted.map(([x, y]) => [x, y]);
  const key = `${area}:${wanted.join(';')}`; // the same pieces: the same places (every render)
  const known = outlines.done.get(key);
  if (known) return known;
  const placed = [];
  const out = wanted.map(([x, y, r]) => {
    const clear = (px, py) => placed.every(([qx, qy, qr]) => Math.hypot(px - qx, py - qy) >= 0.8 * (r + qr));
    let at = [x, y];
    if (!fits(path, x, y, r) || !clear(x, y)) {
      const near = spotsOf(area, path, anchor).slice()
        .sort((p, q) => Math.hypot(p[0] - x, p[1] - y) - Math.hypot(q[0] - x, q[1] - y));
      const free = near.filter(([px, py]) => clear(px, py));
      at = free.find(([px, py]) => fits(path, px, py, r)) || free[0] || near[0] || at;
    }
    placed.push([at[0], at[1], r]);
    return at;
  });
  outlines.done.set(key, out);
  return out;
}

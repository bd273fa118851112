// @ts-check
// The board: the SVG map, the pieces drawn over it, zoom and pan, the popup of choices.
import { html } from '../common.js';
import { useRef, useEffect, useMemo, useState } from 'preact/hooks';
import { COLORS, INITIAL, UNIT_NAMES, DATA, MAP_SVG, MAP_BOX, houseName, orderTitle, orderLabel, areaOfChoice, focusArea, shade, choiceLabel } from './names.js';
import { homesOf, garrisonHouse, drawScenarioHomes } from './scenario.js';
import { settle } from './layout.js';

// ------------------------------------------------------------------ the board (map + pieces)
export const K = 1.45; // pieces drawn larger than the map's own markers
export function UnitShape({ kind, house, routed, x, y }) {
  const [fill, ink] = COLORS[house] || ['#999', '#000'];
  const title = `${houseName(house)} ${UNIT_NAMES[kind] || kind}${routed ? ' (routed)' : ''}`;
  let shape;
  if (kind === 'footman') shape = html`<circle cx=${x} cy=${y} r="4.3"/>`;
  else if (kind === 'knight') shape = html`<path d=${`M${x} ${y - 5.2}L${x + 5.2} ${y}L${x} ${y + 5.2}L${x - 5.2} ${y}Z`}/>`;
  else if (kind === 'siege_engine') shape = html`<path d=${`M${x} ${y - 5.2}L${x + 5.2} ${y + 4.2}L${x - 5.2} ${y + 4.2}Z`}/>`;
  else if (kind === 'dragon') shape = html`<path d=${`M${x} ${y - 6}L${x + 6} ${y - 1}L${x + 3.5} ${y + 5}L${x - 3.5} ${y + 5}L${x - 6} ${y - 1}Z`}/>`; // X-MOD-6: a pentagon
  else shape = html`<path d=${`M${x - 6} ${y - 2}L${x + 6} ${y - 2}L${x + 3.5} ${y + 4}L${x - 3.5} ${y + 4}Z M${x - 0.6} ${y - 2}V${y - 6}h1.2V${y - 2}Z`}/>`;
  return html`<g class=${'unit' + (routed ? ' routed' : '')} fill=${fill} data-unit=${kind} data-house=${house}
      transform=${`translate(${x * (1 - K)} ${y * (1 - K)}) scale(${K})`}>
    <title>${title}</title>${shape}
    <text x=${x} y=${y + (kind === 'siege_engine' ? 2.8 : kind === 'ship' ? 2.6 : 1.9)} fill=${ink} class="uinit">${INITIAL[house]}</text>
    ${routed && html`<path class="routed-mark" d=${`M${x - 5} ${y + 5}L${x + 5} ${y - 5}`}/>`}</g>`;
}

const UNIT_R = { ship: 8.7, dragon: 8.7 }; // half a piece's width, drawn at scale K (7.5 for the rest)

export function Pieces({ view, choiceAreas, onOrder }) {
  const out = [];
  const areas = DATA.areas;
  for (const [a, info] of Object.entries(areas)) {
    if (!info.xy) continue;
    const [x, y0] = info.xy;
    const port = info.kind === 'port';
    const y = port ? y0 : y0 + 19;
    const units = view.units[a] || [];
    const order = view.orders[a];
    const token = view.power_tokens[a];
    const garrison = view.garrisons[a];
    const loyalty = (view.loyalty || {})[a]; // X-MOD-7: Targaryen's loyalty tokens
    const neutral = view.neutral_forces[a];
    // the row under the name: the order, the units, the power token; the garrison and the
    // loyalty tokens beside the name; each moved inside the area if it would stray (layout.js)
    const w = 15.5;
    const n = units.length + (token ? 1 : 0);
    const x0 = x - ((n - 1) * w) / 2 + (order && !port ? 6 : 0);
    const wanted = units.map((u, i) => [x0 + i * w, y, UNIT_R[u.kind] || 7.5]);
    if (token) wanted.push([x0 + units.length * w, y, 6]);
    if (order) wanted.push(port ? [x + 13, y0 - 9, 8.6] : [x - ((n - 1) * w) / 2 - 9, y, 8.6]);
    if (garrison) wanted.push([x + 21, y0 - 20.5, 6.5]);
    if (loyalty) wanted.push([x - 21, y0 - 21, 6]);
    if (neutral) wanted.push([x, y, 9]);
    if (!wanted.length) continue;
    const at = settle(a, info.xy, wanted);
    const items = units.map((u, i) => html`<${UnitShape} ...${u} x=${at[i][0]} y=${at[i][1]}/>`);
    let k = units.length;
    if (token) {
      const [fill, ink] = COLORS[token];
      const [tx, ty] = at[k++];
      items.push(html`<g class="power" data-house=${token}><title>Power token: ${houseName(token)}</title>
        <circle cx=${tx} cy=${ty} r="6" fill=${fill}/><text x=${tx} y=${ty + 2.6} fill=${ink} class="uinit big">${INITIAL[token]}</text></g>`);
    }
    if (order) {
      const [ox, oy] = at[k++];
      const [fill, ink] = COLORS[order.house];
      const clickable = choiceAreas.has(a);
      items.push(html`<g class=${'order' + (order.token ? '' : ' facedown') + (clickable ? ' hit' : '')}
          data-order=${a} onClick=${clickable ? (e) => { e.stopPropagation(); onOrder(a, e); } : null}>
        <title>${order.token ? `${houseName(order.house)}: ${orderTitle(order.token)}` : `${houseName(order.house)}: an order (face down)`}</title>
        <circle cx=${ox} cy=${oy} r="8.6" fill=${order.token ? '#3b3020' : fill} stroke=${fill}/>
        <text x=${ox} y=${oy + 2.3} fill=${order.token ? '#fff8e0' : ink} class="otext">${order.token ? orderLabel(order.token) : INITIAL[order.house] + '?'}</text></g>`);
    }
    if (garrison) {
      const [gx, gy] = at[k++];
      items.push(html`<g class="garrison"><title>Garrison of strength ${garrison}${garrisonHouse(view, a)}</title>
        <path d=${`M${gx - 5} ${gy - 6.5}h10v6q0 5-5 7q-5-2-5-7Z`}/><text x=${gx} y=${gy + 1}>${garrison}</text></g>`);
    }
    if (loyalty) {
      const [lx, ly] = at[k++];
      items.push(html`<g class="loyalty" data-loyalty=${a}><title>Loyalty tokens: ${loyalty}</title>
        <circle cx=${lx} cy=${ly} r="6" fill="#4a0d12" stroke="#f0c85a"/><text x=${lx} y=${ly + 2.4} fill="#f0c85a" class="uinit big">${loyalty}</text></g>`);
    }
    if (neutral) {
      const [nx, ny] = at[k++];
      items.push(html`<g class="neutral"><title>Neutral force: strength ${neutral}</title>
        <rect x=${nx - 11} y=${ny - 6} width="22" height="12" rx="2"/><text x=${nx} y=${ny + 3}>⚔${neutral}</text></g>`);
    }
    out.push(html`<g data-pieces=${a}>${items}</g>`);
  }
  return out;
}

/** Who controls each area as the page draws it: units, else a power token, else the house whose
 * home area it is (R1.3.2: a home area falls back to its house when no other house holds it). */
export function controlOf(view) {
  const control = {};
  for (const [a, home] of Object.entries(homesOf(view))) {
    if (view.houses[home]) control[a] = home;
  }
  for (const [a, hs] of Object.entries(view.power_tokens)) control[a] = hs;
  for (const [a, us] of Object.entries(view.units)) if (us.length) control[a] = us[0].house;
  return control;
}

/** The marches to draw: this action phase's resolved marches (from the log) and the plan of
 * the march being decided (its decision's context). */
export function marchArrows(view, decision, events) {
  const out = [];
  if (view.phase === 'action') {
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (!e) continue;
      if (e.kind === 'round' || e.kind === 'planning') break;
      if (e.kind === 'march') out.push({ from: e.from_area, to: e.to, house: e.house, kind: 'done' });
    }
  }
  if (decision && decision.kind === 'march_move' && decision.context && decision.context.plan) {
    for (const step of decision.context.plan.split(',')) {
      const to = step.split('>')[1];
      if (to) out.push({ from: decision.context.area, to, house: view.house, kind: 'plan' });
    }
  }
  return out;
}

function Arrows({ arrows }) {
  return arrows.map((m, i) => {
    const a = DATA.areas[m.from], b = DATA.areas[m.to];
    if (!a || !b || !a.xy || !b.xy) return null;
    const [x1, y1] = a.xy, [x2, y2] = b.xy;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ex = x2 - ((x2 - x1) / len) * 10, ey = y2 - ((y2 - y1) / len) * 10; // stop short of the anchor
    const [fill] = COLORS[m.house] || ['#555'];
    return html`<g class=${'arrow ' + m.kind} data-march=${`${m.from}>${m.to}`} data-kind=${m.kind}>
      <title>${m.kind === 'plan' ? 'Planned march' : 'March'}: ${DATA.areas[m.from].name} → ${DATA.areas[m.to].name}</title>
      <line x1=${x1} y1=${y1} x2=${ex} y2=${ey} stroke="#1b160c" stroke-width="5" marker-end="url(#arrowhead)"/>
      <line x1=${x1} y1=${y1} x2=${ex} y2=${ey} stroke=${fill} stroke-width="3"/></g>`;
  });
}

/** What is in an area (the hover card): owner, units, order, power token, garrison, neutral
 * force, castle, supply barrels and power crowns. */
export function AreaCard({ area, view }) {
  const info = DATA.areas[area];
  const hs = controlOf(view)[area];
  const home = homesOf(view)[area];
  const units = view.units[area] || [];
  const order = view.orders[area];
  const what = [info.fort ? humanizeFort(info.fort) : null, info.supply ? `${info.supply} supply` : null,
    info.power ? `${info.power} power crown${info.power > 1 ? 's' : ''}` : null, home ? `home of ${houseName(home)}` : null].filter(Boolean);
  return html`<div class="areacard" id="areacard" data-area-card=${area}>
    <b>${info.name}</b> <small>${info.kind}${what.length ? ' · ' + what.join(' · ') : ''}</small>
    <div>${hs ? `Held by ${houseName(hs)}` : info.kind === 'sea' ? 'Nobody’s' : 'Nobody holds it'}</div>
    ${units.length > 0 && html`<div>Units: ${units.map((u) => `${houseName(u.house)} ${UNIT_NAMES[u.kind] || u.kind}${u.routed ? ' (routed)' : ''}`).join(', ')}</div>`}
    ${order && html`<div>Order: ${order.token ? orderTitle(order.token) : `${houseName(order.house)}'s, face down`}</div>`}
    ${view.power_tokens[area] && html`<div>Power token of ${houseName(view.power_tokens[area])}</div>`}
    ${view.garrisons[area] && html`<div>Garrison ${view.garrisons[area]}${garrisonHouse(view, area)}</div>`}
    ${view.neutral_forces[area] && html`<div>Neutral force ${view.neutral_forces[area]}</div>`}
    ${(view.impassable || []).includes(area) && html`<div>Impassable: no unit may enter it</div>`}
  </div>`;
}
const humanizeFort = (f) => (f === 'stronghold' ? 'stronghold' : f === 'castle' ? 'castle' : String(f));

const ZOOM_MIN = 1;
const ZOOM_MAX = 5;

/** Zoom and pan of the map: wheel (around the pointer), two-finger pinch, drag, buttons.
 * The map and the pieces are scaled together with a CSS transform; a click is still a click
 * (a drag of more than a few pixels is not). */
function useZoom(viewport) {
  const [z, setZ] = useState({ k: 1, x: 0, y: 0 });
  const st = useRef({ pointers: new Map(), moved: false, start: null, z });
  st.current.z = z;
  const clamp = (k, x, y) => {
    const box = viewport.current.getBoundingClientRect();
    k = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k));
    x = Math.min(0, Math.max(box.width * (1 - k), x));
    y = Math.min(0, Math.max(box.height * (1 - k), y));
    return { k, x, y };
  };
  const zoomAt = (factor, px, py) => {
    const { k, x, y } = st.current.z;
    const nk = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k * factor));
    const f = nk / k;
    setZ(clamp(nk, px - (px - x) * f, py - (py - y) * f));
  };
  const local = (e) => { const b = viewport.current.getBoundingClientRect(); return [e.clientX - b.left, e.clientY - b.top]; };
  const center = () => { const b = viewport.current.getBoundingClientRect(); return [b.width / 2, b.height / 2]; };
  const handlers = {
    onWheel: (e) => { e.preventDefault(); const [px, py] = local(e); zoomAt(e.deltaY < 0 ? 1.25 : 0.8, px, py); },
    onPointerDown: (e) => {
      st.current.pointers.set(e.pointerId, local(e));
      st.current.moved = false;
      st.current.start = { z: st.current.z, points: [...st.current.pointers.values()].map((p) => [...p]) };
    },
    onPointerMove: (e) => {
      const s = st.current;
      if (!s.pointers.has(e.pointerId) || !s.start) return;
      s.pointers.set(e.pointerId, local(e));
      const now = [...s.pointers.values()];
      const was = s.start.points;
      if (now.length >= 2 && was.length >= 2) { // pinch: scale by the change of distance
        const d0 = Math.hypot(was[0][0] - was[1][0], was[0][1] - was[1][1]) || 1;
        const d1 = Math.hypot(now[0][0] - now[1][0], now[0][1] - now[1][1]);
        const cx = (now[0][0] + now[1][0]) / 2, cy = (now[0][1] + now[1][1]) / 2;
        const k0 = s.start.z.k, nk = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k0 * (d1 / d0)));
        const f = nk / k0;
        setZ(clamp(nk, cx - (cx - s.start.z.x) * f, cy - (cy - s.start.z.y) * f));
        s.moved = true;
        return;
      }
      const dx = now[0][0] - was[0][0], dy = now[0][1] - was[0][1];
      if (!s.moved && Math.hypot(dx, dy) < 5) return;
      if (s.start.z.k === 1) return; // nothing to pan at the whole-map zoom
      s.moved = true;
      setZ(clamp(s.start.z.k, s.start.z.x + dx, s.start.z.y + dy));
    },
    onPointerUp: (e) => {
      st.current.pointers.delete(e.pointerId);
      st.current.start = st.current.pointers.size ? { z: st.current.z, points: [...st.current.pointers.values()].map((p) => [...p]) } : null;
    },
  };
  handlers.onPointerCancel = handlers.onPointerUp;
  const buttons = {
    zoomIn: () => zoomAt(1.5, ...center()),
    zoomOut: () => zoomAt(1 / 1.5, ...center()),
    reset: () => setZ({ k: 1, x: 0, y: 0 }),
  };
  return { z, handlers, buttons, dragged: () => st.current.moved };
}

export function Board({ view, decision, events, onArea, onOrder, popup, onPick, onClosePopup }) {
  const host = useRef(null);
  const wrap = useRef(null);
  const viewport = useRef(null);
  const { z, handlers, buttons, dragged } = useZoom(viewport);
  const [card, setCard] = useState(null);
  const choiceAreas = useMemo(() => {
    const s = new Set();
    if (decision) for (const c of decision.choices) { const a = areaOfChoice(c); if (a) s.add(a); }
    const f = focusArea(decision);
    if (f && decision.kind === 'place_order') s.add(f);
    return s;
  }, [decision]);
  const focus = focusArea(decision);
  useEffect(() => { if (host.current && !host.current.firstChild) host.current.innerHTML = MAP_SVG; }, []);
  // the wheel must be able to prevent the page's scrolling: a listener that is not passive
  useEffect(() => {
    const el = viewport.current;
    const wheel = (e) => handlers.onWheel(e);
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  });
  // control by house colour, choices and the fight marked on the drawn areas
  useEffect(() => {
    if (!host.current) return;
    const control = controlOf(view);
    const fight = view.combat ? view.combat.area : null;
    const impassable = new Set(view.impassable || []);
    for (const el of host.current.querySelectorAll('[data-area]')) {
      const a = el.getAttribute('data-area');
      if (!el.dataset.fill) el.dataset.fill = el.getAttribute('fill') || '';
      const hs = control[a];
      if (hs && DATA.areas[a].kind === 'land') el.setAttribute('fill', shade(COLORS[hs][0], hs === 'greyjoy' ? 0.45 : hs === 'stark' ? -0.12 : 0.35));
      else if (el.dataset.fill) el.setAttribute('fill', el.dataset.fill);
      el.classList.toggle('choice', choiceAreas.has(a));
      el.classList.toggle('focus', a === focus);
      el.classList.toggle('fight', a === fight);
      el.classList.toggle('impassable', impassable.has(a)); // R2.8, X-AFFC-2.2
      if (hs) el.setAttribute('data-control', hs); else el.removeAttribute('data-control');
    }
    const svg = host.current.querySelector('svg');
    if (svg) drawScenarioHomes(svg, view);
  });
  // where a click lands, in the board's box (for the popup), kept inside the board
  const at = (e) => {
    const box = wrap.current.getBoundingClientRect();
    const x = Math.min(Math.max(e.clientX - box.left, 95), Math.max(95, box.width - 95));
    return [x, e.clientY - box.top];
  };
  const click = (e) => {
    if (dragged()) return;
    const el = e.target.closest('[data-area],[data-for]');
    if (!el) return;
    const a = el.getAttribute('data-area') || el.getAttribute('data-for');
    onArea(a, ...at(e));
  };
  const arrows = marchArrows(view, decision, events || []);
  const hover = (e) => {
    const el = e.target.closest && e.target.closest('[data-area],[data-for]');
    const a = el ? el.getAttribute('data-area') || el.getAttribute('data-for') : null;
    if (a !== card) setCard(a);
  };
  return html`<div class="board" ref=${wrap} onMouseOver=${hover}>
    <div class="mapview" ref=${viewport} onPointerDown=${handlers.onPointerDown} onPointerMove=${handlers.onPointerMove}
        onPointerUp=${handlers.onPointerUp} onPointerCancel=${handlers.onPointerCancel} data-zoom=${z.k.toFixed(2)}>
      <div class="zoomed" style=${`transform: translate(${z.x}px, ${z.y}px) scale(${z.k})`}>
        <div class="map" ref=${host} onClick=${click}></div>
        <svg class="pieces" viewBox=${MAP_BOX}>
          <defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10Z" fill="#1b160c"/></marker></defs>
          <g class="arrows">${Arrows({ arrows })}</g>
          ${Pieces({ view, choiceAreas, onOrder: (a, e) => { if (!dragged()) onArea(a, ...at(e)); } })}
          ${view.combat && DATA.areas[view.combat.area] && html`<g class="fightmark"><title>Combat here</title>
            <text x=${DATA.areas[view.combat.area].xy[0] - 24} y=${DATA.areas[view.combat.area].xy[1] - 8}>⚔</text></g>`}
        </svg>
      </div>
    </div>
    <div class="zoombar">
      <button id="zoom-in" title="zoom in (or the mouse wheel, or pinch)" onClick=${buttons.zoomIn}>+</button>
      <button id="zoom-out" title="zoom out" onClick=${buttons.zoomOut}>−</button>
      <button id="zoom-reset" title="the whole map" onClick=${buttons.reset}>⤢</button>
    </div>
    ${card && DATA.areas[card] && html`<${AreaCard} area=${card} view=${view}/>`}
    ${popup && html`<div class="popup" style=${`left:${popup.x}px;top:${popup.y}px`}>
      <div class="popup-title">${popup.title}</div>
      ${popup.choices.map((c) => html`<button data-choice=${String(c)} onClick=${() => onPick(c)}>${choiceLabel(popup.kind, c)}</button>`)}
      <button class="cancel" onClick=${onClosePopup}>Cancel</button></div>`}
  </div>`;
}

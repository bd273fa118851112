// @ts-check
// Planning as at the table (config planning: "table", kind plan_orders) and the march plan
// (kind march_move): the seat's orders at a glance with Ready/Unready, every house's
// readiness, the token tray, and the march being planned with its reset; bids at the table
// (plan_bid: set, change, confirm, take back) and the muster plan (plan_muster: reset, done)
// (docs/web.md).
import { html } from '../common.js';
import { useState, useEffect } from 'preact/hooks';
import { DATA, areaName, orderLabel, orderTitle, purchaseLabel, UNIT_NAMES } from './names.js';
import { Chip } from './panels.js';

/**
 * @typedef {{seat: number, kind: string, prompt: string, choices: (string|number)[],
 *   context: Record<string, string|number>, idle?: boolean}} Decision
 * @typedef {(choice: string|number) => void} Send
 */

/** The parts of a plan_orders choice: place:<area>:<token>, remove:<area>, ready, unready.
 * @param {string|number} c
 * @returns {{action: string, area?: string, token?: string}} */
export function planParts(c) {
  const [action, area, token] = String(c).split(':');
  return { action, area, token };
}

/** The choices of a plan_orders decision that are about one area (for the map's menu).
 * @param {Decision} d @param {string} area */
export function planChoicesAt(d, area) {
  return d.choices.filter((c) => { const p = planParts(c); return p.area === area; });
}

/** The areas of the seat's house that need an order (from the choices) with the order each has.
 * @param {Decision} d @param {any} view */
function myAreas(d, view) {
  const areas = [];
  for (const c of d.choices) {
    const p = planParts(c);
    if (p.area && !areas.includes(p.area)) areas.push(p.area);
  }
  for (const [a, o] of Object.entries(view.orders)) {
    if (o.house === view.house && !areas.includes(a)) areas.push(a);
  }
  return areas;
}

/** The house's order tokens (R1.10; its sea tokens too, X-MOD-9.1: the view's
 * ``order_tokens``), each placed or in hand, barred ones marked (R3.4: ``barred_tokens``).
 * @param {any} view */
function TokenTray({ view }) {
  const me = view.houses[view.house] || {};
  const placed = {};
  for (const o of Object.values(view.orders)) if (o.house === view.house && o.token) placed[o.token] = (placed[o.token] || 0) + 1;
  const stars = me.stars || 0;
  const specials = Object.entries(placed).filter(([t]) => DATA.orders[t] && DATA.orders[t].special).reduce((n, [, k]) => n + k, 0);
  const tokens = [];
  for (const [t, count] of Object.entries(me.order_tokens || {})) {
    for (let i = 0; i < count; i++) {
      const used = i < (placed[t] || 0);
      const barred = (me.barred_tokens || []).includes(t);
      tokens.push(html`<span class=${'tray-token' + (used ? ' used' : '') + (barred ? ' barred' : '')} data-token=${t}
        title=${`${orderTitle(t)}${used ? ' — placed' : barred ? ' — barred this round (Westeros card)' : ''}`}>${orderLabel(t)}</span>`);
    }
  }
  return html`<div class="tray" id="token-tray"><small>Your tokens (★ ${specials} of ${stars} special):</small> ${tokens}</div>`;
}

/** Every house planning this round: ready or still planning (public, R5.1); while bidding
 * at the table (``bidding``, or some house has confirmed outside the Planning phase) every
 * bidder: confirmed or still bidding (public, never the amount: R3.7.2).
 * @param {{view: any, waiting: number[], bidding?: boolean}} props */
export function Readiness({ view, waiting, bidding = false }) {
  if (view.planning !== 'table') return null;
  const bids = bidding || (view.phase !== 'planning' && view.ready.length > 0);
  if (!bids && view.phase !== 'planning') return null;
  const planning = waiting.map((s) => view.seats[s]);
  if (!view.ready.length && !planning.length) return null;
  const [done, doing] = bids ? ['✓ bid confirmed', 'bidding…'] : ['✓ ready', 'planning…'];
  return html`<div class="readiness" id="readiness">
    ${view.ready.map((h) => html`<span class="ready" data-ready=${h}><${Chip} house=${h}/> ${done}</span>`)}
    ${planning.map((h) => html`<span class="planning" data-planning=${h}><${Chip} house=${h}/> ${doing}</span>`)}
  </div>`;
}

/** A secret bid at the table (plan_bid, R3.7.2, R4.3.2): the amount typed is set (kept by the
 * server, seen by nobody else) and confirmed; once confirmed, Change takes the confirmation
 * back until every bidder has confirmed, when the bids are revealed.
 * @param {{d: Decision, view: any, send: (c: string|number) => Promise<boolean>, busy: boolean, waiting: number[]}} props */
export function PlanBid({ d, view, send, busy, waiting }) {
  const current = Number(d.context.bid || 0);
  const power = Number(d.context.power || 0);
  const [bid, setBid] = useState(current);
  useEffect(() => setBid(current), [current, !!d.idle]);
  const ok = Number.isInteger(bid) && bid >= 0 && bid <= power;
  const confirm = async () => { if (bid === current || await send(bid)) await send('ready'); };
  const others = html`<${Readiness} view=${view} waiting=${waiting} bidding=${true}/>`;
  if (d.idle) {
    return html`<div class="bid plan" id="plan-bid"><p>Your secret bid: <b id="my-bid">${current}</b> of ${power} power — confirmed.</p>
      <p class="hint">Nobody sees the amount until every house has confirmed. Change it while another house is still bidding.</p>
      <div class="choices"><button id="bid-change" data-choice="unready" disabled=${busy} onClick=${() => send('unready')}>Change my bid</button></div>${others}</div>`;
  }
  return html`<div class="bid plan" id="plan-bid"><p>Your secret bid: <b id="my-bid">${current}</b> of ${power} power${bid !== current ? html` <i>(${bid} typed, not set yet)</i>` : ''}.</p>
    <input type="number" id="bid" min="0" max=${power} step="1" value=${bid} onInput=${(e) => setBid(e.target.value === '' ? NaN : +e.target.value)}/>
    <button id="bid-set" disabled=${busy || !ok || bid === current} onClick=${() => send(bid)} title="keep this amount; you may still change it">Set</button>
    <button class="primary" id="bid-confirm" disabled=${busy || !ok} onClick=${confirm}>Confirm bid ${ok ? bid : ''}</button> <small>(0–${power} power)</small>
    ${!ok && html`<p class="error" id="bid-problem">Bid a whole number of power tokens from 0 to ${power}.</p>`}
    <p class="hint">Change it as often as you like; the bids are revealed once every house has confirmed.</p>${others}</div>`;
}

/** The parts of a plan_muster choice: <area>:<purchase> (or a word).
 * @param {string|number} c */
export function musterParts(c) {
  const s = String(c);
  const i = s.indexOf(':');
  return i < 0 ? { area: '', purchase: s } : { area: s.slice(0, i), purchase: s.slice(i + 1) };
}

/** The muster plan at the table (plan_muster, R3.6): the purchases planned, each area with its
 * points left and what it may still buy, Reset (nothing is placed before Done) and Done.
 * @param {{d: Decision, send: Send, busy: boolean}} props */
export function MusterPlan({ d, send, busy }) {
  const plan = d.context.plan ? String(d.context.plan).split(',') : [];
  const points = String(d.context.points || '').split(',').filter(Boolean).map((p) => p.split(':'));
  const offers = (a) => d.choices.filter((c) => musterParts(c).area === a);
  return html`<div class="plan musterplan" id="muster-plan">
    <b>Your mustering plan</b> (nothing is placed until Done): ${plan.length ? html`<ul class="plan-areas">${plan.map((s) => {
      const p = musterParts(s);
      return html`<li data-planned=${s}><b>${areaName(p.area)}</b>: ${purchaseLabel(p.purchase)}</li>`;
    })}</ul>` : html`<i>nothing planned yet</i>`}
    <ul class="plan-areas">${points.map(([a, n]) => html`<li data-muster-area=${a}><b>${areaName(a)}</b> (${n} point${n === '1' ? '' : 's'} left):
      ${offers(a).map((c) => html` <button class="small" data-choice=${c} disabled=${busy} onClick=${() => send(c)}>${purchaseLabel(musterParts(c).purchase)}</button>`)}
      ${!offers(a).length && html`<i> nothing more</i>`}</li>`)}</ul>
    <div class="choices">
      ${d.choices.includes('reset') && html`<button id="muster-reset" data-choice="reset" disabled=${busy} onClick=${() => send('reset')}
        title="nothing has been placed yet: plan again from the start">Reset the plan</button>`}
      <button class="primary" id="muster-done" data-choice="done" disabled=${busy} onClick=${() => send('done')}>${plan.length ? 'Done: muster the plan' : 'Done: muster nothing'}</button>
    </div>
  </div>`;
}

/** The plan_orders panel: each area with its order (change it on the map, remove it here),
 * the token tray, Ready (once every area has an order) or Unready.
 * @param {{d: Decision, view: any, send: Send, busy: boolean, waiting: number[]}} props */
export function PlanOrders({ d, view, send, busy, waiting }) {
  const areas = myAreas(d, view);
  const can = (c) => d.choices.includes(c);
  const rows = areas.map((a) => {
    const o = view.orders[a];
    const token = o && o.house === view.house ? o.token : null;
    return html`<li data-plan-area=${a} class=${token ? 'has' : 'empty'}>
      <b>${areaName(a)}</b>: ${token ? html`<span class="otoken" title=${orderTitle(token)}>${orderLabel(token)}</span> ${orderTitle(token)}` : html`<i>no order yet</i>`}
      ${can(`remove:${a}`) && html` <button class="small" data-choice=${`remove:${a}`} disabled=${busy} onClick=${() => send(`remove:${a}`)} title="take the order back">✕</button>`}</li>`;
  });
  const empty = areas.filter((a) => !(view.orders[a] && view.orders[a].house === view.house)).length;
  return html`<div class="plan" id="plan-orders">
    <p class="hint">${d.idle ? 'You are ready. Unready to change your orders while another house is still planning.'
      : 'Click any of your areas on the map to put or change its order, in any order; ✕ takes one back.'}</p>
    <ul class="plan-areas">${rows}</ul>
    ${!d.idle && html`<${TokenTray} view=${view}/>`}
    <div class="choices">
      ${can('ready') && html`<button class="primary" id="ready" data-choice="ready" disabled=${busy} onClick=${() => send('ready')}>Ready</button>`}
      ${!can('ready') && !d.idle && html`<button class="primary" id="ready" disabled title="every area needs an order first">Ready (${empty} area${empty === 1 ? '' : 's'} left)</button>`}
      ${can('unready') && html`<button id="unready" data-choice="unready" disabled=${busy} onClick=${() => send('unready')}>Unready</button>`}
    </div>
    <${Readiness} view=${view} waiting=${waiting}/>
  </div>`;
}

/** The march being planned (march_move): each unit and where it goes, nothing moved yet, and
 * the reset (at the table) that starts the plan of this March order again.
 * @param {{d: Decision, send: Send, busy: boolean}} props */
export function MarchPlan({ d, send, busy }) {
  const plan = d.context && d.context.plan ? String(d.context.plan).split(',') : [];
  const from = d.context ? String(d.context.area) : '';
  return html`<div class="marchplan" id="march-plan">
    <b>March from ${areaName(from)}</b>: ${plan.length ? html`<ul>${plan.map((s) => {
      const [u, to] = s.split('>');
      return html`<li data-planned=${s}>${UNIT_NAMES[u] || u} → ${areaName(to)}</li>`;
    })}</ul>` : html`<i>no unit planned yet (the units stay)</i>`}
    ${d.choices.includes('reset') && html`<button id="march-reset" data-choice="reset" disabled=${busy} onClick=${() => send('reset')}
      title="nothing has moved yet: plan this march again from the start">Reset the march</button>`}
  </div>`;
}

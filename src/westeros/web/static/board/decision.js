// @ts-check
// The decision panel: the open decision's prompt and choices (bids typed, support by side).
import { html } from '../common.js';
import { useState, useEffect } from 'preact/hooks';
import { MAP_KINDS, CARD_KINDS, focusArea, areaName, houseName, choiceLabel } from './names.js';
import { PlanOrders, MarchPlan, PlanBid, MusterPlan } from './planning.js';

// ------------------------------------------------------------------ decisions
export function DecisionPanel({ d, view, send, busy, waiting = [] }) {
  const [bid, setBid] = useState(0);
  useEffect(() => setBid(0), [d && d.prompt]);
  if (!d) return null;
  const focus = focusArea(d);
  let body;
  if (d.kind === 'bid') {
    const max = Math.max(...d.choices);
    // a bid is whole power tokens from 0 to what the house has (R3.7.2): said here, not sent
    const ok = Number.isInteger(bid) && bid >= 0 && bid <= max;
    body = html`<div class="bid"><input type="number" id="bid" min="0" max=${max} step="1" value=${bid} onInput=${(e) => setBid(e.target.value === '' ? NaN : +e.target.value)}/>
      <button class="primary" id="bid-send" onClick=${() => send(bid)} disabled=${busy || !ok}>Bid ${ok ? bid : ''}</button> <small>(0–${max} power)</small>
      ${!ok && html`<p class="error" id="bid-problem">Bid a whole number of power tokens from 0 to ${max}.</p>`}</div>`;
  } else if (d.kind === 'plan_orders') { // planning at the table: ./planning.js
    body = html`<${PlanOrders} d=${d} view=${view} send=${send} busy=${busy} waiting=${waiting}/>`;
  } else if (d.kind === 'plan_bid') { // a bid at the table: set, confirm, change
    body = html`<${PlanBid} d=${d} view=${view} send=${send} busy=${busy} waiting=${waiting}/>`;
  } else if (d.kind === 'plan_muster') { // a muster plan at the table: reset, done
    body = html`<p class="hint">Click one of your castle areas on the map or a purchase below; the plan is placed when you are done.</p>
      <${MusterPlan} d=${d} send=${send} busy=${busy}/>`;
  } else if (d.kind === 'support') {
    const c = view.combat;
    body = html`<div class="choices">${d.choices.map((s) => html`<button data-choice=${s} class="primary" onClick=${() => send(s)}>
      ${s === 'none' ? 'Support nobody' : `Support ${houseName(c ? (s === 'attacker' ? c.attacker : c.defender) : s)} (${s})`}</button>`)}</div>`;
  } else {
    const onMap = MAP_KINDS.has(d.kind);
    const hint = d.kind === 'place_order' ? `Click ${areaName(focus)} on the map (or pick a token here).`
      : d.kind === 'march_order' ? 'Click a March order on the map.'
      : d.kind === 'march_move' ? 'Click a destination on the map, then the unit; "Done" carries out the march.'
      : d.kind === 'retreat' ? 'Click the area to retreat to.'
      : CARD_KINDS.has(d.kind) ? 'Click a card of your hand.'
      : onMap ? 'Click a highlighted area on the map (or choose here).' : '';
    // "done" missing from a march: say why (R6.4.6), so it never vanishes unexplained
    const blocked = d.kind === 'march_move' && d.context && d.context.blocked;
    const why = blocked === 'neutral_force'
      ? 'The march cannot be carried out yet: the units planned against the neutral force are too weak so far. Add units to that attack.'
      : blocked === 'supply'
        ? 'The march cannot be carried out yet: as planned it breaks your supply limits. Move more units so that every army fits.'
        : null;
    const shown = d.kind === 'march_move' ? d.choices.filter((c) => c !== 'reset') : d.choices; // reset: MarchPlan
    body = html`<p class="hint">${hint}</p>${d.kind === 'march_move' && html`<${MarchPlan} d=${d} send=${send} busy=${busy}/>`}
      ${why && html`<p class="blocked" id="march-blocked">${why}</p>`}<div class="choices">${shown.map((c) => html`<button data-choice=${String(c)}
      class=${typeof c === 'string' && ['done', 'pass', 'none'].includes(c) ? 'word' : ''} onClick=${() => send(c)} disabled=${busy}>${choiceLabel(d.kind, c)}</button>`)}</div>`;
  }
  return html`<section class="panel decision" id="decision" data-kind=${d.kind}><h2>${d.idle ? 'Ready' : 'Your move'}</h2><p class="prompt">${d.prompt}</p>${body}</section>`;
}

// @ts-check
// The order overview (R5.4): once this round's orders are revealed, every house's order tokens,
// placed and still in hand, so a player sees at a glance who holds which special orders.
import { html } from '../common.js';
import { DATA, orderLabel, orderTitle } from './names.js';
import { Chip } from './panels.js';

/** This round's revealed orders per house ({house: {area: token}}), the Messenger Raven's
 * replacement applied (R5.5.1); null before this round's reveal (or in the Westeros phase).
 * @param {any[]} events @returns {Record<string, Record<string, string>> | null} */
export function revealedOrders(events) {
  let at = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!e) continue;
    if (e.kind === 'orders_revealed') { at = i; break; }
    if (e.kind === 'planning' || e.kind === 'westeros_phase' || e.kind === 'round') return null;
  }
  if (at < 0) return null;
  /** @type {Record<string, Record<string, string>>} */
  const orders = {};
  for (const [h, placed] of Object.entries(events[at].orders || {})) orders[h] = { ...placed };
  for (const e of events.slice(at + 1)) {
    if (e && e.kind === 'raven_replace' && orders[e.house]) orders[e.house][e.area] = e.new;
  }
  return orders;
}

/** The house's tokens not placed this round (R1.10: 15 tokens, each id ``count`` times).
 * @param {Record<string, string>} placed @returns {string[]} */
export function tokensInHand(placed) {
  /** @type {Record<string, number>} */
  const used = {};
  for (const t of Object.values(placed)) used[t] = (used[t] || 0) + 1;
  const left = [];
  for (const [t, o] of Object.entries(DATA.orders)) {
    for (let i = used[t] || 0; i < (o.count || 1); i++) left.push(t);
  }
  return left;
}

/** @param {{token: string, placed?: boolean}} props */
function Token({ token, placed = false }) {
  const special = DATA.orders[token] && DATA.orders[token].special;
  return html`<span class=${'tray-token' + (special ? ' special' : '') + (placed ? ' placed' : '')} data-token=${token}
    title=${orderTitle(token)}>${orderLabel(token)}</span>`;
}

/** Every house's order tokens this round, in turn order: placed, and left in hand.
 * @param {{view: any, events: any[]}} props */
export function OrderOverview({ view, events }) {
  if (view.phase !== 'planning' && view.phase !== 'action') return null;
  const orders = revealedOrders(events);
  if (!orders) return null;
  const houses = (view.tracks && view.tracks.iron_throne) || Object.keys(orders);
  const rows = houses.map((h) => {
    const placed = orders[h] || {};
    const tokens = Object.values(placed).sort();
    const hand = tokensInHand(placed);
    const specials = hand.filter((t) => DATA.orders[t].special).length;
    return html`<tr data-overview=${h}><td><${Chip} house=${h}/></td>
      <td class="placed">${tokens.length ? tokens.map((t) => html`<${Token} token=${t} placed=${true}/>`) : html`<i>none</i>`}</td>
      <td class="in-hand">${hand.map((t) => html`<${Token} token=${t}/>`)} <small>(${specials} special)</small></td></tr>`;
  });
  return html`<section class="panel overview" id="order-overview"><h2>Orders this round</h2>
    <table><thead><tr><th>House</th><th>Placed</th><th>Not used</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

// @ts-check
// The order overview (R5.4): once this round's orders are revealed, every house's order tokens,
// placed and still in hand, so a player sees at a glance who holds which special orders; each
// house's own tokens (a vassal's, the sea tokens: X-MOD-10.4, X-MOD-9.1) as its view lists them.
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

/** The house's tokens not placed this round, in token order: each of its own tokens (the
 * view's ``order_tokens``: the 15 of R1.10, with the sea tokens of X-MOD-9.1, or a vassal's own,
 * X-MOD-10.4) as many times as it has copies left.
 * @param {Record<string, string>} placed @param {Record<string, number>} own @returns {string[]} */
export function tokensInHand(placed, own) {
  /** @type {Record<string, number>} */
  const used = {};
  for (const t of Object.values(placed)) used[t] = (used[t] || 0) + 1;
  const left = [];
  for (const [t, count] of Object.entries(own)) {
    for (let i = used[t] || 0; i < count; i++) left.push(t);
  }
  return left;
}

/** @param {{token: string, placed?: boolean, barred?: boolean}} props */
function Token({ token, placed = false, barred = false }) {
  const special = DATA.orders[token] && DATA.orders[token].special;
  return html`<span class=${'tray-token' + (special ? ' special' : '') + (placed ? ' placed' : '') + (barred ? ' barred' : '')}
    data-token=${token} title=${orderTitle(token) + (barred ? ' — barred this round (Westeros card)' : '')}>${orderLabel(token)}</span>`;
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
    const house = view.houses[h] || {};
    const hand = tokensInHand(placed, house.order_tokens || {});
    const barred = house.barred_tokens || [];
    const specials = hand.filter((t) => DATA.orders[t] && DATA.orders[t].special).length;
    return html`<tr data-overview=${h}><td><${Chip} house=${h}/></td>
      <td class="placed">${tokens.length ? tokens.map((t) => html`<${Token} token=${t} placed=${true}/>`) : html`<i>none</i>`}</td>
      <td class="in-hand">${hand.map((t) => html`<${Token} token=${t} barred=${barred.includes(t)}/>`)} <small>(${specials} special)</small></td></tr>`;
  });
  return html`<section class="panel overview" id="order-overview"><h2>Orders this round</h2>
    <table><thead><tr><th>House</th><th>Placed</th><th>Not used</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

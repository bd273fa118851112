// @ts-check
// Gifts of power in Mother of Dragons (X-MOD-11.1): a seat may hold an idle `gift` decision
// beside the decision the game waits for. The page shows the awaited one in the decision panel
// and the gift as a small "Give power" control; the receiver's `accept_gift` is a normal prompt.
import { html } from '../common.js';
import { useState } from 'preact/hooks';
import { houseName } from './names.js';

/** The decision the page shows of a seat's decisions: the first the game waits for, else the
 * first idle one that is no gift (ready at the table), else null. */
export function shownDecision(decisions) {
  const list = (decisions || []).filter((x) => x.kind !== 'gift');
  return list.find((x) => !x.idle) || list[0] || null;
}

/** The seat's idle `gift` decision, or null. */
export function giftDecision(decisions) {
  return (decisions || []).find((x) => x.kind === 'gift') || null;
}

/** Per receiver, the most it may be given (choices `<house>:<amount>`, amounts 1..most). */
export function giftLimits(d) {
  /** @type {Record<string, number>} */
  const most = {};
  for (const c of d.choices) {
    const [house, n] = String(c).split(':');
    most[house] = Math.max(most[house] || 0, +n);
  }
  return most;
}

/** "Give power": a receiver and an amount, sent as `<house>:<amount>`; the server says no in
 * words to an amount beyond the limit. */
export function GiftPanel({ d, send, busy }) {
  const limits = d ? giftLimits(d) : {};
  const houses = Object.keys(limits);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState(1);
  if (!d || !houses.length) return null;
  const receiver = houses.includes(to) ? to : houses[0];
  const most = limits[receiver];
  const ok = Number.isInteger(amount) && amount >= 1 && amount <= most;
  return html`<section class="panel gift" id="gift"><h2>Give power</h2>
    <p class="hint">${d.prompt} The receiver may refuse.</p>
    <label>To <select name="gift-to" value=${receiver} onChange=${(e) => setTo(e.target.value)}>
      ${houses.map((h) => html`<option value=${h}>${houseName(h)}</option>`)}</select></label>
    <label> power <input type="number" name="gift-amount" min="1" max=${most} step="1" value=${amount}
      onInput=${(e) => setAmount(e.target.value === '' ? NaN : +e.target.value)}/></label>
    <small> (1–${most})</small>
    <button id="gift-send" onClick=${() => send(`${receiver}:${amount}`)} disabled=${busy || !ok}>Give</button></section>`;
}

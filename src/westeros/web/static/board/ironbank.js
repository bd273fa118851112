// @ts-check
// The Iron Bank panel (Mother of Dragons, X-MOD-8): the three loan slots with their costs and
// texts, each house's loans and the interest it pays each round, the area improvements.
import { html } from '../common.js';
import { areaName, houseName } from './names.js';
import { Chip } from './panels.js';

const TOKENS = { power: '+1 crown', supply: '+1 barrel', stronghold: 'stronghold', degraded: 'castle removed' };

/** @param {string} id */
function loanName(id) {
  return id.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** @param {{view: any}} props */
export function IronBank({ view }) {
  const bank = view.iron_bank;
  if (!bank) return null;
  const holders = Object.entries(bank.loans).filter(([, loans]) => /** @type {string[]} */ (loans).length);
  const improved = Object.entries(bank.improvements);
  return html`<section class="panel" id="iron-bank"><h2>The Iron Bank</h2>
    <ol class="small slots">${bank.slots.map((/** @type {any} */ s) => html`<li data-slot=${s.slot}>
      <b>${s.cost}</b> power${bank.braavos_controller ? html` (${houseName(bank.braavos_controller)}: ${Math.max(0, s.cost - bank.braavos_discount)})` : ''}:
      ${s.loan ? html`<b>${s.name}</b> — <i>${s.text}</i>` : html`<i>empty</i>`}</li>`)}</ol>
    <p class="small">Loan deck: ${bank.deck} · improvement tokens left: ${bank.improvement_tokens_left}</p>
    ${holders.length > 0 && html`<ul class="small loans">${holders.map(([h, loans]) => html`<li data-loans=${h}>
      <${Chip} house=${h}/> ${/** @type {string[]} */ (loans).map(loanName).join(', ')} · interest ${bank.interest[h]} a round</li>`)}</ul>`}
    ${improved.length > 0 && html`<p class="small">Improvements: ${improved.map(([a, t]) => `${areaName(a)} (${/** @type {string[]} */ (t).map((x) => TOKENS[/** @type {keyof typeof TOKENS} */ (x)] || x).join(', ')})`).join(' · ')}</p>`}
  </section>`;
}

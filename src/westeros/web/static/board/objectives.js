// @ts-check
// A Feast for Crows on the board game's screen (X-AFFC-2.8, X-AFFC-4): the objectives panel in
// the hand area — the seat's own objective cards with their texts and what each is worth to
// its house (secret to the seat: only its own view holds them), every house's victory points,
// scored cards and special objective — and the objective decisions answered on the cards
// (return one at set-up, score one in the scoring phase). Read from the view's `objectives`
// and /static/boardgame.json's `objectives`; drawn only in a game whose view has them.
import { html } from '../common.js';
import { DATA, houseName } from './names.js';
import { Chip } from './panels.js';

/** The decision kinds whose choices are objective cards of the seat's hand (or 'pass'): return
 * one at set-up (X-AFFC-D1), score one (D2), give one to Shifting Ambitions' pool and shuffle
 * one back after New Information (D4). */
export const OBJECTIVE_KINDS = new Set(['return_objective', 'score_objective', 'shifting_ambitions_give', 'new_information_return']);
/** The decision kinds whose choices are objective cards shown on the table: the pool of
 * Shifting Ambitions to take one from (X-AFFC-D4). */
export const POOL_KINDS = new Set(['shifting_ambitions_take']);
const HINTS = {
  return_objective: 'Click a card to return it to the deck.',
  score_objective: 'Click the card to score.',
  shifting_ambitions_give: 'Click the card to put in the pool.',
  new_information_return: 'Click the card to shuffle back into the deck.',
};

/** An objective card's name, text and points per house: the view's, else the static data's. */
export function objectiveInfo(view, id) {
  const known = view && view.objectives && view.objectives.cards ? view.objectives.cards[id] : null;
  return known || (DATA.objectives ? DATA.objectives[id] : null);
}

export function objectiveName(id) {
  const o = DATA.objectives && DATA.objectives[id];
  return o ? o.name : String(id);
}

function ObjectiveCard({ view, id, house, fulfilled, playable, returning, onPlay }) {
  const info = objectiveInfo(view, id);
  const points = info && info.victory_points ? info.victory_points[house] : null;
  return html`<button class=${'card objective' + (playable ? ' playable' : '') + (fulfilled ? ' fulfilled' : '') + (returning ? ' returning' : '')}
      data-objective=${id} disabled=${!playable} onClick=${playable ? () => onPlay(id) : null}>
    <span class="cstr" title="victory points for ${houseName(house)}">${points === null || points === undefined ? '' : points}</span>
    <span class="cname">${info ? info.name : id}</span>
    ${info && html`<span class="cab">${info.text}</span>`}
    ${fulfilled && html`<span class="cab ok">fulfilled now</span>`}
    ${returning && html`<span class="cab">returned (back in the deck once every house has chosen)</span>`}</button>`;
}

/** The objectives panel: nothing outside A Feast for Crows. */
export function Objectives({ view, decision, send }) {
  const o = view.objectives;
  if (!o) return null;
  const me = view.house;
  const playable = new Set(decision && OBJECTIVE_KINDS.has(decision.kind) ? decision.choices : []);
  const fulfilled = new Set(o.fulfilled || []);
  // X-AFFC-D1: a card returned stays in the view's hand until every house has chosen (secret)
  const returning = new Set(decision && decision.kind === 'return_objective' && o.hand
    ? o.hand.filter((c) => !decision.choices.includes(c)) : []);
  const houses = Object.keys(view.houses);
  return html`<section class="panel" id="objectives"><h2>Objectives</h2>
    ${me && o.hand && html`<div class="hand" id="objective-hand">${o.hand.map((c) => html`<${ObjectiveCard} view=${view} id=${c} house=${me}
      fulfilled=${fulfilled.has(c)} playable=${playable.has(c)} returning=${returning.has(c)} onPlay=${send}/>`)}</div>
      ${playable.size > 0 && html`<p class="hint">${HINTS[decision.kind]}</p>`}`}
    ${me && decision && POOL_KINDS.has(decision.kind) && html`<p class="hint">Take one card of the pool:</p>
      <div class="hand" id="objective-pool">${decision.choices.map((c) => html`<${ObjectiveCard} view=${view} id=${c} house=${me}
        fulfilled=${false} playable=${true} returning=${false} onPlay=${send}/>`)}</div>`}
    ${o.pool && o.pool.length > 0 && !(decision && POOL_KINDS.has(decision.kind)) && html`<p class="small" id="objective-pool-shown">Shifting Ambitions' pool:
      ${o.pool.map((c) => html` <span class="chip" data-pool=${c} title=${(objectiveInfo(view, c) || {}).text || ''}>${objectiveName(c)}</span>`)}</p>`}
    <table class="objectives"><tr><th>House</th><th>VP</th><th title="objective cards in hand">Hand</th><th>Special objective</th><th>Scored</th></tr>
      ${houses.map((hs) => html`<tr data-objectives=${hs}><td><${Chip} house=${hs}/></td>
        <td data-vp=${hs}><b>${o.victory_points[hs] || 0}</b>/7</td><td>${o.hand_sizes[hs]}</td>
        <td class="small" data-special=${hs}>${o.special[hs]}${o.special_fulfilled && o.special_fulfilled[hs] ? html` <b class="ok">(fulfilled now)</b>` : ''}</td>
        <td class="small">${(o.scored[hs] || []).map((c) => {
          const info = objectiveInfo(view, c);
          return html`<span class="chip" data-scored=${c} title=${info ? info.text : ''}>${info ? info.name : c} ${info && info.victory_points ? info.victory_points[hs] : ''}</span>`;
        })}</td></tr>`)}
    </table>
    <p class="small">Objective deck: ${o.deck_size} cards. A house on 7 victory points after a scoring phase wins.</p>
  </section>`;
}

// @ts-check
// What the scenarios add to the board game's screen (issue 24): the scenario's name and last
// round, the texts of a house's cards (A Dance with Dragons' deck too) in the house-card
// overview. Everything is read from the view and /static/boardgame.json, so a scenario the
// engine adds is drawn without a change here.
import { html } from '../common.js';
import { DATA, COLORS, INITIAL, cardName, houseName, humanize } from './names.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Draw the home emblem of each home area the printed map does not show (The Eyrie for Arryn
 * in A Feast for Crows, X-AFFC-2.2) left of the area's markers, in the map's own style; the
 * ones drawn before are removed first. `svg`: the inlined map. */
export function drawScenarioHomes(svg, view) {
  for (const old of svg.querySelectorAll('g.home.scenario')) old.remove();
  for (const [a, house] of Object.entries(homesOf(view))) {
    const printed = DATA.areas[a] && DATA.areas[a].home;
    const markers = svg.querySelector(`[data-for="${a}"]`);
    if (printed === house || !markers || !COLORS[house]) continue;
    const box = markers.getBBox();
    const [fill, ink] = COLORS[house];
    const g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', 'home scenario');
    g.setAttribute('data-house', house);
    g.setAttribute('data-home', a);
    const x = box.x - 6, y = box.y + box.height / 2;
    const circle = document.createElementNS(SVG, 'circle');
    for (const [k, v] of [['cx', x], ['cy', y], ['r', 5], ['fill', fill]]) circle.setAttribute(k, String(v));
    const text = document.createElementNS(SVG, 'text');
    for (const [k, v] of [['x', x], ['y', y + 2.5], ['fill', ink]]) text.setAttribute(k, String(v));
    text.textContent = INITIAL[house];
    g.append(circle, text);
    markers.prepend(g);
  }
}

/** Each home area's house in this game (R1.3.2): the view's `homes` when it gives them (a
 * scenario may add one: The Eyrie for Arryn, X-AFFC-2.2), else the map's. */
export function homesOf(view) {
  if (view && view.homes) return view.homes;
  const out = {};
  for (const [a, info] of Object.entries(DATA.areas)) if (info.home) out[a] = info.home;
  return out;
}

/** The victory track's value of a house: its victory points in A Feast for Crows
 * (X-AFFC-4.1), else its castles and strongholds (R9.1). */
export function victoryOf(view, house) {
  const o = view.objectives;
  return o ? o.victory_points[house] || 0 : view.houses[house].victory;
}
export const victoryWord = (view) => (view.objectives ? 'VP' : 'castles');

/** Words for the house a garrison defends for (X-ADWD-2.8: not always the home's house;
 * X-AFFC-2.7: The Eyrie's for Arryn, King's Landing's for Lannister), or ''. */
export function garrisonHouse(view, area) {
  const h = view.garrison_houses && view.garrison_houses[area];
  return h ? ` (defends for ${houseName(h)})` : '';
}

/** The scenario's name ('' for the base game): the view names its set-up (Mother of Dragons
 * with Essos: `mod_essos`, X-MOD-1.2), the page shows its name, never the id. */
export function scenarioTitle(view) {
  const s = view && view.scenario;
  if (!s || s === 'base') return '';
  return (DATA.scenarios && DATA.scenarios[s]) || humanize(s);
}

/** The round the game ends after (10, 6 in A Dance with Dragons, X-ADWD-2.2). */
export function lastRound(view) {
  return (view && view.last_round) || 10;
}

/** The top bar's words for the scenario and a deck other than its own: a set-up named by its
 * scenario and board (Mother of Dragons with Essos) by its scenario alone, the whole name on
 * hover (the map shows the board; the top bar keeps to one line at 1440 pixels). */
export function ScenarioTag({ view }) {
  const title = scenarioTitle(view);
  const deck = view.house_cards && view.house_cards !== 'base' && !title ? (DATA.decks || {})[view.house_cards] : null;
  if (!title && !deck) return null;
  const short = title && ((DATA.short_scenarios || {})[view.scenario] || title);
  return html`<span id="scenario" data-scenario=${view.scenario} title=${title || `${deck} house cards`}>${title ? html`<b>${short}</b>` : html`<b>${deck}</b> house cards`}</span>`;
}

/** The texts of a house's cards (in hand, in play and discarded): public, R1.14.2. */
export function CardTexts({ house, cards }) {
  const withText = cards.filter((c) => DATA.house_cards[c]);
  if (!withText.length) return null;
  return html`<details class="cardtexts" data-cardtexts=${house}><summary class="small">card texts</summary>
    <ul>${withText.map((c) => {
      const card = DATA.house_cards[c];
      return html`<li data-cardtext=${c}><b>${cardName(c)}</b> ${card.strength}${'⚔'.repeat(card.swords)}${'▣'.repeat(card.forts)}: ${card.ability || html`<i>no text</i>`}</li>`;
    })}</ul></details>`;
}

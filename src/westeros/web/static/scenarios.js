// @ts-check
// The board game's scenario and house-card deck in the lobby, read from the server's game-wide
// settings of a kind (GET /api/kinds: `options`, each {key, title, values: [{value, title,
// players, requires, seats}]}): the scenario fixes the player count (A Dance with Dragons 6,
// A Feast for Crows 4) and the houses dealt; the deck is the scenario's own or, in the base
// game, either (X-ADWD-1.1). A combination the lobby would not pick itself is still sent:
// the server refuses it in words.
import { html } from './common.js';

/** A kind's setting `key` ({key, title, values}) or null. */
export function optionOf(kind, key) {
  return (kind && (kind.options || []).find((o) => o.key === key)) || null;
}

/** The value `value` of a kind's setting `key`, or null. */
export function valueOf(kind, key, value) {
  const o = optionOf(kind, key);
  return (o && o.values.find((v) => v.value === value)) || null;
}

/** The player counts a scenario is played with ([] while the kinds are loading). */
export function playersOf(kind, scenario) {
  const v = valueOf(kind, 'scenario', scenario);
  return v ? v.players : [];
}

/** What a new scenario choice sets: its player count if it has one, its deck if it needs one
 * (else the first deck, the base game's). */
export function scenarioDefaults(kind, scenario) {
  const v = valueOf(kind, 'scenario', scenario);
  const decks = optionOf(kind, 'house_cards');
  const needs = v && v.requires.house_cards;
  return {
    players: v && v.players.length === 1 ? v.players[0] : null,
    deck: needs ? needs[0] : decks ? decks.values[0].value : 'base',
  };
}

/** The config keys of the choice, both always: the deck chosen is the deck sent. */
export function scenarioConfig(scenario, deck) {
  return { scenario, house_cards: deck };
}

/** The lobby's words for a game's scenario, its board (Mother of Dragons with Essos) and deck
 * (from its config), '' for the base game. */
export function scenarioLabel(kind, config) {
  const parts = [];
  const s = config.scenario && valueOf(kind, 'scenario', config.scenario);
  if (s && config.scenario !== 'base') parts.push(s.title);
  const board = config.essos && valueOf(kind, 'essos', true); // X-MOD-1.2: Westeros and Essos
  if (board) parts.push(board.title);
  const scenarioDeck = s && s.requires.house_cards ? s.requires.house_cards[0] : 'base';
  const d = config.house_cards && valueOf(kind, 'house_cards', config.house_cards);
  if (d && config.house_cards !== scenarioDeck) parts.push(`${d.title} house cards`);
  return parts.map((p) => ` · ${p}`).join('');
}

const deckTitle = (kind, deck) => (valueOf(kind, 'house_cards', deck) || { title: deck }).title;

/** The scenario and house-card selects, and who plays: the houses of the player count (unless
 * `dealt` is false: Mother of Dragons with Essos deals other houses, ./motherofdragons.js). */
export function ScenarioPicker({ kind, scenario, deck, players, onScenario, onDeck, dealt = true }) {
  const scenarios = optionOf(kind, 'scenario');
  const decks = optionOf(kind, 'house_cards');
  if (!scenarios || !decks) return null;
  const chosen = valueOf(kind, 'scenario', scenario);
  const houses = chosen && dealt ? chosen.seats[String(players)] : null; // dealt false: another board's (MoD with Essos)
  const needs = chosen && chosen.requires.house_cards;
  const odd = needs && !needs.includes(deck);
  return html`<div class="scenariochoice" id="scenario-choice">
    <label>${scenarios.title} <select name="scenario" value=${scenario} onChange=${(e) => onScenario(e.target.value)}>
      ${scenarios.values.map((v) => html`<option value=${v.value}>${v.title}</option>`)}</select></label>
    <label>${decks.title} <select name="house_cards" value=${deck} onChange=${(e) => onDeck(e.target.value)}>
      ${decks.values.map((v) => html`<option value=${v.value}>${v.title}</option>`)}</select></label>
    ${houses && html`<p class="hint" id="scenario-houses">${chosen.players.length === 1 ? `${chosen.title} is played by exactly ${players} players: ` : `${players} players: `}${houses.join(', ')} (dealt to the seats at random).</p>`}
    ${odd && html`<p class="hint warn" id="scenario-deck">${needs.length === 1
      ? `${chosen.title} is played with its own house cards (${deckTitle(kind, needs[0])}).`
      : `${chosen.title}: house cards ${needs.map((d) => deckTitle(kind, d)).join(' or ')} only.`}</p>`}
  </div>`;
}

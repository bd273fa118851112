// @ts-check
// Our own card faces, drawn in HTML and CSS from the printed facts of /static/cardgame.json:
// cost, name, STR, challenge icons, traits, text, plot values. No Fantasy Flight art.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);

/** @type {any} the static data (cards by code, factions, challenge types, the decisions) */
export let DATA = null;
export function setData(d) { DATA = d; }

// challenge icons: a colour and a letter (colour is never the only cue)
export const ICONS = {
  military: { sym: '⚔', letter: 'M', name: 'Military' },
  intrigue: { sym: '✦', letter: 'I', name: 'Intrigue' },
  power: { sym: '♛', letter: 'P', name: 'Power' },
};
const FACTION_SHORT = {
  baratheon: 'Baratheon', greyjoy: 'Greyjoy', lannister: 'Lannister', martell: 'Martell',
  thenightswatch: "Night's Watch", stark: 'Stark', targaryen: 'Targaryen', tyrell: 'Tyrell', neutral: 'Neutral',
};

export const humanize = (s) => String(s).replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
export const factionName = (f) => FACTION_SHORT[f] || humanize(f);

/** The printed facts of a card in a message (by its code). */
export function facts(card) {
  return (card && DATA.cards[card.code]) || { name: card && card.name ? card.name : '?', type: card ? card.type : '' };
}

/** A card's text with its [icon] and [faction] marks as symbols. */
export function cardText(text) {
  return String(text || '').replace(/\[([a-z]+)\]/g, (m, w) => (ICONS[w] ? ICONS[w].sym : FACTION_SHORT[w] ? `[${FACTION_SHORT[w]}]` : m));
}

export function IconBadge({ icon, off }) {
  const i = ICONS[icon];
  return html`<span class=${'icon ' + icon + (off ? ' off' : '')} title=${i.name}>${i.sym}<small>${i.letter}</small></span>`;
}

/**
 * One card face. `card` is the message's card (id, code, name; in play also knelt, power,
 * strength, icons); `big` draws the enlarged preview.
 */
export function Face({ card, big }) {
  const f = facts(card);
  const plot = f.type === 'plot';
  const str = card.strength !== undefined ? card.strength : f.str;
  const icons = card.icons || f.icons || [];
  return html`<div class=${'face f-' + f.faction + ' t-' + f.type + (big ? ' big' : '')}>
    <div class="fhead">${f.cost !== undefined && html`<span class="cost" title="cost">${f.cost}</span>`}
      <span class="fname">${f.unique ? '◆ ' : ''}${f.name}</span></div>
    <div class="ftype">${humanize(f.type)} · ${factionName(f.faction)}${f.loyal ? ' · loyal' : ''}</div>
    ${f.type === 'character' && html`<div class="fstr"><span class=${'str' + (str !== f.str ? ' changed' : '')} title="STR">${str}</span>
      ${['military', 'intrigue', 'power'].map((i) => html`<${IconBadge} icon=${i} off=${!icons.includes(i)}/>`)}</div>`}
    ${plot && html`<div class="fplot"><span title="income">gold ${f.income}</span><span title="initiative">init ${f.initiative}</span>
      <span title="claim">claim ${f.claim}</span><span title="reserve">res ${f.reserve}</span></div>`}
    ${f.traits && html`<div class="traits">${f.traits.join('. ')}.</div>`}
    <div class="ftext">${cardText(f.text)}</div>
  </div>`;
}

/** The back of a card (face down: a setup card, a hidden duplicate). */
export function Back({ label }) {
  return html`<div class="face back"><span>${label || 'face down'}</span></div>`;
}

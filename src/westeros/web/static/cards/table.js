// @ts-check
// The table: per player the faction card with its power, agenda, gold, reserve, the revealed
// plot and the used ones, title, the cards in play (kneeling turned sideways, attachments and
// duplicates under their card, power on cards), hand size, deck, discard and dead piles
// (browsable); the seat's own hand below.
import { html, Face, Back, humanize } from './face.js';

/**
 * One card on the table or in a hand. `pick` = the choices on it (clickable), `dim` = not
 * playable now; `onCard(card, event)` gets the click.
 */
export function Card({ card, ui, extra }) {
  const choices = ui.pick.get(card.id);
  const dim = ui.dim.has(card.id);
  const ch = ui.challenge;
  const role = ch && ch.attackers.includes(card.id) ? ' attacking' : ch && (ch.defenders.includes(card.id) || (ch.declaring || []).includes(card.id)) ? ' defending' : '';
  const cls = 'card' + (card.knelt ? ' knelt' : '') + (choices ? ' choice' : '') + (dim ? ' dim' : '') + role + (extra || '');
  const click = (e) => { e.stopPropagation(); ui.onCard(card, e); };
  return html`<div class=${cls} data-card=${card.id} data-code=${card.code} data-name=${card.name}
      onClick=${click} onMouseEnter=${() => ui.preview(card)} title=${choices ? choices.map((c) => c.label).join(' · ') : ''}>
    <div class="turn"><${Face} card=${card}/></div>
    ${card.power > 0 && html`<span class="pwr" title="power on this card">★${card.power}</span>`}
    ${card.tokens && Object.entries(card.tokens).map(([k, n]) => html`<span class="token" title=${humanize(k)}>${humanize(k)} ${n}</span>`)}
    ${role && html`<span class="role">${role.trim()}</span>`}
  </div>`;
}

/** A card in play with what lies under it: attachments, duplicates, face-down cards. */
function Stack({ card, under, ui }) {
  const kids = under.get(card.id) || [];
  return html`<div class="stack" data-stack=${card.id}>
    <${Card} card=${card} ui=${ui}/>
    ${kids.length > 0 && html`<div class="under">${kids.map((k) => (k.code
      ? html`<${Card} card=${k} ui=${ui} extra=${k.zone === 'dup' ? ' dup' : ' attachment'}/>`
      : html`<div class="card small facedown" data-facedown=${k.controller}><${Back} label=${k.zone === 'dup' ? 'duplicate' : 'face down'}/></div>`))}</div>`}
  </div>`;
}

const ORDER = { character: 0, location: 1, attachment: 2, event: 3 };
const SLOTS = new Set(['faction', 'title', 'plot', 'agenda']);

/** One player's side of the table. */
export function PlayerArea({ view, p, ui, mine, players }) {
  const inPlay = view.in_play.filter((c) => c.controller === p.seat);
  const under = new Map();
  const top = [];
  const facedown = [];
  for (const c of inPlay) {
    const on = c.code ? c.parent : c.on;
    if (SLOTS.has(c.zone)) continue; // drawn in their own slots
    if (on !== null && on !== undefined) {
      if (!under.has(on)) under.set(on, []);
      under.get(on).push(c);
    } else if (c.code && !c.facedown) top.push(c);
    else facedown.push(c);
  }
  top.sort((a, b) => (ORDER[a.type] ?? 9) - (ORDER[b.type] ?? 9) || a.id - b.id);
  const faction = view.in_play.find((c) => c.zone === 'faction' && c.controller === p.seat);
  const seatChoices = ui.seatPick.get(p.seat);
  const first = view.first_player === p.seat;
  const player = players ? players[p.seat] : null;
  return html`<section class=${'player' + (mine ? ' mine' : '') + (view.waiting_for.includes(p.seat) ? ' waiting' : '') + (p.eliminated ? ' out' : '')}
      data-player=${p.seat}>
    <header class=${'phead' + (seatChoices ? ' choice' : '')} data-seat-choice=${seatChoices ? p.seat : null}
        onClick=${seatChoices ? (e) => ui.onSeat(p.seat, e) : null}>
      <b class="pname">${p.name}</b>${player && player.name !== p.name ? html` <small>(${player.name}${player.type === 'bot' ? ', bot' : ''})</small>` : ''}
      ${mine && html` <span class="you">you</span>`}
      ${first && html` <span class="first" title="first player">♛ first player</span>`}
      ${p.eliminated && html` <span class="outtag">eliminated</span>`}
      ${view.waiting_for.includes(p.seat) && html` <span class="towait">to play…</span>`}
      <span class="stats">
        <span data-stat="power" title="power (C20: 15 wins)">★ <b>${p.power}</b></span>
        <span data-stat="gold" title="gold">gold <b>${p.gold}</b></span>
        <span data-stat="reserve" title="reserve">reserve ${p.reserve ?? '–'}</span>
        <span data-stat="claim" title="claim">claim ${p.claim ?? '–'}</span>
        <span data-stat="hand" title="cards in hand">hand <b>${p.hand_size}</b></span>
        <span data-stat="deck" title="draw deck">deck ${p.deck_size}</span>
        <button class="pile" data-pile=${'discard:' + p.seat} onClick=${(e) => { e.stopPropagation(); ui.browse(p, 'discard'); }}>discard ${p.discard.length}</button>
        <button class="pile" data-pile=${'dead:' + p.seat} onClick=${(e) => { e.stopPropagation(); ui.browse(p, 'dead'); }}>dead ${p.dead.length}</button>
        <button class="pile" data-pile=${'used:' + p.seat} onClick=${(e) => { e.stopPropagation(); ui.browse(p, 'used'); }}>used plots ${p.used.length}</button>
        <span title="plots left">plots ${p.plots_left}</span>
      </span>
    </header>
    <div class="prow">
      <div class="house">
        ${faction && html`<div class="slot"><small>faction</small><${Card} card=${faction} ui=${ui}/></div>`}
        ${p.agenda && html`<div class="slot"><small>agenda</small><${Card} card=${p.agenda} ui=${ui}/></div>`}
        <div class="slot"><small>plot</small>${p.plot ? html`<${Card} card=${p.plot} ui=${ui}/>` : html`<div class="card empty">no plot</div>`}</div>
        ${p.title && html`<div class="slot"><small>title</small><${Card} card=${{ ...p.title, ...(view.in_play.find((c) => c.id === p.title.id) || {}) }} ui=${ui}/></div>`}
      </div>
      <div class="inplay" data-inplay=${p.seat}>
        ${top.map((c) => html`<${Stack} card=${c} under=${under} ui=${ui}/>`)}
        ${facedown.map((c) => (c.code
          ? html`<div class="stack"><${Card} card=${c} ui=${ui} extra=" facedown-own"/></div>`
          : html`<div class="card facedown" data-facedown=${c.controller}><${Back}/></div>`))}
        ${top.length + facedown.length === 0 && html`<p class="nothing">no cards in play</p>`}
      </div>
    </div>
  </section>`;
}

/** The seat's own hand (others' hands are only counted, in their header). */
export function Hand({ p, ui }) {
  if (!p || !p.hand) return null;
  return html`<section class="hand" id="hand"><h2>Your hand (${p.hand.length})</h2>
    <div class="handcards">${p.hand.map((c) => html`<${Card} card=${c} ui=${ui}/>`)}</div></section>`;
}

/** A pile (discard, dead, used plots) opened to look through. */
export function PileBrowser({ pile, ui }) {
  if (!pile) return null;
  const cards = pile.p[pile.zone] || [];
  return html`<div class="overlay" id="pile" onClick=${() => ui.browse(null)}>
    <div class="pilebox" onClick=${(e) => e.stopPropagation()}>
      <h2>${pile.p.name}: ${pile.zone === 'used' ? 'used plots' : pile.zone + ' pile'} (${cards.length})</h2>
      <div class="pilecards">${cards.length ? cards.map((c) => html`<${Card} card=${c} ui=${ui}/>`) : html`<p>empty</p>`}</div>
      <button onClick=${() => ui.browse(null)}>Close</button></div></div>`;
}


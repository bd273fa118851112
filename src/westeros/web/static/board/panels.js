// @ts-check
// The panels beside the map: tracks, houses, the hand, Westeros, the combat, the log, the end.
import { html } from '../common.js';
import { useRef, useEffect, useState } from 'preact/hooks';
import { COLORS, INITIAL, TRACK_NAMES, DOMINANCE, UNIT_NAMES, CARD_KINDS, DATA, humanize, areaName, houseName, cardName, westerosName, orderLabel } from './names.js';
import { CardTexts, victoryOf, victoryWord } from './scenario.js';

// ------------------------------------------------------------------ panels
/** A house's chip: its initial and name (or `label`); `short`: the initial alone, the name on hover. */
export function Chip({ house, label, short = false }) {
  if (!house) return html`<span class="chip">—</span>`;
  const [fill, ink] = COLORS[house];
  const style = `background:${fill};color:${ink}`;
  if (short) return html`<span class="chip house initial" style=${style} data-house=${house} title=${houseName(house)}>${INITIAL[house]}</span>`;
  return html`<span class="chip house" style=${style} data-house=${house}>${INITIAL[house]} ${label || houseName(house)}</span>`;
}

export function Tracks({ view }) {
  const dom = view.dominance;
  const holderOf = { iron_throne: 'iron_throne', fiefdoms: 'valyrian_steel_blade', kings_court: 'messenger_raven' };
  const used = { valyrian_steel_blade: dom.blade_used, messenger_raven: dom.raven_used };
  const houses = Object.keys(view.houses);
  const supply = [0, 1, 2, 3, 4, 5, 6].map((n) => houses.filter((hs) => view.houses[hs].supply === n));
  const victory = [...houses].sort((a, b) => victoryOf(view, b) - victoryOf(view, a));
  return html`<section class="panel tracks"><h2>Tracks</h2>
    ${Object.entries(view.tracks).map(([t, order]) => html`<div class="track" data-track=${t}>
      <span class="tname">${TRACK_NAMES[t]}</span>
      ${order.map((hs, i) => html`<span class="slot"><small>${i + 1}</small><${Chip} house=${hs}/>
        ${t === 'kings_court' && view.houses[hs].stars > 0 ? html`<span class="stars" title="special orders allowed">${'★'.repeat(view.houses[hs].stars)}</span>` : ''}</span>`)}
      <span class="dom">${DOMINANCE[holderOf[t]]}${used[holderOf[t]] ? ' (used)' : ''}</span></div>`)}
    <div class="track"><span class="tname">Supply</span>
      ${supply.map((hs, n) => html`<span class="slot"><small>${n}</small>${hs.map((x) => html`<${Chip} house=${x} label=" "/>`)}</span>`)}</div>
    <div class="track"><span class="tname">Victory</span>
      ${victory.map((hs) => html`<span class="slot" data-victory=${hs}><${Chip} house=${hs}/> <b>${victoryOf(view, hs)}</b> ${victoryWord(view)}</span>`)}</div>
    <div class="track"><span class="tname">Wildlings</span>
      <span class="wild"><span class="bar" style=${`width:${(view.wildling_threat / 12) * 100}%`}></span></span>
      <b>${view.wildling_threat}</b>/12</div>
  </section>`;
}

/** The house card ``house`` has revealed in the fight now, or null (it stays in the hand until
 * the fight ends, R7.11, but it is on the table, not in the hand to choose from). */
export function cardInFight(view, house) {
  const c = view.combat;
  if (!c || !c.cards) return null;
  if (c.attacker === house) return c.cards.attacker || null;
  if (c.defender === house) return c.cards.defender || null;
  return null;
}

function CardChip({ id, cls }) {
  const c = DATA.house_cards[id];
  return html`<span class=${'chip hcard ' + (cls || '')} data-hcard=${id} title=${c && c.ability ? c.ability : ''}>${cardName(id)}${c ? html` <b>${c.strength}</b>${'⚔'.repeat(c.swords)}${'▣'.repeat(c.forts)}` : ''}</span>`;
}

// every house's house cards are public (R1.14.2): in hand, in play, discarded
export function Houses({ view, players }) {
  return html`<section class="panel"><h2>Houses</h2><table class="houses">
    <tr><th>House</th><th>Player</th><th title="power tokens available">Power</th><th>Supply</th><th>Castles</th><th>Cards</th><th title="order tokens on the board">Orders</th></tr>
    ${view.seats.map((hs, seat) => {
      const info = view.houses[hs];
      const p = players ? players[seat] : null;
      const played = cardInFight(view, hs);
      const hand = info.hand.filter((c) => c !== played);
      const orders = Object.values(view.orders).filter((o) => o.house === hs);
      const shownOrders = orders.filter((o) => o.token).map((o) => orderLabel(o.token));
      return html`<tr data-house=${hs} class=${view.waiting_for.includes(seat) ? 'waiting' : ''}>
        <td><${Chip} house=${hs}/></td><td>${p ? `${p.name}${p.type === 'bot' && !/bot/i.test(p.name) ? ' (bot)' : ''}` : ''}${view.waiting_for.includes(seat) ? ' (to play)' : ''}</td>
        <td>${info.power}</td><td>${info.supply}</td><td>${info.victory}</td><td>${hand.length}</td>
        <td data-orders=${hs} title=${shownOrders.join(' ')}>${orders.length}${shownOrders.length ? html` <small>${shownOrders.join(' ')}</small>` : ''}</td></tr>
        <tr class="housecards" data-cards=${hs}><td colspan="7">
          <span class="small">In hand:</span> ${hand.map((c) => html`<${CardChip} id=${c}/>`)}
          ${played && html` <span class="small">in play:</span> <${CardChip} id=${played} cls="inplay"/>`}
          ${info.discards.length > 0 && html` <span class="small">discarded:</span> ${info.discards.map((c) => html`<${CardChip} id=${c} cls="discarded"/>`)}`}
          <${CardTexts} house=${hs} cards=${[...info.hand, ...info.discards]}/></td></tr>`;
    })}
    ${(view.vassals || []).map((hs) => {
      const info = view.houses[hs];
      const commander = view.commanders && view.commanders[hs];
      const orders = Object.values(view.orders).filter((o) => o.house === hs);
      return html`<tr data-house=${hs} data-vassal=${commander || ''} class="vassal">
        <td><${Chip} house=${hs}/></td><td>${commander ? html`vassal of <${Chip} house=${commander}/>` : 'vassal'}</td>
        <td>${info.power}</td><td>${info.supply}</td><td>${info.victory}</td><td>${info.hand_size || ''}</td>
        <td data-orders=${hs}>${orders.length}</td></tr>`;
    })}</table></section>`;
}

export function HouseCard({ id, playable, onPlay }) {
  const c = DATA.house_cards[id];
  return html`<button class=${'card' + (playable ? ' playable' : '')} data-card=${id} disabled=${!playable}
      onClick=${playable ? () => onPlay(id) : null} title=${c.ability || ''}>
    <span class="cstr">${c.strength}</span><span class="cname">${c.name}</span>
    <span class="cicons">${'⚔'.repeat(c.swords)}${'▣'.repeat(c.forts)}</span>
    ${c.ability && html`<span class="cab">${c.ability}</span>`}</button>`;
}

export function Hand({ view, decision, send }) {
  if (!view.house) return null;
  // a card for a vassal it commands (X-MOD-10.7): the vassal cards drawn for it
  const vassal = decision && CARD_KINDS.has(decision.kind) && decision.context ? decision.context.vassal : null;
  const who = vassal || view.house;
  const played = cardInFight(view, who);
  const hand = view.houses[who].hand.filter((c) => c !== played);
  const playable = new Set(decision && CARD_KINDS.has(decision.kind) ? decision.choices : []);
  const title = vassal ? `Vassal cards drawn for ${houseName(vassal)}` : `Your house cards (${houseName(view.house)})`;
  return html`<section class="panel" id="hand"><h2>${title}</h2>
    <div class="hand">${hand.map((c) => html`<${HouseCard} id=${c} playable=${playable.has(c)} onPlay=${send}/>`)}</div>
    ${played && html`<p class="small" id="inplay">In play in this fight: <b>${cardName(played)}</b> (discarded when the fight ends).</p>`}</section>`;
}

/** A Westeros card with its effect in words. */
function WesterosCardLine({ id }) {
  const c = DATA.westeros_cards[id];
  return html`<li data-wcard=${id}><span class="chip wcard">${westerosName(id)}</span> ${c ? html`<small>${c.effect}</small>` : ''}</li>`;
}
/** A wildling card's three rows (R4.5): what the lowest, the others and the highest bidder get. */
export function WildlingCardText({ id }) {
  const c = DATA.wildling_cards[id];
  if (!c) return null;
  return html`<div class="wildcard" data-wildling=${id}><b>${c.name}</b>
    <ul class="small"><li><i>Wildlings win, lowest bidder:</i> ${c.lowest}</li>
      <li><i>Wildlings win, everyone else:</i> ${c.everyone_else}</li>
      <li><i>Night's Watch wins, highest bidder:</i> ${c.highest}</li></ul></div>`;
}

export function Westeros({ view }) {
  return html`<section class="panel"><h2>Westeros</h2>
    ${view.last_westeros_cards.length ? html`<ul class="wcards">${view.last_westeros_cards.map((c) => html`<${WesterosCardLine} id=${c}/>`)}</ul>` : html`<p>Revealed: —</p>`}
    <p class="small">Decks: ${Object.entries(view.westeros_deck_sizes).map(([d, n]) => `${'I'.repeat(+d)}: ${n}`).join(' · ')} · wildling deck ${view.wildling_deck_size}
    ${view.restrictions.length ? html` · <b>restricted: ${view.restrictions.map(orderLabel).join(', ')}</b>` : ''}
    ${view.raven_peek ? ' · top wildling card (only you know):' : ''}</p>
    ${view.raven_peek && html`<${WildlingCardText} id=${view.raven_peek}/>`}
  </section>`;
}

/** The card that caused what is being decided now, in the Westeros phase (R3.2): the wildling
 * card revealed in an attack, the attack before its card, or the Westeros card being resolved. */
export function cardInPlay(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!e || e.kind === 'round' || e.kind === 'westeros_phase') return null;
    if (e.kind === 'wildling_card') return { wildling: e.card };
    if (e.kind === 'wildling_attack') return { attack: e };
    if (e.kind === 'westeros_resolving') return { westeros: e.card };
  }
  return null;
}

export function CardInPlay({ events, view }) {
  const c = view.phase === 'westeros' ? cardInPlay(events) : null;
  if (!c) return null;
  if (c.westeros) {
    const w = DATA.westeros_cards[c.westeros];
    return html`<section class="panel cardinplay" id="cardinplay" data-card=${c.westeros}><h2>Westeros card: ${westerosName(c.westeros)}</h2>
      <p>${w ? w.effect : ''}</p></section>`;
  }
  if (c.wildling) {
    return html`<section class="panel cardinplay" id="cardinplay" data-card=${c.wildling}><h2>Wildling card</h2><${WildlingCardText} id=${c.wildling}/></section>`;
  }
  return html`<section class="panel cardinplay" id="cardinplay"><h2>The wildlings attack</h2>
    <p>${c.attack.text}. The wildling card is revealed after the bids for the Night's Watch.</p></section>`;
}

export function sideRow(label, parts) {
  if (!parts) return null;
  const keys = ['units', 'order', 'support', 'garrison', 'house_card', 'blade', 'tides'];
  return html`<tr><th>${label}</th>${keys.map((k) => html`<td>${parts[k] === undefined ? '·' : parts[k]}</td>`)}
    <td><b>${parts.final !== undefined ? parts.final : parts.initial}</b></td></tr>`;
}

export function lastFight(events) {
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) if (events[i] && events[i].kind === 'combat_begin') { start = i; break; }
  if (start < 0) return null;
  const fight = { begin: events[start], lines: [], stale: false };
  for (let i = start; i < events.length; i++) {
    const e = events[i];
    if (!e) continue;
    if (i > start && (e.kind === 'round' || e.kind === 'westeros_phase' || e.kind === 'planning')) { fight.stale = true; break; }
    if (fight.over) continue;
    if (i > start && (e.kind === 'combat_begin' || e.kind === 'march_order')) break;
    if (e.kind === 'combat_final' || e.kind === 'combat_won') fight.final = e;
    if (e.kind === 'cards_revealed' || e.kind === 'card_replayed') fight.cards = e.cards;
    if (e.kind === 'tides_revealed') fight.tides = e.tides;
    if (e.kind === 'combat_won') fight.winner = e.winner;
    fight.lines.push(e.text);
    if (e.kind === 'combat_over') fight.over = true;
  }
  return fight;
}

/** A Tides of Battle card in words (R7.7): "+1 ⚔", "skull". */
export function tidesName(id) {
  const c = DATA.tides[id];
  if (!c) return id ? humanize(id) : '?';
  if (c.skulls) return 'skull ☠';
  return `${c.strength ? '+' + c.strength : '0'}${'⚔'.repeat(c.swords)}${'▣'.repeat(c.forts)}`;
}

const STRENGTH_HEAD = html`<tr><th></th><th>units</th><th>order</th><th>support</th><th>garrison</th><th>card</th><th>blade</th><th>tides</th><th>total</th></tr>`;

export function Combat({ view, events }) {
  const c = view.combat;
  const last = lastFight(events);
  if (c) {
    const st = c.strength || {};
    const tides = c.tides;
    // the attacking units still held; once they moved in or died, the units that began the fight
    const begun = last && last.begin.area === c.area ? last.begin.units : null;
    const units = c.attacking_units.length ? c.attacking_units.map((u) => UNIT_NAMES[u])
      : (begun || []).map((u) => UNIT_NAMES[u.kind] + (u.routed ? ' (routed)' : ''));
    return html`<section class="panel combat" id="combat"><h2>Combat in ${areaName(c.area)}</h2>
      <p><${Chip} house=${c.attacker}/> ${c.winner ? 'attacked' : 'attacks'} from ${areaName(c.from_area)}${units.length ? ` with ${units.join(', ')}` : ''}
      ${c.defender ? html` against <${Chip} house=${c.defender}/>` : html` against a neutral force of ${st.neutral_force}`} · stage ${humanize(c.stage)}</p>
      ${c.support.length > 0 && html`<p>Support: ${c.support.map((s) => html`<span class="chip">${houseName(s.house)} from ${areaName(s.area)} → ${s.side || '?'}</span>`)}</p>`}
      <div class="tablewrap"><table class="strength">${STRENGTH_HEAD}
        ${c.defender ? [sideRow(houseName(c.attacker), st.attacker), sideRow(houseName(c.defender), st.defender)] : sideRow(houseName(c.attacker), st.attacker)}</table></div>
      ${c.cards && html`<p>House cards: ${houseName(c.attacker)} ${c.cards.attacker ? cardName(c.cards.attacker) : '(hidden)'} · ${houseName(c.defender)} ${c.cards.defender ? cardName(c.cards.defender) : '(hidden)'}</p>`}
      ${tides && (tides.attacker || tides.defender) && html`<p id="tides">Tides of Battle: ${houseName(c.attacker)} ${tides.attacker ? tidesName(tides.attacker) : '(hidden)'} · ${houseName(c.defender)} ${tides.defender ? tidesName(tides.defender) : '(hidden)'}</p>`}
      <p>Valyrian Steel Blade: ${houseName(view.dominance.valyrian_steel_blade)}${view.dominance.blade_used ? ' (used)' : ''}
      ${c.winner ? html` · <b>winner: ${houseName(c[c.winner])}</b>` : ''}</p>
    </section>`;
  }
  // the last fight, only in the action phase it was fought in (not above everything later)
  if (!last || last.stale || view.phase !== 'action') return null;
  const f = last.final;
  const st = f && f.strength;
  return html`<section class="panel combat" id="combat"><h2>Last combat</h2>
    <p>${last.begin.text}</p>
    ${st && html`<div class="tablewrap"><table class="strength">${STRENGTH_HEAD}
      ${sideRow(houseName(f.attacker || last.begin.attacker), st.attacker)}${sideRow(houseName(f.defender || last.begin.defender), st.defender)}</table></div>`}
    <ul class="fightlog">${last.lines.slice(1).map((l) => html`<li>${l}</li>`)}</ul></section>`;
}

// the whole log (every entry since the game began), one round or all
export function Log({ events }) {
  const box = useRef(null);
  const [round, setRound] = useState('all');
  const rounds = [];
  let current = 0;
  const shown = [];
  for (const e of events) {
    if (!e) continue;
    if (e.kind === 'round') { current = e.round; rounds.push(e.round); }
    if (round === 'all' || String(current) === round) shown.push(e);
  }
  useEffect(() => { if (box.current && round === 'all') box.current.scrollTop = box.current.scrollHeight; }, [events.length, round]);
  return html`<section class="panel" id="log"><h2>Game log
      <select class="roundfilter" id="logfilter" value=${round} onChange=${(e) => setRound(e.target.value)}>
        <option value="all">all rounds</option>${rounds.map((r) => html`<option value=${String(r)}>round ${r}</option>`)}</select></h2>
    <ol class="log" ref=${box}>${shown.map((e) => html`<li class=${'ev-' + e.kind}>${e.text}</li>`)}</ol></section>`;
}

// the ranking with the players' names and houses; closed to look at the board, or a replay
export function EndScreen({ outcome, view, players, close, replay }) {
  return html`<div class="endscreen" id="endscreen"><div class="endbox"><h2>Game over</h2>
    <p>${outcome.reason}</p>
    <ol>${outcome.ranking.map((seat) => {
      const p = players && players[seat];
      return html`<li data-rank=${seat}><b>${p ? p.name : `Seat ${seat + 1}`}</b> <${Chip} house=${view.seats[seat]}/>
      ${outcome.scores[seat] ? html` <small>${Object.entries(outcome.scores[seat]).map(([k, v]) => `${humanize(k)} ${v}`).join(' · ')}</small>` : ''}</li>`;
    })}</ol>
    <p>${outcome.rounds} rounds. <a href="/">Back to the lobby</a>
      ${replay && html` <button id="replay" onClick=${replay}>Replay the game</button>`}
      <button id="close-end" onClick=${close}>Look at the board</button></p></div></div>`;
}

// The westeros web client: the board game's screen (the lobby is lobby.js). Plain ES modules, no build step:
// Preact + htm are vendored under /static/vendor (scripts/vendor.sh). The page knows the server
// only through its documented API (docs/server.md) and the board game's static data
// (/static/boardgame.json: names, cards, the decision catalogue).
import { h, render } from 'preact';
import { useState, useEffect, useRef, useMemo } from 'preact/hooks';
import htm from 'htm';
import {
  api, post, readJson, tokenKey, ownerKey, linksKey, rememberGame, forgetSeat, rememberLink, seatLink, LinkBox,
} from './common.js';

const html = htm.bind(h);

const COLORS = {
  stark: ['#e8e8e8', '#222'], lannister: ['#a8232a', '#fff'], baratheon: ['#f2c400', '#222'],
  greyjoy: ['#222222', '#fff'], tyrell: ['#2f7d32', '#fff'], martell: ['#e07b1f', '#222'],
};
const INITIAL = { stark: 'S', lannister: 'L', baratheon: 'B', greyjoy: 'G', tyrell: 'T', martell: 'M' };
const TRACK_NAMES = { iron_throne: 'Iron Throne', fiefdoms: 'Fiefdoms', kings_court: "King's Court" };
const DOMINANCE = { iron_throne: 'Iron Throne', valyrian_steel_blade: 'Valyrian Steel Blade', messenger_raven: 'Messenger Raven' };
const UNIT_NAMES = { footman: 'Footman', knight: 'Knight', siege_engine: 'Siege engine', ship: 'Ship' };
const SUPPORT_WORDS = { attacker: 'attacker', defender: 'defender' };
// decisions done on the map or the hand; the rest also get a list of their choices
const MAP_KINDS = new Set(['place_order', 'march_order', 'march_move', 'raid', 'consolidate', 'retreat',
  'muster', 'raven', 'reconcile', 'destroy_unit', 'replace_knight', 'upgrade_footman', 'horde_area',
  'queen_of_thorns', 'cersei', 'renly']);
const CARD_KINDS = new Set(['house_card', 'aeron', 'discard_card']);

let DATA = null;
let MAP_SVG = '';
let AREA_BY_NAME = [];

// ------------------------------------------------------------------ names and labels
const humanize = (s) => String(s).replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const areaName = (a) => (DATA.areas[a] ? DATA.areas[a].name : humanize(a));
const houseName = (hs) => (hs ? DATA.houses[hs] || humanize(hs) : '—');
const cardName = (c) => (DATA.house_cards[c] ? DATA.house_cards[c].name : humanize(c));
function westerosName(id) {
  const c = DATA.westeros_cards[id];
  return c ? `${c.name} (${'I'.repeat(c.deck)})` : humanize(id);
}
function orderLabel(token) {
  if (!token) return '?';
  const o = DATA.orders[token];
  if (!o) return humanize(token);
  const letter = { march: 'M', defense: 'D', support: 'S', raid: 'R', consolidate: 'C' }[o.type] || '?';
  const mod = o.type === 'raid' || o.type === 'consolidate' ? '' : (o.modifier < 0 ? `−${-o.modifier}` : `+${o.modifier}`);
  return letter + mod + (o.special ? '★' : '');
}
function orderTitle(token) {
  const o = DATA.orders[token];
  if (!o) return humanize(token);
  const mod = o.type === 'raid' || o.type === 'consolidate' ? '' : ` ${o.modifier < 0 ? '−' + -o.modifier : '+' + o.modifier}`;
  return `${humanize(o.type === 'consolidate' ? 'consolidate power' : o.type)}${mod}${o.special ? ' ★ (special)' : ''}`;
}
function partLabel(p) {
  if (DATA.areas[p]) return areaName(p);
  if (DATA.house_cards[p]) return cardName(p);
  if (DATA.houses[p]) return houseName(p);
  if (TRACK_NAMES[p]) return TRACK_NAMES[p];
  if (UNIT_NAMES[p]) return UNIT_NAMES[p];
  if (DATA.orders[p]) return `${orderLabel(p)} ${orderTitle(p)}`;
  return humanize(p);
}
function choiceLabel(kind, c) {
  if (typeof c === 'number') return String(c);
  if (kind === 'place_order' || kind === 'raven_replace') return `${orderLabel(c)}  ${orderTitle(c)}`;
  if (kind === 'march_move' && c !== 'done') { const [u, to] = c.split('>'); return `${UNIT_NAMES[u] || u} → ${areaName(to)}`; }
  if (kind === 'raid' && c.includes('>')) { const [f, t] = c.split('>'); return t === 'none' ? `${areaName(f)}: remove without effect` : `${areaName(f)} raids ${areaName(t)}`; }
  if (kind === 'muster' && c.includes('>')) { const [u, to] = c.split('>'); return `${UNIT_NAMES[u] || humanize(u)} in ${areaName(to)}`; }
  if (kind === 'raven' && c.startsWith('replace:')) return `Replace the order in ${areaName(c.slice(8))}`;
  if (kind === 'raven' && c === 'look') return 'Look at the top wildling card';
  if (kind === 'raven' && c === 'pass') return 'Pass (keep the Raven unused)';
  if (kind === 'renly' && c.endsWith(':routed')) return `${areaName(c.split(':')[0])} (routed footman)`;
  if (kind === 'support' && SUPPORT_WORDS[c]) return c;
  const sep = c.includes('>') ? '>' : c.includes(':') ? ':' : c.includes('+') && !DATA.orders[c] ? '+' : null;
  if (sep) return c.split(sep).map(partLabel).join(sep === '>' ? ' → ' : sep === '+' ? ' + ' : ': ');
  return partLabel(c);
}
// the area a choice points at on the map (the last part naming an area), or null
function areaOfChoice(c) {
  if (typeof c !== 'string') return null;
  const parts = c.split(/[>:+]/);
  for (let i = parts.length - 1; i >= 0; i--) if (DATA.areas[parts[i]]) return parts[i];
  return null;
}
// the area a prompt speaks of ("order for Kingswood", "muster in Riverrun"), longest name first
function areaInPrompt(prompt) {
  for (const [name, id] of AREA_BY_NAME) if (prompt.includes(name)) return id;
  return null;
}
function focusArea(d) {
  if (!d) return null;
  if (['place_order', 'raven_replace', 'muster', 'consolidate_special', 'march_move', 'march_token'].includes(d.kind)) {
    return areaInPrompt(d.prompt);
  }
  return null;
}
function shade(hex, amount) { // mix a colour with white (amount > 0) or black (< 0)
  const n = parseInt(hex.slice(1), 16);
  let r = n >> 16, g = (n >> 8) & 255, b = n & 255;
  const t = amount > 0 ? 255 : 0, k = Math.abs(amount);
  r = Math.round(r + (t - r) * k); g = Math.round(g + (t - g) * k); b = Math.round(b + (t - b) * k);
  return `rgb(${r},${g},${b})`;
}

// ------------------------------------------------------------------ the board (map + pieces)
const K = 1.45; // pieces drawn larger than the map's own markers
function UnitShape({ kind, house, routed, x, y }) {
  const [fill, ink] = COLORS[house] || ['#999', '#000'];
  const title = `${houseName(house)} ${UNIT_NAMES[kind] || kind}${routed ? ' (routed)' : ''}`;
  let shape;
  if (kind === 'footman') shape = html`<circle cx=${x} cy=${y} r="4.3"/>`;
  else if (kind === 'knight') shape = html`<path d=${`M${x} ${y - 5.2}L${x + 5.2} ${y}L${x} ${y + 5.2}L${x - 5.2} ${y}Z`}/>`;
  else if (kind === 'siege_engine') shape = html`<path d=${`M${x} ${y - 5.2}L${x + 5.2} ${y + 4.2}L${x - 5.2} ${y + 4.2}Z`}/>`;
  else shape = html`<path d=${`M${x - 6} ${y - 2}L${x + 6} ${y - 2}L${x + 3.5} ${y + 4}L${x - 3.5} ${y + 4}Z M${x - 0.6} ${y - 2}V${y - 6}h1.2V${y - 2}Z`}/>`;
  return html`<g class=${'unit' + (routed ? ' routed' : '')} fill=${fill} data-unit=${kind} data-house=${house}
      transform=${`translate(${x * (1 - K)} ${y * (1 - K)}) scale(${K})`}>
    <title>${title}</title>${shape}
    <text x=${x} y=${y + (kind === 'siege_engine' ? 2.8 : kind === 'ship' ? 2.6 : 1.9)} fill=${ink} class="uinit">${INITIAL[house]}</text>
    ${routed && html`<path class="routed-mark" d=${`M${x - 5} ${y + 5}L${x + 5} ${y - 5}`}/>`}</g>`;
}

function Pieces({ view, choiceAreas, onOrder }) {
  const out = [];
  const areas = DATA.areas;
  for (const [a, info] of Object.entries(areas)) {
    if (!info.xy) continue;
    const [x, y0] = info.xy;
    const port = info.kind === 'port';
    const y = port ? y0 : y0 + 19;
    const units = view.units[a] || [];
    const order = view.orders[a];
    const token = view.power_tokens[a];
    const items = [];
    const w = 15.5;
    const n = units.length + (token ? 1 : 0);
    let cx = x - ((n - 1) * w) / 2 + (order && !port ? 6 : 0);
    for (const u of units) { items.push(html`<${UnitShape} ...${u} x=${cx} y=${y}/>`); cx += w; }
    if (token) {
      const [fill, ink] = COLORS[token];
      items.push(html`<g class="power" data-house=${token}><title>Power token: ${houseName(token)}</title>
        <circle cx=${cx} cy=${y} r="6" fill=${fill}/><text x=${cx} y=${y + 2.6} fill=${ink} class="uinit big">${INITIAL[token]}</text></g>`);
    }
    if (order) {
      const ox = port ? x + 13 : x - ((n - 1) * w) / 2 - 9;
      const oy = port ? y0 - 9 : y;
      const [fill, ink] = COLORS[order.house];
      const clickable = choiceAreas.has(a);
      items.push(html`<g class=${'order' + (order.token ? '' : ' facedown') + (clickable ? ' hit' : '')}
          data-order=${a} onClick=${clickable ? (e) => { e.stopPropagation(); onOrder(a, e); } : null}>
        <title>${order.token ? `${houseName(order.house)}: ${orderTitle(order.token)}` : `${houseName(order.house)}: an order (face down)`}</title>
        <circle cx=${ox} cy=${oy} r="8.6" fill=${order.token ? '#3b3020' : fill} stroke=${fill}/>
        <text x=${ox} y=${oy + 2.3} fill=${order.token ? '#fff8e0' : ink} class="otext">${order.token ? orderLabel(order.token) : INITIAL[order.house] + '?'}</text></g>`);
    }
    const garrison = view.garrisons[a];
    if (garrison) {
      items.push(html`<g class="garrison"><title>Garrison of strength ${garrison}</title>
        <path d=${`M${x + 16} ${y0 - 27}h10v6q0 5-5 7q-5-2-5-7Z`}/><text x=${x + 21} y=${y0 - 19.5}>${garrison}</text></g>`);
    }
    const neutral = view.neutral_forces[a];
    if (neutral) {
      items.push(html`<g class="neutral"><title>Neutral force: strength ${neutral}</title>
        <rect x=${x - 11} y=${y - 6} width="22" height="12" rx="2"/><text x=${x} y=${y + 3}>⚔${neutral}</text></g>`);
    }
    if (items.length) out.push(html`<g data-pieces=${a}>${items}</g>`);
  }
  return out;
}

function Board({ view, decision, onArea, onOrder, popup, onPick, onClosePopup }) {
  const host = useRef(null);
  const wrap = useRef(null);
  const choiceAreas = useMemo(() => {
    const s = new Set();
    if (decision) for (const c of decision.choices) { const a = areaOfChoice(c); if (a) s.add(a); }
    const f = focusArea(decision);
    if (f && decision.kind === 'place_order') s.add(f);
    return s;
  }, [decision]);
  const focus = focusArea(decision);
  useEffect(() => { if (host.current && !host.current.firstChild) host.current.innerHTML = MAP_SVG; }, []);
  // control by house colour, choices and the fight marked on the drawn areas
  useEffect(() => {
    if (!host.current) return;
    const control = {};
    for (const [a, us] of Object.entries(view.units)) if (us.length) control[a] = us[0].house;
    for (const [a, hs] of Object.entries(view.power_tokens)) control[a] = control[a] || hs;
    const fight = view.combat ? view.combat.area : null;
    for (const el of host.current.querySelectorAll('[data-area]')) {
      const a = el.getAttribute('data-area');
      if (!el.dataset.fill) el.dataset.fill = el.getAttribute('fill') || '';
      const hs = control[a];
      if (hs && DATA.areas[a].kind === 'land') el.setAttribute('fill', shade(COLORS[hs][0], hs === 'greyjoy' ? 0.45 : hs === 'stark' ? -0.12 : 0.35));
      else if (el.dataset.fill) el.setAttribute('fill', el.dataset.fill);
      el.classList.toggle('choice', choiceAreas.has(a));
      el.classList.toggle('focus', a === focus);
      el.classList.toggle('fight', a === fight);
      if (hs) el.setAttribute('data-control', hs); else el.removeAttribute('data-control');
    }
  });
  const click = (e) => {
    const el = e.target.closest('[data-area],[data-for]');
    if (!el) return;
    const a = el.getAttribute('data-area') || el.getAttribute('data-for');
    const box = wrap.current.getBoundingClientRect();
    onArea(a, e.clientX - box.left, e.clientY - box.top);
  };
  return html`<div class="board" ref=${wrap}>
    <div class="map" ref=${host} onClick=${click}></div>
    <svg class="pieces" viewBox=${`0 0 ${DATA.width} ${DATA.height + 24}`}>
      ${Pieces({ view, choiceAreas, onOrder: (a, e) => { const box = wrap.current.getBoundingClientRect(); onArea(a, e.clientX - box.left, e.clientY - box.top); } })}
      ${view.combat && DATA.areas[view.combat.area] && html`<g class="fightmark"><title>Combat here</title>
        <text x=${DATA.areas[view.combat.area].xy[0] - 24} y=${DATA.areas[view.combat.area].xy[1] - 8}>⚔</text></g>`}
    </svg>
    ${popup && html`<div class="popup" style=${`left:${popup.x}px;top:${popup.y}px`}>
      <div class="popup-title">${popup.title}</div>
      ${popup.choices.map((c) => html`<button data-choice=${String(c)} onClick=${() => onPick(c)}>${choiceLabel(popup.kind, c)}</button>`)}
      <button class="cancel" onClick=${onClosePopup}>Cancel</button></div>`}
  </div>`;
}

// ------------------------------------------------------------------ panels
function Chip({ house, label }) {
  if (!house) return html`<span class="chip">—</span>`;
  const [fill, ink] = COLORS[house];
  return html`<span class="chip house" style=${`background:${fill};color:${ink}`} data-house=${house}>${INITIAL[house]} ${label || houseName(house)}</span>`;
}

function Tracks({ view }) {
  const dom = view.dominance;
  const holderOf = { iron_throne: 'iron_throne', fiefdoms: 'valyrian_steel_blade', kings_court: 'messenger_raven' };
  const used = { valyrian_steel_blade: dom.blade_used, messenger_raven: dom.raven_used };
  const houses = Object.keys(view.houses);
  const supply = [0, 1, 2, 3, 4, 5, 6].map((n) => houses.filter((hs) => view.houses[hs].supply === n));
  const victory = [...houses].sort((a, b) => view.houses[b].victory - view.houses[a].victory);
  return html`<section class="panel tracks"><h2>Tracks</h2>
    ${Object.entries(view.tracks).map(([t, order]) => html`<div class="track" data-track=${t}>
      <span class="tname">${TRACK_NAMES[t]}</span>
      ${order.map((hs, i) => html`<span class="slot"><small>${i + 1}</small><${Chip} house=${hs}/>
        ${t === 'kings_court' && view.houses[hs].stars > 0 ? html`<span class="stars" title="special orders allowed">${'★'.repeat(view.houses[hs].stars)}</span>` : ''}</span>`)}
      <span class="dom">${DOMINANCE[holderOf[t]]}${used[holderOf[t]] ? ' (used)' : ''}</span></div>`)}
    <div class="track"><span class="tname">Supply</span>
      ${supply.map((hs, n) => html`<span class="slot"><small>${n}</small>${hs.map((x) => html`<${Chip} house=${x} label=" "/>`)}</span>`)}</div>
    <div class="track"><span class="tname">Victory</span>
      ${victory.map((hs) => html`<span class="slot"><${Chip} house=${hs}/> <b>${view.houses[hs].victory}</b> castles</span>`)}</div>
    <div class="track"><span class="tname">Wildlings</span>
      <span class="wild"><span class="bar" style=${`width:${(view.wildling_threat / 12) * 100}%`}></span></span>
      <b>${view.wildling_threat}</b>/12</div>
  </section>`;
}

function Houses({ view, players }) {
  return html`<section class="panel"><h2>Houses</h2><table class="houses">
    <tr><th>House</th><th>Player</th><th title="power tokens available">Power</th><th>Supply</th><th>Castles</th><th>Cards</th><th>Discards</th></tr>
    ${view.seats.map((hs, seat) => {
      const info = view.houses[hs];
      const p = players ? players[seat] : null;
      return html`<tr data-house=${hs} class=${view.waiting_for.includes(seat) ? 'waiting' : ''}>
        <td><${Chip} house=${hs}/></td><td>${p ? `${p.name}${p.type === 'bot' && !/bot/i.test(p.name) ? ' (bot)' : ''}` : ''}${view.waiting_for.includes(seat) ? ' (to play)' : ''}</td>
        <td>${info.power}</td><td>${info.supply}</td><td>${info.victory}</td><td>${info.hand.length}</td>
        <td class="discards">${info.discards.map(cardName).join(', ') || '—'}</td></tr>`;
    })}</table></section>`;
}

function HouseCard({ id, playable, onPlay }) {
  const c = DATA.house_cards[id];
  return html`<button class=${'card' + (playable ? ' playable' : '')} data-card=${id} disabled=${!playable}
      onClick=${playable ? () => onPlay(id) : null} title=${c.ability || ''}>
    <span class="cstr">${c.strength}</span><span class="cname">${c.name}</span>
    <span class="cicons">${'⚔'.repeat(c.swords)}${'▣'.repeat(c.forts)}</span>
    ${c.ability && html`<span class="cab">${c.ability}</span>`}</button>`;
}

function Hand({ view, decision, send }) {
  if (!view.house) return null;
  const hand = view.houses[view.house].hand;
  const playable = new Set(decision && CARD_KINDS.has(decision.kind) ? decision.choices : []);
  return html`<section class="panel"><h2>Your house cards (${houseName(view.house)})</h2>
    <div class="hand">${hand.map((c) => html`<${HouseCard} id=${c} playable=${playable.has(c)} onPlay=${send}/>`)}</div></section>`;
}

function Westeros({ view }) {
  return html`<section class="panel"><h2>Westeros</h2>
    <p>Revealed: ${view.last_westeros_cards.length ? view.last_westeros_cards.map((c) => html`<span class="chip wcard">${westerosName(c)}</span>`) : '—'}</p>
    <p class="small">Decks: ${Object.entries(view.westeros_deck_sizes).map(([d, n]) => `${'I'.repeat(+d)}: ${n}`).join(' · ')} · wildling deck ${view.wildling_deck_size}
    ${view.restrictions.length ? html` · <b>restricted: ${view.restrictions.map(orderLabel).join(', ')}</b>` : ''}
    ${view.raven_peek ? html` · top wildling card: <b>${DATA.wildling_cards[view.raven_peek] ? DATA.wildling_cards[view.raven_peek].name : view.raven_peek}</b>` : ''}</p>
  </section>`;
}

function sideRow(label, parts) {
  if (!parts) return null;
  const keys = ['units', 'order', 'support', 'garrison', 'house_card', 'blade', 'tides'];
  return html`<tr><th>${label}</th>${keys.map((k) => html`<td>${parts[k] === undefined ? '·' : parts[k]}</td>`)}
    <td><b>${parts.final !== undefined ? parts.final : parts.initial}</b></td></tr>`;
}

function lastFight(events) {
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) if (events[i] && events[i].kind === 'combat_begin') { start = i; break; }
  if (start < 0) return null;
  const fight = { begin: events[start], lines: [] };
  for (let i = start; i < events.length; i++) {
    const e = events[i];
    if (!e) continue;
    if (i > start && (e.kind === 'combat_begin' || e.kind === 'march_order' || e.kind === 'round')) break;
    if (e.kind === 'combat_final' || e.kind === 'combat_won') fight.final = e;
    if (e.kind === 'cards_revealed' || e.kind === 'card_replayed') fight.cards = e.cards;
    if (e.kind === 'tides_revealed') fight.tides = e.tides;
    if (e.kind === 'combat_won') fight.winner = e.winner;
    fight.lines.push(e.text);
    if (e.kind === 'combat_over') break;
  }
  return fight;
}

function Combat({ view, events }) {
  const c = view.combat;
  const last = lastFight(events);
  if (!c && !last) return null;
  const tides = c ? c.tides : last.tides;
  if (c) {
    const st = c.strength || {};
    return html`<section class="panel combat" id="combat"><h2>Combat in ${areaName(c.area)}</h2>
      <p><${Chip} house=${c.attacker}/> attacks from ${areaName(c.from_area)} with ${c.attacking_units.map((u) => UNIT_NAMES[u]).join(', ')}
      ${c.defender ? html` against <${Chip} house=${c.defender}/>` : html` against a neutral force of ${st.neutral_force}`} · stage ${humanize(c.stage)}</p>
      ${c.support.length > 0 && html`<p>Support: ${c.support.map((s) => html`<span class="chip">${houseName(s.house)} from ${areaName(s.area)} → ${s.side || '?'}</span>`)}</p>`}
      <table class="strength"><tr><th></th><th>units</th><th>order</th><th>support</th><th>garrison</th><th>card</th><th>blade</th><th>tides</th><th>total</th></tr>
        ${c.defender ? [sideRow(houseName(c.attacker), st.attacker), sideRow(houseName(c.defender), st.defender)] : sideRow(houseName(c.attacker), st.attacker)}</table>
      ${c.cards && html`<p>House cards: ${houseName(c.attacker)} ${c.cards.attacker ? cardName(c.cards.attacker) : '(hidden)'} · ${houseName(c.defender)} ${c.cards.defender ? cardName(c.cards.defender) : '(hidden)'}</p>`}
      ${tides && (tides.attacker || tides.defender) && html`<p>Tides of Battle: ${humanize(tides.attacker || '?')} / ${humanize(tides.defender || '?')}</p>`}
      <p>Valyrian Steel Blade: ${houseName(view.dominance.valyrian_steel_blade)}${view.dominance.blade_used ? ' (used)' : ''}
      ${c.winner ? html` · <b>winner: ${houseName(c[c.winner])}</b>` : ''}</p>
    </section>`;
  }
  const f = last.final;
  const st = f && f.strength;
  return html`<section class="panel combat" id="combat"><h2>Last combat</h2>
    <p>${last.begin.text}</p>
    ${st && html`<table class="strength"><tr><th></th><th>units</th><th>order</th><th>support</th><th>garrison</th><th>card</th><th>blade</th><th>tides</th><th>total</th></tr>
      ${sideRow(houseName(f.attacker || last.begin.attacker), st.attacker)}${sideRow(houseName(f.defender || last.begin.defender), st.defender)}</table>`}
    <ul class="fightlog">${last.lines.slice(1).map((l) => html`<li>${l}</li>`)}</ul></section>`;
}

function Log({ events }) {
  const box = useRef(null);
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [events.length]);
  return html`<section class="panel"><h2>Game log</h2><ol class="log" ref=${box}>
    ${events.slice(-250).map((e) => e && html`<li class=${'ev-' + e.kind}>${e.text}</li>`)}</ol></section>`;
}

function EndScreen({ outcome, view }) {
  return html`<div class="endscreen" id="endscreen"><div class="endbox"><h2>Game over</h2>
    <p>${outcome.reason}</p>
    <ol>${outcome.ranking.map((seat) => html`<li><${Chip} house=${view.seats[seat]} label=${outcome.names[seat]}/>
      ${outcome.scores[seat] ? html` <small>${Object.entries(outcome.scores[seat]).map(([k, v]) => `${humanize(k)} ${v}`).join(' · ')}</small>` : ''}</li>`)}</ol>
    <p>${outcome.rounds} rounds. <a href="/">Back to the lobby</a></p></div></div>`;
}

// ------------------------------------------------------------------ decisions
function DecisionPanel({ d, view, send, busy }) {
  const [bid, setBid] = useState(0);
  useEffect(() => setBid(0), [d && d.prompt]);
  if (!d) return null;
  const focus = focusArea(d);
  let body;
  if (d.kind === 'bid') {
    const max = Math.max(...d.choices);
    body = html`<div class="bid"><input type="number" id="bid" min="0" max=${max} value=${bid} onInput=${(e) => setBid(+e.target.value)}/>
      <button class="primary" id="bid-send" onClick=${() => send(bid)} disabled=${busy}>Bid ${bid}</button> <small>(0–${max} power)</small></div>`;
  } else if (d.kind === 'support') {
    const c = view.combat;
    body = html`<div class="choices">${d.choices.map((s) => html`<button data-choice=${s} class="primary" onClick=${() => send(s)}>
      ${s === 'none' ? 'Support nobody' : `Support ${houseName(c ? (s === 'attacker' ? c.attacker : c.defender) : s)} (${s})`}</button>`)}</div>`;
  } else {
    const onMap = MAP_KINDS.has(d.kind);
    const hint = d.kind === 'place_order' ? `Click ${areaName(focus)} on the map (or pick a token here).`
      : d.kind === 'march_order' ? 'Click a March order on the map.'
      : d.kind === 'march_move' ? 'Click a destination on the map, then the unit; "done" carries out the march.'
      : d.kind === 'retreat' ? 'Click the area to retreat to.'
      : CARD_KINDS.has(d.kind) ? 'Click a card of your hand.'
      : onMap ? 'Click a highlighted area on the map (or choose here).' : '';
    body = html`<p class="hint">${hint}</p><div class="choices">${d.choices.map((c) => html`<button data-choice=${String(c)}
      class=${typeof c === 'string' && ['done', 'pass', 'none'].includes(c) ? 'word' : ''} onClick=${() => send(c)} disabled=${busy}>${choiceLabel(d.kind, c)}</button>`)}</div>`;
  }
  return html`<section class="panel decision" id="decision" data-kind=${d.kind}><h2>Your move</h2><p class="prompt">${d.prompt}</p>${body}</section>`;
}

// ------------------------------------------------------------------ seats, owners, clocks, notices
function fmtClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), ss = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(ss)}` : `${m}:${pad(ss)}`;
}
// A seat's clock: `remaining_ms` as of the message (received at `at`, performance.now()); a
// running clock counts down here between messages, only this element redraws.
function Clock({ c, at }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!c.running) return undefined;
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [c.running, at]);
  const left = c.running ? Math.max(0, c.remaining_ms - (performance.now() - at)) : c.remaining_ms;
  const cls = 'clock' + (c.running ? ' running' : '') + (left < 60000 ? ' low' : '');
  return html`<span class=${cls} data-clock=${c.seat} title=${c.running ? 'running: this seat must decide' : 'stopped'}>${c.running ? '▶ ' : ''}${fmtClock(left)}</span>`;
}
function clockOf(msg, seat) { return msg.clocks ? msg.clocks.find((c) => c.seat === seat) || null : null; }

function seatWho(seat, players, view) {
  const p = players[seat];
  const hs = view && view.seats ? view.seats[seat] : null;
  const house = hs ? houseName(hs) : null;
  const name = p ? p.name : `seat ${seat + 1}`;
  return house && house !== name ? `${name} (${house}, seat ${seat + 1})` : `${name} (seat ${seat + 1})`;
}
// the server's notices in the page's words: names, houses and seats counted from 1
function noticeText(n, players, view) {
  if (n.seat === null || n.seat === undefined || !players[n.seat]) return n.kind === 'abandoned' ? 'The owner abandoned the game.' : n.text;
  const who = seatWho(n.seat, players, view);
  const hs = view && view.seats ? view.seats[n.seat] : null;
  const place = `seat ${n.seat + 1}${hs ? ` (${houseName(hs)})` : ''}`;
  switch (n.kind) {
    case 'claimed': return `${who} took the seat.`;
    case 'released': return `${place} was released: it is free.`;
    case 'given': return `The owner gave ${place} to a new player.`;
    case 'kicked': return `The owner handed ${place} to a bot.`;
    case 'away': return `${who} stepped away: a bot plays for them.`;
    case 'back': return `${who} is back.`;
    case 'time_out': return `${who}: time ran out; a bot plays until they come back.`;
    case 'bot_failed': return `${who}: ${n.text}.`;
    default: return n.text;
  }
}
function noticeTime(at) {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
function Notices({ notices, players, view }) {
  if (!notices || notices.length === 0) return null;
  return html`<section class="panel" id="notices"><h2>At the table</h2><ul class="notices">
    ${notices.slice().reverse().slice(0, 20).map((n) => html`<li data-kind=${n.kind} title=${n.text}>
      <small>${noticeTime(n.at)}</small> ${noticeText(n, players, view)}</li>`)}</ul></section>`;
}

function seatState(p, mine) {
  if (p.type === 'bot') return `bot (${p.bot})`;
  if (p.away) return p.claimed ? 'away: a bot stands in' : 'no player: a bot stands in';
  if (!p.claimed) return p.access === 'open' ? 'open: free to take' : 'no player (invite)';
  if (mine) return 'your seat';
  return p.access === 'invite' ? 'invited player' : 'player';
}

// the players with their clocks; the player's own seat (step away, back, leave, new link);
// the owner's powers (kick to a bot, give anew, abandon); a spectator may take a free open seat
function SeatsPanel({ msg, view, seat, owner, act, links }) {
  const players = msg.players;
  const playing = msg.status === 'playing';
  const mine = seat !== null ? players[seat] : null;
  const [name, setName] = useState('');
  const rename = (ev) => { ev.preventDefault(); if (name.trim()) act.rename(name.trim()).then(() => setName('')); };
  return html`<section class="panel seatspanel" id="seats"><h2>Players</h2>
    <table class="seatlist">${players.map((p) => {
      const c = clockOf(msg, p.seat);
      const hs = view && view.seats ? view.seats[p.seat] : null;
      const human = p.type === 'human';
      const free = human && !p.claimed && p.access === 'open';
      return html`<tr data-seat=${p.seat} class=${(p.seat === seat ? 'me' : '') + (msg.waiting.includes(p.seat) ? ' waiting' : '')}>
        <td>${hs ? html`<${Chip} house=${hs}/>` : `Seat ${p.seat + 1}`}</td>
        <td>${p.name}${p.seat === seat ? html` <b>(you)</b>` : ''}<br/><small class="state">${seatState(p, p.seat === seat)}</small></td>
        <td>${c ? html`<${Clock} c=${c} at=${msg.at}/>` : ''}</td>
        <td class="acts">${playing && human && owner && p.seat !== seat && html`
          ${!(p.away && !p.claimed) && html`<button data-kick=${p.seat} onClick=${() => act.kick(p.seat)}>Kick to a bot</button>`}
          <button data-give=${p.seat} onClick=${() => act.give(p.seat)}>Give to someone else</button>`}
          ${playing && free && seat === null && html`<button data-take=${p.seat} class="primary" onClick=${() => act.take(p.seat)}>Take this seat</button>`}
          ${owner && links[p.seat] && p.claimed && p.seat !== seat && html`<div class="given">The join link you handed out: <${LinkBox} link=${links[p.seat]} id=${'seat' + p.seat}/></div>`}
        </td></tr>`;
    })}</table>
    ${mine && playing && html`<div class="myseat">
      ${mine.away ? html`<button class="primary" id="back" onClick=${act.back}>I'm back</button>`
        : html`<button id="away" onClick=${act.away}>Step away (a bot plays for me)</button>`}
      <button id="rotate" onClick=${act.rotate} title="a new link for this seat; the old one stops working">New link for my seat</button>
      <button id="leave" onClick=${act.leave}>Leave my seat</button>
      <form class="rename" onSubmit=${rename}><input name="myname" placeholder="your name" maxlength="64" value=${name}
        onInput=${(e) => setName(e.target.value)}/><button id="rename" disabled=${!name.trim()}>Set my name</button></form>
      ${links.mine && html`<div class="given">Your seat's new link (open it on another device): <${LinkBox} link=${links.mine} id="mine"/></div>`}</div>`}
    ${owner && playing && html`<div class="owner"><small>You own this game.</small>
      <button id="abandon" class="danger" onClick=${act.abandon}>Abandon game</button></div>`}
  </section>`;
}

function awayReason(msg, seat) {
  for (let i = msg.notices.length - 1; i >= 0; i--) {
    const n = msg.notices[i];
    if (n.seat !== seat) continue;
    if (n.kind === 'time_out') return 'your time ran out';
    if (n.kind === 'away') return 'you stepped away';
    if (n.kind === 'kicked') return 'the owner handed your seat to a bot';
    if (n.kind === 'back' || n.kind === 'given' || n.kind === 'claimed') break;
  }
  return null;
}
function AwayBanner({ msg, seat, back }) {
  const why = awayReason(msg, seat);
  return html`<section class="panel away" id="away-banner"><p><b>A bot is playing your seat</b>${why ? `: ${why}` : ''}. Come back to play it yourself.</p>
    <button class="primary" onClick=${back}>I'm back</button></section>`;
}
function Abandoned({ msg, close }) {
  return html`<div class="endscreen" id="abandoned"><div class="endbox"><h2>Game abandoned</h2>
    <p>The game's owner abandoned this game at move ${msg.move}: it is over, nobody wins, no more moves are played.</p>
    <p><a href="/">Back to the lobby</a> <button onClick=${close}>Look at the board</button></p></div></div>`;
}
function Fatal({ fatal, id }) {
  if (fatal.revoked) {
    return html`<div class="lobby"><p class="error" id="revoked">This seat's link no longer works: ${fatal.text}</p>
      <p>Ask the game's owner for a new link. <a href=${seatLink(id, null)}>Watch the game</a> · <a href="/">Back to the lobby</a></p></div>`;
  }
  return html`<div class="lobby"><p class="error" id="fatal">${fatal.text}</p><a href="/">Back to the lobby</a></div>`;
}

// ------------------------------------------------------------------ the game screen
function GameScreen({ id, seat, token: firstToken, asked }) {
  const [token, setToken] = useState(firstToken);
  const [owner] = useState(() => localStorage.getItem(ownerKey(id)));
  const [links, setLinks] = useState(() => readJson(linksKey(id), {}));
  const [msg, setMsg] = useState(null);
  const [events, setEvents] = useState([]);
  const [conn, setConn] = useState('connecting');
  const [error, setError] = useState(null);
  const [fatal, setFatal] = useState(null);
  const [popup, setPopup] = useState(null);
  const [busy, setBusy] = useState(false);
  const [hideEnd, setHideEnd] = useState(false);
  const ref = useRef({ next: 0, move: -1, events: [], quiet: false });

  const accept = (m) => {
    const st = ref.current;
    if (m.events && m.events.length) {
      const start = m.next - m.events.length;
      const evs = st.events.slice();
      m.events.forEach((e, i) => { evs[start + i] = e; });
      st.events = evs;
      setEvents(evs);
    }
    st.next = Math.max(st.next, m.next || 0);
    if (m.move >= st.move) {
      // a menu stays open while others move (simultaneous decisions), closes when ours changes
      const key = (x) => (x && x.decisions && x.decisions[0] ? `${x.decisions[0].kind}|${x.decisions[0].prompt}` : '');
      if (key(m) !== key(st.msg)) setPopup(null);
      m.at = performance.now(); // the clocks' remaining_ms are as of now
      st.move = m.move;
      st.msg = m;
      setMsg(m);
      window.__westeros = { move: m.move, status: m.status, at: m.at };
    }
  };

  // this seat's token stopped working (released, given, kicked, rotated elsewhere): say why
  const revoked = async (detail) => {
    const now = seat !== null ? localStorage.getItem(tokenKey(id, seat)) : null;
    if (now && now !== token) { setToken(now); return; } // a new token of this browser (another tab)
    if (seat !== null) forgetSeat(id, seat);
    let why = detail;
    const r = await api(`/api/games/${id}/state?since=0`);
    if (r.ok) {
      const n = r.body.notices.filter((x) => x.seat === seat && ['kicked', 'given', 'released'].includes(x.kind)).pop();
      if (n) why = noticeText(n, r.body.players, r.body.view);
    }
    setFatal({ revoked: true, text: why });
  };

  useEffect(() => {
    let ws = null; let closed = false; let retry = 0; let timer = null;
    const connect = () => {
      const q = new URLSearchParams();
      if (token) q.set('token', token);
      q.set('since', String(ref.current.next));
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/ws?${q}`);
      window.__westerosSocket = ws; // for the tests: drop the connection on purpose
      setConn('connecting');
      ws.onopen = () => { retry = 0; setConn('live'); };
      ws.onmessage = (ev) => {
        const m = JSON.parse(ev.data);
        if (m.error) {
          closed = true;
          if (ref.current.quiet) return;
          if (m.status === 401 && token) revoked(m.error); else setFatal({ text: m.error });
          return;
        }
        accept(m);
      };
      ws.onclose = (ev) => {
        if (closed) return;
        setConn('offline');
        if (ref.current.quiet) return; // this page is changing its own seat
        if (ev.code > 4000 && ev.code < 5000) { // the server refused (4000 + HTTP status): no retry
          closed = true;
          if (ev.code === 4401 && token) revoked(ev.reason || 'the server refused it');
          else setFatal({ text: ev.reason || `The server refused the connection (${ev.code - 4000}).` });
          return;
        }
        timer = setTimeout(connect, Math.min(4000, 200 * 2 ** retry++));
      };
    };
    connect();
    return () => { closed = true; clearTimeout(timer); if (ws) ws.close(); };
  }, [id, token]);

  const send = async (choice) => {
    setError(null); setPopup(null); setBusy(true);
    try {
      let move = ref.current.move;
      for (let attempt = 0; attempt < 30; attempt++) { // bots may take several numbers first
        const r = await post(`/api/games/${id}/moves?since=${ref.current.next}`, token, { move, choice });
        if (r.ok) { accept(r.body); window.__westerosSent = (window.__westerosSent || 0) + 1; return; }
        if (r.status === 409 && typeof r.body.move === 'number' && r.body.move !== move) {
          move = Math.max(r.body.move, ref.current.move); // somebody moved first: again
          continue;
        }
        if (r.status === 401) { revoked(r.body.detail); return; }
        setError(r.body.detail);
        return;
      }
    } finally { setBusy(false); }
  };

  // seat and owner actions (docs/server.md, "Seats and owners"); the state message that
  // follows each change comes over the websocket
  const seatCall = async (path, bearer, body, quiet = false) => {
    setError(null);
    ref.current.quiet = quiet;
    const r = await post(`/api/games/${id}${path}`, bearer, body);
    if (!r.ok) { ref.current.quiet = false; setError(r.body.detail); return null; }
    return r;
  };
  const keepLink = (key, link) => {
    if (key !== 'mine') rememberLink(id, key, link);
    setLinks((l) => ({ ...l, [key]: link }));
  };
  const dropLink = (key) => {
    const kept = readJson(linksKey(id), {});
    delete kept[key];
    localStorage.setItem(linksKey(id), JSON.stringify(kept));
    setLinks((l) => { const n = { ...l }; delete n[key]; return n; });
  };
  const act = {
    away: () => seatCall(`/seats/${seat}/away`, token),
    back: () => seatCall(`/seats/${seat}/back`, token),
    rename: async (name) => { // a claim with the seat's own token renames it
      if (await seatCall(`/seats/${seat}/claim`, token, { name })) localStorage.setItem('westeros.name', name);
    },
    leave: async () => {
      if (!confirm(`Leave seat ${seat + 1}? Your link stops working; ${msg.players[seat].access === 'open' ? 'anyone may take the seat from the lobby' : 'the owner may give the seat to someone else'}.`)) return;
      if (await seatCall(`/seats/${seat}/release`, token, {}, true)) {
        forgetSeat(id, seat);
        location.href = seatLink(id, null);
      }
    },
    rotate: async () => {
      if (!confirm('Make a new link for your seat? The old link (and any other page using it) stops working.')) return;
      const r = await seatCall(`/seats/${seat}/rotate`, token, {}, true);
      if (!r) return;
      rememberGame(id, seat, r.body.token);
      keepLink('mine', r.body.link);
      ref.current.quiet = false;
      setToken(r.body.token);
    },
    take: async (s) => {
      const name = (localStorage.getItem('westeros.name') || '').trim() || `Player ${s + 1}`;
      const r = await seatCall(`/seats/${s}/claim`, null, { name });
      if (!r) return;
      rememberGame(id, s, r.body.token);
      location.href = seatLink(id, s);
    },
    kick: async (s) => {
      if (!confirm(`Kick ${seatWho(s, msg.players, msg.view)} to a bot? Their link stops working; a bot plays the seat until you give it to someone.`)) return;
      if (await seatCall(`/seats/${s}/kick`, owner)) dropLink(s);
    },
    give: async (s) => {
      const p = msg.players[s];
      if (p.claimed && !confirm(`Give ${seatWho(s, msg.players, msg.view)} to someone else? The current link stops working.`)) return;
      const r = await seatCall(`/seats/${s}/give`, owner, {});
      if (r) keepLink(s, r.body.link);
    },
    abandon: async () => {
      if (!confirm('Abandon this game for everybody? It ends now; nobody wins.')) return;
      await seatCall('/abandon', owner);
    },
  };

  if (fatal) return html`<${Fatal} fatal=${fatal} id=${id}/>`;
  if (!msg) return html`<p class="loading">Connecting to game ${id.slice(0, 8)}…</p>`;
  const view = msg.view;
  if (!view) return html`<div class="lobby"><p class="error">This game is broken: ${msg.error}</p><a href="/">Lobby</a></div>`;
  const myPlayer = seat !== null ? msg.players[seat] : null;
  const away = !!(myPlayer && myPlayer.away);
  const d = away ? null : msg.decisions[0] || null; // while away the bot decides
  const myClock = seat !== null ? clockOf(msg, seat) : null;
  const offered = asked !== null && seat === null && msg.status === 'playing' && msg.players[asked]
    && msg.players[asked].type === 'human' && !msg.players[asked].claimed && msg.players[asked].access === 'open';

  const onArea = (a, x, y) => {
    if (!d) { setError(token ? 'Nothing to do now: waiting for the other houses.' : 'You are watching this game.'); return; }
    setError(null);
    if (d.kind === 'place_order' || d.kind === 'raven_replace') {
      const f = focusArea(d);
      if (a !== f) { setError(`Orders are placed area by area: now ${areaName(f)}.`); return; }
      setPopup({ x, y, title: `Order for ${areaName(a)}`, kind: d.kind, choices: d.choices });
      return;
    }
    const here = d.choices.filter((c) => areaOfChoice(c) === a);
    if (d.kind === 'muster' && a === focusArea(d)) {
      setPopup({ x, y, title: `Muster in ${areaName(a)}`, kind: d.kind, choices: d.choices.filter((c) => !String(c).includes('>')) });
      return;
    }
    if (here.length === 1) { send(here[0]); return; }
    if (here.length > 1) { setPopup({ x, y, title: areaName(a), kind: d.kind, choices: here }); return; }
    // not a legal choice: ask the engine with the same shape of choice, show its message
    const model = d.choices.find((c) => areaOfChoice(c));
    if (model) {
      const ma = areaOfChoice(model);
      const parts = model.split(/([>:+])/);
      const i = parts.lastIndexOf(ma);
      parts[i] = a;
      send(parts.join(''));
    } else setError(`${areaName(a)} is not a choice for this decision.`);
  };

  const me = seat !== null && view.house ? view.house : null;
  return html`<div class="game">
    <header class="top">
      <a href="/" class="home">Westeros</a>
      <span id="round">Round <b>${view.round}</b>/10</span>
      <span id="phase">Phase: <b>${humanize(view.phase)}</b></span>
      <span>Wildlings: <b>${view.wildling_threat}</b></span>
      <span>${me ? html`You: <${Chip} house=${me}/> (seat ${seat + 1})` : owner ? 'Spectator (owner)' : 'Spectator'}</span>
      ${myClock && html`<span id="myclock">Your clock: <${Clock} c=${myClock} at=${msg.at}/></span>`}
      <span>Move <b id="move">${msg.move}</b></span>
      ${msg.status !== 'playing' && html`<span class="status" id="status">${msg.status === 'abandoned' ? 'Abandoned' : msg.status === 'over' ? 'Game over' : humanize(msg.status)}</span>`}
      <span class=${'conn ' + conn} id="conn">${conn === 'live' ? '● live' : conn === 'connecting' ? '○ connecting' : '○ reconnecting'}</span>
      ${msg.waiting.length > 0 && html`<span class="waiting">Waiting for: ${msg.waiting.map((s) => html`<${Chip} house=${view.seats[s]}/>`)}</span>`}
    </header>
    <main class="layout">
      <div class="left"><${Board} view=${view} decision=${d} onArea=${onArea} popup=${popup}
        onOrder=${() => {}} onPick=${send} onClosePopup=${() => setPopup(null)}/></div>
      <div class="right">
        ${error && html`<p class="error" id="error">${error}</p>`}
        ${offered && html`<section class="panel offer" id="offer"><p>Seat ${asked + 1} is open.</p>
          <button class="primary" data-take=${asked} onClick=${() => act.take(asked)}>Take this seat</button></section>`}
        ${away && msg.status === 'playing' && html`<${AwayBanner} msg=${msg} seat=${seat} back=${act.back}/>`}
        <${DecisionPanel} d=${d} view=${view} send=${send} busy=${busy}/>
        ${!d && !away && msg.status === 'playing' && html`<section class="panel idle"><p>${token ? 'Waiting for the other houses…' : 'Watching.'}</p></section>`}
        <${SeatsPanel} msg=${msg} view=${view} seat=${seat} owner=${owner} act=${act} links=${links}/>
        <${Combat} view=${view} events=${events}/>
        <${Hand} view=${view} decision=${d} send=${send}/>
        <${Tracks} view=${view}/>
        <${Houses} view=${view} players=${msg.players}/>
        <${Westeros} view=${view}/>
        <${Notices} notices=${msg.notices} players=${msg.players} view=${view}/>
        <${Log} events=${events}/>
      </div>
    </main>
    ${msg.outcome && html`<${EndScreen} outcome=${msg.outcome} view=${view}/>`}
    ${msg.status === 'abandoned' && !hideEnd && html`<${Abandoned} msg=${msg} close=${() => setHideEnd(true)}/>`}
  </div>`;
}

// ------------------------------------------------------------------ start
async function main() {
  const [data, svg] = await Promise.all([
    fetch('/static/boardgame.json').then((r) => r.json()),
    fetch('/static/map.svg').then((r) => r.text()),
  ]);
  DATA = data;
  MAP_SVG = svg.replace(/^<\?xml[^>]*>/, '');
  AREA_BY_NAME = Object.entries(DATA.areas).map(([id, a]) => [a.name, id]).sort((x, y) => y[0].length - x[0].length);
  const root = document.getElementById('app');
  root.textContent = '';
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  if (!m) { location.replace('/'); return; } // the lobby is its own page (lobby.js)
  const id = m[1];
  // a join link opened on its own game's page changes only the fragment: load it properly
  window.addEventListener('hashchange', () => { if (location.hash.includes('token=')) location.reload(); });
  const params = new URLSearchParams(location.search);
  const seat = params.has('seat') ? +params.get('seat') : null;
  let token = null;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (seat !== null && hash.get('token')) {
    token = hash.get('token');
    rememberGame(id, seat, token);
    history.replaceState(null, '', seatLink(id, seat)); // the token stays in this browser only
  } else if (seat !== null) {
    token = localStorage.getItem(tokenKey(id, seat));
  }
  render(html`<${GameScreen} id=${id} seat=${token ? seat : null} token=${token} asked=${seat}/>`, root);
}

main();

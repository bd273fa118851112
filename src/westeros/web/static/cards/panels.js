// @ts-check
// The panels beside the table: the decision (its buttons and the cards to choose from), the
// challenge in progress (both sides' STR, claim) or the last result, the seats' names for the
// shared seats panel, the log from the structured events, the enlarged card, the end screen.
import { useEffect, useRef } from 'preact/hooks';
import { html, Face, humanize, facts } from './face.js';
import { promptOf } from './choices.js';
import { Card } from './table.js';

const PHASES = ['setup', 'plot', 'draw', 'marshaling', 'challenges', 'dominance', 'standing', 'taxation'];

export function TopBar({ view, msg, seat, conn }) {
  const me = seat !== null ? view.players[seat] : null;
  return html`<header class="top">
    <a href="/" class="home">Westeros</a>
    <span id="round">Round <b>${view.round}</b></span>
    <span id="phase">Phase: <b>${humanize(view.phase || 'setup')}</b></span>
    <span class="phases">${PHASES.slice(1).map((ph) => html`<i class=${ph === view.phase ? 'on' : ''}>${humanize(ph)}</i>`)}</span>
    <span id="firstplayer">First player: <b>${view.first_player !== null && view.first_player !== undefined ? view.names[view.first_player] : '—'}</b></span>
    <span>${me ? html`You: <b>${me.name}</b>` : 'Spectator'}</span>
    <span>Move <b id="move">${msg.move}</b></span>
    ${msg.status !== 'playing' && html`<span class="status" id="status">${msg.status === 'over' ? 'Game over' : humanize(msg.status)}</span>`}
    <span class=${'conn ' + conn} id="conn">${conn === 'live' ? '● live' : conn === 'connecting' ? '○ connecting' : '○ reconnecting'}</span>
  </header>`;
}

/** The open decision: what it asks, its buttons, and the cards offered that the table does not show. */
export function DecisionPanel({ d, read, ui, busy }) {
  if (!d) return null;
  const ctx = d.context || {};
  const about = ctx.card !== undefined ? ui.known.get(ctx.card) : null;
  const title = d.kind === 'reaction' || d.kind === 'interrupt'
    ? `${humanize(d.kind)} window: ${humanize(ctx.occurrence || '')}`
    : d.kind === 'action' ? `Action window${ctx.window ? ` (${humanize(ctx.window)})` : ''}` : promptOf(d);
  return html`<section class=${'panel decision' + (d.kind === 'reaction' || d.kind === 'interrupt' ? ' window' : '')} id="decision" data-kind=${d.kind}>
    <h2>Your move</h2>
    <p class="dtitle">${title}</p>
    <p class="prompt">${d.prompt}</p>
    ${about && html`<p class="about">About: <b>${facts(about).name}</b></p>`}
    ${ctx.type && html`<p class="about">Challenge: <b>${humanize(ctx.type)}</b></p>`}
    ${ctx.gold_left !== undefined && html`<p class="about">Setup gold left: <b>${ctx.gold_left}</b></p>`}
    ${read.tray.length > 0 && html`<div class="tray">${read.tray.map((c) => html`<${Card} card=${c} ui=${ui}/>`)}</div>`}
    ${read.cards.size > 0 && read.tray.length < read.cards.size && html`<p class="hint">Highlighted cards on the table answer this decision: click one.</p>`}
    <div class="choices">${read.buttons.map((b) => html`<button data-choice=${String(b.choice)} disabled=${busy}
      class=${['done', 'pass', 'none', 'no'].includes(String(b.choice)) ? 'word' : 'primary'} onClick=${() => ui.send(b.choice)}>${b.label}</button>`)}</div>
  </section>`;
}

/** The card menu when a clicked card carries several choices (e.g. two abilities). */
export function CardMenu({ menu, ui }) {
  if (!menu) return null;
  return html`<div class="cardmenu" style=${`left:${menu.x}px;top:${menu.y}px`}>
    ${menu.choices.map((c) => html`<button data-choice=${String(c.choice)} onClick=${() => ui.send(c.choice)}>${c.label}</button>`)}
    <button class="cancel" onClick=${() => ui.closeMenu()}>Cancel</button></div>`;
}

function lastOf(events, kind) {
  for (let i = events.length - 1; i >= 0; i--) if (events[i] && events[i].kind === kind) return events[i];
  return null;
}

/** The challenge in progress (attackers, defenders, STR now, claim), else the last result. */
export function ChallengePanel({ view, events, ui }) {
  const ch = view.challenge;
  const names = (ids) => ids.map((id) => (ui.known.get(id) ? facts(ui.known.get(id)).name : '?')).join(', ') || '—';
  if (ch) {
    const defenders = [...ch.defenders, ...(ch.declaring || [])];
    return html`<section class="panel challenge" id="challenge" data-type=${ch.type}>
      <h2>${humanize(ch.type)} challenge</h2>
      <p><b>${view.names[ch.attacker]}</b> attacks <b>${view.names[ch.defender]}</b> · ${humanize(ch.stage)} · claim ${ch.claim}</p>
      <table class="sides"><tr><th></th><th>characters</th><th>STR</th></tr>
        <tr data-side="attacker"><td>Attacker</td><td>${names(ch.attackers)}</td><td class="total" id="attacker-str">${ch.attacker_strength}</td></tr>
        <tr data-side="defender"><td>Defender</td><td>${names(defenders)}</td><td class="total" id="defender-str">${ch.defender_strength}</td></tr></table>
      ${ch.winner !== null && ch.winner !== undefined && html`<p class="result">Won by <b>${view.names[ch.winner]}</b></p>`}
    </section>`;
  }
  const r = lastOf(events, 'challenge_result');
  if (!r) return null;
  return html`<section class="panel challenge" id="challenge" data-last="1"><h2>Last challenge</h2>
    <p class="result">${r.text}</p>
    <p>${humanize(r.type)}: attacker ${r.attacker_total} – defender ${r.defender_total}${r.unopposed ? ' · unopposed' : ''}</p></section>`;
}

export function Log({ events }) {
  const box = useRef(/** @type {HTMLOListElement|null} */ (null));
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [events.length]);
  return html`<section class="panel"><h2>Log</h2><ol class="log" id="log" ref=${box}>
    ${events.slice(-300).map((e) => e && html`<li class=${'ev-' + e.kind}>${e.text}</li>`)}</ol></section>`;
}

/** The card game's names for its seats (factions), for the shared seats panel and notices
 * (../seats.js). */
export const cardNaming = {
  who: (seat, players, view) => {
    const name = players[seat] ? players[seat].name : `seat ${seat + 1}`;
    const side = view && view.names ? view.names[seat] : null;
    return side && side !== name ? `${name} (${side}, seat ${seat + 1})` : `${name} (seat ${seat + 1})`;
  },
  place: (seat, view) => `seat ${seat + 1}${view && view.names ? ` (${view.names[seat]})` : ''}`,
  label: (seat, view) => html`<b>${view && view.names ? view.names[seat] : `Seat ${seat + 1}`}</b>`,
};

/** The card under the pointer, enlarged. */
export function Preview({ card }) {
  if (!card) return null;
  return html`<div class="preview" id="preview"><${Face} card=${card} big=${true}/></div>`;
}

/** The end of the game: the ranking, the record to download, the replay. */
export function EndScreen({ id, outcome, view, close, replay }) {
  return html`<div class="overlay" id="endscreen"><div class="endbox"><h2>Game over</h2>
    <p>${outcome.reason}</p>
    <ol>${outcome.ranking.map((s) => html`<li data-rank=${s}><b>${view.names[s]}</b> (${outcome.names[s]}) — ★ ${view.players[s].power}</li>`)}</ol>
    <p>${outcome.rounds} rounds.</p>
    <p><a id="record" href=${`/api/games/${id}/record`} download=${`westeros-cards-${id}.json`}>Download the record</a>
      (replay it with <code>westeros replay FILE</code>) ·
      <a href="/">Back to the lobby</a> <button id="close-end" onClick=${close}>Look at the table</button>
      <button id="open-replay" class="primary" onClick=${replay}>Replay</button></p></div></div>`;
}

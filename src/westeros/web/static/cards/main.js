// @ts-check
// The card game's table at /play/{id}: a seat (its token from the join link, kept in this
// browser) or a spectator, live over the websocket; every decision by pointing: cards on the
// table or in the hand, a player's header, the decision panel's buttons.
import { render } from 'preact';
import { useState, useMemo, useEffect } from 'preact/hooks';
import { html, setData } from './face.js';
import { whoAmI, useGame } from './net.js';
import { ownerKey, forgetSeat } from '../common.js';
import { SeatsPanel, Notices, AwayBanner, Abandoned, Stopped, stopWhy, Fatal, useSeatActions, revokedWhy, newerToken } from '../seats.js';
import { readDecision, knownCards, marshalReason } from './choices.js';
import { PlayerArea, Hand, PileBrowser } from './table.js';
import { TopBar, DecisionPanel, CardMenu, ChallengePanel, Log, Preview, EndScreen, cardNaming } from './panels.js';
import { Replay } from './replay.js';
import { Chat } from '../chat.js';

function Screen({ id, seat, token: firstToken, data }) {
  const [token, setToken] = useState(firstToken);
  const [owner] = useState(() => localStorage.getItem(ownerKey(id)));
  const game = useGame(id, token); // the socket opens while the card data still load
  const [ready, setReady] = useState(false);
  useEffect(() => { data.then((d) => { setData(d); setReady(true); }); }, []);
  const [menu, setMenu] = useState(/** @type {any} */ (null));
  const [pile, setPile] = useState(/** @type {any} */ (null));
  const [preview, setPreview] = useState(/** @type {any} */ (null));
  const [hideEnd, setHideEnd] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [revoked, setRevoked] = useState(/** @type {string|null} */ (null));
  const { msg, events } = game;
  const { act, links } = useSeatActions({ id, seat, token, owner, msg, naming: cardNaming, setError: game.setError, quiet: game.quiet, setToken });
  // this seat's token stopped working (released, given, kicked, rotated elsewhere): say why
  useEffect(() => {
    if (!game.fatal || !token || game.fatal.status !== 401) return;
    const newer = newerToken(id, seat, token);
    if (newer) { setToken(newer); return; } // a new token of this browser (another tab)
    if (seat !== null) forgetSeat(id, seat);
    revokedWhy(id, seat, game.fatal.text, cardNaming).then(setRevoked);
  }, [game.fatal]);
  const view = msg ? msg.view : null;
  const me = view && seat !== null ? view.players[seat] : null;
  const away = !!(msg && seat !== null && msg.players[seat] && msg.players[seat].away);
  const d = msg && !away ? msg.decisions[0] || null : null;
  const known = useMemo(() => (view && ready ? knownCards(view) : new Map()), [view, ready]);
  const read = useMemo(() => (d && ready ? readDecision(d, view, known) : { cards: new Map(), seats: new Map(), buttons: [], tray: [] }), [d, view, known, ready]);

  if (game.fatal) { // a 401: this seat's token was released, given anew, kicked or rotated
    if (!(token && game.fatal.status === 401)) return html`<${Fatal} fatal=${game.fatal} id=${id}/>`;
    if (revoked !== null) return html`<${Fatal} fatal=${{ revoked: true, text: revoked }} id=${id}/>`;
  }
  if (replaying && msg && ready) return html`<${Replay} id=${id} players=${msg.players} why=${stopWhy(msg)} close=${() => setReplaying(false)}/>`;
  if (!msg || !ready) return html`<p class="loading">Connecting to game ${id.slice(0, 8)}…</p>`;
  if (!view) return html`<div class="lobby"><p class="error">This game is broken: ${msg.error}</p><a href="/">Lobby</a></div>`;

  // marshaling: the hand's cards that cannot be marshaled now are dimmed (C9.4)
  const marshaling = d && d.kind === 'action' && d.choices.some((c) => typeof c === 'string' && c.startsWith('marshal:'));
  const dim = new Set(marshaling && me && me.hand ? me.hand.filter((c) => !read.cards.has(c.id)).map((c) => c.id) : []);
  const send = async (choice) => { setMenu(null); await game.send(choice); };
  const ui = {
    known,
    pick: read.cards,
    seatPick: read.seats,
    dim,
    challenge: view.challenge,
    send,
    preview: setPreview,
    browse: (p, zone) => setPile(p ? { p, zone } : null),
    closeMenu: () => setMenu(null),
    onCard: (card, e) => {
      const choices = read.cards.get(card.id);
      if (choices && choices.length === 1) { send(choices[0].choice); return; }
      if (choices) { setMenu({ x: e.clientX, y: e.clientY, choices }); return; }
      if (dim.has(card.id)) {
        const why = marshalReason(card, me.gold);
        if (why) game.setError(why); else send(`marshal:${card.id}`); // the engine says why
        return;
      }
      setPreview(card);
    },
    onSeat: (s, e) => {
      const choices = read.seats.get(s);
      if (choices && choices.length === 1) send(choices[0].choice);
      else if (choices) setMenu({ x: e.clientX, y: e.clientY, choices });
    },
  };
  // the seat's own side at the bottom, the others above in seat order
  const others = view.players.filter((p) => p.seat !== seat);
  return html`<div class="game" onClick=${() => setMenu(null)}>
    <${TopBar} view=${view} msg=${msg} seat=${seat} conn=${game.conn}/>
    <main class="layout">
      <div class="tablearea">
        ${others.map((p) => html`<${PlayerArea} view=${view} p=${p} ui=${ui} players=${msg.players}/>`)}
        ${me && html`<${PlayerArea} view=${view} p=${me} ui=${ui} mine=${true} players=${msg.players}/>`}
        <${Hand} p=${me} ui=${ui}/>
      </div>
      <aside class="side">
        ${game.error && html`<p class="error" id="error">${game.error}</p>`}
        ${away && msg.status === 'playing' && html`<${AwayBanner} msg=${msg} seat=${seat} back=${act.back}/>`}
        <${DecisionPanel} d=${d} read=${read} ui=${ui} busy=${game.busy}/>
        ${!d && msg.status === 'playing' && html`<section class="panel idle" id="idle"><p>${token ? (away ? 'A bot is playing for you.' : 'Waiting for the other players…') : 'Watching (public information only).'}</p>
          ${seat === null && html`<button id="open-replay" onClick=${() => setReplaying(true)} title="the game so far, move by move, as a spectator saw it">Replay so far</button>`}</section>`}
        <${ChallengePanel} view=${view} events=${events} ui=${ui}/>
        <${SeatsPanel} msg=${msg} view=${view} seat=${seat} owner=${owner} act=${act} links=${links} naming=${cardNaming}/>
        <${Notices} notices=${msg.notices} players=${msg.players} view=${view} naming=${cardNaming}/>
        <${Chat} id=${id} token=${token} latest=${msg.chat || 0} view=${view} naming=${cardNaming}/>
        <${Log} events=${events}/>
        <${Preview} card=${preview}/>
      </aside>
    </main>
    <${CardMenu} menu=${menu} ui=${ui}/>
    <${PileBrowser} pile=${pile} ui=${ui}/>
    ${msg.outcome && !hideEnd && html`<${EndScreen} id=${id} outcome=${msg.outcome} view=${view} close=${() => setHideEnd(true)} replay=${() => setReplaying(true)}/>`}
    ${msg.status === 'abandoned' && !hideEnd && html`<${Abandoned} msg=${msg} close=${() => setHideEnd(true)} where="table"/>`}
    ${msg.status === 'stopped' && !hideEnd && html`<${Stopped} msg=${msg} close=${() => setHideEnd(true)} replay=${() => setReplaying(true)} where="table"/>`}
  </div>`;
}

function main() {
  const data = fetch('/static/cardgame.json').then((r) => r.json());
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  root.textContent = '';
  // a join link opened on its own game's page changes only the fragment: load it properly
  window.addEventListener('hashchange', () => { if (location.hash.includes('token=')) location.reload(); });
  const { id, seat, token } = whoAmI();
  render(html`<${Screen} id=${id} seat=${seat} token=${token} data=${data}/>`, root);
}

main();

// @ts-check
// The game screen: one websocket, the moves posted, the seat's actions, the panels.
import { html, post, ownerKey, forgetSeat } from '../common.js';
import { useState, useEffect, useRef } from 'preact/hooks';
import { humanize, houseName, areaName, focusArea, areaOfChoice, mapLoaded, switchMap } from './names.js';
import { Board } from './map.js';
import { Chip, Tracks, Houses, Hand, Westeros, Combat, Log, EndScreen, CardInPlay } from './panels.js';
import { useTurnSignal, TurnSignalToggle, Notes } from './notify.js';
import { Chat } from '../chat.js';
import { Replay } from './replay.js';
import { DecisionPanel } from './decision.js';
import { GiftPanel, giftDecision, shownDecision } from './gifts.js';
import { IronBank } from './ironbank.js';
import { ScenarioTag, lastRound } from './scenario.js';
import { Objectives } from './objectives.js';
import { planChoicesAt, Readiness } from './planning.js';
import { OrderOverview } from './overview.js';
import { Clock, clockOf, Notices, SeatsPanel, AwayBanner, Abandoned, Stopped, stopWhy, ENDED_WITH_REPLAY, Fatal, useSeatActions, revokedWhy, newerToken } from '../seats.js';
import { boardNaming } from './seats.js';

/** The top bar's houses to play: named while few, by their initials (names on hover) once
 * more than WAITING_NAMED, so that eight houses keep the bar on one line. */
const WAITING_NAMED = 2;
function WaitingFor({ view, waiting }) {
  const houses = waiting.map((/** @type {number} */ s) => view.seats[s]);
  const short = houses.length > WAITING_NAMED;
  return html`<span class="waiting" title=${short ? `Waiting for: ${houses.map(houseName).join(', ')}` : ''}>Waiting for: ${houses.map((h) => html`<${Chip} house=${h} short=${short}/>`)}</span>`;
}

// decisions at the table whose prompt changes as the seat works on them (orders, a bid, a plan)
const AT_THE_TABLE = ['plan_orders', 'plan_bid', 'plan_muster'];

/** Whether two decisions are the same one: the kind and prompt, or at the table the kind and
 * readiness (the prompt counts the seat's orders, says its bid or points left and names the
 * houses still planning). */
function sameDecision(a, b) {
  if (a.kind !== b.kind) return false;
  return AT_THE_TABLE.includes(a.kind) ? !!a.idle === !!b.idle : a.prompt === b.prompt;
}

/** The phase in the top bar: A Feast for Crows' set-up (objectives returned before round 1,
 * X-AFFC-2.8) is no Planning phase yet. @param {any} view */
export function phaseLabel(view) {
  if (view.objectives && view.objectives.setting_up) return 'Set-up (objectives)';
  return humanize(view.phase);
}

// ------------------------------------------------------------------ the game screen
export function GameScreen({ id, seat, token: firstToken, asked }) {
  const [token, setToken] = useState(firstToken);
  const [owner] = useState(() => localStorage.getItem(ownerKey(id)));
  const [msg, setMsg] = useState(null);
  const [events, setEvents] = useState([]);
  const [conn, setConn] = useState('connecting');
  const [error, setError] = useState(null);
  const [fatal, setFatal] = useState(null);
  const [popup, setPopup] = useState(null);
  const [busy, setBusy] = useState(false);
  const [hideEnd, setHideEnd] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const ref = useRef(/** @type {{next: number, move: number, events: any[], quiet: boolean, msg?: any, sending?: boolean}} */ ({ next: 0, move: -1, events: [], quiet: false }));

  const accept = (m) => {
    if (m.view && !mapLoaded(m.view.map)) { switchMap(m.view.map).then(() => accept(m)); return; }
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
      const key = (x) => { const y = x && shownDecision(x.decisions); return y ? `${y.kind}|${y.prompt}` : ''; };
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
    const newer = newerToken(id, seat, token);
    if (newer) { setToken(newer); return; } // a new token of this browser (another tab)
    if (seat !== null) forgetSeat(id, seat);
    setFatal({ revoked: true, text: await revokedWhy(id, seat, detail, boardNaming) });
  };

  useEffect(() => {
    let ws = null; let closed = false; let retry = 0; let timer = null;
    const connect = () => {
      const q = new URLSearchParams();
      if (token) q.set('token', token);
      q.set('since', String(ref.current.next));
      const sock = ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/ws?${q}`);
      window.__westerosSocket = ws; // for the tests: drop the connection on purpose
      setConn('connecting');
      // a socket replaced by a newer one (back online while it was closing) has no say: its
      // late close must not reconnect again (a third socket, the second left open)
      ws.onopen = () => { if (sock !== ws) return; retry = 0; setConn(navigator.onLine === false ? 'offline' : 'live'); };
      ws.onmessage = (ev) => {
        if (sock !== ws) return;
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
        if (closed || sock !== ws) return;
        setConn('offline');
        if (ref.current.quiet) return; // this page is changing its own seat
        if (ev.code > 4000 && ev.code < 5000) { // the server refused (4000 + HTTP status): no retry
          closed = true;
          if (ev.code === 4401 && token) revoked(ev.reason || 'the server refused it');
          else setFatal({ text: ev.reason || `The server refused the connection (${ev.code - 4000}).` });
          return;
        }
        timer = setTimeout(() => { if (navigator.onLine !== false) connect(); }, Math.min(4000, 200 * 2 ** retry++));
      };
    };
    connect();
    // the browser knows before the socket does: offline now, a fresh socket once back
    const offline = () => { setConn('offline'); if (ws) ws.close(); };
    const online = () => {
      if (closed || !ws || ws.readyState === WebSocket.OPEN) return;
      const old = ws; // still closing, or connecting: replaced (and closed, its events ignored)
      clearTimeout(timer); retry = 0; connect(); old.close();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      closed = true; clearTimeout(timer); if (ws) ws.close();
      window.removeEventListener('offline', offline); window.removeEventListener('online', online);
    };
  }, [id, token]);

  const send = async (choice) => {
    // one move at a time: a second click while the first is on its way would land on the
    // next decision (a double click), so it is dropped. True once the move is taken.
    if (ref.current.sending) return false;
    ref.current.sending = true;
    const asked = ref.current.msg && shownDecision(ref.current.msg.decisions);
    setError(null); setPopup(null); setBusy(true);
    try {
      let move = ref.current.move;
      for (let attempt = 0; attempt < 30; attempt++) { // bots may take several numbers first
        const r = await post(`/api/games/${id}/moves?since=${ref.current.next}`, token, { move, choice });
        if (r.ok) { accept(r.body); window.__westerosSent = (window.__westerosSent || 0) + 1; return true; }
        if (r.status === 409 && typeof r.body.move === 'number' && r.body.move !== move) {
          move = Math.max(r.body.move, ref.current.move); // somebody moved first: again,
          const now = ref.current.msg && shownDecision(ref.current.msg.decisions); // unless ours is gone
          if (asked && now && !sameDecision(now, asked)) return false;
          continue;
        }
        if (r.status === 401) { revoked(r.body.detail); return false; }
        setError(r.body.detail);
        return false;
      }
    } finally { ref.current.sending = false; setBusy(false); }
    return false;
  };

  const { act, links } = useSeatActions({ id, seat, token, owner, msg, naming: boardNaming, setError, quiet: ref.current, setToken });

  // an idle decision (ready at the table: only Unready) is no move the game waits for
  const shown = msg ? shownDecision(msg.decisions) : null;
  const mineNow = msg && msg.status === 'playing' && !(seat !== null && msg.players[seat] && msg.players[seat].away)
    && shown && !shown.idle ? shown : null;
  useTurnSignal(mineNow ? `${mineNow.kind}|${mineNow.prompt}` : '', mineNow ? mineNow.prompt : '');

  if (fatal) return html`<${Fatal} fatal=${fatal} id=${id}/>`;
  if (replaying && msg) return html`<${Replay} id=${id} players=${msg.players} why=${stopWhy(msg)} close=${() => setReplaying(false)}/>`;
  if (!msg) return html`<p class="loading">Connecting to game ${id.slice(0, 8)}…</p>`;
  const view = msg.view;
  if (!view) return html`<div class="lobby"><p class="error">This game is broken: ${msg.error}</p><a href="/">Lobby</a></div>`;
  const myPlayer = seat !== null ? msg.players[seat] : null;
  const away = !!(myPlayer && myPlayer.away);
  const d = away ? null : shownDecision(msg.decisions); // while away the bot decides (a gift: GiftPanel)
  const gift = away ? null : giftDecision(msg.decisions);
  const myClock = seat !== null ? clockOf(msg, seat) : null;
  const offered = asked !== null && seat === null && msg.status === 'playing' && msg.players[asked]
    && msg.players[asked].type === 'human' && !msg.players[asked].claimed && msg.players[asked].access === 'open';

  const onArea = (a, x, y) => {
    if (!d) { setError(token ? 'Nothing to do now: waiting for the other houses.' : 'You are watching this game.'); return; }
    setError(null);
    if (d.kind === 'plan_orders') { // at the table: any of the house's areas, in any order
      const here = planChoicesAt(d, a);
      if (here.length) { setPopup({ x, y, title: `Order for ${areaName(a)}`, kind: d.kind, choices: here }); return; }
      if (d.idle) { setError('You are ready: Unready first to change your orders.'); return; }
    }
    if (d.kind === 'place_order' || d.kind === 'raven_replace') {
      const f = focusArea(d);
      if (a !== f) { setError(`Orders are placed area by area: now ${areaName(f)}.`); return; }
      setPopup({ x, y, title: `Order for ${areaName(a)}`, kind: d.kind, choices: d.choices });
      return;
    }
    if (d.kind === 'plan_muster') { // at the table: a purchase in any of the house's areas
      const mine = d.choices.filter((c) => String(c).startsWith(`${a}:`));
      if (mine.length) { setPopup({ x, y, title: `Muster in ${areaName(a)}`, kind: d.kind, choices: mine }); return; }
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
      <span id="round">Round <b>${view.round}</b>/${lastRound(view)}</span>
      <${ScenarioTag} view=${view}/>
      <span id="phase">Phase: <b>${phaseLabel(view)}</b></span>
      <span>Wildlings: <b>${view.wildling_threat}</b></span>
      ${view.dragon_strength !== undefined && html`<span id="dragons" title=${`dragon strength ${view.dragon_strength} (X-MOD-6.2); loyalty tokens left to place: ${view.loyalty_left} (X-MOD-7.1)`}>Dragons <b>${view.dragon_strength}</b> · Loyalty <b>${view.loyalty_left}</b></span>`}
      <span id="me" title=${me ? `seat ${seat + 1}` : ''}>${me ? html`You: <${Chip} house=${me}/>` : owner ? 'Spectator (owner)' : 'Spectator'}</span>
      ${myClock && html`<span id="myclock"><${Clock} c=${myClock} at=${msg.at}/></span>`}
      <span>Move <b id="move">${msg.move}</b></span>
      ${msg.status !== 'playing' && html`<span class="status" id="status">${msg.status === 'abandoned' ? 'Abandoned' : msg.status === 'over' ? 'Game over' : humanize(msg.status)}</span>`}
      ${ENDED_WITH_REPLAY.includes(msg.status) && html`<button id="open-replay" onClick=${() => setReplaying(true)}>Replay</button>`}
      ${msg.status === 'playing' && seat === null && html`<button id="open-replay" onClick=${() => setReplaying(true)} title="the game so far, move by move, as a spectator saw it">Replay so far</button>`}
      <span class=${'conn ' + conn} id="conn">${conn === 'live' ? '● live' : conn === 'connecting' ? '○ connecting' : navigator.onLine === false ? '○ offline' : '○ reconnecting'}</span>
      ${token && html`<${TurnSignalToggle}/>`}
      ${msg.waiting.length > 0 && html`<${WaitingFor} view=${view} waiting=${msg.waiting}/>`}
    </header>
    <main class="layout">
      <div class="left"><${Board} view=${view} decision=${d} events=${events} onArea=${onArea} popup=${popup}
        onOrder=${() => {}} onPick=${send} onClosePopup=${() => setPopup(null)}/></div>
      <div class="right">
        ${error && html`<p class="error" id="error">${error}</p>`}
        ${offered && html`<section class="panel offer" id="offer"><p>Seat ${asked + 1} is open.</p>
          <button class="primary" data-take=${asked} onClick=${() => act.take(asked)}>Take this seat</button></section>`}
        ${away && msg.status === 'playing' && html`<${AwayBanner} msg=${msg} seat=${seat} back=${act.back}/>`}
        <${CardInPlay} events=${events} view=${view}/>
        <${DecisionPanel} d=${d} view=${view} send=${send} busy=${busy} waiting=${msg.waiting}/>
        <${GiftPanel} d=${gift} send=${send} busy=${busy}/>
        ${!d && !away && msg.status === 'playing' && html`<section class="panel idle"><p>${token ? 'Waiting for the other houses…' : 'Watching.'}</p>
          <${Readiness} view=${view} waiting=${msg.waiting}/></section>`}
        <${SeatsPanel} msg=${msg} view=${view} seat=${seat} owner=${owner} act=${act} links=${links} naming=${boardNaming}/>
        <${Combat} view=${view} events=${events}/>
        <${OrderOverview} view=${view} events=${events}/>
        <${Hand} view=${view} decision=${d} send=${send}/>
        <${Objectives} view=${view} decision=${d} send=${send}/>
        <${Tracks} view=${view}/>
        <${Houses} view=${view} players=${msg.players}/>
        <${Westeros} view=${view}/>
        <${IronBank} view=${view}/>
        <${Notices} notices=${msg.notices} players=${msg.players} view=${view} naming=${boardNaming}/>
        <${Chat} id=${id} token=${token} latest=${msg.chat || 0} view=${view} naming=${boardNaming}/>
        <${Log} events=${events}/>
        <${Notes} id=${id} seat=${seat}/>
      </div>
    </main>
    ${msg.outcome && !hideEnd && html`<${EndScreen} outcome=${msg.outcome} view=${view} players=${msg.players} close=${() => setHideEnd(true)}
      replay=${msg.status === 'over' ? () => setReplaying(true) : null}/>`}
    ${msg.status === 'abandoned' && !hideEnd && html`<${Abandoned} msg=${msg} close=${() => setHideEnd(true)} where="board"/>`}
    ${msg.status === 'stopped' && !hideEnd && html`<${Stopped} msg=${msg} close=${() => setHideEnd(true)} replay=${() => setReplaying(true)} where="board"/>`}
  </div>`;
}

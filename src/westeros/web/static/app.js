// The westeros web client's entry: the lobby here, the game screen in ./board/ (screen.js and
// the modules it imports). Plain ES modules, no build step:
// Preact + htm are vendored under /static/vendor (scripts/vendor.sh). The page knows the server
// only through its documented API (docs/server.md) and the board game's static data
// (/static/boardgame.json: names, cards, the decision catalogue).
import { render } from 'preact';
import { useState, useEffect, useRef } from 'preact/hooks';
import { html } from './board/html.js';
import { loadData } from './board/names.js';
import { api, post, tokenKey, ownerKey, readJson, noteMine, rememberGame, rememberLink, seatLink } from './board/api.js';
import { LinkBox } from './board/seats.js';
import { GameScreen } from './board/screen.js';

// ------------------------------------------------------------------ lobby
const LOBBY_PAGE = 20;
const SEAT_ACCESS = { invite: 'invite link', open: 'open to anyone' };

// the form's clock choice as the API's `clock` object (null: none), or a string saying what is wrong
function clockSetting(c) {
  if (c.mode === 'chess') {
    if (!(c.minutes > 0) || !(c.increment >= 0)) return 'Chess clock: give the minutes for the game (more than 0) and the seconds added per move (0 or more).';
    return { mode: 'chess', initial: Math.max(1, Math.round(c.minutes * 60)), increment: Math.round(c.increment) };
  }
  if (c.mode === 'turn') {
    if (!(c.turn > 0)) return 'Clock per turn: give the minutes for each turn (more than 0).';
    return { mode: 'turn', seconds: Math.max(1, Math.round(c.turn * 60)) };
  }
  return null;
}

function lobbySeat(g, p, join) {
  const mineToken = localStorage.getItem(tokenKey(g.id, p.seat));
  if (p.type === 'bot') return html`<span class="chip">${p.name}${/bot/i.test(p.name) ? '' : ' (bot)'}</span>`;
  if (g.free_seats.includes(p.seat)) {
    return html`<button data-join=${p.seat} class="join" onClick=${() => join(g, p.seat)}>Join seat ${p.seat + 1}</button>`;
  }
  const state = p.away ? ' (bot standing in)' : p.access === 'invite' ? ' · invited' : '';
  const label = html`${p.name}${state}`;
  if (mineToken) return html`<a class="chip mine" href=${seatLink(g.id, p.seat)} data-mine=${p.seat}>${label} — your seat</a>`;
  return html`<span class="chip" data-seat=${p.seat}>${label}</span>`;
}

function Created({ created, enter }) {
  const others = created.seats.filter((s) => !s.creator);
  return html`<div class="created" id="created"><h3>Game created${created.private ? ' (private: not listed in the lobby)' : ''}</h3>
    <ul>${created.seats.map((s) => (s.creator
      ? html`<li data-creator=${s.seat}>Seat ${s.seat + 1} (${s.name}): <b>yours</b></li>`
      : s.token
        ? html`<li data-invite=${s.seat}>Seat ${s.seat + 1} (${s.name}): invite link for the person you invite <${LinkBox} link=${s.link} id=${s.seat}/></li>`
        : html`<li data-open=${s.seat}>Seat ${s.seat + 1}: <b>open</b> — ${created.private
          ? html`anyone with the game's page can take it: <${LinkBox} link=${s.link} id=${s.seat}/>`
          : 'anyone can join it from the lobby\'s list of open games'}</li>`))}</ul>
    ${others.some((s) => s.token) && html`<p class="hint">An invite link is the seat: whoever opens it plays that seat. Give it only to that person.</p>`}
    <p class="hint">You own this game: from its page you can hand a seat to a bot, give it to someone else, or abandon the game (this browser keeps the owner's key).</p>
    <button class="primary" id="enter" onClick=${enter}>Enter the game</button></div>`;
}

function Lobby() {
  const [players, setPlayers] = useState(4);
  const [tides, setTides] = useState(false);
  const [name, setName] = useState(localStorage.getItem('westeros.name') || '');
  const [kinds, setKinds] = useState(['human', 'bot', 'bot', 'bot', 'bot', 'bot']);
  const [access, setAccess] = useState(['invite', 'invite', 'invite', 'invite', 'invite', 'invite']);
  const [priv, setPriv] = useState(false);
  const [clock, setClock] = useState({ mode: 'none', minutes: 30, increment: 20, turn: 2 });
  const [first, setFirst] = useState([]); // the newest page, refreshed
  const [older, setOlder] = useState([]); // pages loaded with "More games"
  const [cursor, setCursor] = useState(null);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  const paged = useRef(false);
  const mine = readJson('westeros.mine', []);

  const refresh = async () => {
    const r = await api(`/api/games?status=playing&limit=${LOBBY_PAGE}`);
    if (!r.ok) return;
    setFirst(r.body.games);
    if (!paged.current) setCursor(r.body.next);
  };
  useEffect(() => { refresh(); const t = setInterval(refresh, 4000); return () => clearInterval(t); }, []);
  const more = async () => {
    const r = await api(`/api/games?status=playing&limit=${LOBBY_PAGE}&before=${encodeURIComponent(cursor)}`);
    if (!r.ok) { setError(r.body.detail); return; }
    paged.current = true;
    setOlder((o) => [...o, ...r.body.games]);
    setCursor(r.body.next);
  };

  const create = async (ev) => {
    ev.preventDefault();
    setError(null);
    localStorage.setItem('westeros.name', name);
    const chosen = kinds.slice(0, players);
    const mineAt = chosen.indexOf('human');
    const seats = chosen.map((k, i) => (k === 'bot' ? { type: 'bot', bot: 'heuristic' }
      : i === mineAt ? { type: 'human', creator: true, name: name.trim() || undefined }
        : { type: 'human', access: access[i] }));
    const body = { kind: 'boardgame', players, tides, private: priv, seats };
    const c = clockSetting(clock);
    if (typeof c === 'string') { setError(c); return; }
    if (c) body.clock = c;
    const r = await post('/api/games', null, body);
    if (!r.ok) { setError(r.body.detail); return; }
    const g = r.body;
    localStorage.setItem(ownerKey(g.id), g.owner_token);
    const own = g.seats.find((s) => s.creator);
    if (own) rememberGame(g.id, own.seat, own.token); else noteMine(g.id, null);
    for (const s of g.seats) if (!s.creator && s.token) rememberLink(g.id, s.seat, s.link);
    const go = () => { location.href = seatLink(g.id, own ? own.seat : null); };
    if (!g.seats.some((s) => !s.creator)) { go(); return; } // nobody to invite: straight in
    setCreated({ ...g, private: priv, enter: go });
    refresh();
  };
  const join = async (g, seat) => {
    setError(null);
    const r = await post(`/api/games/${g.id}/seats/${seat}/claim`, null, { name: name.trim() || `Player ${seat + 1}` });
    if (!r.ok) { setError(`Seat ${seat + 1}: ${r.body.detail}`); refresh(); return; }
    localStorage.setItem('westeros.name', name);
    rememberGame(g.id, seat, r.body.token);
    location.href = seatLink(g.id, seat);
  };
  const setKind = (i, k) => setKinds(kinds.map((x, j) => (j === i ? k : x)));
  const setSeatAccess = (i, a) => setAccess(access.map((x, j) => (j === i ? a : x)));
  const firstIds = new Set(first.map((g) => g.id));
  const open = [...first, ...older.filter((g) => !firstIds.has(g.id))];
  const mineAt = kinds.slice(0, players).indexOf('human');

  return html`<div class="lobby">
    <h1>Westeros <small>A Game of Thrones: The Board Game (2nd ed.)</small></h1>
    <section class="panel">
      <h2>New game</h2>
      <form onSubmit=${create} class="newgame">
        <label>Your name <input name="name" value=${name} onInput=${(e) => setName(e.target.value)} placeholder="optional"/></label>
        <label>Players <select name="players" value=${players} onChange=${(e) => setPlayers(+e.target.value)}>
          ${[3, 4, 5, 6].map((n) => html`<option value=${n}>${n}</option>`)}</select></label>
        <label><input type="checkbox" name="tides" checked=${tides} onChange=${(e) => setTides(e.target.checked)}/> Tides of Battle</label>
        <label><input type="checkbox" name="private" checked=${priv} onChange=${(e) => setPriv(e.target.checked)}/> private (not listed)</label>
        <table class="seats"><tr><th>Seat</th><th>Played by</th><th>Who may take it</th></tr>
          ${kinds.slice(0, players).map((k, i) => html`<tr data-seatrow=${i}>
            <td>${i + 1}</td>
            <td><label><input type="radio" name=${'seat' + i} data-person=${i} checked=${k === 'human'} onChange=${() => setKind(i, 'human')}/> a person</label>
                <label><input type="radio" name=${'seat' + i} data-bot=${i} checked=${k === 'bot'} onChange=${() => setKind(i, 'bot')}/> a bot</label></td>
            <td>${k === 'bot' ? '' : i === mineAt ? html`<b>you</b>${name.trim() ? ` (${name.trim()})` : ''}`
              : html`<select data-access=${i} value=${access[i]} onChange=${(e) => setSeatAccess(i, e.target.value)}>
                ${Object.entries(SEAT_ACCESS).map(([v, label]) => html`<option value=${v}>${label}</option>`)}</select>`}</td></tr>`)}
        </table>
        <div class="clockform"><span>Clock:</span>
          <label><input type="radio" name="clock" value="none" checked=${clock.mode === 'none'} onChange=${() => setClock({ ...clock, mode: 'none' })}/> none</label>
          <label><input type="radio" name="clock" value="chess" checked=${clock.mode === 'chess'} onChange=${() => setClock({ ...clock, mode: 'chess' })}/> chess:</label>
          <input type="number" name="clock-minutes" min="1" step="1" value=${clock.minutes} disabled=${clock.mode !== 'chess'} onInput=${(e) => setClock({ ...clock, minutes: +e.target.value })}/> min +
          <input type="number" name="clock-increment" min="0" step="1" value=${clock.increment} disabled=${clock.mode !== 'chess'} onInput=${(e) => setClock({ ...clock, increment: +e.target.value })}/> s a move
          <label><input type="radio" name="clock" value="turn" checked=${clock.mode === 'turn'} onChange=${() => setClock({ ...clock, mode: 'turn' })}/> per turn:</label>
          <input type="number" name="clock-turn" min="0.5" step="0.5" value=${clock.turn} disabled=${clock.mode !== 'turn'} onInput=${(e) => setClock({ ...clock, turn: +e.target.value })}/> min
        </div>
        <p class="hint">The houses are dealt to the seats at random when the game starts. The first seat played by a person is yours.
          Another person's seat is taken with its <i>invite link</i> (shown for you to share), or, if <i>open to anyone</i>, by the first to join it from this lobby.
          With a clock, a seat whose time runs out is played by a bot until its player comes back.</p>
        <button type="submit" id="create" class="primary">Start the game</button>
      </form>
      ${error && html`<p class="error" id="lobby-error">${error}</p>`}
      ${created && html`<${Created} created=${created} enter=${created.enter}/>`}
    </section>
    ${mine.length > 0 && html`<section class="panel"><h2>Your games</h2><ul class="mine">
      ${mine.slice(0, 8).map((g) => html`<li><a href=${seatLink(g.id, g.seat)}>${g.id.slice(0, 8)} — ${g.seat === null ? 'owner (no seat)' : `seat ${g.seat + 1}`}</a></li>`)}</ul></section>`}
    <section class="panel">
      <h2>Open games</h2>
      ${open.length === 0 ? html`<p>No game in progress.</p>` : html`<table class="games" id="games">
        <tr><th>Game</th><th>Players</th><th>Move</th><th>Seats</th><th></th></tr>
        ${open.map((g) => html`<tr data-game=${g.id}>
          <td>${g.id.slice(0, 8)}${g.config.tides ? ' · tides' : ''}</td>
          <td>${g.config.players}</td><td>${g.move}</td>
          <td>${g.players.map((p) => lobbySeat(g, p, join))}</td>
          <td><a href=${'/play/' + g.id}>watch</a></td></tr>`)}
      </table>`}
      ${cursor && html`<button id="more" onClick=${more}>More games</button>`}
    </section>
    <p class="foot">Map, cards and visuals are this project's own; no Fantasy Flight Games artwork is used.</p>
  </div>`;
}
// ------------------------------------------------------------------ start
async function main() {
  await loadData();
  const root = document.getElementById('app');
  root.textContent = '';
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  if (!m) { render(html`<${Lobby}/>`, root); return; }
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

// The lobby: a new game, the open games, this browser's own games. Plain ES modules, no build
// step (Preact + htm vendored under /static/vendor); the server only through its documented
// API (docs/server.md). Served at / (lobby.html), and for a /play/{id} the server does not know.
import { render } from 'preact';
import { useState, useEffect, useRef } from 'preact/hooks';
import {
  html, api, post, readJson, tokenKey, ownerKey, noteMine, rememberGame, rememberLink, seatLink, LinkBox,
} from './common.js';
import { DeckPicker, SavedDecks, savedDecks, shippedPick, deckValue } from './decks.js';
import { ScenarioPicker, playersOf, scenarioDefaults, scenarioConfig, scenarioLabel } from './scenarios.js';
import { MOD, ModPicker, SeatHouseSelect, VassalBotBox, modConfig, modDefaults, modPlayers, seatHousesProblem } from './motherofdragons.js';

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

const CARD_PLAYERS = { joust: 2 }; // a melee: 3 to 6
const GAMES = { boardgame: 'A Game of Thrones: The Board Game (2nd ed.)', cardgame: 'A Game of Thrones: The Card Game (2nd ed.)' };

// the lobby's line for a game: its kind and what was chosen (`served`: the server's kinds)
function gameLabel(g, served) {
  if (g.kind === 'cardgame') return `Card game · ${g.config.players === 2 ? 'joust' : 'melee'}`;
  return `Board game${scenarioLabel(served.boardgame, g.config)}${g.config.tides ? ' · tides' : ''}`;
}

// the server's game kinds ({kind: {bots, stand_in, …}}) and the card game's shipped decks
/** @param {string} game @returns {[Record<string, any>, any[]]} */
function useKinds(game) {
  const [kinds, setKinds] = useState(/** @type {Record<string, any>} */ ({}));
  const [decks, setDecks] = useState(/** @type {any[]} */ ([]));
  useEffect(() => {
    api('/api/kinds').then((r) => { if (r.ok) setKinds(Object.fromEntries(r.body.map((k) => [k.kind, k]))); });
  }, []);
  useEffect(() => {
    if (game !== 'cardgame' || decks.length) return;
    api('/api/kinds/cardgame/seat-options/deck').then((r) => { if (r.ok) setDecks(r.body.choices); });
  }, [game]);
  return [kinds, decks];
}

function Lobby() {
  const [game, setGame] = useState('boardgame');
  const [players, setPlayers] = useState(4);
  const [format, setFormat] = useState('joust');
  const [melee, setMelee] = useState(4);
  const [tides, setTides] = useState(false);
  const [scenario, setScenario] = useState('base'); // board game: the scenario and its deck
  const [deck, setDeck] = useState('base');
  const [mod, setMod] = useState(modDefaults); // Mother of Dragons: board, Iron Bank, vassals
  const [atTable, setAtTable] = useState(true); // board game: orders placed in any order, Ready/Unready, march reset
  const [autoPeople, setAutoPeople] = useState(false); // card game: people leave the ordering choices to the engine
  const [name, setName] = useState(localStorage.getItem('westeros.name') || '');
  const [kinds, setKinds] = useState(['human', 'bot', 'bot', 'bot', 'bot', 'bot', 'bot']);
  const [access, setAccess] = useState(['invite', 'invite', 'invite', 'invite', 'invite', 'invite', 'invite']);
  const [cardBots, setCardBots] = useState([null, null, null, null, null, null, null]); // null: the kind's stand-in
  const [deckChoices, setDeckChoices] = useState([null, null, null, null, null, null, null]); // null: the default deck
  const [saved, setSaved] = useState(savedDecks);
  const [priv, setPriv] = useState(false);
  const [clock, setClock] = useState({ mode: 'none', minutes: 30, increment: 20, turn: 2 });
  const [first, setFirst] = useState([]); // the newest page, refreshed
  const [older, setOlder] = useState([]); // pages loaded with "More games"
  const [cursor, setCursor] = useState(null);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  const [problems, setProblems] = useState([]);
  const paged = useRef(false);
  const mine = readJson('westeros.mine', []);
  const [served, shipped] = useKinds(game);

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

  const count = game === 'cardgame' ? (format === 'joust' ? CARD_PLAYERS.joust : melee) : players;
  const cardBotList = served.cardgame ? served.cardgame.bots : ['random'];
  // a seat's deck: its choice, else the shipped decks in turn (the server lists the game's own first)
  const deckOf = (i) => deckChoices[i] || (shipped.length ? shippedPick(shipped[i % shipped.length].id) : null);

  const seatSpecs = () => {
    const chosen = kinds.slice(0, count);
    const mineAt = chosen.indexOf('human');
    return chosen.map((k, i) => {
      const seat = k === 'bot' ? { type: 'bot', bot: game === 'cardgame' ? cardBots[i] || cardBotList[0] : 'heuristic' }
        : i === mineAt ? { type: 'human', creator: true, name: name.trim() || undefined }
          : { type: 'human', access: access[i] };
      if (game === 'cardgame') seat.deck = deckOf(i) ? deckValue(deckOf(i)) : null;
      return seat;
    });
  };

  const create = async (ev) => {
    ev.preventDefault();
    setError(null); setProblems([]);
    localStorage.setItem('westeros.name', name);
    const seats = seatSpecs();
    const missing = seats.findIndex((s) => game === 'cardgame' && !s.deck);
    if (missing >= 0) { setError(`Seat ${missing + 1} has no deck: choose one or paste a deck list.`); return; }
    const partial = isMod ? seatHousesProblem(mod, players) : null;
    if (partial) { setError(partial); return; }
    // bots leave the choices a player may automate to the engine (D7, D11, D14, D15, D22, D23)
    const auto = seats.map((s) => s.type === 'bot' || autoPeople);
    const body = game === 'cardgame' ? { kind: 'cardgame', private: priv, seats, config: { auto } }
      : { kind: 'boardgame', players, tides, private: priv, seats, config: { ...scenarioConfig(scenario, deck), ...modSettings(seats), planning: atTable ? 'table' : 'sequential' } };
    const c = clockSetting(clock);
    if (typeof c === 'string') { setError(c); return; }
    if (c) body.clock = c;
    const r = await post('/api/games', null, body);
    if (!r.ok) { setError(r.body.detail); setProblems(r.body.problems || []); return; }
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
  const setAt = (list, set, i, v) => set(list.map((x, j) => (j === i ? v : x)));
  const setKind = (i, k) => setAt(kinds, setKinds, i, k);
  const setSeatAccess = (i, a) => setAt(access, setAccess, i, a);
  const deleted = (name) => {
    setSaved(savedDecks());
    setDeckChoices(deckChoices.map((d) => (d && d.pick === `saved:${name}` ? null : d)));
  };
  const firstIds = new Set(first.map((g) => g.id));
  const open = [...first, ...older.filter((g) => !firstIds.has(g.id))];
  const mineAt = kinds.slice(0, count).indexOf('human');
  const cards = game === 'cardgame';
  const chooseScenario = (s) => {
    const d = scenarioDefaults(served.boardgame, s);
    setScenario(s); setDeck(d.deck);
    if (d.players) setPlayers(d.players);
  };
  const isMod = !cards && scenario === MOD;
  const playerCounts = isMod ? modPlayers(served.boardgame, mod) : playersOf(served.boardgame, scenario);
  const people = (seats) => seats.flatMap((s, i) => (s.type === 'human' ? [i] : []));
  function modSettings(seats) { return isMod ? modConfig(mod, people(seats), players) : {}; }
  const chooseMod = (m) => { // a board with other player counts: the nearest count it has
    setMod(m);
    const counts = modPlayers(served.boardgame, m);
    if (counts.length && !counts.includes(players)) setPlayers(players < counts[0] ? counts[0] : counts[counts.length - 1]);
  };

  return html`<div class="lobby">
    <h1>Westeros <small>${GAMES[game]}</small></h1>
    <section class="panel">
      <h2>New game</h2>
      <form onSubmit=${create} class="newgame">
        <div class="gamechoice"><span>Game:</span>
          <label><input type="radio" name="game" value="boardgame" checked=${!cards} onChange=${() => setGame('boardgame')}/> the board game</label>
          <label><input type="radio" name="game" value="cardgame" checked=${cards} onChange=${() => setGame('cardgame')}/> the card game</label></div>
        <label>Your name <input name="name" value=${name} onInput=${(e) => setName(e.target.value)} placeholder="optional"/></label>
        ${cards ? html`<label><input type="radio" name="format" value="joust" checked=${format === 'joust'} onChange=${() => setFormat('joust')}/> joust (2 players)</label>
          <label><input type="radio" name="format" value="melee" checked=${format === 'melee'} onChange=${() => setFormat('melee')}/> melee:</label>
          <select name="melee" value=${melee} disabled=${format !== 'melee'} onChange=${(e) => setMelee(+e.target.value)}>
            ${[3, 4, 5, 6].map((n) => html`<option value=${n}>${n}</option>`)}</select> players
          <label title="The order of simultaneous abilities and keywords, optional keywords, saving with a duplicate, who is eliminated first (bots always leave them to the engine)"><input type="checkbox" name="auto" checked=${autoPeople} onChange=${(e) => setAutoPeople(e.target.checked)}/> people leave the ordering choices to the engine</label>`
          : html`<${ScenarioPicker} kind=${served.boardgame} scenario=${scenario} deck=${deck} players=${players} onScenario=${chooseScenario} onDeck=${setDeck} dealt=${!(isMod && mod.essos)}/>
          ${isMod && html`<${ModPicker} kind=${served.boardgame} mod=${mod} setMod=${chooseMod} players=${players}/>`}
          <label>Players <select name="players" value=${players} disabled=${playerCounts.length === 1} onChange=${(e) => setPlayers(+e.target.value)}>
          ${(playerCounts.length ? playerCounts : [3, 4, 5, 6]).map((n) => html`<option value=${n}>${n}</option>`)}</select></label>
        <label><input type="checkbox" name="tides" checked=${tides} onChange=${(e) => setTides(e.target.checked)}/> Tides of Battle</label>
        <label title="Orders placed, changed and removed in any order, then Ready (Unready until every house is ready); a march plan and a muster plan can be reset; a bid can be changed until every house has confirmed. Off: one order at a time, area by area, and every bid or purchase final."><input type="checkbox" name="planning" checked=${atTable} onChange=${(e) => setAtTable(e.target.checked)}/> plan as at the table</label>`}
        <label><input type="checkbox" name="private" checked=${priv} onChange=${(e) => setPriv(e.target.checked)}/> private (not listed)</label>
        <table class="seats"><tr><th>Seat</th><th>Played by</th><th>Who may take it</th>${cards && html`<th>Deck</th>`}</tr>
          ${kinds.slice(0, count).map((k, i) => html`<tr data-seatrow=${i}>
            <td>${i + 1}</td>
            <td><label><input type="radio" name=${'seat' + i} data-person=${i} checked=${k === 'human'} onChange=${() => setKind(i, 'human')}/> a person</label>
                <label><input type="radio" name=${'seat' + i} data-bot=${i} checked=${k === 'bot'} onChange=${() => setKind(i, 'bot')}/> a bot</label>
                ${cards && k === 'bot' && html`<select data-botname=${i} value=${cardBots[i] || cardBotList[0]} onChange=${(e) => setAt(cardBots, setCardBots, i, e.target.value)}>
                  ${cardBotList.map((b) => html`<option value=${b}>${b}</option>`)}</select>`}
                ${isMod && k === 'human' && html`<${VassalBotBox} seat=${i} mod=${mod} setMod=${setMod}/>`}
                ${isMod && html`<${SeatHouseSelect} seat=${i} kind=${served.boardgame} mod=${mod} setMod=${setMod}/>`}</td>
            <td>${k === 'bot' ? '' : i === mineAt ? html`<b>you</b>${name.trim() ? ` (${name.trim()})` : ''}`
              : html`<select data-access=${i} value=${access[i]} onChange=${(e) => setSeatAccess(i, e.target.value)}>
                ${Object.entries(SEAT_ACCESS).map(([v, label]) => html`<option value=${v}>${label}</option>`)}</select>`}</td>
            ${cards && html`<td>${deckOf(i) ? html`<${DeckPicker} seat=${i} choice=${deckOf(i)} choices=${shipped} saved=${saved}
              onChange=${(d) => setAt(deckChoices, setDeckChoices, i, d)} onSaved=${() => setSaved(savedDecks())}/>` : 'Loading the decks…'}</td>`}</tr>`)}
        </table>
        ${cards && html`<${SavedDecks} saved=${saved} onDeleted=${deleted}/>`}
        <div class="clockform"><span>Clock:</span>
          <label><input type="radio" name="clock" value="none" checked=${clock.mode === 'none'} onChange=${() => setClock({ ...clock, mode: 'none' })}/> none</label>
          <label><input type="radio" name="clock" value="chess" checked=${clock.mode === 'chess'} onChange=${() => setClock({ ...clock, mode: 'chess' })}/> chess:</label>
          <input type="number" name="clock-minutes" min="1" step="1" value=${clock.minutes} disabled=${clock.mode !== 'chess'} onInput=${(e) => setClock({ ...clock, minutes: +e.target.value })}/> min +
          <input type="number" name="clock-increment" min="0" step="1" value=${clock.increment} disabled=${clock.mode !== 'chess'} onInput=${(e) => setClock({ ...clock, increment: +e.target.value })}/> s a move
          <label><input type="radio" name="clock" value="turn" checked=${clock.mode === 'turn'} onChange=${() => setClock({ ...clock, mode: 'turn' })}/> per turn:</label>
          <input type="number" name="clock-turn" min="0.5" step="0.5" value=${clock.turn} disabled=${clock.mode !== 'turn'} onInput=${(e) => setClock({ ...clock, turn: +e.target.value })}/> min
        </div>
        ${cards ? html`<p class="hint">Each seat plays the deck chosen for it: a deck of this game, a Core Set starter deck (played as it comes, C4.8), one saved in this browser,
          or a deck list pasted from ThronesDB (its text export or JSON), checked against the deck-building rules as you type. The first seat played by a person is yours.
          Another person's seat is taken with its <i>invite link</i>, or, if <i>open to anyone</i>, by the first to join it from this lobby.</p>`
        : html`<p class="hint">The houses are dealt to the seats at random when the game starts${isMod ? ' (in Mother of Dragons unless a house is chosen for every seat)' : ''}. The first seat played by a person is yours.
          Another person's seat is taken with its <i>invite link</i> (shown for you to share), or, if <i>open to anyone</i>, by the first to join it from this lobby.
          With a clock, a seat whose time runs out is played by a bot until its player comes back.</p>`}
        <button type="submit" id="create" class="primary">Start the game</button>
      </form>
      ${error && html`<div class="error" id="lobby-error"><p>${problems.length ? 'The game was not created:' : error}</p>
        ${problems.length > 0 && html`<ul class="problems">${problems.map((p) => html`<li data-problem=${p.seat === null ? '' : p.seat}>${p.seat === null ? '' : `Seat ${p.seat + 1}'s ${p.option}: `}${p.problem}</li>`)}</ul>`}</div>`}
      ${created && html`<${Created} created=${created} enter=${created.enter}/>`}
    </section>
    ${mine.length > 0 && html`<section class="panel"><h2>Your games</h2><ul class="mine">
      ${mine.slice(0, 8).map((g) => html`<li><a href=${seatLink(g.id, g.seat)}>${g.id.slice(0, 8)} — ${g.seat === null ? 'owner (no seat)' : `seat ${g.seat + 1}`}</a></li>`)}</ul></section>`}
    <section class="panel">
      <h2>Open games</h2>
      ${open.length === 0 ? html`<p>No game in progress.</p>` : html`<table class="games" id="games">
        <tr><th>Game</th><th>Players</th><th>Move</th><th>Seats</th><th></th></tr>
        ${open.map((g) => html`<tr data-game=${g.id} data-kind=${g.kind}>
          <td>${g.id.slice(0, 8)} · ${gameLabel(g, served)}</td>
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
// A /play/{id} of a game the server does not know is served this page: say so above the lobby.
async function missingGame() {
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  if (!m) return null;
  const r = await api(`/api/games/${m[1]}/state`);
  return r.ok ? null : r.body.detail;
}

async function main() {
  const missing = await missingGame();
  const root = document.getElementById('app');
  root.textContent = '';
  render(html`${missing && html`<div class="lobby"><p class="error" id="fatal">${missing}</p><a href="/">Back to the lobby</a></div>`}<${Lobby}/>`, root);
}

main();

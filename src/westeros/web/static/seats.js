// @ts-check
// Seats, owners, clocks and notices of either game's screen (docs/web.md, "Seats, owners and
// clocks in the browser"). What a game names its seats by (houses, factions) comes in `naming`:
// { who(seat, players, view), place(seat, view), label(seat, view) }.
import { html, api, post, seatLink, LinkBox, tokenKey, linksKey, readJson, rememberGame, forgetSeat, rememberLink } from './common.js';
import { useState, useEffect } from 'preact/hooks';

export function fmtClock(/** @type {number} */ ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), ss = s % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(ss)}` : `${m}:${pad(ss)}`;
}
// A seat's clock: `remaining_ms` as of the message (received at `at`, performance.now()); a
// running clock counts down here between messages, only this element redraws.
export function Clock({ c, at }) {
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
export function clockOf(msg, seat) { return msg.clocks ? msg.clocks.find((c) => c.seat === seat) || null : null; }

// the server's notices in the page's words: names, houses or factions, seats counted from 1
export function noticeText(n, players, view, naming) {
  if (n.seat === null || n.seat === undefined || !players[n.seat]) return n.kind === 'abandoned' ? 'The owner abandoned the game.' : n.text;
  const who = naming.who(n.seat, players, view);
  const place = naming.place(n.seat, view);
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
export function noticeTime(at) {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
export function Notices({ notices, players, view, naming }) {
  if (!notices || notices.length === 0) return null;
  return html`<section class="panel" id="notices"><h2>At the table</h2><ul class="notices">
    ${notices.slice().reverse().slice(0, 20).map((n) => html`<li data-kind=${n.kind} title=${n.text}>
      <small>${noticeTime(n.at)}</small> ${noticeText(n, players, view, naming)}</li>`)}</ul></section>`;
}

export function seatState(p, mine) {
  if (p.type === 'bot') return `bot (${p.bot})`;
  if (p.away) return p.claimed ? 'away: a bot stands in' : 'no player: a bot stands in';
  if (!p.claimed) return p.access === 'open' ? 'open: free to take' : 'no player (invite)';
  if (mine) return 'your seat';
  return p.access === 'invite' ? 'invited player' : 'player';
}

/** How many watch without a seat (the state message's `spectators`; they give no names). */
export function Watching({ n }) {
  if (!n) return null;
  return html`<p class="watching" id="watching" title="spectators: people watching without a seat">👁 ${n} watching</p>`;
}

// the players with their clocks; the player's own seat (step away, back, leave, new link);
// the owner's powers (kick to a bot, give anew, abandon); a spectator may take a free open seat
export function SeatsPanel({ msg, view, seat, owner, act, links, naming }) {
  const players = msg.players;
  const playing = msg.status === 'playing';
  const mine = seat !== null ? players[seat] : null;
  const [name, setName] = useState('');
  const rename = (ev) => { ev.preventDefault(); if (name.trim()) act.rename(name.trim()).then(() => setName('')); };
  return html`<section class="panel seatspanel" id="seats"><h2>Players</h2>
    <table class="seatlist">${players.map((p) => {
      const c = clockOf(msg, p.seat);
      const human = p.type === 'human';
      const free = human && !p.claimed && p.access === 'open';
      return html`<tr data-seat=${p.seat} class=${(p.seat === seat ? 'me' : '') + (msg.waiting.includes(p.seat) ? ' waiting' : '')}>
        <td>${naming.label(p.seat, view)}</td>
        <td>${p.name}${p.seat === seat ? html` <b>(you)</b>` : ''}<br/><small class="state">${seatState(p, p.seat === seat)}</small></td>
        <td>${c ? html`<${Clock} c=${c} at=${msg.at}/>` : ''}</td>
        <td class="acts">${playing && human && owner && p.seat !== seat && html`
          ${!(p.away && !p.claimed) && html`<button data-kick=${p.seat} onClick=${() => act.kick(p.seat)}>Kick to a bot</button>`}
          <button data-give=${p.seat} onClick=${() => act.give(p.seat)}>Give to someone else</button>`}
          ${playing && free && seat === null && html`<button data-take=${p.seat} class="primary" onClick=${() => act.take(p.seat)}>Take this seat</button>`}
          ${owner && links[p.seat] && p.claimed && p.seat !== seat && html`<div class="given">The join link you handed out: <${LinkBox} link=${links[p.seat]} id=${'seat' + p.seat}/></div>`}
        </td></tr>`;
    })}</table>
    <${Watching} n=${msg.spectators || 0}/>
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

export function awayReason(msg, seat) {
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
export function AwayBanner({ msg, seat, back }) {
  const why = awayReason(msg, seat);
  return html`<section class="panel away" id="away-banner"><p><b>A bot is playing your seat</b>${why ? `: ${why}` : ''}. Come back to play it yourself.</p>
    <button class="primary" onClick=${back}>I'm back</button></section>`;
}
/** The abandoned game's screen; `where` is what "look at" shows (the board, the table). */
export function Abandoned({ msg, close, where }) {
  return html`<div class="endscreen" id="abandoned"><div class="endbox"><h2>Game abandoned</h2>
    <p>The game's owner abandoned this game at move ${msg.move}: it is over, nobody wins, no more moves are played.</p>
    <p><a href="/">Back to the lobby</a> <button onClick=${close}>Look at the ${where}</button></p></div></div>`;
}
/** The ended games whose replay the server gives (docs/server.md "Replays"). */
export const ENDED_WITH_REPLAY = ['over', 'stopped'];
/** Why the server stopped the game, from its `stopped` notice (the bots' move cap, docs/server.md
 * "Bots"): "the bots made N moves in a row …". */
export function stopWhy(msg) {
  const n = (msg.notices || []).filter((/** @type {any} */ x) => x.kind === 'stopped').pop();
  const why = n ? n.text.replace(/^.*?stopped at move \d+: /, '') : '';
  return why || 'the bots made too many moves in a row';
}
/** The stopped game's screen: why, and its replay (kept like a finished game's). */
export function Stopped({ msg, close, replay, where }) {
  return html`<div class="endscreen" id="stopped"><div class="endbox"><h2>Game stopped</h2>
    <p>The server stopped this game at move ${msg.move}: ${stopWhy(msg)}. Nobody wins and no more moves are played; its record and replay are kept.</p>
    <p><a href="/">Back to the lobby</a> <button class="primary" id="stopped-replay" onClick=${replay}>Replay the game</button>
      <button onClick=${close}>Look at the ${where}</button></p></div></div>`;
}
export function Fatal({ fatal, id }) {
  if (fatal.revoked) {
    return html`<div class="lobby"><p class="error" id="revoked">This seat's link no longer works: ${fatal.text}</p>
      <p>Ask the game's owner for a new link. <a href=${seatLink(id, null)}>Watch the game</a> · <a href="/">Back to the lobby</a></p></div>`;
  }
  return html`<div class="lobby"><p class="error" id="fatal">${fatal.text}</p><a href="/">Back to the lobby</a></div>`;
}

/** Why this seat's token stopped working (released, given, kicked): the latest notice about it. */
export async function revokedWhy(id, seat, detail, naming) {
  const r = await api(`/api/games/${id}/state?since=0`);
  if (!r.ok) return detail;
  const n = r.body.notices.filter((x) => x.seat === seat && ['kicked', 'given', 'released'].includes(x.kind)).pop();
  return n ? noticeText(n, r.body.players, r.body.view, naming) : detail;
}

/**
 * The seat's and the owner's actions (docs/server.md, "Seats and owners"); the state message
 * that follows each change comes over the websocket. `quiet` is the page's flag object: set
 * while this page changes its own seat, so the socket closing then is no error.
 */
export function useSeatActions({ id, seat, token, owner, msg, naming, setError, quiet, setToken }) {
  const [links, setLinks] = useState(() => readJson(linksKey(id), {}));
  const who = (s) => naming.who(s, msg.players, msg.view);
  const seatCall = async (path, bearer, body, hush = false) => {
    setError(null);
    quiet.quiet = hush;
    const r = await post(`/api/games/${id}${path}`, bearer, body);
    if (!r.ok) { quiet.quiet = false; setError(r.body.detail); return null; }
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
      quiet.quiet = false;
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
      if (!confirm(`Kick ${who(s)} to a bot? Their link stops working; a bot plays the seat until you give it to someone.`)) return;
      if (await seatCall(`/seats/${s}/kick`, owner)) dropLink(s);
    },
    give: async (s) => {
      const p = msg.players[s];
      if (p.claimed && !confirm(`Give ${who(s)} to someone else? The current link stops working.`)) return;
      const r = await seatCall(`/seats/${s}/give`, owner, {});
      if (r) keepLink(s, r.body.link);
    },
    abandon: async () => {
      if (!confirm('Abandon this game for everybody? It ends now; nobody wins.')) return;
      await seatCall('/abandon', owner);
    },
  };
  return { act, links };
}

/** A token of this browser newer than the page's (another tab rotated it), else null. */
export function newerToken(id, seat, token) {
  const now = seat !== null ? localStorage.getItem(tokenKey(id, seat)) : null;
  return now && now !== token ? now : null;
}

// @ts-check
// What the lobby and the game screens share: the seat and owner tokens kept in this browser,
// the API calls (docs/server.md) and the join-link box with its Copy button.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';

export const html = htm.bind(h);

// ------------------------------------------------------------------ tokens in the browser
// A seat token is the seat; the owner token gives the owner's powers (docs/server.md). Both
// stay in this browser's localStorage, per game; join links carry a token in the fragment.
export const tokenKey = (id, seat) => `westeros.token.${id}.${seat}`;
export const ownerKey = (id) => `westeros.owner.${id}`;
export const linksKey = (id) => `westeros.links.${id}`;
export function readJson(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v === null ? fallback : v; } catch (e) { return fallback; }
}
export function noteMine(id, seat) { // the lobby's "Your games" (seat null: a game this browser owns without a seat)
  const mine = readJson('westeros.mine', []).filter((g) => !(g.id === id && g.seat === seat));
  mine.unshift({ id, seat, at: Date.now() });
  localStorage.setItem('westeros.mine', JSON.stringify(mine.slice(0, 30)));
}
export function rememberGame(id, seat, token) {
  localStorage.setItem(tokenKey(id, seat), token);
  noteMine(id, seat);
}
export function forgetSeat(id, seat) {
  localStorage.removeItem(tokenKey(id, seat));
  const mine = readJson('westeros.mine', []).filter((g) => !(g.id === id && g.seat === seat));
  localStorage.setItem('westeros.mine', JSON.stringify(mine));
}
export function rememberLink(id, seat, link) { // the join links this browser handed out (the owner's)
  localStorage.setItem(linksKey(id), JSON.stringify({ ...readJson(linksKey(id), {}), [seat]: link }));
}
export function seatLink(id, seat) { return seat === null || seat === undefined ? `/play/${id}` : `/play/${id}?seat=${seat}`; }

export async function api(path, options = {}) {
  let r;
  try {
    r = await fetch(path, options);
  } catch (e) {
    return { ok: false, status: 0, body: { detail: 'The server cannot be reached: nothing was sent. Try again.' } };
  }
  let body = null;
  if (r.status !== 204) {
    try { body = await r.json(); } catch (e) { body = { detail: `HTTP ${r.status}` }; }
  }
  return { ok: r.ok, status: r.status, body };
}
export function post(path, bearer, body) {
  const headers = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return api(path, { method: 'POST', headers, body: JSON.stringify(body || {}) });
}

export function CopyButton({ text, id }) {
  const [done, setDone] = useState('');
  const copy = async (ev) => {
    let ok = false;
    try { await navigator.clipboard.writeText(text); ok = true; } catch (e) {
      const box = ev.target.parentNode.querySelector('input.link');
      if (box) { box.select(); ok = document.execCommand('copy'); }
    }
    setDone(ok ? 'Copied ✓' : 'Select it and copy');
    setTimeout(() => setDone(''), 2000);
  };
  return html`<button type="button" class="copy" data-copy=${id} onClick=${copy}>${done || 'Copy'}</button>`;
}
export function LinkBox({ link, id }) {
  return html`<span class="linkbox"><input class="link" readonly value=${link} onFocus=${(e) => e.target.select()}/><${CopyButton} text=${link} id=${id}/></span>`;
}

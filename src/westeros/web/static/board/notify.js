// @ts-check
// Telling a player it is their turn while the tab is elsewhere: the tab's title and icon
// change, and (if the player turned it on) a short sound plays once per new decision.
import { html } from '../common.js';
import { useEffect, useState } from 'preact/hooks';

const SOUND_KEY = 'westeros.sound';
const BASE_TITLE = document.title;
/** @param {string} fill */
const icon = (fill) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${fill}" stroke="#2c2416"/></svg>`)}`;
export const ICON_IDLE = icon('#cdbf9c');
export const ICON_TURN = icon('#d4141a');

/** @param {string} href */
function setIcon(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) { link = document.createElement('link'); link.rel = 'icon'; document.head.appendChild(link); }
  link.href = href;
}

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.35);
    window.__westerosBeeps = (window.__westerosBeeps || 0) + 1;
  } catch (e) { /* no audio here: the title and the icon still say it */ }
}

export const soundOn = () => localStorage.getItem(SOUND_KEY) === 'on';

/**
 * The title and the icon follow ``turn`` (a key of the open decision, '' when none).
 * @param {string} turn
 * @param {string} what
 */
export function useTurnSignal(turn, what) {
  useEffect(() => {
    document.title = turn ? `▶ Your move: ${what} — ${BASE_TITLE}` : BASE_TITLE;
    setIcon(turn ? ICON_TURN : ICON_IDLE);
    if (turn && soundOn()) beep();
  }, [turn]);
}

export function TurnSignalToggle() {
  const [on, setOn] = useState(soundOn());
  const flip = (/** @type {any} */ e) => { localStorage.setItem(SOUND_KEY, e.target.checked ? 'on' : 'off'); setOn(e.target.checked); };
  return html`<label class="soundtoggle" title="a short sound when it is your turn"><input type="checkbox" id="sound" checked=${on} onChange=${flip}/> sound</label>`;
}

/** A private note per seat, kept in this browser only (never sent to the server). */
export function Notes({ id, seat }) {
  const key = `westeros.notes.${id}.${seat === null ? 'watch' : seat}`;
  const [text, setText] = useState(() => localStorage.getItem(key) || '');
  const keep = (/** @type {any} */ e) => { setText(e.target.value); localStorage.setItem(key, e.target.value); };
  return html`<section class="panel" id="notes"><h2>My notes <small class="small">(only in this browser)</small></h2>
    <textarea id="notes-text" rows="3" maxlength="5000" value=${text} onInput=${keep} placeholder="plans, deals, who owes whom…"></textarea></section>`;
}

// The card game's decks in the lobby: each seat's deck is a shipped deck, a Core Set starter
// deck, a deck saved in this browser or a pasted deck list (ThronesDB's text export or its
// JSON), checked by the server as it is typed (POST /api/kinds/cardgame/seat-options/deck/check).
import { useState, useEffect, useRef } from 'preact/hooks';
import { html, post, readJson } from './common.js';

const SAVED = 'westeros.decks'; // [{name, text, at}] in localStorage
const CHECK_AFTER_MS = 350; // a pause in typing before the list is checked

export const savedDecks = () => readJson(SAVED, []);
export function saveDeck(name, text) {
  const kept = savedDecks().filter((d) => d.name !== name);
  kept.unshift({ name, text, at: Date.now() });
  localStorage.setItem(SAVED, JSON.stringify(kept));
}
export function deleteDeck(name) {
  localStorage.setItem(SAVED, JSON.stringify(savedDecks().filter((d) => d.name !== name)));
}

// A seat's deck choice: {pick: 'id:<shipped id>' | 'saved:<name>' | 'paste', text}
export const shippedPick = (id) => ({ pick: `id:${id}`, text: '' });

// the API's `deck` of a seat, or null if it has none yet
export function deckValue(choice) {
  if (choice.pick.startsWith('id:')) return choice.pick.slice(3);
  if (choice.pick.startsWith('saved:')) {
    const d = savedDecks().find((x) => x.name === choice.pick.slice(6));
    return d ? { text: d.text } : null;
  }
  return choice.text.trim() ? { text: choice.text } : null;
}

function describe(s) {
  const types = Object.entries(s.types || {}).map(([t, n]) => `${n} ${t}${n === 1 ? '' : 's'}`).join(', ');
  const rules = s.rules === 'C4.8' ? ' · starter deck (C4.8)' : '';
  return `${s.faction_name}${s.agenda ? ` · ${s.agenda}` : ''} · ${s.plots} plots · ${s.draw} cards${types ? ` (${types})` : ''}${rules}`;
}

// the server's verdict on a value as it changes: {state: 'checking'|'ok'|'bad'|'none', …}
function useCheck(value) {
  const [verdict, setVerdict] = useState(/** @type {{state: string, key?: string, problems?: string[], summary?: any}} */ ({ state: 'none' }));
  const seq = useRef(0);
  const key = JSON.stringify(value);
  useEffect(() => {
    const mine = ++seq.current;
    if (value === null) { setVerdict({ state: 'none' }); return undefined; }
    const t = setTimeout(async () => {
      const r = await post('/api/kinds/cardgame/seat-options/deck/check', null, { value });
      if (mine !== seq.current) return; // a newer text is being checked
      if (!r.ok) setVerdict({ key, state: 'bad', problems: [r.body.detail] });
      else if (r.body.ok) setVerdict({ key, state: 'ok', summary: r.body.summary });
      else setVerdict({ key, state: 'bad', problems: r.body.problems });
    }, typeof value === 'string' ? 0 : CHECK_AFTER_MS);
    return () => clearTimeout(t);
  }, [key]);
  // a verdict is the answer for one value: another value's (the deck just changed, the effect
  // not run yet) shows as "checking", never as this one's "ok" or "bad"
  if (value === null) return { state: 'none' };
  return verdict.key === key ? verdict : { ...verdict, state: 'checking' };
}

function Verdict({ seat, verdict }) {
  if (verdict.state === 'none') return null;
  if (verdict.state === 'checking' && !verdict.summary && !verdict.problems) return html`<p class="deckcheck" data-deckcheck=${seat}>Checking…</p>`;
  if (verdict.problems && verdict.state !== 'ok') {
    return html`<div class="deckcheck bad" data-deckcheck=${seat} data-state=${verdict.state}><b>This deck cannot be played:</b>
      <ul class="problems">${verdict.problems.map((p) => html`<li>${p}</li>`)}</ul></div>`;
  }
  return html`<p class="deckcheck ok" data-deckcheck=${seat} data-state=${verdict.state}>✓ ${describe(verdict.summary)}</p>`;
}

// one seat's deck: the select, and for a pasted list the text box, its check and "Save"
export function DeckPicker({ seat, choice, choices, onChange, saved, onSaved }) {
  const [saveAs, setSaveAs] = useState('');
  const verdict = useCheck(deckValue(choice));
  const pick = (v) => {
    if (v === 'paste') onChange({ pick: 'paste', text: choice.pick === 'paste' ? choice.text : '' });
    else onChange({ pick: v, text: '' });
  };
  const save = (ev) => {
    ev.preventDefault();
    const name = saveAs.trim();
    if (!name || !choice.text.trim()) return;
    saveDeck(name, choice.text);
    setSaveAs('');
    onSaved();
    onChange({ pick: `saved:${name}`, text: '' });
  };
  const own = choices.filter((c) => !c.starter);
  const starters = choices.filter((c) => c.starter);
  return html`<div class="deckpick">
    <select data-deck=${seat} value=${choice.pick} onChange=${(e) => pick(e.target.value)}>
      <optgroup label="Decks of this game">${own.map((c) => html`<option value=${`id:${c.id}`}>${c.name}</option>`)}</optgroup>
      <optgroup label="Core Set starter decks">${starters.map((c) => html`<option value=${`id:${c.id}`}>${c.name}</option>`)}</optgroup>
      ${saved.length > 0 && html`<optgroup label="Saved in this browser">${saved.map((d) => html`<option value=${`saved:${d.name}`}>${d.name}</option>`)}</optgroup>`}
      <option value="paste">Paste a deck list…</option>
    </select>
    ${choice.pick === 'paste' && html`<div class="paste">
      <textarea data-decktext=${seat} rows="8" cols="48" placeholder=${'A deck list from ThronesDB (Download → Text file, or JSON), e.g.\nMy wolves 1.0\n\nHouse Stark\nFealty\n\nPacks: Core Set\n\nPlots\n1x A Noble Cause (Core Set)\n…\nCharacters\n3x Eddard Stark (Core Set)\n…'}
        value=${choice.text} onInput=${(e) => onChange({ pick: 'paste', text: e.target.value })}></textarea>
      <form class="savedeck" onSubmit=${save}><input data-savename=${seat} placeholder="a name for this deck" maxlength="60" value=${saveAs}
        onInput=${(e) => setSaveAs(e.target.value)}/><button data-savedeck=${seat} disabled=${!saveAs.trim() || !choice.text.trim()}>Save in this browser</button></form></div>`}
    <${Verdict} seat=${seat} verdict=${verdict}/>
  </div>`;
}

// the decks kept in this browser, each with a Delete button
export function SavedDecks({ saved, onDeleted }) {
  if (saved.length === 0) return null;
  const drop = (name) => {
    if (!confirm(`Delete the deck "${name}" from this browser?`)) return;
    deleteDeck(name);
    onDeleted(name);
  };
  return html`<div class="saveddecks" id="saved-decks"><span>Decks saved in this browser:</span>
    ${saved.map((d) => html`<span class="chip" data-saved=${d.name}>${d.name} <button type="button" class="x" data-deletedeck=${d.name}
      title="delete this deck from this browser" onClick=${() => drop(d.name)}>✕</button></span>`)}</div>`;
}

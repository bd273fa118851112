// @ts-check
// The replay viewer: a finished game stepped move by move and round by round on the map, as a
// spectator saw it (GET /api/games/{id}/replay?move=N&since=M, docs/server.md "Replays").
import { html, api } from '../common.js';
import { useState, useEffect, useRef } from 'preact/hooks';
import { Board } from './map.js';
import { Tracks, Houses, Log, Combat } from './panels.js';

/** @param {{id: string, players: any[], close: () => void}} props */
export function Replay({ id, players, close }) {
  const [shown, setShown] = useState(/** @type {any} */ (null));
  const [events, setEvents] = useState(/** @type {any[]} */ ([]));
  const [problem, setProblem] = useState(/** @type {string | null} */ (null));
  const at = useRef({ move: -1, next: 0 });
  const go = async (/** @type {number} */ move) => {
    const forward = move >= at.current.move && at.current.move >= 0;
    const since = forward ? at.current.next : 0;
    const r = await api(`/api/games/${id}/replay?move=${Math.max(0, move)}&since=${since}`);
    if (!r.ok) { setProblem(r.body.detail); return; }
    const m = r.body;
    at.current = { move: m.move, next: m.next };
    setEvents((old) => (forward ? [...old, ...m.events] : m.events));
    setShown(m);
  };
  useEffect(() => { go(0); }, [id]);
  if (problem) return html`<div class="lobby"><p class="error">${problem}</p><button onClick=${close}>Back</button></div>`;
  if (!shown) return html`<p class="loading">Loading the replay…</p>`;
  const view = shown.view;
  const rounds = shown.rounds;
  const roundStart = rounds.filter((/** @type {number} */ n) => n <= shown.move).pop() || 0;
  const prevRound = rounds.filter((/** @type {number} */ n) => n < shown.move && n !== roundStart).pop();
  const nextRound = rounds.find((/** @type {number} */ n) => n > shown.move);
  return html`<div class="game replay" id="replay">
    <header class="top">
      <a href="/" class="home">Westeros</a>
      <b>Replay</b>
      <span id="replay-round">Round <b>${view.round}</b></span>
      <span>Phase: <b>${view.phase}</b></span>
      <span>Move <b id="replay-move">${shown.move}</b> of ${shown.moves}</span>
      <span class="replaybar">
        <button id="replay-start" onClick=${() => go(0)} disabled=${shown.move === 0} title="the start">⏮</button>
        <button id="replay-prev-round" onClick=${() => go(shown.move > roundStart ? roundStart : prevRound || 0)} disabled=${shown.move === 0} title="the round before">«</button>
        <button id="replay-back" onClick=${() => go(shown.move - 1)} disabled=${shown.move === 0} title="one move back">◀</button>
        <button id="replay-next" onClick=${() => go(shown.move + 1)} disabled=${shown.move >= shown.moves} title="one move on">▶</button>
        <button id="replay-next-round" onClick=${() => go(nextRound === undefined ? shown.moves : nextRound)} disabled=${shown.move >= shown.moves} title="the next round">»</button>
        <button id="replay-end" onClick=${() => go(shown.moves)} disabled=${shown.move >= shown.moves} title="the end">⏭</button>
        <input type="range" id="replay-slider" min="0" max=${shown.moves} value=${shown.move} onChange=${(/** @type {any} */ e) => go(+e.target.value)}/>
      </span>
      <button id="replay-close" onClick=${close}>Back to the game</button>
    </header>
    <main class="layout">
      <div class="left"><${Board} view=${view} decision=${null} events=${events} onArea=${() => {}} popup=${null}
        onOrder=${() => {}} onPick=${() => {}} onClosePopup=${() => {}}/></div>
      <div class="right">
        <${Combat} view=${view} events=${events}/>
        <${Tracks} view=${view}/>
        <${Houses} view=${view} players=${players}/>
        <${Log} events=${events}/>
      </div>
    </main>
  </div>`;
}

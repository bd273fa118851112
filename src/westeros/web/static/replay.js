// @ts-check
// Stepping through a finished game of either kind (or a running one up to now, for a
// spectator), as a spectator saw it (GET
// /api/games/{id}/replay?move=N&since=M, docs/server.md "Replays"): the position, its log, and
// the bar of buttons (move, round, phase where the game logs phases) and slider.
import { html, api } from './common.js';
import { useState, useEffect, useRef } from 'preact/hooks';

/**
 * The replay's position: `shown` (the server's answer: view, move, moves, rounds, phases),
 * the log so far, a problem, and `go(move)`. A step forward asks only for the new events.
 * @param {string} id
 */
export function useReplay(id) {
  const [shown, setShown] = useState(/** @type {any} */ (null));
  const [events, setEvents] = useState(/** @type {any[]} */ ([]));
  const [problem, setProblem] = useState(/** @type {string | null} */ (null));
  const at = useRef({ move: -1, next: 0, asked: 0 });
  const go = async (/** @type {number} */ move) => {
    const forward = move >= at.current.move && at.current.move >= 0;
    const since = forward ? at.current.next : 0;
    const mine = ++at.current.asked;
    const r = await api(`/api/games/${id}/replay?move=${Math.max(0, move)}&since=${since}`);
    // a newer step was asked meanwhile (two quick clicks): its answer counts, not this one,
    // which would add the same events to the log again (both asked from the same event)
    if (mine !== at.current.asked) return;
    if (!r.ok) { setProblem(r.body.detail); return; }
    const m = r.body;
    at.current = { move: m.move, next: m.next, asked: mine };
    setEvents((old) => (forward ? [...old, ...m.events] : m.events));
    setShown(m);
  };
  useEffect(() => { go(0); }, [id]);
  return { shown, events, problem, go };
}

/** The last mark before `move` (the start of its round or phase, else the one before). */
const before = (/** @type {number[]} */ marks, /** @type {number} */ move) => marks.filter((n) => n < move).pop() || 0;
/** The first mark after `move`, else the end. */
const after = (/** @type {number[]} */ marks, /** @type {number} */ move, /** @type {number} */ end) => {
  const n = marks.find((x) => x > move);
  return n === undefined ? end : n;
};

/** The buttons and the slider: start, round back, phase back, move back, on, phase on, round on, end. */
export function ReplayBar({ shown, go }) {
  const { move, moves } = shown;
  const phases = shown.phases || [];
  const first = move === 0, last = move >= moves;
  return html`<span class="replaybar">
    <button id="replay-start" onClick=${() => go(0)} disabled=${first} title="the start">⏮</button>
    <button id="replay-prev-round" onClick=${() => go(before(shown.rounds, move))} disabled=${first} title="the round before">«</button>
    ${phases.length > 0 && html`<button id="replay-prev-phase" onClick=${() => go(before(phases, move))} disabled=${first} title="the phase before">‹</button>`}
    <button id="replay-back" onClick=${() => go(move - 1)} disabled=${first} title="one move back">◀</button>
    <button id="replay-next" onClick=${() => go(move + 1)} disabled=${last} title="one move on">▶</button>
    ${phases.length > 0 && html`<button id="replay-next-phase" onClick=${() => go(after(phases, move, moves))} disabled=${last} title="the next phase">›</button>`}
    <button id="replay-next-round" onClick=${() => go(after(shown.rounds, move, moves))} disabled=${last} title="the next round">»</button>
    <button id="replay-end" onClick=${() => go(moves)} disabled=${last} title="the end">⏭</button>
    <input type="range" id="replay-slider" min="0" max=${moves} value=${move} onChange=${(/** @type {any} */ e) => go(+e.target.value)}/>
  </span>`;
}

/** A stopped game's replay (docs/server.md "Bots"): where and why the server stopped it. */
export function StopNote({ shown, why }) {
  if (shown.status !== 'stopped') return null;
  const here = shown.move >= shown.moves;
  return html`<section class="panel stopnote" id="replay-stop"><p><b>${here ? 'The game stopped here' : `Stopped at move ${shown.moves}`}</b>: ${why}.</p></section>`;
}

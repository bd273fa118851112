// @ts-check
// The card game's replay viewer: a finished game stepped move by move, phase by phase and round
// by round as a spectator saw it (../replay.js; docs/server.md "Replays"), drawn with the
// table's own components; nothing on it answers a decision.
import { useMemo, useState } from 'preact/hooks';
import { html, humanize } from './face.js';
import { useReplay, ReplayBar, StopNote } from '../replay.js';
import { knownCards } from './choices.js';
import { PlayerArea, PileBrowser } from './table.js';
import { ChallengePanel, Log, Preview } from './panels.js';

/** `why`: a stopped game's reason (../seats.js stopWhy).
 * @param {{id: string, players: any[], why?: string, close: () => void}} props */
export function Replay({ id, players, why = '', close }) {
  const { shown, events, problem, go } = useReplay(id);
  const [pile, setPile] = useState(/** @type {any} */ (null));
  const [preview, setPreview] = useState(/** @type {any} */ (null));
  const view = shown ? shown.view : null;
  const known = useMemo(() => (view ? knownCards(view) : new Map()), [view]);
  if (problem) return html`<div class="lobby"><p class="error">${problem}</p><button onClick=${close}>Back</button></div>`;
  if (!view) return html`<p class="loading">Loading the replay…</p>`;
  const ui = {
    known, pick: new Map(), seatPick: new Map(), dim: new Set(), challenge: view.challenge,
    send: () => {}, closeMenu: () => {}, onSeat: () => {}, preview: setPreview,
    onCard: (/** @type {any} */ card) => setPreview(card),
    browse: (/** @type {any} */ p, /** @type {string} */ zone) => setPile(p ? { p, zone } : null),
  };
  return html`<div class="game replay" id="replay">
    <header class="top">
      <a href="/" class="home">Westeros</a>
      <b>${shown.status === 'playing' ? 'Replay so far' : 'Replay'}</b>
      <span id="replay-round">Round <b>${view.round}</b></span>
      <span id="replay-phase">Phase: <b>${humanize(view.phase || 'setup')}</b></span>
      <span>Move <b id="replay-move">${shown.move}</b> of ${shown.moves}</span>
      <${ReplayBar} shown=${shown} go=${go}/>
      <button id="replay-close" onClick=${close}>Back to the game</button>
    </header>
    <main class="layout">
      <div class="tablearea">
        ${view.players.map((/** @type {any} */ p) => html`<${PlayerArea} view=${view} p=${p} ui=${ui} players=${players}/>`)}
      </div>
      <aside class="side">
        <${StopNote} shown=${shown} why=${why}/>
        <${ChallengePanel} view=${view} events=${events} ui=${ui}/>
        <${Log} events=${events}/>
        <${Preview} card=${preview}/>
      </aside>
    </main>
    <${PileBrowser} pile=${pile} ui=${ui}/>
  </div>`;
}

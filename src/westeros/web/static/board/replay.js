// @ts-check
// The replay viewer: a finished (or stopped) game stepped move by move and round by round on
// the map, as a spectator saw it (../replay.js; docs/server.md "Replays").
import { html } from '../common.js';
import { useReplay, ReplayBar, StopNote } from '../replay.js';
import { Board } from './map.js';
import { Tracks, Houses, Log, Combat } from './panels.js';
import { Objectives } from './objectives.js';
import { ScenarioTag } from './scenario.js';

/** `why`: a stopped game's reason (seats.js stopWhy).
 * @param {{id: string, players: any[], why?: string, close: () => void}} props */
export function Replay({ id, players, why = '', close }) {
  const { shown, events, problem, go } = useReplay(id);
  if (problem) return html`<div class="lobby"><p class="error">${problem}</p><button onClick=${close}>Back</button></div>`;
  if (!shown) return html`<p class="loading">Loading the replay…</p>`;
  const view = shown.view;
  return html`<div class="game replay" id="replay">
    <header class="top">
      <a href="/" class="home">Westeros</a>
      <b>${shown.status === 'playing' ? 'Replay so far' : 'Replay'}</b>
      <span id="replay-round">Round <b>${view.round}</b></span>
      <${ScenarioTag} view=${view}/>
      <span>Phase: <b>${view.phase}</b></span>
      <span>Move <b id="replay-move">${shown.move}</b> of ${shown.moves}</span>
      <${ReplayBar} shown=${shown} go=${go}/>
      <button id="replay-close" onClick=${close}>Back to the game</button>
    </header>
    <main class="layout">
      <div class="left"><${Board} view=${view} decision=${null} events=${events} onArea=${() => {}} popup=${null}
        onOrder=${() => {}} onPick=${() => {}} onClosePopup=${() => {}}/></div>
      <div class="right">
        <${StopNote} shown=${shown} why=${why}/>
        <${Combat} view=${view} events=${events}/>
        <${Tracks} view=${view}/>
        <${Objectives} view=${view} decision=${null} send=${() => {}}/>
        <${Houses} view=${view} players=${players}/>
        <${Log} events=${events}/>
      </div>
    </main>
  </div>`;
}

// @ts-check
// The board game's page: the game screen in ./board/ (screen.js and the modules it imports); the
// lobby is its own page (lobby.js), the helpers both share are in common.js. Plain ES modules, no build step:
// Preact + htm are vendored under /static/vendor (scripts/vendor.sh). The page knows the server
// only through its documented API (docs/server.md) and the board game's static data
// (/static/boardgame.json: names, cards, the decision catalogue).
import { render } from 'preact';
import { html, tokenKey, rememberGame, seatLink } from './common.js';
import { loadData } from './board/names.js';
import { GameScreen } from './board/screen.js';

// ------------------------------------------------------------------ start
async function main() {
  await loadData();
  const root = document.getElementById('app');
  root.textContent = '';
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  if (!m) { location.replace('/'); return; } // the lobby is its own page (lobby.js)
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

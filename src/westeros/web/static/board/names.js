// @ts-check
// The board game's names and labels, from /static/boardgame.json (loaded once by loadData).

export const COLORS = {
  stark: ['#e8e8e8', '#222'], lannister: ['#a8232a', '#fff'], baratheon: ['#f2c400', '#222'],
  greyjoy: ['#222222', '#fff'], tyrell: ['#2f7d32', '#fff'], martell: ['#e07b1f', '#222'],
  arryn: ['#6fa3d8', '#0d2240'], // A Feast for Crows (X-AFFC-2.1): sky blue
  targaryen: ['#4a0d12', '#f0c85a'], // Mother of Dragons (X-MOD-5): red-black and gold
};
export const INITIAL = { stark: 'S', lannister: 'L', baratheon: 'B', greyjoy: 'G', tyrell: 'T', martell: 'M', arryn: 'A', targaryen: 'D' };
export const TRACK_NAMES = { iron_throne: 'Iron Throne', fiefdoms: 'Fiefdoms', kings_court: "King's Court" };
export const DOMINANCE = { iron_throne: 'Iron Throne', valyrian_steel_blade: 'Valyrian Steel Blade', messenger_raven: 'Messenger Raven' };
export const UNIT_NAMES = { footman: 'Footman', knight: 'Knight', siege_engine: 'Siege engine', ship: 'Ship', dragon: 'Dragon' };
export const SUPPORT_WORDS = { attacker: 'attacker', defender: 'defender' };
// decisions done on the map or the hand; the rest also get a list of their choices
export const MAP_KINDS = new Set(['place_order', 'plan_orders', 'march_order', 'march_move', 'raid', 'consolidate', 'retreat',
  'muster', 'plan_muster', 'raven', 'reconcile', 'destroy_unit', 'replace_knight', 'upgrade_footman', 'horde_area',
  'queen_of_thorns', 'cersei', 'renly', 'vassal_order']);
export const CARD_KINDS = new Set(['house_card', 'aeron', 'discard_card']);

export let DATA = null;
export let MAP_SVG = '';
export let MAP_BOX = '0 0 600 1144'; // the map SVG's viewBox: the pieces are drawn in the same one
export let AREA_BY_NAME = [];
let mapId = 'base';
let switching = null; // the map being loaded: [its id, the promise]

// ------------------------------------------------------------------ names and labels
export const humanize = (s) => String(s).replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
export const areaName = (a) => (DATA.areas[a] ? DATA.areas[a].name : humanize(a));
export const houseName = (hs) => (hs ? DATA.houses[hs] || humanize(hs) : '—');
export const cardName = (c) => (DATA.house_cards[c] ? DATA.house_cards[c].name : humanize(c));
export function westerosName(id) {
  const c = DATA.westeros_cards[id];
  return c ? `${c.name} (${'I'.repeat(c.deck)})` : humanize(id);
}
export function orderLabel(token) {
  if (!token) return '?';
  const o = DATA.orders[token];
  if (!o) return humanize(token);
  const letter = { march: 'M', defense: 'D', support: 'S', raid: 'R', consolidate: 'C', iron_bank: 'IB' }[o.type] || '?';
  const mod = ['raid', 'consolidate', 'iron_bank'].includes(o.type) ? '' : (o.modifier < 0 ? `−${-o.modifier}` : `+${o.modifier}`);
  return letter + mod + (o.special ? '★' : '');
}
export function orderTitle(token) {
  const o = DATA.orders[token];
  if (!o) return humanize(token);
  if (o.name) return o.name.replace('-', '−'); // the sea and vassal tokens (X-MOD-9.1, X-MOD-10.4)
  const mod = o.type === 'raid' || o.type === 'consolidate' ? '' : ` ${o.modifier < 0 ? '−' + -o.modifier : '+' + o.modifier}`;
  return `${humanize(o.type === 'consolidate' ? 'consolidate power' : o.type)}${mod}${o.special ? ' ★ (special)' : ''}`;
}
export function partLabel(p) {
  if (DATA.areas[p]) return areaName(p);
  if (DATA.house_cards[p]) return cardName(p);
  if (DATA.houses[p]) return houseName(p);
  if (TRACK_NAMES[p]) return TRACK_NAMES[p];
  if (UNIT_NAMES[p]) return UNIT_NAMES[p];
  if (DATA.orders[p]) return `${orderLabel(p)} ${orderTitle(p)}`;
  if (DATA.objectives && DATA.objectives[p]) return DATA.objectives[p].name; // X-AFFC-4.4
  return humanize(p);
}
export function choiceLabel(kind, c) {
  if (typeof c === 'number') return String(c);
  if (kind === 'place_order' || kind === 'raven_replace') return `${orderLabel(c)}  ${orderTitle(c)}`;
  if (kind === 'plan_muster' && c === 'reset') return 'Reset the plan';
  if (kind === 'plan_orders' || c === 'reset') return planWords(c);
  if (kind === 'march_move' && c !== 'done') { const [u, to] = c.split('>'); return `${UNIT_NAMES[u] || u} → ${areaName(to)}`; }
  if (kind === 'raid' && c.includes('>')) { const [f, t] = c.split('>'); return t === 'none' ? `${areaName(f)}: remove without effect` : `${areaName(f)} raids ${areaName(t)}`; }
  if (kind === 'muster' && c.includes('>')) { const [u, to] = c.split('>'); return `${UNIT_NAMES[u] || humanize(u)} in ${areaName(to)}`; }
  if (kind === 'plan_muster' && c.includes(':')) { const i = c.indexOf(':'); return `${areaName(c.slice(0, i))}: ${purchaseLabel(c.slice(i + 1))}`; }
  if (kind === 'plan_muster' && c === 'done') return 'Done: muster the plan';
  if (kind === 'raven' && c.startsWith('replace:')) return `Replace the order in ${areaName(c.slice(8))}`;
  if (kind === 'raven' && c === 'look') return 'Look at the top wildling card';
  if (kind === 'raven' && c === 'pass') return 'Pass (keep the Raven unused)';
  if (kind === 'renly' && c.endsWith(':routed')) return `${areaName(c.split(':')[0])} (routed footman)`;
  if (kind === 'support' && SUPPORT_WORDS[c]) return c;
  const sep = c.includes('>') ? '>' : c.includes(':') ? ':' : c.includes('+') && !DATA.orders[c] ? '+' : null;
  if (sep) return c.split(sep).map(partLabel).join(sep === '>' ? ' → ' : sep === '+' ? ' + ' : ': ');
  return partLabel(c);
}
/** One mustering purchase in words (R3.6.3): a unit, an upgrade, or a ship and where it goes.
 * @param {string} p */
export function purchaseLabel(p) {
  if (p.startsWith('upgrade_')) return `Upgrade a footman to a ${UNIT_NAMES[p.slice(8)].toLowerCase()}`;
  if (p.includes('>')) { const [u, to] = p.split('>'); return `${UNIT_NAMES[u] || humanize(u)} in ${areaName(to)}`; }
  return UNIT_NAMES[p] || humanize(p);
}
// planning at the table (plan_orders) and the march reset in words
function planWords(c) {
  const [action, , token] = c.split(':');
  if (action === 'place') return `${orderLabel(token)}  ${orderTitle(token)}`;
  if (action === 'remove') return 'Remove the order';
  return { ready: 'Ready', unready: 'Unready (change my orders)', reset: 'Reset the march' }[c] || humanize(c);
}
// the area a choice points at on the map (the last part naming an area), or null
export function areaOfChoice(c) {
  if (typeof c !== 'string') return null;
  const parts = c.split(/[>:+]/);
  for (let i = parts.length - 1; i >= 0; i--) if (DATA.areas[parts[i]]) return parts[i];
  return null;
}
// the area a prompt speaks of ("order for Kingswood", "muster in Riverrun"), longest name first
export function areaInPrompt(prompt) {
  for (const [name, id] of AREA_BY_NAME) if (prompt.includes(name)) return id;
  return null;
}
export function focusArea(d) {
  if (!d) return null;
  if (d.kind === 'plan_orders') return d.context && d.context.area ? String(d.context.area) : null; // the next area without an order
  if (['place_order', 'raven_replace', 'muster', 'consolidate_special', 'march_move', 'march_token'].includes(d.kind)) {
    return areaInPrompt(d.prompt);
  }
  return null;
}
export function shade(hex, amount) { // mix a colour with white (amount > 0) or black (< 0)
  const n = parseInt(hex.slice(1), 16);
  let r = n >> 16, g = (n >> 8) & 255, b = n & 255;
  const t = amount > 0 ? 255 : 0, k = Math.abs(amount);
  r = Math.round(r + (t - r) * k); g = Math.round(g + (t - g) * k); b = Math.round(b + (t - b) * k);
  return `rgb(${r},${g},${b})`;
}

/** Load the static data and the map once, before anything is drawn. */
export async function loadData() {
  const [data, svg] = await Promise.all([
    fetch('/static/boardgame.json').then((r) => r.json()),
    fetch('/static/map.svg').then((r) => r.text()),
  ]);
  DATA = data;
  setMap(svg);
}

function setMap(svg) {
  MAP_SVG = svg.replace(/^<\?xml[^>]*>/, '');
  MAP_BOX = (/viewBox="([^"]+)"/.exec(MAP_SVG) || [null, MAP_BOX])[1];
  // the board's box takes the map's shape (X-MOD-1.2: Essos makes it wider), so the pieces'
  // viewBox fills it as the map does and every piece lands on its area
  const [, , w, h] = MAP_BOX.split(/[\s,]+/);
  document.documentElement.style.setProperty('--map-ratio', `${w} / ${h}`);
  AREA_BY_NAME = Object.entries(DATA.areas).map(([id, a]) => [a.name, id]).sort((x, y) => y[0].length - x[0].length);
}

/** Whether a view's map is the one loaded (a game's view names its map, X-MOD-3). */
export const mapLoaded = (id) => !id || id === mapId || !DATA.maps[id];

/** Load a game's map (the Mother of Dragons board, X-MOD-3): its areas and its SVG, before the
 * board is drawn; once per page. */
export function switchMap(id) {
  if (mapLoaded(id)) return Promise.resolve();
  if (switching && switching[0] === id) return switching[1];
  const done = fetch(DATA.maps[id].data).then((r) => r.json()).then((m) =>
    fetch(m.svg).then((r) => r.text()).then((svg) => {
      DATA = { ...DATA, areas: m.areas, width: m.width, height: m.height };
      mapId = id;
      setMap(svg);
    }));
  switching = [id, done];
  return done;
}

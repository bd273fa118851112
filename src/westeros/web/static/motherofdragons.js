// @ts-check
// Mother of Dragons' settings in the lobby (scenario `mod`): the board (Westeros' 7 houses for
// 3–7 players, or with Essos the 8 with Targaryen for 4–8, X-MOD-1.2), the Iron Bank (with
// Essos only, X-MOD-1.3), Targaryen's deck A or B (X-MOD-Q3), the players' starting power
// (`starting_power`, X-MOD-Q1; empty: the rules' 7 with the Iron Bank, else 5), which houses
// are vassals (none ticked: drawn at random, X-MOD-10.1), per seat the house it plays
// (`houses`, every seat or none: drawn at random, X-MOD-13.1), whether people leave the
// choices of the automatic setting to the engine (`auto`; bots always do) and, per person's
// seat, whether the bot commands its vassals (`vassal_bots`, X-MOD-10.3). The board and deck come from the
// server's settings (GET /api/kinds: `essos`, `targaryen_deck`); the server refuses a bad
// choice in words.
import { html } from './common.js';
import { optionOf, valueOf } from './scenarios.js';

export const MOD = 'mod';
const TARGARYEN = 'targaryen';

/** The settings a new MoD game starts with. */
export function modDefaults() {
  return {
    essos: false, ironBank: true, deck: 'a', vassals: /** @type {string[]} */ ([]), vassalBots: /** @type {number[]} */ ([]),
    startingPower: '', seatHouses: /** @type {string[]} */ ([]), autoPeople: false,
  };
}

/** The board's value (`essos` false or true) from the server's settings, or null. */
function boardOf(kind, essos) {
  return valueOf(kind, 'essos', essos);
}

/** The player counts of the chosen board ([] while the kinds are loading). */
export function modPlayers(kind, mod) {
  const b = boardOf(kind, mod.essos);
  return b ? b.players : [];
}

/** The houses of the chosen board, as [id, name] (the server names them; the id is the
 * name in lower case, as the engine's house ids are). */
export function modHouses(kind, mod) {
  const b = boardOf(kind, mod.essos);
  const names = b ? Object.values(b.seats)[0] || [] : [];
  return names.map((n) => [n.toLowerCase(), n]);
}

/** The houses chosen for the first `players` seats ('' for a seat left to the draw). */
const seatHousesOf = (mod, players) => Array.from({ length: players }, (_, i) => mod.seatHouses[i] || '');

/** Why the seats' houses cannot be sent (some seats have one, others not), or null. */
export function seatHousesProblem(mod, players) {
  const chosen = seatHousesOf(mod, players).filter((h) => h);
  return chosen.length && chosen.length < players
    ? `Choose the house of every seat, or of none (drawn at random): ${chosen.length} of ${players} chosen.` : null;
}

/** The config keys of the MoD choice for `players` seats; `people` the seats a person plays. */
export function modConfig(mod, people, players) {
  /** @type {Record<string, any>} */
  const out = { essos: mod.essos };
  if (mod.essos) { out.iron_bank = mod.ironBank; out.targaryen_deck = mod.deck; }
  if (mod.startingPower !== '') out.starting_power = Number(mod.startingPower);
  const houses = seatHousesOf(mod, players);
  if (houses.every((h) => h)) out.houses = houses;
  if (mod.vassals.length) out.vassals = mod.vassals;
  // bots leave the choices a player may automate to the engine (docs/boardgame-engine.md)
  out.auto = Array.from({ length: players }, (_, i) => !people.includes(i) || mod.autoPeople);
  const bots = mod.vassalBots.filter((s) => people.includes(s));
  if (bots.length) out.vassal_bots = bots;
  return out;
}

/** Toggle a member of a list. */
const toggled = (list, x, on) => (on ? [...list.filter((y) => y !== x), x] : list.filter((y) => y !== x));

/** The "leave my vassals to the bot" box of a person's seat. */
export function VassalBotBox({ seat, mod, setMod }) {
  return html`<label title="The server's bot chooses this seat's vassals and decides for them (X-MOD-10.3)"><input type="checkbox"
    data-vassalbot=${seat} checked=${mod.vassalBots.includes(seat)}
    onChange=${(e) => setMod({ ...mod, vassalBots: toggled(mod.vassalBots, seat, e.target.checked) })}/> vassals to the bot</label>`;
}

/** The house a seat plays: one of the board's, or drawn at random. */
export function SeatHouseSelect({ seat, kind, mod, setMod }) {
  const chosen = mod.seatHouses[seat] || '';
  const choose = (h) => {
    const list = [...mod.seatHouses];
    list[seat] = h;
    setMod({ ...mod, seatHouses: list });
  };
  return html`<label title="The house this seat plays (X-MOD-13.1); every seat or none">house <select data-house=${seat} value=${chosen}
    onChange=${(e) => choose(e.target.value)}><option value="">drawn at random</option>
    ${modHouses(kind, mod).map(([h, name]) => html`<option value=${h}>${name}</option>`)}</select></label>`;
}

/** The board, the Iron Bank, Targaryen's deck, the starting power and the vassals. */
export function ModPicker({ kind, mod, setMod, players }) {
  const boards = optionOf(kind, 'essos');
  const decks = optionOf(kind, 'targaryen_deck');
  if (!boards) return null;
  const houses = modHouses(kind, mod);
  const wanted = houses.length - players;
  const setBoard = (essos) => setMod({
    ...mod, essos, vassals: mod.vassals.filter((h) => essos || h !== TARGARYEN),
    seatHouses: mod.seatHouses.map((h) => (essos || h !== TARGARYEN ? h : '')),
  });
  const defaultPower = mod.essos && mod.ironBank ? 7 : 5; // X-MOD-Q1
  return html`<div class="modchoice" id="mod-choice">
    <label>${boards.title} <select name="essos" value=${String(mod.essos)} onChange=${(e) => setBoard(e.target.value === 'true')}>
      ${boards.values.map((v) => html`<option value=${String(v.value)}>${v.title}</option>`)}</select></label>
    ${mod.essos && html`<label><input type="checkbox" name="iron_bank" checked=${mod.ironBank} onChange=${(e) => setMod({ ...mod, ironBank: e.target.checked })}/> the Iron Bank</label>
      ${decks && html`<label>${decks.title} <select name="targaryen_deck" value=${mod.deck} onChange=${(e) => setMod({ ...mod, deck: e.target.value })}>
        ${decks.values.map((v) => html`<option value=${v.value}>${v.title}</option>`)}</select></label>`}`}
    <label title="Which dragon strength token Fire Made Flesh moves (the last one) and whether Beric Dondarrion takes a routed unit (yes) — bots always leave them to the engine"><input type="checkbox" name="mod_auto"
      checked=${mod.autoPeople} onChange=${(e) => setMod({ ...mod, autoPeople: e.target.checked })}/> people leave the minor card choices to the engine</label>
    <label title="The power tokens each player starts with (X-MOD-Q1); empty: the rules' ${defaultPower}">Starting power
      <input type="number" name="starting_power" min="0" max="20" step="1" placeholder=${String(defaultPower)} value=${mod.startingPower}
        onInput=${(e) => setMod({ ...mod, startingPower: e.target.value })}/></label>
    ${wanted > 0 && html`<div class="vassalchoice" id="mod-vassals"><span>Vassals:</span>
      ${houses.map(([h, name]) => html`<label><input type="checkbox" name="vassal" value=${h} disabled=${h === TARGARYEN}
        checked=${mod.vassals.includes(h)} onChange=${(e) => setMod({ ...mod, vassals: toggled(mod.vassals, h, e.target.checked) })}/> ${name}</label>`)}
      <p class="hint" id="mod-vassals-hint">${players} players: tick the ${wanted} houses nobody plays (vassals, commanded each round by the players), or none to draw them at random.${mod.essos ? ' Targaryen is always a player.' : ''}</p></div>`}
  </div>`;
}

// @ts-check
// The board game's names for its seats (houses), for the shared seats panel and notices
// (../seats.js; docs/web.md, "Seats, owners and clocks in the browser").
import { html } from '../common.js';
import { houseName } from './names.js';
import { Chip } from './panels.js';

export function seatWho(seat, players, view) {
  const p = players[seat];
  const hs = view && view.seats ? view.seats[seat] : null;
  const house = hs ? houseName(hs) : null;
  const name = p ? p.name : `seat ${seat + 1}`;
  return house && house !== name ? `${name} (${house}, seat ${seat + 1})` : `${name} (seat ${seat + 1})`;
}

export const boardNaming = {
  who: seatWho,
  place: (seat, view) => {
    const hs = view && view.seats ? view.seats[seat] : null;
    return `seat ${seat + 1}${hs ? ` (${houseName(hs)})` : ''}`;
  },
  label: (seat, view) => {
    const hs = view && view.seats ? view.seats[seat] : null;
    return hs ? html`<${Chip} house=${hs}/>` : `Seat ${seat + 1}`;
  },
};

// @ts-check
// A decision read from its kind and context (never from the prompt): which choices sit on a
// card (click the card), which on a player (click the player), which are buttons, and which
// cards must be shown to be chosen (a plot, a title, a card searched for in the deck).
import { DATA, humanize, facts } from './face.js';

// the kinds whose integer choices are card ids (the codec's part), the others name seats
const CARD_PARTS = new Set(['card', 'pick', 'target']);
const WINDOW_KINDS = new Set(['action', 'interrupt', 'reaction']);
const PROMPTS = {
  mulligan: 'Keep your hand or mulligan',
  setup: 'Setup: click cards of your hand to place them face down (8 gold), then Done',
  attach_to: 'Click the card to attach it to',
  plot: 'Choose your plot for this round',
  first_player: 'Choose the first player',
  title: 'Choose your title (secret until every player has one)',
  challenge: 'Initiate a challenge, or end your challenges',
  attacker: 'Click your attacking characters, then Done',
  defender: 'Click your defending characters, then Done',
  stealth: 'Stealth: click the character it bypasses',
  claim_kill: 'Military claim: click a character to kill',
  keyword: 'Click the character whose keyword to use, or Done to skip',
  intimidate: 'Intimidate: click a character to kneel',
  stand: 'Click a character to stand',
  reserve: 'Over your reserve: click a card of your hand to discard',
  cost: 'Click the card that pays the cost',
  target: 'Click a target',
  pick: 'Choose a card',
  order: 'Choose which ability resolves next',
  delayed_order: 'Choose which delayed effect resolves next',
  keyword_type: 'Choose the keyword that resolves next',
  duplicate_save: 'Save the card with a duplicate?',
  result: 'Several results at once: choose which happens first',
  redirect: 'Crown Regent: redirect this challenge?',
  redirect_to: 'Redirect: choose the new defending player',
  whispers: 'Master of Whispers: choose the opponents',
  name: 'Name one',
  effect_option: 'Choose one',
};
const WORDS = {
  done: 'Done', pass: 'Pass', none: 'None', keep: 'Keep', mulligan: 'Mulligan', save: 'Save it',
  no: 'No', redirect: 'Redirect',
};

/** @param {any} d */
export function codecPart(d) {
  const k = DATA.decisions.find((x) => x.kind === d.kind);
  return k ? k.grammar.replace(/^<([a-z]+).*$/, '$1') : '';
}

export function promptOf(d) { return PROMPTS[d.kind] || humanize(d.kind); }

/** The name of a card id as far as this seat knows it. */
export function nameOf(id, known) {
  const c = known.get(id);
  return c ? facts(c).name : `card ${id}`;
}

/**
 * @param {any} d the decision
 * @param {any} view the seat's view
 * @param {Map<number, any>} known every card this seat can see, by id
 * @returns {{cards: Map<number, {choice: any, label: string}[]>, seats: Map<number, {choice: any, label: string}[]>,
 *            buttons: {choice: any, label: string}[], tray: any[]}}
 */
export function readDecision(d, view, known) {
  const cards = new Map(); const seats = new Map(); const buttons = []; const tray = [];
  const onCard = (id, choice, label) => { if (!cards.has(id)) cards.set(id, []); cards.get(id).push({ choice, label }); };
  const onSeat = (s, choice, label) => { if (!seats.has(s)) seats.set(s, []); seats.get(s).push({ choice, label }); };
  const who = (s) => (view.names[s] || `seat ${s + 1}`);
  const part = codecPart(d);
  const players = d.context.target === 'player';
  const uses = d.choices.filter((c) => typeof c === 'string' && c.startsWith('use:'));
  for (const c of d.choices) {
    if (typeof c === 'number' && CARD_PARTS.has(part) && !players) {
      onCard(c, c, `Choose ${nameOf(c, known)}`);
      if (!known.has(c) || !isShown(c, view)) tray.push(known.get(c) || { id: c, name: `card ${c}` });
    } else if (typeof c === 'number') {
      onSeat(c, c, who(c));
      buttons.push({ choice: c, label: who(c) });
    } else if (WINDOW_KINDS.has(d.kind) && c !== 'pass') {
      const [verb, id, index] = c.split(':');
      const cid = Number(id);
      const several = uses.filter((u) => u.split(':')[1] === id).length > 1;
      const label = verb === 'use' ? `Use ${nameOf(cid, known)}${several ? ` (ability ${Number(index) + 1})` : ''}`
        : verb === 'marshal' ? `Marshal ${nameOf(cid, known)} (${costOf(cid, known)} gold)`
          : `${humanize(verb)} ${nameOf(cid, known)}`;
      onCard(cid, c, label);
      buttons.push({ choice: c, label });
    } else if (d.kind === 'order') {
      const [id, index] = c.split(':');
      const label = `${nameOf(Number(id), known)}${Number(index) ? ` (ability ${Number(index) + 1})` : ''}`;
      onCard(Number(id), c, `Resolve ${label} next`);
      buttons.push({ choice: c, label });
    } else if (d.kind === 'challenge' && c !== 'done') {
      const [type, opp] = c.split('>');
      const label = `${humanize(type)} against ${who(Number(opp))}`;
      onSeat(Number(opp), c, label);
      buttons.push({ choice: c, label });
    } else if (d.kind === 'result') {
      const [what, s] = c.split(':');
      buttons.push({ choice: c, label: what === 'win' ? `${who(Number(s))} wins` : `${who(Number(s))} is out (empty deck)` });
    } else {
      buttons.push({ choice: c, label: d.kind === 'challenge' ? 'No more challenges' : WORDS[c] || humanize(c) });
    }
  }
  return { cards, seats, buttons, tray };
}

function costOf(id, known) {
  const f = facts(known.get(id));
  return f.cost === undefined ? '?' : f.cost;
}

/** Whether the table shows the card (in play, or in the seat's hand). */
function isShown(id, view) {
  if (view.in_play.some((c) => c.id === id)) return true;
  const me = view.seat !== null ? view.players[view.seat] : null;
  return !!(me && me.hand && me.hand.some((c) => c.id === id));
}

/** Every card this seat can see, by id: in play, hands, piles, plots, the decision's cards. */
export function knownCards(view) {
  const known = new Map();
  const add = (c) => { if (c && c.id !== undefined && c.code) known.set(c.id, c); };
  for (const p of view.players) {
    add(p.agenda); add(p.plot); add(p.title);
    for (const z of ['used', 'discard', 'dead', 'removed', 'hand', 'plot_deck']) for (const c of p[z] || []) add(c);
  }
  for (const c of view.in_play) add(c);
  for (const [id, c] of Object.entries(view.decision_cards || {})) known.set(Number(id), c);
  return known;
}

/**
 * Why a card of the hand cannot be marshaled now, when the page can tell (C9.4: the cost is
 * paid in gold; events are played, not marshaled); null: ask the engine.
 */
export function marshalReason(card, gold) {
  const f = facts(card);
  if (f.type === 'event') return `${f.name} is an event: it is played when its text allows, not marshaled.`;
  if (typeof f.cost === 'number' && f.cost > gold) return `${f.name} costs ${f.cost} gold; you have ${gold}.`;
  return null;
}

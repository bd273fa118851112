// @ts-check
// The card table's link to the server (docs/server.md): the seat token kept in this browser,
// the websocket of state messages (events merged by index, reconnect with back-off asking only
// for what was missed) and moves by POST (a 409 because somebody moved first is posted again).
import { useState, useEffect, useRef } from 'preact/hooks';

import { tokenKey, seatLink, rememberGame, api, post } from '../common.js';

export { tokenKey, seatLink, api, post };

/**
 * The seat and token of this page: a join link's fragment (kept, then taken out of the address
 * bar) or the token this browser kept for `?seat=N`.
 * @returns {{id: string, seat: number|null, token: string|null}}
 */
export function whoAmI() {
  const m = location.pathname.match(/^\/play\/([^/]+)/);
  const id = m ? m[1] : '';
  const params = new URLSearchParams(location.search);
  const asked = params.has('seat') ? Number(params.get('seat')) : null;
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = null;
  if (asked !== null && hash.get('token')) {
    token = hash.get('token');
    rememberGame(id, asked, token);
    history.replaceState(null, '', seatLink(id, asked));
  } else if (asked !== null) {
    token = localStorage.getItem(tokenKey(id, asked));
  }
  return { id, seat: token ? asked : null, token };
}

/**
 * The live game: the newest state message, every event so far, the connection's state, and
 * `send(choice)` for this seat's decision.
 * @param {string} id @param {string|null} token
 */
export function useGame(id, token) {
  const [msg, setMsg] = useState(/** @type {any} */ (null));
  const [events, setEvents] = useState(/** @type {any[]} */ ([]));
  const [conn, setConn] = useState('connecting');
  const [fatal, setFatal] = useState(/** @type {{text: string, status: number}|null} */ (null));
  const [error, setError] = useState(/** @type {string|null} */ (null));
  const [busy, setBusy] = useState(false);
  const st = useRef({ next: 0, move: -1, events: /** @type {any[]} */ ([]), quiet: false });
  const sending = useRef(false);

  const accept = (m) => {
    const s = st.current;
    if (m.events && m.events.length) {
      const start = m.next - m.events.length;
      const evs = s.events.slice();
      m.events.forEach((e, i) => { evs[start + i] = e; });
      s.events = evs;
      setEvents(evs);
    }
    s.next = Math.max(s.next, m.next || 0);
    if (m.move >= s.move) {
      s.move = m.move;
      m.at = performance.now();
      setMsg(m);
      // @ts-ignore: for the tests and the benchmark
      window.__westeros = { move: m.move, status: m.status, at: m.at, kind: m.decisions[0] ? m.decisions[0].kind : null };
    }
  };

  useEffect(() => {
    let ws = /** @type {WebSocket|null} */ (null);
    let closed = false; let retry = 0; let timer = 0;
    const connect = () => {
      const q = new URLSearchParams();
      if (token) q.set('token', token);
      q.set('since', String(st.current.next));
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/ws?${q}`);
      // @ts-ignore: the tests drop the connection on purpose
      window.__westerosSocket = ws;
      setConn('connecting');
      ws.onopen = () => { retry = 0; setConn('live'); };
      ws.onmessage = (ev) => {
        const m = JSON.parse(ev.data);
        if (m.error) { closed = true; if (!st.current.quiet) setFatal({ text: m.error, status: m.status }); return; }
        accept(m);
      };
      ws.onclose = (ev) => {
        if (closed) return;
        setConn('offline');
        if (st.current.quiet) return; // this page is changing its own seat
        if (ev.code > 4000 && ev.code < 5000) {
          closed = true;
          setFatal({ text: ev.reason || `The server refused the connection (${ev.code - 4000}).`, status: ev.code - 4000 });
          return;
        }
        timer = window.setTimeout(connect, Math.min(4000, 200 * 2 ** retry++));
      };
    };
    connect();
    return () => { closed = true; clearTimeout(timer); if (ws) ws.close(); };
  }, [id, token]);

  /** @param {string|number} choice */
  const send = async (choice) => {
    // one move at a time: a second click while the first is on its way (a double click on a
    // card) would be posted again and, once refused as stale, land on the next decision
    if (sending.current) return false;
    sending.current = true;
    setError(null); setBusy(true);
    try {
      let move = st.current.move;
      for (let attempt = 0; attempt < 30; attempt++) {
        const r = await post(`/api/games/${id}/moves?since=${st.current.next}`, token, { move, choice });
        if (r.ok) {
          accept(r.body);
          // @ts-ignore
          window.__westerosSent = (window.__westerosSent || 0) + 1;
          return true;
        }
        if (r.status === 409 && typeof r.body.move === 'number' && r.body.move !== move) {
          move = Math.max(r.body.move, st.current.move);
          continue;
        }
        setError(r.body.detail);
        return false;
      }
      return false;
    } finally { sending.current = false; setBusy(false); }
  };
  // quiet: the flag the seat's actions set while this page changes its own seat (../seats.js)
  return { msg, events, conn, fatal, error, setError, busy, send, quiet: st.current };
}

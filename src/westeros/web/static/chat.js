// @ts-check
// Table talk (docs/server.md, "Chat"): the lines are stored on the server per game; a state
// message says the id of the newest line and the page reads what it has not seen. Players
// write (500 characters a line, a few lines per 10 seconds); spectators read only. Either game's
// screen: `naming.label(seat, view)` names a line's seat (a house chip, a faction).
import { html, api, post } from './common.js';
import { useState, useEffect, useRef } from 'preact/hooks';

const CHAT_LENGTH = 500;

/** @param {{id: string, token: string | null, latest: number, view: any, naming: any}} props */
export function Chat({ id, token, latest, view, naming }) {
  const [lines, setLines] = useState(/** @type {any[]} */ ([]));
  const [text, setText] = useState('');
  const [problem, setProblem] = useState(/** @type {string | null} */ (null));
  const seen = useRef(0);
  const box = useRef(/** @type {HTMLElement | null} */ (null));
  useEffect(() => {
    if (latest <= seen.current) return;
    (async () => {
      const r = await api(`/api/games/${id}/chat?after=${seen.current}`);
      if (!r.ok) return;
      const fresh = r.body.lines.filter((/** @type {any} */ l) => l.id > seen.current);
      if (!fresh.length) return;
      seen.current = fresh[fresh.length - 1].id;
      setLines((old) => [...old, ...fresh]);
    })();
  }, [latest]);
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [lines.length]);
  const send = async (/** @type {Event} */ ev) => {
    ev.preventDefault();
    if (!text.trim()) return;
    setProblem(null);
    const r = await post(`/api/games/${id}/chat`, token, { text });
    if (r.ok) { setText(''); return; }
    if (r.status === 429) {
      setProblem(`You are talking fast: wait ${r.body.detail.match(/\d+ s/) ? r.body.detail.match(/\d+ s/)[0] : 'a moment'} and send it again.`);
    } else setProblem(r.body.detail);
  };
  return html`<section class="panel" id="chat"><h2>Table talk</h2>
    <ol class="chatlines" ref=${box}>${lines.map((l) => html`<li data-line=${l.id}>
      ${naming.label(l.seat, view)} <b class="who">${l.name}</b> ${l.text}</li>`)}</ol>
    ${token ? html`<form class="say" onSubmit=${send}>
        <input id="chat-text" maxlength=${CHAT_LENGTH} value=${text} placeholder="say something to the table"
          onInput=${(/** @type {any} */ e) => setText(e.target.value)}/>
        <button id="chat-send" disabled=${!text.trim()}>Send</button></form>
        ${problem && html`<p class="error" id="chat-problem">${problem}</p>`}`
      : html`<p class="hint">Spectators read the table talk; only the players write.</p>`}
  </section>`;
}

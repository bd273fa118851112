// What the pages put on `window` for the browser tests and benchmarks to read (tests/web,
// benchmarks/web.py), for the type check of the @ts-check modules (jsconfig.json).
interface Window {
  /** the board screen's latest state message: move, status, when it was shown */
  __westeros?: { move: number; status: string; at: number };
  /** the board screen's websocket (a test drops it on purpose) */
  __westerosSocket?: WebSocket;
  /** how many moves the board screen has posted */
  __westerosSent?: number;
  /** how many turn-signal tones were played */
  __westerosBeeps?: number;
}

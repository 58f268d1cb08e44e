/**
 * What a phone fetches to show the player page's first screen ("Find me", or the table of a phone
 * that found its player before), read from Chromium's own network log over the DevTools protocol:
 * every HTTP response's bytes on the wire (headers and compressed body: Network.loadingFinished's
 * encodedDataLength), what came from the browser's cache, and the WebSocket frames (the published
 * view). Optionally on a slow network (Network.emulateNetworkConditions). Shared by the end-to-end
 * test that holds the page to its byte budget and by `npm run bench` (which also times it): no vitest.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The player page's first screen is drawn: the Find me box, or the table of a phone that knows its player. */
export const FIRST_SCREEN = '#pl-find, [data-testid="table-number"], [data-testid="bye"]';

export interface Fetched {
  url: string;
  status: number;
  /** Bytes on the wire: headers and (compressed) body. 0 when served from the browser's cache. */
  bytes: number;
  encoding: string | null;
  cacheControl: string | null;
  fromCache: boolean;
}

export interface FirstScreen {
  /** Every HTTP request the page made before its first screen, in order. */
  fetched: Fetched[];
  /** Bytes of HTTP responses on the wire. */
  httpBytes: number;
  /** Bytes of the WebSocket messages received (payloads), and sent. */
  socketBytesIn: number;
  socketBytesOut: number;
  /** From the start of the navigation to the frame that shows the first screen (ms). */
  ms: number;
}

export interface SlowNetwork {
  /** Download and upload, kbit/s. */
  kbps: number;
  /** Round trip added to each request, ms. */
  latencyMs: number;
}

declare global {
  interface Window {
    __firstScreenAt?: number;
  }
}

/** In the page, from its first script on: the time of the frame that first shows `selector`. */
function watchFirstScreen(selector: string): void {
  const seen = (): boolean => document.querySelector(selector) !== null;
  const observer = new MutationObserver(() => {
    if (window.__firstScreenAt !== undefined || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstScreenAt = performance.now();
    });
  });
  const start = (): void => observer.observe(document.documentElement, { subtree: true, childList: true });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** Open the DevTools session `page` is measured through (call before `measureFirstScreen`). */
export async function networkLog(page: Page, network?: SlowNetwork): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.kbps * 1000) / 8,
      uploadThroughput: (network.kbps * 1000) / 8,
    });
  // tsx (the bench) compiles with esbuild's keepNames: the function's text calls `__name`, which the page lacks.
  await page.addInitScript({ content: `globalThis.__name ??= (target) => target; (${watchFirstScreen.toString()})(${JSON.stringify(FIRST_SCREEN)});` });
  return cdp;
}

/**
 * Go to `url` and wait for the first screen; then what was fetched for it (every request started
 * by then, once finished). `timeoutMs` bounds the whole.
 */
export async function measureFirstScreen(page: Page, cdp: CDPSession, url: string, timeoutMs = 60_000): Promise<FirstScreen> {
  const requests = new Map<string, Fetched & { done: boolean }>();
  let socketBytesIn = 0;
  let socketBytesOut = 0;
  const header = (headers: Record<string, unknown>, name: string): string | null => {
    const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    return found ? String(found[1]) : null;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, status: 0, bytes: 0, encoding: null, cacheControl: null, fromCache: false, done: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  // The status on the wire (a 304 that revalidated a cached file; responseReceived says 200 for it).
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.status = e.statusCode;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    if (r.status === 0) r.status = e.response.status;
    r.encoding = header(e.response.headers, 'content-encoding');
    r.cacheControl = header(e.response.headers, 'cache-control');
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
  });
  let changed: () => void = () => undefined;
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.bytes = r.fromCache ? 0 : e.encodedDataLength;
    r.done = true;
    changed();
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.done = true;
    changed();
  });
  cdp.on('Network.webSocketFrameReceived', (e) => (socketBytesIn += Buffer.byteLength(e.response.payloadData, e.response.opcode === 1 ? 'utf8' : 'base64')));
  cdp.on('Network.webSocketFrameSent', (e) => (socketBytesOut += Buffer.byteLength(e.response.payloadData, e.response.opcode === 1 ? 'utf8' : 'base64')));

  const deadline = Date.now() + timeoutMs;
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  await page.waitForFunction(() => window.__firstScreenAt !== undefined, null, { timeout: Math.max(1, deadline - Date.now()), polling: 50 });
  const ms = (await page.evaluate(() => window.__firstScreenAt)) as number;
  // Every request the first screen started, finished (its bytes are known only then).
  const open = (): (Fetched & { done: boolean })[] => [...requests.values()].filter((r) => !r.done && r.url.startsWith('http'));
  if (open().length > 0)
    await new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`still loading after ${timeoutMs / 1000} s: ${open().map((r) => r.url).join(', ')}`)), Math.max(1, deadline - Date.now()));
      changed = () => {
        if (open().length > 0) return;
        clearTimeout(guard);
        resolve();
      };
    });
  const fetched = [...requests.values()].filter((r) => r.url.startsWith('http')).map(({ done: _done, ...r }) => r);
  return { fetched, httpBytes: fetched.reduce((sum, r) => sum + r.bytes, 0), socketBytesIn, socketBytesOut, ms };
}

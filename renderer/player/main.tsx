/**
 * The player page's entry (renderer/player.html, served at `/p`): connect to `/public` on this
 * page's own host and draw the page. Nothing of the station's app is loaded here (its store, its
 * API, its screens): a phone on the venue Wi-Fi gets a small page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CLAIM_CODE_KEY, claimLink, forgetLegacy, heldSlip, holdSlip, pageStorage, PAGE_PATH, slipLink, takeClaimCode } from './memory.js';
import { PlayerApp } from './PlayerApp.js';
import { PublicClient } from './public-client.js';
import './player.css';

const store = pageStorage();
forgetLegacy(store);
const linked = slipLink(window.location.search);
if (linked) {
  // Held until the view says which event is open (a reload meanwhile keeps it), then kept for that
  // event only (PlayerApp). The code stays on the phone, not in the address bar (a screenshot or a shared link).
  holdSlip(store, linked, Date.now());
  window.history.replaceState(null, '', PAGE_PATH);
}
const slip = linked ?? heldSlip(store, Date.now());
// A player card's QR code (`/p#claim=CODE`): claimed once the view says which event is open, and
// out of the address bar. A card scanned while the page is open changes only the hash: the page
// starts again with it.
const card = claimLink(window.location.hash);
if (card) window.history.replaceState(null, '', PAGE_PATH);
const claimCode = card ?? takeClaimCode(store);
window.addEventListener('hashchange', () => {
  const scanned = claimLink(window.location.hash);
  if (!scanned) return;
  store.setItem(CLAIM_CODE_KEY, scanned);
  window.history.replaceState(null, '', PAGE_PATH);
  window.location.reload();
});
const client = new PublicClient();
// A phone that wakes up or gets its network back tries at once rather than at the next retry.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') client.retryNow();
});
window.addEventListener('online', () => client.retryNow());

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PlayerApp client={client} store={store} slip={slip} claimCode={claimCode} />
    </StrictMode>,
  );

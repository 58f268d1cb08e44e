/**
 * The renderer's entry: the path says which page. `/join` is the venue network's join page (it
 * needs no connection until it joins), and so is any page a device opens on the venue network
 * before it has joined (api/index.ts needsToJoin); otherwise connect to the host (IPC or WebSocket) and draw
 * the station or the projector (a page that joined as a device draws what its role does: App.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectStation, needsToJoin, type PageScope } from './api/index.js';
import { App } from './App.js';
import { pageView } from './lib/page-view.js';
import { JoinPage } from './screens/join/JoinPage.js';
import './styles.css';

// The venue network's address opened by a device that has not joined: the join page, whatever the path.
const view = needsToJoin(globalThis as unknown as PageScope) ? 'join' : pageView(window.location.pathname);
document.documentElement.dataset.view = view;
document.title = view === 'projector' ? 'Podium — Projector' : view === 'join' ? 'Podium — Join this event' : 'Podium';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>{view === 'join' ? <JoinPage /> : <App connection={connectStation()} view={view} />}</StrictMode>,
  );

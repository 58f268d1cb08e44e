/** The renderer's entry: connect to the host (IPC or WebSocket), then draw the station or the projector. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectStation } from './api/index.js';
import { App } from './App.js';
import './styles.css';

const connection = connectStation();
const view = window.location.pathname.replace(/\/+$/, '').endsWith('/projector') ? 'projector' : 'station';
document.documentElement.dataset.view = view;
document.title = view === 'projector' ? 'Podium — Projector' : 'Podium';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App connection={connection} view={view} />
    </StrictMode>,
  );

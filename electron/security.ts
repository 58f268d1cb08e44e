/**
 * The Electron shell's door (ARCHITECTURE "Guard the door"; Electron's security checklist). Pages
 * come from our own podium:// scheme only; navigation, redirects, new windows and webviews are
 * refused for every web contents the app ever makes; every permission is refused; every response
 * carries the strict CSP. (IPC is accepted only from our own windows' main frames: windows.ts
 * gives each window its channel through host/ipc-channel.ts.)
 *
 * The CSP and the handlers are written out literally so that electronegativity
 * (`npm run lint:electron`) can check them. Electron comes in as a parameter, so tests run this
 * under Node against a fake (test/support/fake-electron.ts).
 */
import type { App, Session } from 'electron';

export const SCHEME = 'podium';
export const HOST = 'station';
/** The station page; the projector is `${APP_URL}projector`. */
export const APP_URL = `${SCHEME}://${HOST}/`;

/** Is `url` one of our own pages? */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${SCHEME}:` && parsed.host === HOST;
  } catch {
    return false;
  }
}

/** Guard the door for every web contents the app ever makes (windows, and anything else). */
export function guardWebContents(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

/** No permission is ever granted, and every response carries the CSP. Call once the app is ready. */
export function lockSession(ses: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  // The same policy as host/static-files.ts contentSecurityPolicy() (a test keeps them equal),
  // written out so electronegativity can evaluate it.
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'; worker-src 'none'; frame-src 'none'",
        ],
      },
    });
  });
}

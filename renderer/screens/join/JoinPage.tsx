/**
 * The join page (`/join?code=K7PM-Q2XD`, what a join code's QR code opens): a phone, a tablet or a
 * second computer on the venue's network becomes a device of the event. One question — the name
 * this device goes by ("Judge Ana", "Desk 2"), which the station's device list and the event log
 * show — then `POST /join`; the host's token is kept in this origin's localStorage and the page
 * goes to the app, which connects with it (api/index.ts) and shows what the role does.
 *
 * Mobile first: one column at 360 px, large type, touch targets of 48 px and more, light and dark.
 * It needs no connection to the host before the Join button is pressed.
 */
import { useId, useState, type FormEvent } from 'react';
import { ROLE_LABELS, type DeviceRef } from '../../../core/api/roles.js';
import { nameProblem } from '../../../core/model/names.js';
import { rememberedDevice, rememberJoin, type StorageLike } from '../../api/index.js';
import { joinVenue, normaliseJoinCode, type JoinFetch } from '../../api/join.js';
import { sentence } from '../../lib/format.js';
import './Join.css';

/** Longest device name the page accepts (the station's list and the log show it whole). */
export const DEVICE_NAME_MAX = 40;

export interface JoinScope {
  location: { protocol: string; host: string; search: string; replace(url: string): void };
  localStorage?: StorageLike & { removeItem(key: string): void };
  fetch?: JoinFetch;
}

function codeFromAddress(search: string): string {
  return normaliseJoinCode(new URLSearchParams(search).get('code') ?? '');
}

function safeStorage(scope: JoinScope): (StorageLike & { removeItem(key: string): void }) | undefined {
  try {
    return scope.localStorage;
  } catch {
    return undefined; // storage switched off in the browser's settings
  }
}

export function JoinPage({ scope = globalThis as unknown as JoinScope }: { scope?: JoinScope }) {
  const fromAddress = codeFromAddress(scope.location.search);
  const earlier = rememberedDevice(safeStorage(scope));
  const [code, setCode] = useState(fromAddress);
  const [name, setName] = useState(earlier?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<DeviceRef | null>(null);
  // The code of the address is shown as it is; once the host refuses it, it can be typed.
  const [typingCode, setTypingCode] = useState(fromAddress === '');
  const nameId = useId();
  const codeId = useId();
  const problemId = useId();

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const wanted = name.trim();
    const joinCode = normaliseJoinCode(code.trim());
    if (joinCode === '') return setProblem('Type the join code the station shows (such as K7PM-Q2XD), or scan its QR code.');
    if (wanted === '') return setProblem('Give this device a name, such as “Judge Ana” or “Desk 2”: the scorekeeper sees it in the device list and the event log.');
    const refused = nameProblem(wanted, 'device name');
    if (refused) return setProblem(sentence(refused));
    const storage = safeStorage(scope);
    if (!storage) return setProblem('This browser does not let the page keep anything (private mode or blocked storage), so it cannot stay joined. Allow site data and try again.');
    if (!scope.fetch) return setProblem('This browser cannot send the request. Use a current browser.');
    setBusy(true);
    setProblem(null);
    const outcome = await joinVenue(scope.fetch.bind(globalThis) as JoinFetch, `${scope.location.protocol}//${scope.location.host}`, { code: joinCode, name: wanted });
    if (!outcome.ok) {
      setBusy(false);
      if (outcome.about === 'code') setTypingCode(true);
      return setProblem(outcome.problem);
    }
    try {
      rememberJoin(storage, outcome.token, outcome.device);
    } catch {
      setBusy(false);
      return setProblem('This browser would not keep the device’s token (storage full or blocked), so it cannot stay joined. Allow site data and try again.');
    }
    setJoined(outcome.device);
    scope.location.replace('/');
  };

  return (
    <main className="join-page" data-testid="join-page">
      <p className="join-brand">Podium</p>
      <h1>Join this event</h1>
      {joined ? (
        <p className="join-done" role="status" data-testid="join-done">
          Joined as {joined.name} ({ROLE_LABELS[joined.role]}). Opening…
        </p>
      ) : (
        <form className="join-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={problem ? problemId : undefined}>
          {!typingCode ? (
            <p className="join-code-line">
              Join code <strong className="join-code-given" data-testid="join-code-given">{fromAddress}</strong>
            </p>
          ) : (
            <div className="join-field">
              <label htmlFor={codeId}>Join code</label>
              <input
                id={codeId}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoCapitalize="characters"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                placeholder="K7PM-Q2XD"
                inputMode="text"
                autoFocus
                data-testid="join-code-input"
              />
            </div>
          )}
          <div className="join-field">
            <label htmlFor={nameId}>This device’s name</label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={DEVICE_NAME_MAX}
              autoComplete="off"
              autoCapitalize="words"
              enterKeyHint="go"
              placeholder="Judge Ana, Desk 2…"
              autoFocus={!typingCode}
              data-testid="join-name"
            />
            <small>The scorekeeper sees this name in the list of devices and beside everything this device enters.</small>
          </div>
          {problem && (
            <p className="join-problem" role="alert" id={problemId} data-testid="join-problem">
              {problem}
            </p>
          )}
          <button type="submit" className="primary join-button" disabled={busy} data-testid="join-button">
            {busy ? 'Joining…' : 'Join'}
          </button>
        </form>
      )}
    </main>
  );
}

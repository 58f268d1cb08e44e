/**
 * A player's decklist on the Players screen (MTR 2.7): paste or import the list as
 * text (MTGO, Arena, "4 Card Name" with a sideboard, Commander with the commander named), see its
 * checks in words before saving, and save it as the player's registered list. Once the list locked
 * (core/decklists/journal.ts) a save is a correction and asks for the reason.
 *
 * A list that breaks a check can still be saved (the list is what the player handed in; the checks
 * say what a judge should look at): the button says so. Lists are never shown on players' screens;
 * a player who asks to see their own list between matches (MTR 2.7) gets it on paper: "Print this
 * list" prints the registered list (core/documents/decklist.ts), not the text being edited.
 *
 * What is typed and not saved is the player's draft (decklist-drafts.ts): picking another player
 * or closing the panel keeps it, and the panel says so; only Save or Discard ends it.
 */
import { useMemo, useState } from 'react';
import { checkDecklist } from '../../../core/decklists/checks.js';
import { decklistLockRound, listSize, lockWords } from '../../../core/decklists/journal.js';
import { cardCount, parseDecklist } from '../../../core/decklists/parse.js';
import type { NewCommand } from '../../../core/event/commands.js';
import type { EventState, PlayerId } from '../../../core/model/types.js';
import { Name } from '../../components/Name.js';
import { PrintButton } from '../../components/PrintButton.js';
import { isolate } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { unsaved, useDecklistDrafts, type DecklistDraft } from './decklist-drafts.js';

const strip = (cards: readonly { count: number; name: string }[]) => cards.map(({ count, name }) => ({ count, name }));

/** The command that registers `text` as the player's list (the parse as the panel shows it). */
export function decklistCommand(state: EventState, player: PlayerId, text: string, reason: string): NewCommand {
  const parsed = parseDecklist(text, { format: state.settings.format });
  return {
    type: 'register-decklist',
    player,
    main: strip(parsed.main),
    side: strip(parsed.side),
    commander: strip(parsed.commander),
    source: text,
    ...(reason.trim() !== '' ? { reason: reason.trim() } : {}),
  };
}

export function DecklistPanel({ state, player, onClose }: { state: EventState; player: PlayerId; onClose?: () => void }) {
  const registered = state.decklists?.[player];
  const saved = registered?.source ?? '';
  // What is typed here is the player's draft (decklist-drafts.ts): kept when another player is
  // picked or the panel closes, until it is saved or discarded.
  const draft = useDecklistDrafts((s) => s.drafts[state.id]?.[player]);
  const keep = useDecklistDrafts((s) => s.keep);
  const text = draft?.text ?? saved;
  const reason = draft?.reason ?? '';
  const edit = (next: DecklistDraft): void => keep(state.id, player, unsaved(next, saved) ? next : null);
  const setText = (next: string): void => edit({ text: next, reason });
  const setReason = (next: string): void => edit({ text, reason: next });
  const [busy, setBusy] = useState(false);
  const name = state.players.find((p) => p.id === player)?.name ?? player;
  const format = state.settings.format;
  const parsed = useMemo(() => parseDecklist(text, { format }), [text, format]);
  const problems = useMemo(() => (text.trim() === '' ? [] : checkDecklist(parsed, format)), [parsed, format, text]);
  const lock = decklistLockRound(state, player);
  const empty = cardCount(parsed.main) + cardCount(parsed.side) + cardCount(parsed.commander) === 0;
  const needsReason = lock !== undefined && reason.trim() === '';

  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setText(await file.text());
  };

  const save = async (): Promise<void> => {
    if (empty || needsReason) return;
    setBusy(true);
    const verb = lock !== undefined ? 'corrected' : 'registered';
    const ack = await useStation.getState().dispatch(decklistCommand(state, player, text, reason), `Decklist ${verb}: ${isolate(name)} (${listSize(parsed)})`);
    setBusy(false);
    if (ack) {
      keep(state.id, player, null);
      onClose?.();
    }
  };

  return (
    <section className="card decklist-panel" aria-label={`Decklist of ${name}`} data-testid="decklist-panel">
      <header className="card-head">
        <h2>
          Decklist — <Name>{name}</Name>
        </h2>
        <div className="toolbar">
          {registered && <PrintButton doc="decklist" player={player} label="this list" />}
          {onClose && (
            <button type="button" onClick={onClose}>
              Close
            </button>
          )}
        </div>
      </header>
      {draft && (
        <p className="warning decklist-draft" data-testid="decklist-draft">
          Not saved yet: what is typed below is kept here (also if you pick another player) until you save it or discard it.{' '}
          <button type="button" onClick={() => keep(state.id, player, null)} data-testid="decklist-discard">
            {registered ? 'Discard the changes' : 'Discard this list'}
          </button>
        </p>
      )}
      <p className="muted" data-testid="decklist-status">
        {registered
          ? `Registered${registered.version > 1 ? ` ${registered.version} times` : ''}: ${listSize(registered)}.${registered.correction ? ` Last correction: ${registered.correction}` : ''}`
          : 'No list registered yet.'}{' '}
        {lock !== undefined ? `Locked: ${lockWords(state, lock)}.` : 'The list may change until it locks (MTR 2.7).'}
      </p>
      <label>
        Paste the list (MTGO, Arena, or “4 Card Name” lines with a Sideboard section)
        <textarea data-testid="decklist-text" rows={14} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <label>
        …or import a file{' '}
        <input type="file" accept=".txt,text/plain" data-testid="decklist-file" onChange={(e) => void importFile(e.target.files?.[0])} />
      </label>
      {!empty && (
        <p data-testid="decklist-size">
          {listSize(parsed)}
        </p>
      )}
      {problems.length > 0 ? (
        <div className="decklist-problems" role="alert">
          <p className="problem">{problems.length === 1 ? 'The list does not meet the rules:' : `The list does not meet the rules (${problems.length} problems):`}</p>
          <ul className="problems" data-testid="decklist-problems">
            {problems.map((p, i) => (
              <li key={`${p.line ?? 0}-${i}`}>{p.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        !empty && (
          <p className="ok" data-testid="decklist-ok">
            The list meets the counts of the rules for a {format} deck.
          </p>
        )
      )}
      {lock !== undefined && (
        <label>
          Reason for the correction (kept in the journal)
          <input data-testid="decklist-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </label>
      )}
      <button type="button" className={problems.length > 0 ? undefined : 'primary'} data-testid="decklist-save" disabled={busy || empty || needsReason} onClick={() => void save()}>
        {problems.length > 0 ? 'Save the list anyway' : lock !== undefined ? 'Save the correction' : 'Save the list'}
      </button>
    </section>
  );
}

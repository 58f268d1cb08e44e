/**
 * Import a player list from a CSV file (or pasted text): a preview of every row with its problems
 * in words, then "Import N players" registers the good rows in one batch (rows with problems are
 * skipped; if the host refuses any good row, nothing is imported and the toast names its line) and
 * one toast sums it up.
 */
import { useMemo, useRef, useState } from 'react';
import type { NewCommand, PlayerInput } from '../../../core/event/commands.js';
import type { EventState } from '../../../core/model/types.js';
import { splitName } from '../../../core/model/person-names.js';
import { Name } from '../../components/Name.js';
import { isolate, plural } from '../../lib/format.js';
import { useStation } from '../../store/station.js';
import { hasAwardedByes, isTeamEvent, teamSizeOf, usesDraftPods } from './RegistrationForm.js';
import { idCounter, previewImport, registrationDraw, seatsOf, type Column, type ImportPreview, type ImportRow } from './registration.js';

const COLUMN_LABELS: Record<Column, string> = {
  name: 'name',
  first: 'given name',
  last: 'family name',
  note: 'note',
  byes: 'byes',
  pod: 'pod',
  team: 'team',
  A: 'seat A',
  B: 'seat B',
  C: 'seat C',
};

const PREVIEW_ROWS = 500;

/** What the event asks of the list: teams (and their size), awarded byes, draft pods. */
interface ListKind {
  team: boolean;
  size: number;
  byes: boolean;
  draft: boolean;
}

/** The register-player commands of the good rows, with the next free ids in order. */
function importCommands(state: EventState, good: readonly ImportRow[], team: boolean): Extract<NewCommand, { type: 'register-player' }>[] {
  const nextId = idCounter(state.players.map((p) => p.id), team);
  return good.map((row) => {
    const player: PlayerInput = { id: nextId(), ...row.player };
    return { type: 'register-player' as const, player, draw: registrationDraw(state, player.id) };
  });
}

/**
 * "Import N players": the good rows in one batch, all or nothing: one write and one push however
 * long the list (10,000 players in seconds); a refusal names its command, which is the
 * good row of that place. One toast sums it up.
 */
function useImportRows({ state, good, bad, team, who, onDone }: {
  state: EventState;
  good: ImportRow[];
  bad: number;
  team: boolean;
  who: (n: number) => string;
  onDone(): void;
}): { busy: boolean; importRows(): Promise<void> } {
  const run = useStation((s) => s.run);
  const send = useStation((s) => s.send);
  const toast = useStation((s) => s.toast);
  const [busy, setBusy] = useState(false);
  const importRows = async (): Promise<void> => {
    if (good.length === 0 || busy) return;
    setBusy(true);
    const commands = importCommands(state, good, team);
    // One batch under one client command id (store/send.ts): offline it waits to send, and a
    // connection lost mid-send sends it again without importing it twice.
    const outcome = await run(`Importing ${who(good.length)}…`, async () => {
      const sent = await send(commands, { label: `Import ${who(good.length)}` });
      if (sent.kind === 'saved') return { imported: commands.length, refused: null };
      const message = sent.message;
      const place = /^command (\d+) of \d+ \([a-z-]+\): /.exec(message);
      const row = place ? good[Number(place[1]) - 1] : undefined;
      return { imported: 0, refused: row ? `line ${row.line} (${isolate(row.player.name)}): ${message.slice((place as RegExpExecArray)[0].length)}` : message };
    });
    setBusy(false);
    if (!outcome) return;
    if (outcome.refused !== null) {
      toast(`Nothing was imported — ${outcome.refused}`, { kind: 'problem' });
      return;
    }
    const parts = [`Imported ${who(outcome.imported)}`];
    if (bad > 0) parts.push(`${plural(bad, 'row')} with problems skipped`);
    toast(parts.join('; '));
    onDone();
  };
  return { busy, importRows };
}

export function CsvImport({ state, onClose }: { state: EventState; onClose(): void }) {
  const toast = useStation((s) => s.toast);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const kind: ListKind = { team: isTeamEvent(state), size: teamSizeOf(state), byes: hasAwardedByes(state), draft: usesDraftPods(state) };
  const { team, size, byes, draft } = kind;

  const preview = useMemo(
    () => (text.trim() ? previewImport(text, { players: state.players, teamSize: size, byes, draft }) : null),
    [text, state.players, size, byes, draft],
  );
  const good = preview ? preview.rows.filter((r) => r.errors.length === 0) : [];
  const bad = preview ? preview.rows.length - good.length : 0;
  const who = (n: number): string => plural(n, team ? 'team' : 'player');
  const { busy, importRows } = useImportRows({
    state,
    good,
    bad,
    team,
    who,
    onDone: () => {
      setText('');
      setFileName(null);
      onClose();
    },
  });

  const readFile = (file: File | undefined): void => {
    if (!file) return;
    setFileName(file.name);
    void file.text().then(setText, () => toast(`Could not read ${file.name}`, { kind: 'problem' }));
  };

  return (
    <section className="card csv-import" aria-labelledby="csv-title" data-testid="csv-import">
      <div className="csv-head">
        <h2 id="csv-title">Import {team ? 'teams' : 'players'} from a CSV file</h2>
        <button type="button" className="quiet" onClick={onClose} aria-label="Close the import">
          ×
        </button>
      </div>
      <p className="notice">
        The first line names the columns: <b>{team ? 'team' : 'name'}</b> (or given name + family name: the family name is kept as the file says it), note
        {byes ? ', byes (0–3)' : ''}
        {draft ? ', pod' : ''}
        {team ? `, ${seatsOf(size).join(', ')} (the players in each seat)` : ''}. Other columns are ignored. Commas, semicolons or tabs.
      </p>
      <CsvSource
        kind={kind}
        text={text}
        onFile={readFile}
        onText={(value) => {
          setText(value);
          setFileName(null);
        }}
      />
      {preview && (
        <>
          {preview.problems.map((p) => (
            <p key={p} className="problem" role="alert">
              {p}
            </p>
          ))}
          {preview.rows.length > 0 && <CsvPreview preview={preview} kind={kind} fileName={fileName} ready={who(good.length)} bad={bad} />}
        </>
      )}
      <div className="toolbar">
        <button type="button" className="primary" disabled={good.length === 0 || busy} onClick={() => void importRows()} data-testid="csv-import-button">
          Import {who(good.length)}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** The list's source: a file, or pasted text (an example list as its placeholder). */
function CsvSource({ kind, text, onFile, onText }: { kind: ListKind; text: string; onFile(file: File | undefined): void; onText(text: string): void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const { team, size, byes, draft } = kind;
  const example = [
    team ? `team,note,${seatsOf(size).join(',')}` : `name,note${byes ? ',byes' : ''}${draft ? ',pod' : ''}`,
    team ? `The Planeswalkers,Madrid,${seatsOf(size).map((s, i) => ['Ana Pérez', 'Bo Lindqvist', 'Chen Wei'][i] ?? s).join(',')}` : `José Núñez,Madrid${byes ? ',0' : ''}${draft ? ',1' : ''}`,
  ].join('\n');
  return (
    <div className="csv-source">
      <label className="csv-file">
        File
        <input ref={fileRef} type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => onFile(e.target.files?.[0])} data-testid="csv-file" />
      </label>
      <label className="csv-paste">
        …or paste the list
        <textarea value={text} onChange={(e) => onText(e.target.value)} rows={5} spellCheck={false} placeholder={example} data-testid="csv-text" />
      </label>
    </div>
  );
}

/** What the list holds: how many rows are ready, the columns read, and the first PREVIEW_ROWS rows with their problems. */
function CsvPreview({ preview, kind, fileName, ready, bad }: { preview: ImportPreview; kind: ListKind; fileName: string | null; ready: string; bad: number }) {
  const { team, byes, draft } = kind;
  return (
    <>
      <p className="csv-summary" data-testid="csv-summary">
        {fileName ? `${fileName}: ` : ''}
        <strong>{ready} ready</strong>
        {bad > 0 && <span className="problem"> · {plural(bad, 'row')} with problems (skipped)</span>}
        <span className="muted"> · columns read: {preview.columns.map((c) => COLUMN_LABELS[c]).join(', ')}</span>
      </p>
      <div className="csv-preview">
        <table className="grid" data-testid="csv-preview">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">{team ? 'Team' : 'Name'}</th>
              {!team && <th scope="col">On the boards</th>}
              <th scope="col">Note</th>
              {byes && <th scope="col">Byes</th>}
              {draft && <th scope="col">Pod</th>}
              {team && <th scope="col">Members</th>}
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, PREVIEW_ROWS).map((row) => (
              <PreviewRow key={row.line} row={row} kind={kind} />
            ))}
          </tbody>
        </table>
        {preview.rows.length > PREVIEW_ROWS && <p className="muted">…and {preview.rows.length - PREVIEW_ROWS} more rows.</p>}
      </div>
    </>
  );
}

function PreviewRow({ row, kind }: { row: ImportRow; kind: ListKind }) {
  const { team, byes, draft } = kind;
  return (
    <tr className={row.errors.length > 0 ? 'csv-bad' : undefined}>
      <td className="muted">{row.line}</td>
      <td>{row.player.name ? <Name>{row.player.name}</Name> : <span className="muted">—</span>}</td>
      {!team && <td className="csv-board">{row.player.name ? <Name>{splitName(row.player.name, row.player.familyName).board}</Name> : ''}</td>}
      <td>{row.player.note !== undefined && <Name>{row.player.note}</Name>}</td>
      {byes && <td>{row.player.awardedByes ?? ''}</td>}
      {draft && <td>{row.player.draftPod ?? ''}</td>}
      {team && <td>{(row.player.members ?? []).map((m) => `${m.seat}: ${isolate(m.name)}`).join(' · ')}</td>}
      <td>{row.errors.length === 0 ? <span className="ok">OK</span> : <span className="problem">{row.errors.join('; ')}</span>}</td>
    </tr>
  );
}

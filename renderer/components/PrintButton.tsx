/**
 * "Everything printable from where it is shown" (UX.md): a Print button beside each list. The host
 * renders the PDF (in a worker, so the clock never stalls); the station saves or opens it.
 */
import type { DocumentName } from '../../core/api/contract.js';
import { plural } from '../lib/format.js';
import { useStation } from '../store/station.js';

const LABELS: Record<DocumentName, string> = {
  'pairings-by-name': 'Pairings by name',
  'pairings-by-table': 'Pairings by table',
  'match-slips': 'Match slips',
  seating: 'Seating',
  standings: 'Standings',
  'extensions-log': 'Deck checks & extensions',
  bracket: 'Bracket',
  'round-pack': 'Round pack',
  'penalty-report': 'Penalty report',
  'deck-check-sheet': 'Deck-check sheets',
  decklist: 'Decklist',
  'opponent-decklists': "Opponents' decklists",
  'player-cards': 'Player cards',
};

function openPdf(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Print a document: the host renders it, the station opens (or saves) the PDF and says so. */
export async function printDocument(request: { doc: DocumentName; round?: number; player?: string }): Promise<void> {
  const { run, toast } = useStation.getState();
  const result = await run(`Preparing ${LABELS[request.doc].toLowerCase()}…`, (api) => api.print(request));
  if (!result) return;
  openPdf(result.pdfBase64, result.fileName);
  toast(`${LABELS[request.doc]}: ${plural(result.pages, 'page')} ready (${result.fileName})`);
}

/** `player`: the decklist print of that player's registered list (MTR 2.7). */
export function PrintButton({ doc, round, player, label, primary, disabled }: { doc: DocumentName; round?: number; player?: string; label?: string; primary?: boolean; disabled?: boolean }) {
  const print = (): Promise<void> => printDocument({ doc, ...(round !== undefined ? { round } : {}), ...(player !== undefined ? { player } : {}) });
  return (
    <button type="button" className={primary ? 'primary' : undefined} onClick={() => void print()} data-print={doc} disabled={disabled}>
      Print {label ?? LABELS[doc].toLowerCase()}
    </button>
  );
}

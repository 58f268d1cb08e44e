/**
 * `print FILE.json --doc DOC --out FILE.pdf [--page-size A4|Letter] [--round N] [--split-at L]
 * [--player ID]`: one document as a PDF, rendered by the host (io.renderPdf) — the one asynchronous
 * command. `--player` names the player whose registered list the decklist print is (MTR 2.7).
 */
import { DOCUMENT_NAMES } from '../../api/contract.js';
import { buildDocument } from '../../documents/index.js';
import type { EventState } from '../../model/types.js';
import { plural, pluralWord } from '../../text/format.js';
import { integerFlag, required } from '../flags.js';
import { UsageError, defineCommand } from '../io.js';
import { readEvent, withFile } from '../read.js';

export const printCommand = defineCommand({
  name: 'print',
  options: { doc: { type: 'string' }, out: { type: 'string' }, 'page-size': { type: 'string' }, round: { type: 'string' }, 'split-at': { type: 'string' }, player: { type: 'string' } },
  positionals: ['FILE.json'],
  async: true,
  async run({ positionals: [file = ''], values }, io, out, warnings) {
    const doc = required('print', 'doc', values.doc);
    if (!(DOCUMENT_NAMES as readonly string[]).includes(doc)) throw new UsageError(`print: unknown document "${doc}" (documents: ${DOCUMENT_NAMES.join(', ')})`);
    const outFile = required('print', 'out', values.out);
    const sizeText = values['page-size'] ?? 'A4';
    const pageSize = sizeText.toUpperCase();
    if (pageSize !== 'A4' && pageSize !== 'LETTER') throw new UsageError(`print: --page-size must be A4 or Letter (got "${sizeText}")`);
    const round = values.round === undefined ? undefined : integerFlag('print', 'round', values.round, 1, 1000);
    const split = values['split-at'];
    if (split !== undefined && !/^\p{L}$/u.test(split.trim())) throw new UsageError(`print: --split-at must be one letter, such as L (got "${split}")`);
    const player = values.player?.trim();
    if (player !== undefined && player === '') throw new UsageError('print: --player needs a player id');
    if (player !== undefined && doc !== 'decklist') throw new UsageError(`print: --player goes with --doc decklist (got --doc ${doc})`);
    if (!io.renderPdf || !io.writeBytes) throw new UsageError('print: PDF rendering is not available in this host');
    const loaded = readEvent(io, file, warnings);
    // A save has the event's name; a transcript carries none.
    const state: EventState = loaded.transcript ? { ...loaded.state, name: eventNameFromFile(file) } : loaded.state;
    const definition = withFile(file, () =>
      buildDocument(doc, state, {
        pageSize,
        generatedAt: io.timestamp?.() ?? '',
        ...(io.timeZone ? { timeZone: io.timeZone() } : {}),
        ...(round !== undefined ? { round } : {}),
        ...(split !== undefined ? { splitAtLetter: split.trim() } : {}),
        ...(player !== undefined ? { player } : {}),
      }),
    );
    const rendered = await io.renderPdf(definition);
    io.writeBytes(outFile, rendered.pdf);
    const printed = round ?? state.rounds[state.rounds.length - 1]?.number;
    const about = `${player !== undefined ? ` of ${player}` : ''}${doc === 'bracket' || printed === undefined ? '' : `, round ${printed}`}`;
    out.push(`Wrote ${outFile}: ${doc}${about}, ${plural(rendered.pages, 'page')} (${pageSize === 'A4' ? 'A4' : 'Letter'})`);
    const missing = rendered.missingCharacters.length;
    if (missing > 0)
      warnings.push(
        `note: ${plural(missing, 'character')} of the names ${pluralWord(missing, 'has', 'have')} no glyph in the embedded font and ${pluralWord(missing, 'prints', 'print')} as an empty box: ${rendered.missingCharacters.slice(0, 12).join(' ')}`,
      );
    return 0;
  },
});

/** The event name a transcript's state gets on paper: the file's name (a transcript carries none). */
function eventNameFromFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, '') || 'Transcript';
}

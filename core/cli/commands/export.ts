/** `export EVENT.podium --out FILE.json`: the transcript (version 2) of an event save. */
import { plural } from '../../text/format.js';
import { formatTranscript, stateToTranscript } from '../../transcript/index.js';
import { required } from '../flags.js';
import { UsageError, defineCommand } from '../io.js';
import { isSavePath, looksLikeSave, readEvent } from '../read.js';

export const exportCommand = defineCommand({
  name: 'export',
  options: { out: { type: 'string' } },
  positionals: ['EVENT.podium'],
  run({ positionals: [file = ''], values }, io, out, warnings) {
    const outFile = required('export', 'out', values.out);
    // Export writes a transcript: never over a save (the one it reads, or any other).
    if (isSavePath(outFile)) throw new UsageError(`export: --out ${outFile} is an event save name; export writes a transcript (FILE.json)`);
    let existing: string | undefined;
    try {
      existing = io.readFile(outFile);
    } catch {
      existing = undefined; // absent (or unreadable: then writing reports it)
    }
    if (existing !== undefined && looksLikeSave(existing)) throw new UsageError(`export: ${outFile} is an event save; export never writes over one`);
    const loaded = readEvent(io, file, warnings);
    if (loaded.transcript) throw new UsageError(`export: ${file} is a transcript, not an event save (export reads a .podium save)`);
    // The save's journal gives each decklist's corrections with their rounds and reasons.
    const transcript = stateToTranscript(loaded.state, loaded.journal);
    io.writeFile(outFile, formatTranscript(transcript));
    out.push(`Exported ${file} to ${outFile}: ${plural(transcript.players.length, 'player')}, ${plural(transcript.rounds.length, 'round')} (transcript version ${transcript.transcript})`);
    return 0;
  },
});

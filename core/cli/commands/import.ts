/** `import FILE.json --out EVENT.podium`: a new event save holding a transcript's event (never over a file). */
import type { Command } from '../../event/commands.js';
import { plural } from '../../text/format.js';
import { transcriptToCommands } from '../../transcript/index.js';
import { required } from '../flags.js';
import { UsageError, defineCommand } from '../io.js';
import { fileBaseName, isSavePath, looksLikeSave, transcriptOf, withFile } from '../read.js';

export const importCommand = defineCommand({
  name: 'import',
  options: { out: { type: 'string' } },
  positionals: ['FILE.json'],
  run({ positionals: [file = ''], values }, io, out) {
    const outFile = required('import', 'out', values.out);
    if (!io.createSave) throw new Error('this host cannot write .podium event saves');
    const text = io.readFile(file);
    if (isSavePath(file) || looksLikeSave(text)) throw new UsageError(`import: ${file} is an event save already (import reads a transcript; "export" writes one)`);
    const transcript = transcriptOf(file, text);
    const commands = withFile(file, () => transcriptToCommands(transcript));
    const [create, ...rest] = commands;
    // The event is named after the transcript's file (a transcript carries no name).
    const named: Command[] = create?.type === 'create-event' ? [{ ...create, name: fileBaseName(file).slice(0, 200) || create.name }, ...rest] : commands;
    // "cannot create FILE: a file already exists there", ...: the host's words.
    io.createSave(outFile, named);
    out.push(
      `Imported ${file} into ${outFile}: ${plural(commands.length, 'command')} (transcript version ${transcript.transcript}, ${plural(transcript.players.length, 'player')}, ${plural(transcript.rounds.length, 'round')})`,
    );
    return 0;
  },
});

/**
 * The deck-check sheet as a real PDF: rendered by the host's renderer, read back by
 * poppler — the checked player's list in checking order, accents intact.
 */
import { describe, expect, it } from 'vitest';
import { parseDecklist } from '../../core/decklists/parse.js';
import { buildDocument } from '../../core/documents/index.js';
import { replay } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfInfo, pdfText } from '../support/print.js';

function listCommand(player: string, text: string): Command {
  const parsed = parseDecklist(text, { format: 'commander' });
  const strip = (cards: { count: number; name: string }[]) => cards.map(({ count, name }) => ({ count, name }));
  return { type: 'register-decklist', player, main: strip(parsed.main), side: strip(parsed.side), commander: strip(parsed.commander), source: text };
}

describe('deck-check sheet PDF', () => {
  it('prints a Commander list, commander first, cards by name, over its pages', async () => {
    const singles = Array.from({ length: 62 }, (_, i) => `1 Card ${String(100 - i).padStart(3, '0')}`);
    const text = ['Commander', '1 Éowyn, Fearless Knight', '', 'Deck', '1 Zur the Enchanter', ...singles, '1 Ætherflux Reservoir', '35 Plains'].join('\n');
    const commands: Command[] = [
      { type: 'create-event', id: 'e', name: 'Commander Night', ruleset: 'mamtr-2024', settings: { rel: 'competitive' }, seed: 1, createdAt: '2026-05-01T10:00:00Z' },
      ...['Ana Archer', 'Bo Berg', 'Cy Cole', 'Di Dunn'].map((name, i): Command => ({ type: 'register-player', player: { id: `p${i}`, name }, draw: i })),
      listCommand('p0', text),
      { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p0', 'p1', 'p2', 'p3'] }], byes: [], seed: 1 },
      { type: 'start-deck-check', round: 1, table: 1, judge: 'Kim Lee', players: ['p0', 'p1'], at: Date.parse('2026-05-01T11:00:00Z') },
    ];
    const state = replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
    const out = await renderPdf(buildDocument('deck-check-sheet', state, { pageSize: 'A4', generatedAt: '2026-05-01 14:05', round: 1 }));
    expect(Number(pdfInfo(out.pdf).Pages)).toBe(out.pages);
    expect(out.pages).toBeGreaterThanOrEqual(3);
    const words = pdfText(out.pdf).normalize('NFC');
    expect(words).toContain('Deck check — Ana Archer');
    expect(words).toContain('Éowyn, Fearless Knight');
    expect(words).toContain('Commander (1)');
    expect(words).toContain('Main deck (99)');
    expect(words.indexOf('Ætherflux Reservoir')).toBeLessThan(words.indexOf('Card 039'));
    expect(words.indexOf('Plains')).toBeLessThan(words.indexOf('Zur the Enchanter'));
    expect(words).toContain('Deck check — Bo Berg');
    expect(words).toContain('No decklist is registered for this player.');
  });
});

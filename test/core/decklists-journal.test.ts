/**
 * Decklists in the journal (MTR 2.7): register-decklist, the lock (constructed: once
 * round 1 is paired; limited: once the player's first round is paired), corrections with a reason,
 * the log's words, judge devices, undo, and that nothing of a list reaches the public view.
 */
import { describe, expect, it } from 'vitest';
import { mayDispatch } from '../../core/api/methods.js';
import { decklistLockRound } from '../../core/decklists/journal.js';
import { parseDecklist } from '../../core/decklists/parse.js';
import { replay } from '../../core/event/apply.js';
import { type Command, newCommandSchema, parseCommand } from '../../core/event/commands.js';
import { describeJournal } from '../../core/event/describe.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { publicView } from '../../core/public/view.js';
import { siteFiles } from '../../core/public/site.js';

const NAMES = ['Ana', 'Bo', 'Cy', 'Di'];

function event(format: 'constructed' | 'sealed' | 'commander', ruleset: 'mtr' | 'mamtr-2024' = 'mtr'): Command[] {
  return [
    { type: 'create-event', id: 'e', name: 'List Open', ruleset, settings: { format, rel: 'competitive' }, seed: 1, createdAt: '2026-05-01T10:00:00Z' },
    ...NAMES.map((name, i): Command => ({ type: 'register-player', player: { id: name.toLowerCase(), name }, draw: i })),
  ];
}

const BURN = '4 Lightning Bolt\n4 Goblin Guide\n4 Lava Spike\n48 Mountain\n\n3 Smash to Smithereens\n4 Kor Firewalker';

function listCommand(player: string, text: string, reason?: string): Command {
  const parsed = parseDecklist(text);
  const strip = (cards: { count: number; name: string }[]) => cards.map(({ count, name }) => ({ count, name }));
  return {
    type: 'register-decklist',
    player,
    main: strip(parsed.main),
    side: strip(parsed.side),
    commander: strip(parsed.commander),
    source: text,
    ...(reason ? { reason } : {}),
  };
}

const pair = (round: number, tables: string[][], byes: string[] = []): Command => ({
  type: 'pair-round',
  round,
  stage: 'swiss',
  tables: tables.map((seats, i) => ({ table: i + 1, seats })),
  byes: byes.map((player) => ({ player, kind: 'awarded' as const })),
  seed: round,
});

function run(commands: Command[]): EventState {
  return replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
}

function refusal(fn: () => unknown): PodiumError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PodiumError);
    return error as PodiumError;
  }
  throw new Error('expected a PodiumError');
}

describe('register-decklist', () => {
  it('is a command of the journal and of a window; the list is kept with its source', () => {
    const command = listCommand('ana', BURN);
    expect(parseCommand(command).ok).toBe(true);
    expect(newCommandSchema.safeParse(command).success).toBe(true);
    const state = run([...event('constructed'), command]);
    expect(state.decklists?.ana).toEqual({
      main: [
        { count: 4, name: 'Lightning Bolt' },
        { count: 4, name: 'Goblin Guide' },
        { count: 4, name: 'Lava Spike' },
        { count: 48, name: 'Mountain' },
      ],
      side: [
        { count: 3, name: 'Smash to Smithereens' },
        { count: 4, name: 'Kor Firewalker' },
      ],
      commander: [],
      source: BURN,
      version: 1,
    });
  });

  it('refuses an unknown player and an empty list', () => {
    expect(refusal(() => run([...event('constructed'), listCommand('zed', BURN)])).code).toBe('unknown-player');
    expect(refusal(() => run([...event('constructed'), listCommand('ana', '')])).code).toBe('invalid-command');
  });

  it('constructed: changes freely before round 1, then only as a correction with a reason (MTR 2.7)', () => {
    const before = [...event('constructed'), listCommand('ana', BURN), listCommand('ana', BURN.replace('48 Mountain', '47 Mountain\n1 Sunbaked Canyon'))];
    expect(run(before).decklists?.ana?.version).toBe(2);
    const paired = [...before, pair(1, [['ana', 'bo'], ['cy', 'di']])];
    expect(decklistLockRound(run(paired), 'ana')).toBe(1);
    const error = refusal(() => run([...paired, listCommand('ana', BURN)]));
    expect(error.code).toBe('not-allowed');
    expect(error.message).toMatch(/Ana's decklist cannot change: round 1 is paired.*MTR 2\.7.*needs a reason/);
    // A list handed in late is also refused without a reason.
    expect(refusal(() => run([...paired, listCommand('bo', BURN)])).message).toMatch(/Bo's decklist comes late/);
    const corrected = run([...paired, listCommand('ana', BURN, 'Deck check: 47 Mountains were registered as 48')]);
    expect(corrected.decklists?.ana).toMatchObject({ version: 3, correction: 'Deck check: 47 Mountains were registered as 48' });
  });

  it('limited: each list locks when a round that seats the player is paired', () => {
    const base = [...event('sealed'), listCommand('ana', BURN), pair(1, [['bo', 'cy']], ['ana'])];
    // Ana had an awarded bye in round 1: not yet seated, so her list may still change.
    const state = run([...base, listCommand('ana', BURN)]);
    expect(decklistLockRound(state, 'ana')).toBeUndefined();
    expect(state.decklists?.ana?.version).toBe(2);
    expect(decklistLockRound(state, 'bo')).toBe(1);
    expect(refusal(() => run([...base, listCommand('bo', BURN)])).message).toMatch(/first round \(round 1\) is paired: a limited list locks/);
    const round2 = [...base, { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } } as Command, pair(2, [['ana', 'bo']], ['cy'])];
    expect(refusal(() => run([...round2, listCommand('ana', BURN)])).code).toBe('not-allowed');
  });

  it('undo takes a registration back', () => {
    const commands = [...event('constructed'), listCommand('ana', BURN)];
    const entries = [...commands.map((command, seq) => ({ seq, command })), { seq: commands.length, command: { type: 'undo', target: commands.length - 1 } as Command }];
    expect(replay(entries)?.decklists?.ana).toBeUndefined();
  });

  it('the log says it in words, and a correction why', () => {
    const commands = [...event('constructed'), listCommand('ana', BURN), pair(1, [['ana', 'bo'], ['cy', 'di']]), listCommand('ana', BURN, 'wrong count at the deck check')];
    const state = run(commands);
    const rows = describeJournal(
      commands.map((command, seq) => ({ seq, at: '2026-05-01T10:00:00Z', station: 's', command })),
      state,
      { isolate: (s) => s },
    );
    const lists = rows.filter((r) => r.what.startsWith('Decklist'));
    expect(lists.map((r) => [r.kind, r.what, r.why])).toEqual([
      ['registration', 'Decklist registered: Ana (60 main + 7 sideboard)', undefined],
      ['registration', 'Decklist corrected: Ana (60 main + 7 sideboard)', 'wrong count at the deck check'],
    ]);
  });

  it('Commander: the commander is named in the words', () => {
    const text = ['Commander', '1 Omnath, Locus of Mana', 'Deck', '99 Forest'].join('\n');
    const commands = [...event('commander', 'mamtr-2024'), listCommand('bo', text)];
    const state = run(commands);
    expect(state.decklists?.bo?.commander).toEqual([{ count: 1, name: 'Omnath, Locus of Mana' }]);
    const rows = describeJournal(commands.map((command, seq) => ({ seq, at: '', station: 's', command })), state, { isolate: (s) => s });
    expect(rows.at(-1)?.what).toBe('Decklist registered: Bo (100 cards, commander Omnath, Locus of Mana)');
  });

  it('a judge device may register lists (lists are handed to a tournament official, MTR 2.7); a display may not', () => {
    expect(mayDispatch({ kind: 'device', id: 'j', name: 'Floor', role: 'judge' }, 'register-decklist')).toBe(true);
    expect(mayDispatch({ kind: 'device', id: 'd', name: 'Wall', role: 'display' }, 'register-decklist')).toBe(false);
  });
});

describe('lists are never public', () => {
  it('the public view and the published site hold none of the card names', () => {
    const commands = [
      ...event('constructed'),
      listCommand('ana', '4 Zyzzyvaxian Bolt\n56 Mountain\n\n15 Quorbleflax Sideboard Card'),
      listCommand('bo', BURN),
      pair(1, [['ana', 'bo'], ['cy', 'di']]),
    ];
    const state = run(commands);
    expect(state.decklists?.ana).toBeDefined();
    const view = publicView(state, { now: Date.parse('2026-05-01T11:00:00Z'), version: 1 });
    const text = JSON.stringify(view);
    for (const name of ['Zyzzyvaxian', 'Quorbleflax', 'Lightning Bolt', 'Goblin Guide', 'Kor Firewalker']) expect(text).not.toContain(name);
    const site = siteFiles(view, { publishedAt: 'Fri, May 1, 2026, 11:00', timeZone: 'UTC' })
      .map((f) => f.content)
      .join('\n');
    for (const name of ['Zyzzyvaxian', 'Quorbleflax', 'Kor Firewalker']) expect(site).not.toContain(name);
  });
});

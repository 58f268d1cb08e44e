import { describe, expect, it } from 'vitest';
import { checkDecklist, isBasicLand } from '../../core/decklists/checks.js';
import { cardCount, cardKey, parseDecklist } from '../../core/decklists/parse.js';

const BURN_MAIN = [
  '4 Lightning Bolt',
  '4 Chain Lightning',
  '4 Lava Spike',
  '4 Rift Bolt',
  '4 Skewer the Critics',
  '4 Monastery Swiftspear',
  '4 Goblin Guide',
  '4 Eidolon of the Great Revel',
  '4 Boros Charm',
  '4 Lightning Helix',
  '4 Inspiring Vantage',
  '4 Sacred Foundry',
  '4 Arid Mesa',
  '4 Bloodstained Mire',
  '2 Sunbaked Canyon',
  '2 Mountain',
];
const BURN_SIDE = ['3 Path to Exile', '3 Deflecting Palm', '2 Kor Firewalker', '4 Sanctifier en-Vec', '3 Smash to Smithereens'];

describe('parseDecklist: "4 Card Name" with a Sideboard header', () => {
  const text = ['Deck', ...BURN_MAIN, '', 'Sideboard:', ...BURN_SIDE].join('\n');
  const list = parseDecklist(text);
  it('reads the main deck and the sideboard with their lines', () => {
    expect(cardCount(list.main)).toBe(60);
    expect(cardCount(list.side)).toBe(15);
    expect(list.main[0]).toEqual({ count: 4, name: 'Lightning Bolt', line: 2 });
    expect(list.side[0]).toEqual({ count: 3, name: 'Path to Exile', line: 20 });
    expect(list.problems).toEqual([]);
    expect(checkDecklist(list, 'constructed')).toEqual([]);
  });
});

describe('MTGO .txt export: a blank line starts the sideboard', () => {
  const text = [...BURN_MAIN, '', ...BURN_SIDE, ''].join('\r\n');
  it('reads 60 + 15', () => {
    const list = parseDecklist(text);
    expect(cardCount(list.main)).toBe(60);
    expect(cardCount(list.side)).toBe(15);
    expect(list.side.map((c) => c.line)).toEqual([18, 19, 20, 21, 22]);
  });
  it('a 58-card list and a 16-card sideboard are named with their lines', () => {
    const short = parseDecklist([...BURN_MAIN.slice(0, -1), '', ...BURN_SIDE, '1 Rest in Peace'].join('\n'));
    const problems = checkDecklist(short, 'constructed');
    expect(problems.map((p) => p.message)).toEqual([
      'The main deck has 58 cards (lines 1–15); a constructed deck needs at least 60 (MTR 6.1).',
      'The sideboard has 16 cards (lines 17–22); a constructed sideboard may hold at most 15 (MTR 6.1).',
    ]);
    expect(problems[0]?.line).toBe(1);
  });
});

describe('Arena export', () => {
  const text = [
    'About',
    'Name Mono Red',
    '',
    'Deck',
    '4 Lightning Bolt (M10) 146',
    '20 Mountain (ZNR) 381',
    '4 Play with Fire (MID) 154',
    '4 Kumano Faces Kakkazan (NEO) 152',
    '4 Monastery Swiftspear (KTK) 118',
    '24 Shock (M21) 159',
    '',
    'Companion',
    '1 Lurrus of the Dream-Den (IKO) 226',
    '',
    'Sideboard',
    '1 Lurrus of the Dream-Den (IKO) 226',
    '2 Abrade (DMU) 114',
  ].join('\n');
  it('strips set codes and numbers; the companion counts once, in the sideboard', () => {
    const list = parseDecklist(text);
    expect(list.main.map((c) => c.name)).toContain('Lightning Bolt');
    expect(list.main.find((c) => c.name === 'Lightning Bolt')).toEqual({ count: 4, name: 'Lightning Bolt', line: 5 });
    expect(cardCount(list.main)).toBe(60);
    expect(list.side).toEqual([
      { count: 1, name: 'Lurrus of the Dream-Den', line: 16 },
      { count: 2, name: 'Abrade', line: 17 },
    ]);
    expect(checkDecklist(list, 'constructed')).toEqual([]);
  });
});

function commanderBody(): string[] {
  const singles = Array.from({ length: 63 }, (_, i) => `1 Card Number ${i + 1}`);
  return [...singles, '1 Sol Ring', '1 Command Tower', '1 Arcane Signet', '33 Forest'];
}

describe('Commander', () => {
  it('a "Commander" section (Arena style) with 99 + 1', () => {
    const text = ['Commander', '1 Omnath, Locus of Mana (WWK) 102', '', 'Deck', ...commanderBody()].join('\n');
    const list = parseDecklist(text, { format: 'commander' });
    expect(list.commander).toEqual([{ count: 1, name: 'Omnath, Locus of Mana', line: 2 }]);
    expect(checkDecklist(list, 'commander')).toEqual([]);
  });
  it('"1 Name *CMDR*"', () => {
    const list = parseDecklist(['1 Omnath, Locus of Mana *CMDR*', ...commanderBody()].join('\n'), { format: 'commander' });
    expect(list.commander.map((c) => c.name)).toEqual(['Omnath, Locus of Mana']);
    expect(checkDecklist(list, 'commander')).toEqual([]);
  });
  it('MTGO: the commander after the blank line', () => {
    const list = parseDecklist([...commanderBody(), '', '1 Omnath, Locus of Mana'].join('\n'), { format: 'commander' });
    expect(list.commander.map((c) => c.name)).toEqual(['Omnath, Locus of Mana']);
    expect(list.side).toEqual([]);
    expect(checkDecklist(list, 'commander')).toEqual([]);
  });
  it('counts, singleton and a missing commander, in words with lines', () => {
    const body = commanderBody();
    body.push('1 Sol Ring', '2 Snow-Covered Forest');
    const list = parseDecklist(body.join('\n'), { format: 'commander' });
    const words = checkDecklist(list, 'commander').map((p) => p.message);
    expect(words[0]).toMatch(/^No commander is named/);
    expect(words).toContain('The deck has 102 cards including the commander (lines 1–69); a Commander deck has exactly 100.');
    expect(words).toContain('Lines 64 and 68: 2 copies of “Sol Ring”; a Commander deck is singleton (one of each card except basic lands).');
    expect(words.some((w) => w.includes('Forest'))).toBe(false);
  });
  it('a single companion in the sideboard is allowed (*.1C); a second sideboard card is not', () => {
    const head = ['Commander', '1 Omnath, Locus of Mana', 'Deck', ...commanderBody()];
    const arena = parseDecklist([...head, '', 'Companion', '1 Jegantha, the Wellspring', '', 'Sideboard', '1 Jegantha, the Wellspring'].join('\n'), { format: 'commander' });
    expect(arena.side.map((c) => c.name)).toEqual(['Jegantha, the Wellspring']);
    expect(checkDecklist(arena, 'commander')).toEqual([]);
    const two = parseDecklist([...head, 'Sideboard', '1 Jegantha, the Wellspring', '1 Swords to Plowshares'].join('\n'), { format: 'commander' });
    expect(checkDecklist(two, 'commander')).toEqual([
      {
        line: 72,
        message:
          '2 cards are in a sideboard (lines 72–73); a Commander deck has none except a single companion (*.1C): move the others into the deck or take them out.',
      },
    ]);
    const twice = parseDecklist([...head, 'Sideboard', '2 Jegantha, the Wellspring'].join('\n'), { format: 'commander' });
    expect(checkDecklist(twice, 'commander').map((p) => p.message)).toEqual([
      '2 cards are in a sideboard (line 72); a Commander deck has none except a single companion (*.1C): move the others into the deck or take them out.',
    ]);
  });
  it('a singleton break across spellings (accents, case)', () => {
    const body = commanderBody().slice(2);
    body.push('1 Æther Vial', '1 aether vial');
    const list = parseDecklist(['Commander', '1 Omnath, Locus of Mana', 'Deck', ...body].join('\n'), { format: 'commander' });
    expect(list.main.find((c) => cardKey(c.name) === 'aether vial')?.count).toBe(2);
    expect(checkDecklist(list, 'commander').map((p) => p.message)).toEqual([
      'Lines 69 and 70: 2 copies of “Æther Vial”; a Commander deck is singleton (one of each card except basic lands).',
    ]);
  });
});

describe('limited and unreadable lines', () => {
  it('a 40-card sealed deck with its pool as sideboard', () => {
    const main = ['17 Plains', '23 Some Common'];
    const side = Array.from({ length: 45 }, (_, i) => `1 Pool Card ${i}`);
    const list = parseDecklist([...main, '', ...side].join('\n'));
    expect(checkDecklist(list, 'sealed')).toEqual([]);
    const short = parseDecklist(['16 Plains', '23 Some Common'].join('\n'));
    expect(checkDecklist(short, 'draft').map((p) => p.message)).toEqual([
      'The main deck has 39 cards (lines 1–2); a limited deck needs at least 40 (MTR 7.1).',
    ]);
  });
  it('names the line it could not read', () => {
    const list = parseDecklist(['4 Lightning Bolt', 'Lightning Bolt', '0 Shock', '4x Lava Spike', 'SB: 2 Duress'].join('\n'));
    expect(list.problems).toEqual([
      { line: 2, message: 'Line 2: “Lightning Bolt” is not a card line: it should start with a count, as “4 Lightning Bolt”.' },
      { line: 3, message: 'Line 3: “0 Shock”: a count of 0 — leave the line out.' },
    ]);
    expect(list.main.map((c) => c.name)).toEqual(['Lightning Bolt', 'Lava Spike']);
    expect(list.side).toEqual([{ count: 2, name: 'Duress', line: 5 }]);
  });
  it('basic lands', () => {
    expect(isBasicLand('snow-covered island')).toBe(true);
    expect(isBasicLand('Wastes')).toBe(true);
    expect(isBasicLand('Snow-Covered Wastes')).toBe(true);
    expect(isBasicLand('Command Tower')).toBe(false);
  });
});

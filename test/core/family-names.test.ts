/**
 * Family names: particles and prefixes as people write them (Ní, Nic, Mac, Mc, Ó, Ua,
 * de, van, von, da, dos, bin, ibn, al-…); a family name given at registration or by a CSV column is
 * kept, stored by the fold and printed on the real board (pdftotext), never guessed from the last
 * word; and two people with the same name are told apart in the extensions log too.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument, distinguishedNames, extensionLogEntries, personName, sortByFamilyName, splitName } from '../../core/documents/index.js';
import { familyNameFits } from '../../core/model/person-names.js';
import { apply, replay } from '../../core/event/apply.js';
import { type Command, commandSchema, newCommandSchema, publishCommand } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfText } from '../support/print.js';

const OPTIONS = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' } as const;

function run(commands: Command[]): EventState {
  return replay(commands.map((command, seq) => ({ seq, command }))) as EventState;
}

const create: Command = { type: 'create-event', id: 'e1', name: 'Names Open', ruleset: 'mtr', settings: {}, seed: 3, createdAt: '2026-05-01T10:00:00Z' };

describe('particles and prefixes, as people write them', () => {
  it.each([
    ['Cian Mac Giolla', 'Mac Giolla', 'Mac Giolla, Cian'],
    ['Aoife Ní Bhriain', 'Ní Bhriain', 'Ní Bhriain, Aoife'],
    ['Siobhán Nic Dhonnchadha', 'Nic Dhonnchadha', 'Nic Dhonnchadha, Siobhán'],
    ['Seán Ó Súilleabháin', 'Ó Súilleabháin', 'Ó Súilleabháin, Seán'],
    ['Donnchadh Ua Buachalla', 'Ua Buachalla', 'Ua Buachalla, Donnchadh'],
    ['Ciarán Mac an tSaoi', 'Mac an tSaoi', 'Mac an tSaoi, Ciarán'],
    ['Mary Mc Carthy', 'Mc Carthy', 'Mc Carthy, Mary'],
    ['Máire Mhic Ghiolla', 'Mhic Ghiolla', 'Mhic Ghiolla, Máire'],
    ['Ludwig van Beethoven', 'van Beethoven', 'van Beethoven, Ludwig'],
    ['Ursula von der Leyen', 'von der Leyen', 'von der Leyen, Ursula'],
    ['Lula da Silva', 'da Silva', 'da Silva, Lula'],
    ['Ana dos Santos', 'dos Santos', 'dos Santos, Ana'],
    ['Ahmad bin Ismail', 'bin Ismail', 'bin Ismail, Ahmad'],
    ['Nur binti Yusof', 'binti Yusof', 'binti Yusof, Nur'],
    ['Abdullah ibn Saud', 'ibn Saud', 'ibn Saud, Abdullah'],
    ['Omar al-Rashid', 'al-Rashid', 'al-Rashid, Omar'],
    ['María José de la Cruz', 'de la Cruz', 'de la Cruz, María José'],
    // Unchanged: a capitalised Romance particle stays a given word; the first word is never a prefix.
    ['Vincent Van Gogh', 'Gogh', 'Gogh, Vincent Van'],
    ['Mac Davis', 'Davis', 'Davis, Mac'],
  ])('%s → family "%s", printed "%s"', (name, family, board) => {
    const split = splitName(name);
    expect(split.family).toBe(family);
    expect(split.board).toBe(board);
    expect(split.sortKey).toBe(family);
  });

  it('"Cian Mac Giolla" sorts under M, between Lynch and Murphy', () => {
    const order = sortByFamilyName(['Cian Mac Giolla', 'Áine Murphy', 'Pat Lynch', 'Aoife Ní Bhriain', 'Seán Ó Súilleabháin'].map((name, i) => ({ id: `p${i}`, name }))).map(
      (p) => p.name.board,
    );
    expect(order).toEqual(['Lynch, Pat', 'Mac Giolla, Cian', 'Murphy, Áine', 'Ní Bhriain, Aoife', 'Ó Súilleabháin, Seán']);
  });
});

describe('a family name given at registration or by a CSV column', () => {
  it('decides: "Gustavo García Márquez" with family "García Márquez" is never "Márquez, Gustavo García"', () => {
    expect(splitName('Gustavo García Márquez').board).toBe('Márquez, Gustavo García');
    const split = splitName('Gustavo García Márquez', 'García Márquez');
    expect(split).toMatchObject({ family: 'García Márquez', given: 'Gustavo', board: 'García Márquez, Gustavo', sortKey: 'García Márquez' });
    // Family first, as written, case as the name writes it.
    expect(splitName('Nguyễn Thị Minh Khai', 'nguyễn').board).toBe('Nguyễn, Thị Minh Khai');
    expect(splitName('Vincent Van Gogh', 'Van Gogh').board).toBe('Van Gogh, Vincent');
    // A comma name: the given name is what comes after the comma.
    expect(splitName('García Márquez, Gabriel', 'García Márquez').board).toBe('García Márquez, Gabriel');
    // A family name in a script printed as registered changes the sort key only.
    expect(splitName('محمد علي', 'علي')).toMatchObject({ board: 'محمد علي', sortKey: 'علي محمد' });
    expect(personName({ name: 'Cian Mac Giolla', familyName: 'Mac Giolla' }).board).toBe('Mac Giolla, Cian');
  });

  it('must be words of the name', () => {
    expect(familyNameFits('Gustavo García Márquez', 'García Márquez')).toBe(true);
    expect(familyNameFits('Gustavo García Márquez', 'garcía')).toBe(true);
    expect(familyNameFits('Gustavo García Márquez', 'Garcí')).toBe(false);
    expect(familyNameFits('Gustavo García Márquez', 'Márquez García')).toBe(false);
    expect(familyNameFits('Gustavo García Márquez', ' ')).toBe(false);
  });

  it('sorts the board', () => {
    const people = [
      { id: 'p1', name: 'Gustavo García Márquez', familyName: 'García Márquez' },
      { id: 'p2', name: 'Hugo Holm' },
      { id: 'p3', name: 'Lena Lund' },
    ];
    expect(sortByFamilyName(people).map((p) => p.name.board)).toEqual(['García Márquez, Gustavo', 'Holm, Hugo', 'Lund, Lena']);
  });

  it('is a field of register-player and edit-player: checked like a name, stored by the fold, "" forgets it', () => {
    const register: Command = { type: 'register-player', player: { id: 'p1', name: 'Gustavo García Márquez', familyName: ' García Márquez ' }, draw: 1 };
    expect(newCommandSchema.parse(register)).toMatchObject({ player: { familyName: 'García Márquez' } });
    const bad = { ...register, player: { id: 'p1', name: 'Gustavo', familyName: 'García\u202EMárquez' } };
    expect(newCommandSchema.safeParse(bad).error?.issues[0]?.message).toContain('the family name "García\uFFFDMárquez" contains a control character');
    // The journal reader stays lenient (an older save opens as written).
    expect(commandSchema.safeParse(bad).success).toBe(true);

    let state = run([create, commandSchema.parse(register) as Command]);
    expect(state.players[0]?.familyName).toBe('García Márquez');
    state = apply(state, { type: 'edit-player', id: 'p1', changes: { familyName: 'Márquez' } });
    expect(state.players[0]?.familyName).toBe('Márquez');
    state = apply(state, { type: 'edit-player', id: 'p1', changes: { familyName: '' } });
    expect(state.players[0]).not.toHaveProperty('familyName');
    // A save written before the field existed: no family name, the guess as before.
    const old = run([create, { type: 'register-player', player: { id: 'p1', name: 'Gustavo García Márquez' }, draw: 1 }]);
    expect(old.players[0]).not.toHaveProperty('familyName');
  });

  it('prints on the real board: "García Márquez, Gustavo" and "Mac Giolla, Cian" (pdftotext)', async () => {
    const names: [string, string | undefined][] = [
      ['Gustavo García Márquez', 'García Márquez'],
      ['Cian Mac Giolla', undefined],
      ['Hugo Holm', undefined],
      ['Lena Lund', undefined],
    ];
    let state = run([create, ...names.map(([name, familyName], i): Command => ({ type: 'register-player', player: { id: `p${i + 1}`, name, ...(familyName ? { familyName } : {}) }, draw: i }))]);
    state = apply(state, publishCommand(1, 'swiss', getRuleset('mtr').pair(state, 9)));
    const out = await renderPdf(buildDocument('pairings-by-name', state, OPTIONS));
    const text = pdfText(out.pdf).normalize('NFC');
    expect(text).toContain('García Márquez, Gustavo');
    expect(text).not.toContain('Márquez, Gustavo García');
    expect(text).toContain('Mac Giolla, Cian');
    // Sorted by what is printed first: G, H, L, M.
    const at = (s: string): number => text.indexOf(s);
    expect(at('García Márquez, Gustavo')).toBeLessThan(at('Holm, Hugo'));
    expect(at('Holm, Hugo')).toBeLessThan(at('Lund, Lena'));
    expect(at('Lund, Lena')).toBeLessThan(at('Mac Giolla, Cian'));
  });
});

describe('two people with the same name', () => {
  const players = [
    { id: 'p1', name: 'Ana Archer', note: 'Leeds' },
    { id: 'p2', name: 'ana  archer', note: 'York' },
    { id: 'p3', name: 'Ana Archer' },
    { id: 'p4', name: 'Bo Berg' },
  ];

  it('are told apart by their note, else their id, wherever names are listed', () => {
    expect([...distinguishedNames(players).values()]).toEqual(['Ana Archer (Leeds)', 'ana  archer (York)', 'Ana Archer (p3)', 'Bo Berg']);
  });

  it('in the extensions log too', () => {
    let state = run([create, ...players.map((p, i): Command => ({ type: 'register-player', player: p, draw: i }))]);
    state = apply(state, { type: 'pair-round', round: 1, stage: 'swiss', seed: 1, byes: [], tables: [{ table: 1, seats: ['p1', 'p2'] }, { table: 2, seats: ['p3', 'p4'] }] });
    state = apply(state, { type: 'start-round-clock', round: 1, at: 0 });
    state = apply(state, { type: 'start-deck-check', round: 1, table: 1, judge: 'Kim Lee', at: 60_000 });
    state = apply(state, { type: 'end-deck-check', round: 1, table: 1, at: 8 * 60_000 });
    state = apply(state, { type: 'extend-table', round: 1, table: 2, reason: 'judge-pause', minutes: 4, at: 10 * 60_000 });
    const entries = extensionLogEntries(state, 1, () => '14:00');
    // (The round clock's start comes as an entry without players.)
    expect(entries.filter((e) => e.players.length > 0).map((e) => e.players)).toEqual([
      ['Ana Archer (Leeds)', 'ana  archer (York)'],
      ['Ana Archer (p3)', 'Bo Berg'],
    ]);
  });
});

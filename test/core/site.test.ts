// @vitest-environment jsdom
/**
 * The published site (core/public/site.ts), built from real event states through
 * core's apply: everything escaped (hostile names), pairings by name in the boards' family-name
 * order, then by table, the round's end time, standings only once published, the playoff bracket,
 * the time of publishing, and nothing the public view leaves out (notes, table codes, a waiting
 * report's content). The page is parsed (jsdom's DOMParser) to read it as a browser would.
 */
import { describe, expect, it } from 'vitest';
import { sortByFamilyName } from '../../core/model/person-names.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState, RulesetId, Table } from '../../core/model/types.js';
import { SITE_FILE_NAMES, siteFiles, type SiteFile } from '../../core/public/site.js';
import { tableCode } from '../../core/public/table-codes.js';
import { publicView } from '../../core/public/view.js';
import { createRng } from '../../core/random/rng.js';
import { getRuleset } from '../../core/rulesets/index.js';

const T0 = Date.UTC(2026, 10, 24, 18, 0, 0);
const KEY = '00112233445566778899aabbccddeeff';
const PUBLISHED = 'Tue, Nov 24, 2026, 18:01';

const HOSTILE = [
  '<script>alert("x")</script> Mallory',
  '"><img src=x onerror=alert(1)> Eve',
  "Cy \"Quote\" O'Neil",
  '</bdi></li><li>Fake Row & Co',
];
const NAMES = [
  ...HOSTILE,
  'Ana Archer',
  'María de la Cruz',
  'Ludwig van Beethoven',
  'Öz Özdemir',
  'Omar al-Rashid',
  'Bo Brandt',
  'Zed Zimmer',
  'Vincent Van Gogh',
];

function run(state: EventState | undefined, ...commands: Command[]): EventState {
  return commands.reduce<EventState | undefined>((s, c) => apply(s, c), state) as EventState;
}

/** An event of `names` (Cian registered with his family name), every player with a private note. */
function registered(ruleset: RulesetId, names: readonly string[], eventName = 'Friday <b>Night</b> & "Co"'): EventState {
  let s = run(undefined, { type: 'create-event', id: 'e1', name: eventName, ruleset, settings: {}, seed: 1, createdAt: new Date(T0).toISOString() });
  names.forEach((name, i) => {
    s = run(s, { type: 'register-player', player: { id: `p${String(i + 1).padStart(2, '0')}`, name, note: `SECRET-NOTE-${i}` }, draw: i });
  });
  return run(s, { type: 'register-player', player: { id: 'cian', name: 'Cian Mac Giolla', familyName: 'Mac Giolla', note: 'SECRET-NOTE-cian' }, draw: 99 });
}

/** Pair the next Swiss round with the rule set's own pairing (with a table-code secret). */
function pairNext(s: EventState, seed: number): EventState {
  const proposal = getRuleset(s.ruleset).pair(s, seed);
  return run(s, {
    type: 'pair-round',
    round: s.rounds.length + 1,
    stage: 'swiss',
    tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })),
    byes: proposal.byes.map((b) => ({ player: b.player, kind: b.kind })),
    seed: proposal.seed,
    reportKey: KEY,
  });
}

/** Random results for every open table of the latest round (the rule set's own simulation). */
function finishRound(s: EventState, seed: number): EventState {
  const ruleset = getRuleset(s.ruleset);
  const random = ruleset.randomResults?.(s.settings);
  if (!random) throw new Error('no random results');
  const rng = createRng(seed);
  const round = s.rounds[s.rounds.length - 1];
  if (!round) throw new Error('no round');
  let state = s;
  for (const table of round.tables) if (!table.result) state = run(state, { type: 'record-result', round: round.number, table: table.table, result: random(table as Table, rng) as unknown as Record<string, unknown> });
  return state;
}

function site(state: EventState, now = T0 + 60_000): { files: Map<string, string>; doc: Document } {
  const list: SiteFile[] = siteFiles(publicView(state, { now, version: 1 }), { publishedAt: PUBLISHED, timeZone: 'UTC' });
  const files = new Map(list.map((f) => [f.path, f.content]));
  const doc = new DOMParser().parseFromString(files.get('index.html') as string, 'text/html');
  return { files, doc };
}

const text = (node: Element | null | undefined): string => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const rowsOf = (doc: Document): Element[] => [...doc.querySelectorAll('#by-name .name-list > li')];

describe('the published site', () => {
  it('is four flat files: the page, the view for programs, its style and its countdown script', () => {
    const state = pairNext(registered('mtr', NAMES), 11);
    const { files } = site(state);
    expect([...files.keys()].sort()).toEqual([...SITE_FILE_NAMES].sort());
    const view = JSON.parse(files.get('view.json') as string) as { event: { name: string }; round: { number: number } };
    expect(view.event.name).toBe('Friday <b>Night</b> & "Co"');
    expect(view.round.number).toBe(1);
    expect(files.get('style.css')).toMatch(/prefers-color-scheme: dark/);
  });

  it('escapes every name and the event name: hostile text stays text, and the page runs no script but site.js', () => {
    const state = pairNext(registered('mtr', NAMES), 11);
    const { files, doc } = site(state);
    const html = files.get('index.html') as string;
    // The only script is the page's own file; no element came from a name.
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('src'))).toEqual(['site.js']);
    expect(doc.querySelectorAll('img, iframe, object, embed, style, form, base').length).toBe(0);
    for (const element of doc.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
        expect(attribute, `${element.tagName} has an inline style`).not.toBe('style');
      }
    }
    expect(html).not.toMatch(/<script>alert|<img|<b>Night/);
    // The names read as they were typed.
    expect(text(doc.querySelector('h1'))).toBe('Friday <b>Night</b> & "Co"');
    expect(doc.title).toBe('Friday <b>Night</b> & "Co" — Round 1');
    const names = rowsOf(doc).map((li) => text(li.querySelector('.name')));
    expect(names).toContain('Mallory, <script>alert("x")</script>');
    expect(names).toContain('Eve, "><img src=x onerror=alert(1)>');
    expect(names).toContain('O\'Neil, Cy "Quote"');
    expect(names).toContain('Co, </bdi></li><li>Fake Row &');
    // One row per seated player: the "fake row" name made none.
    expect(rowsOf(doc)).toHaveLength(NAMES.length + 1);
    // No external resource: every link and source is a file of the site or a place on the page.
    const refs = [...doc.querySelectorAll('[href], [src]')].map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '');
    for (const ref of refs) expect(ref).toMatch(/^(#[\w-]+|style\.css|site\.js|view\.json)$/);
    // A strict policy the page keeps: no inline script or style is needed.
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toMatch(/default-src 'none'; script-src 'self'; style-src 'self'/);
  });

  it('lists the round by name in the boards’ family-name order, each with the table and the opponent, then by table', () => {
    const state = pairNext(registered('mtr', NAMES), 11);
    const round = state.rounds[0] as EventState['rounds'][number];
    const { doc } = site(state);
    const boards = sortByFamilyName(state.players);
    const expected = boards.map(({ name }) => name.board);
    const rows = rowsOf(doc);
    expect(rows.map((li) => text(li.querySelector('.name')))).toEqual(expected);
    expect(expected).toEqual([
      'al-Rashid, Omar',
      'Archer, Ana',
      'Brandt, Bo',
      'Co, </bdi></li><li>Fake Row &',
      'de la Cruz, María',
      'Eve, "><img src=x onerror=alert(1)>',
      'Gogh, Vincent Van',
      'Mac Giolla, Cian',
      'Mallory, <script>alert("x")</script>',
      'O\'Neil, Cy "Quote"',
      'Özdemir, Öz',
      'van Beethoven, Ludwig',
      'Zimmer, Zed',
    ]);
    const names = new Map(state.players.map((p) => [p.id, p.name]));
    const rowOf = (id: string): Element => rows[boards.findIndex((b) => b.item.id === id)] as Element;
    for (const table of round.tables) {
      const [a, b] = table.seats as [string, string];
      expect(text(rowOf(a).querySelector('.where'))).toBe(`Table ${table.table}`);
      expect(text(rowOf(a).querySelector('.detail'))).toBe(`vs ${names.get(b)}`);
      expect(text(rowOf(b).querySelector('.detail'))).toBe(`vs ${names.get(a)}`);
    }
    // By table: every table in number order, its players in seat order, with their points before the round.
    const cards = [...doc.querySelectorAll('#by-table .table-card')];
    expect(cards.map((c) => text(c.querySelector('h3')))).toEqual(round.tables.map((t) => `Table ${t.table}`));
    const first = round.tables[0] as Table;
    expect([...(cards[0] as Element).querySelectorAll('.seats bdi')].map((b) => b.textContent)).toEqual(first.seats.map((id) => names.get(id)));
    expect(text((cards[0] as Element).querySelector('.seats'))).toContain('0 points');
  });

  it('says when it was published and when the round ends (the countdown comes from site.js)', () => {
    let state = pairNext(registered('mtr', NAMES), 11);
    expect(text(site(state).doc.querySelector('.clock'))).toBe('Round 1 has not started yet');
    state = run(state, { type: 'start-round-clock', round: 1, at: T0 });
    const { doc, files } = site(state);
    const published = doc.querySelector('.published time');
    expect(text(doc.querySelector('.published'))).toBe(`Published at ${PUBLISHED}`);
    expect(published?.getAttribute('datetime')).toBe(new Date(T0 + 60_000).toISOString());
    const clock = doc.querySelector('.clock') as Element;
    expect(text(clock.querySelector('.clock-line'))).toBe('Round 1 ends at 18:50');
    expect(clock.getAttribute('data-ends-at')).toBe(String(T0 + 50 * 60_000));
    expect(clock.getAttribute('data-at-time')).toMatch(/turn/i);
    expect(files.get('site.js')).toContain('data-ends-at');
    // Published after the time was up: the page says time was called, in the rule set's words.
    expect(text(site(state, T0 + 51 * 60_000).doc.querySelector('.clock'))).toMatch(/^Time was called at 18:50: .*turn/i);
    // Paused: what was left.
    const paused = run(state, { type: 'pause-clock', round: 1, at: T0 + 20 * 60_000 });
    expect(text(site(paused, T0 + 25 * 60_000).doc.querySelector('.clock'))).toBe('The round clock is paused with 30:00 left.');
  });

  it('shows standings only once the scorekeeper published them, as after that round', () => {
    let state = finishRound(pairNext(registered('mtr', NAMES), 11), 3);
    let { doc, files } = site(state);
    expect(doc.querySelector('#standings')).toBeNull();
    expect(files.get('index.html')).not.toMatch(/Standings/);
    expect(JSON.parse(files.get('view.json') as string)).not.toHaveProperty('standings');

    state = run(state, { type: 'publish-standings', round: 1 });
    state = finishRound(pairNext(state, 12), 4);
    ({ doc } = site(state));
    const standings = getRuleset('mtr').standings({ ...state, rounds: state.rounds.slice(0, 1) });
    expect(text(doc.querySelector('#standings h2'))).toBe('Standings after round 1');
    const heads = [...doc.querySelectorAll('#standings thead th')].map((th) => text(th));
    expect(heads).toEqual(['Rank', 'Name', 'Points', 'OMW%', 'GW%', 'OGW%']);
    const rows = [...doc.querySelectorAll('#standings tbody tr')];
    const names = new Map(state.players.map((p) => [p.id, p.name]));
    expect(rows.map((tr) => text(tr.querySelector('th bdi')))).toEqual(standings.map((s) => names.get(s.id)));
    expect(rows.map((tr) => text(tr.querySelector('td.num')))).toEqual(standings.map((s) => String(s.points)));
    expect(text(doc.querySelector('nav.sections'))).toContain('Standings');
  });

  it('marks dropped and disqualified players in the standings as the printed standings do', () => {
    let state = finishRound(pairNext(registered('mtr', NAMES), 11), 1);
    const [dq, dropped] = state.players.map((p) => p.id) as [string, string];
    state = run(
      state,
      { type: 'record-penalty', round: 1, player: dq, infraction: 'Cheating', penalty: 'disqualification', judge: 'Kim Lee' },
      { type: 'drop-player', id: dropped },
      { type: 'publish-standings', round: 1 },
    );
    const { doc } = site(state);
    const row = (id: string): Element | undefined => [...doc.querySelectorAll('#standings tbody tr')].find((tr) => text(tr.querySelector('th bdi')) === state.players.find((p) => p.id === id)?.name);
    expect(row(dq)?.className).toBe('dropped');
    expect(text(row(dq)?.querySelector('abbr.dq'))).toBe('DQ');
    expect(text(row(dq)?.querySelector('.note'))).toBe('DQ — disqualified in round 1');
    expect(row(dropped)?.className).toBe('dropped');
    expect(row(dropped)?.querySelector('abbr.dq')).toBeNull();
    expect(text(row(dropped)?.querySelector('.note'))).toBe('dropped after round 1');
    const others = [...doc.querySelectorAll('#standings tbody tr')].filter((tr) => tr !== row(dq) && tr !== row(dropped));
    expect(others.every((tr) => tr.className === '' && !tr.querySelector('.note, abbr.dq'))).toBe(true);
    expect(text(doc.querySelector('#standings p.muted'))).toBe('Struck through: dropped; they keep their record and still count as opponents.');
  });

  it('prints the organiser’s house rules where they differ from the document (pods)', () => {
    const podNames = NAMES.slice(0, 8);
    const plain = site(registered('mstr-2022', podNames)).doc;
    expect(plain.querySelector('.house-rules')).toBeNull();
    const house = site(run(registered('mstr-2022', podNames), { type: 'set-settings', settings: { winPoints: 4, byePoints: 3 } })).doc;
    expect(text(house.querySelector('.house-rules'))).toMatch(/^House rules: .*4 points a win/);
  });

  it('draws the playoff bracket with each table’s winner', () => {
    let state = registered('mtr', NAMES);
    for (let r = 1; r <= 3; r++) state = finishRound(pairNext(state, 10 + r), r);
    const ruleset = getRuleset('mtr');
    const cut = ruleset.playoff(state, { top: 8, draft: false }, 5);
    state = run(
      state,
      { type: 'start-playoff', top: 8, draft: false, seeds: cut.seeds },
      { type: 'pair-round', round: 4, stage: 'playoff', tables: cut.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 5 },
    );
    const quarter = state.rounds[3] as EventState['rounds'][number];
    for (const table of quarter.tables) state = run(state, { type: 'record-result', round: 4, table: table.table, result: { games: [2, 1, 0] } });
    const next = ruleset.nextPlayoffRound(state, 6);
    if (!next) throw new Error('no semifinal');
    state = run(state, { type: 'pair-round', round: 5, stage: 'playoff', tables: next.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: [], seed: 6 });
    const { doc } = site(state);
    const names = new Map(state.players.map((p) => [p.id, p.name]));
    const rounds = [...doc.querySelectorAll('#playoff .bracket-round')];
    expect(rounds.map((r) => text(r.querySelector('h3')))).toEqual(['Round 4', 'Round 5']);
    const winners = [...(rounds[0] as Element).querySelectorAll('.winner bdi')].map((b) => b.textContent);
    expect(winners).toEqual(quarter.tables.map((t) => names.get(t.seats[0] as string)));
    expect((rounds[1] as Element).querySelectorAll('.winner')).toHaveLength(0);
    expect(text(doc.querySelector('#by-name h2'))).toBe('Round 5 (playoff) — pairings by name');
  });

  it('shows nothing the public view leaves out: no notes, no table codes, nothing of a waiting report', () => {
    let state = pairNext(registered('mtr', NAMES), 11);
    const table = state.rounds[0]?.tables[0] as Table;
    const [reporter] = table.seats as [string];
    state = run(state, { type: 'report-result', round: 1, table: table.table, player: reporter, phone: 'phone-SECRET-1234', result: { games: [0, 2, 0] } });
    const { files } = site(state);
    const codes = (state.rounds[0]?.tables ?? []).map((t) => tableCode(KEY, 1, t.table));
    for (const [name, content] of files) {
      expect(content, name).not.toContain('SECRET-NOTE');
      expect(content, name).not.toContain('phone-SECRET');
      expect(content, name).not.toContain(KEY);
      for (const code of codes) expect(content, name).not.toContain(code);
    }
    // The waiting report's result is nowhere: the table shows no result.
    const card = site(state).doc.querySelector(`#table-${table.table}`);
    expect(card?.querySelector('.result')).toBeNull();
  });

  it('speaks the rule set’s words for pods: seats in order, seat 1 plays first, the pod word in the playoff', () => {
    const state = pairNext(registered('mamtr-2024', NAMES.slice(0, 11)), 11);
    const { doc } = site(state);
    const round = state.rounds[0] as EventState['rounds'][number];
    const pod = round.tables.find((t) => t.seats.length === 4) as Table;
    const firstSeat = state.players.find((p) => p.id === pod.seats[0]);
    const row = rowsOf(doc).find((li) => text(li.querySelector('.name')) === sortByFamilyName([firstSeat as { id: string; name: string }])[0]?.name.board);
    expect(text(row?.querySelector('.detail'))).toBe('seat 1 of 4 — plays first');
    expect(text(doc.querySelector('#by-table .muted'))).toMatch(/seat order: seat 1 first/);
  });
});

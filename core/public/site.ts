/**
 * The event published for anyone: a static site made from the published view
 * (core/public/view.ts) alone, as files — `index.html` for people, `view.json` (the view itself)
 * for programs, `style.css` and `site.js` — that any static host, CDN or synced folder can serve,
 * and that opens from the folder itself (file://) with no server.
 *
 * The page: the event's name and when it was published; the round's end time (as text, which
 * `site.js` turns into a countdown where scripts run); the round's pairings by name, sorted by
 * family name as the boards are (core/model/person-names.ts), then by table; the standings once the
 * scorekeeper published them; the playoff bracket when there is one. Words come from the rule
 * set's presentation (table words, points, seats), never from a branch on the rule set.
 *
 * Safe by construction: every piece of event text is escaped (names are hostile input), there is
 * no inline script or style (a strict Content-Security-Policy holds: the page carries one), no
 * external resource and no request of any kind (the page never fetches `view.json`). Only what the
 * public view holds: no notes, no table codes, nothing of a waiting report.
 *
 * Pure: the time of publishing comes in as words from the caller; the round's end is written in
 * `timeZone` (default the runtime's: the host's, as the floor reads its clock).
 */
import { initialOf, sortByFamilyName, boardCollator } from '../model/person-names.js';
import { getRuleset } from '../rulesets/index.js';
import type { Ruleset } from '../rulesets/ruleset.js';
import { clockDuration, plural, wallClock } from '../text/format.js';
import { SITE_SCRIPT, SITE_STYLE } from './site-assets.js';
import { bdi, el, escapeHtml } from './site-html.js';
import type { PublicPlayer, PublicRound, PublicTable, PublicView } from './types.js';
import { playsFirst } from '../model/seats.js';

export interface SiteFile {
  /** A plain file name (no folder): the site is one flat folder. */
  path: string;
  content: string;
}

export interface SiteOptions {
  /** When it was published, in words for the reader ("Fri, Nov 27, 2026, 18:02"): the caller formats it. */
  publishedAt: string;
  /** The IANA time zone the round's end time is written in (default: the runtime's own). */
  timeZone?: string;
}

/** Every file the site has, in the order a publisher should put them in place (the page last). */
export const SITE_FILE_NAMES = ['view.json', 'style.css', 'site.js', 'index.html'] as const;

/** The files of the site for `view`. */
export function siteFiles(view: PublicView, options: SiteOptions): SiteFile[] {
  return [
    { path: 'view.json', content: `${JSON.stringify(view)}\n` },
    { path: 'style.css', content: SITE_STYLE },
    { path: 'site.js', content: SITE_SCRIPT },
    { path: 'index.html', content: sitePage(view, options) },
  ];
}

/** What every section reads. */
interface Page extends Names {
  options: SiteOptions;
}

/** What naming and placing competitors reads. */
interface Names {
  view: PublicView;
  ruleset: Ruleset;
  /** A competitor's name as registered (the id when the view does not name them). */
  name(id: string): string;
  /** Competitors are teams: their names are not read as a person's (no family name first). */
  teams: boolean;
}

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

/** index.html. */
export function sitePage(view: PublicView, options: SiteOptions): string {
  const ruleset = getRuleset(view.event.ruleset);
  const players = new Map(view.players.map((p) => [p.id, p]));
  const page: Page = {
    view,
    ruleset,
    name: (id) => players.get(id)?.name ?? id,
    teams: ruleset.presentation.words.competitor(view.event.settings) === 'team',
    options,
  };
  const round = view.round;
  const sections = [
    round ? clockSection(page, round) : '',
    round ? byNameSection(page, round) : el('p', 'empty', 'Pairings are not published yet.'),
    round ? byTableSection(page, round) : '',
    view.standings ? standingsSection(page) : '',
    view.bracket && view.bracket.length > 0 ? bracketSection(page) : '',
  ].filter((s) => s !== '');
  const title = round ? `${view.event.name} — ${roundTitle(round)}` : view.event.name;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="generator" content="Podium">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="stylesheet" href="style.css">',
    '<script src="site.js" defer></script>',
    '</head>',
    '<body>',
    header(page),
    navigation(page),
    `<main>\n${sections.join('\n')}\n</main>`,
    '<footer><p>Published with Podium from the event’s own station: this page shows the event as it stood then. For programs, the same data is in <a href="view.json">view.json</a>.</p></footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function roundTitle(round: PublicRound): string {
  return round.stage === 'playoff' ? `Round ${round.number} (playoff)` : `Round ${round.number}`;
}

function header(page: Page): string {
  const { view, options } = page;
  const made = new Date(view.madeAt).toISOString();
  return [
    '<header class="top">',
    `<h1>${escapeHtml(view.event.name)}</h1>`,
    `<p class="rules">${escapeHtml(view.event.rulesetName)}</p>`,
    ...(view.event.houseRules ? [`<p class="rules house-rules">${escapeHtml(view.event.houseRules)}</p>`] : []),
    `<p class="published">Published at <time datetime="${made}">${escapeHtml(options.publishedAt)}</time></p>`,
    '</header>',
  ].join('\n');
}

function navigation(page: Page): string {
  const { view } = page;
  const links: [string, string][] = [];
  if (view.round) links.push(['by-name', 'Pairings by name'], ['by-table', `By ${tableWord(page).toLocaleLowerCase()}`]);
  if (view.standings) links.push(['standings', 'Standings']);
  if (view.bracket && view.bracket.length > 0) links.push(['playoff', 'Playoff']);
  if (links.length < 2) return '';
  return `<nav class="sections" aria-label="On this page">${links.map(([id, text]) => `<a href="#${id}">${escapeHtml(text)}</a>`).join('')}</nav>`;
}

/** "Table", or the rule set's word for a playoff table ("Pod"). */
function tableWord(page: Page): string {
  return page.view.round?.stage === 'playoff' ? page.ruleset.presentation.playoff.tableWord : 'Table';
}

// ---------------------------------------------------------------------------------------------
// The round clock

/** When the round ends, as text; `site.js` adds a countdown from `data-ends-at` where scripts run. */
function clockSection(page: Page, round: PublicRound): string {
  const clock = page.view.clock;
  if (!clock || clock.round !== round.number) return '';
  const zone = page.options.timeZone ? { timeZone: page.options.timeZone } : {};
  let inner: string;
  let attributes = '';
  if (clock.endsAt !== null) {
    const at = `<strong>${escapeHtml(wallClock(clock.endsAt, zone))}</strong>`;
    if (clock.endsAt <= page.view.madeAt) inner = `<p class="clock-line">Time was called at ${at}: ${escapeHtml(clock.atTime)}</p>`;
    else {
      inner = `<p class="clock-line">Round ${round.number} ends at ${at}</p><p class="countdown" data-countdown hidden></p>`;
      attributes = ` data-ends-at="${clock.endsAt}" data-at-time="${escapeHtml(clock.atTime)}"`;
    }
    if (round.tables.some((t) => (t.extensionMs ?? 0) > 0)) inner += el('p', 'muted', 'Tables with extra time say so below.');
  } else if (clock.pausedRemainingMs !== undefined) {
    inner = `<p class="clock-line">The round clock is paused with <strong>${escapeHtml(clockDuration(clock.pausedRemainingMs))}</strong> left.</p>`;
  } else inner = `<p class="clock-line">${escapeHtml(clock.status)}</p>`;
  return `<section class="clock" aria-label="Round clock"${attributes}>\n${inner}\n</section>`;
}

// ---------------------------------------------------------------------------------------------
// Pairings by name

interface NameEntry {
  id: string;
  /** As the board prints it: "Archer, Ana". */
  board: string;
  /** What the board sorts by (its letter). */
  sortKey: string;
  table: number | null;
  /** Escaped HTML: "vs <bdi>Bo Brandt</bdi>", "seat 2 of 4", "bye — no table this round". */
  detail: string;
}

const BYE_WORDS: Record<PublicRound['byes'][number]['kind'], string> = {
  pairing: 'bye — no table this round',
  awarded: 'awarded bye — no table',
  playoff: 'bye — waits out this playoff round',
};

/** Where each competitor of the round is, in the words of a board. */
function placesOf(page: Names, round: PublicRound): Map<string, { table: number | null; detail: string }> {
  const presentation = page.ruleset.presentation;
  const pairs = presentation.table.layout === 'pair';
  const seatOne = presentation.playoff.seatOne;
  const places = new Map<string, { table: number | null; detail: string }>();
  for (const table of round.tables) {
    table.seats.forEach((id, i) => {
      let detail: string;
      if (pairs && table.seats.length === 2) detail = `vs ${bdi(page.name(table.seats[1 - i] as string))}`;
      else if (table.seats.length === 1) detail = 'alone at the table';
      else detail = `seat ${i + 1} of ${table.seats.length}${playsFirst(table, i) ? ` — ${escapeHtml(seatOne !== undefined && !pairs ? seatOne : 'plays first')}` : ''}`;
      places.set(id, { table: table.table, detail });
    });
  }
  for (const bye of round.byes) places.set(bye.player, { table: null, detail: BYE_WORDS[bye.kind] });
  return places;
}

/** Everyone the round seats (or gives a bye), in the boards' order. */
function nameEntries(page: Names, round: PublicRound): NameEntry[] {
  const places = placesOf(page, round);
  const seated = page.view.players.filter((p) => places.has(p.id));
  const entry = (p: PublicPlayer, board: string, sortKey: string): NameEntry => ({ id: p.id, board, sortKey, ...(places.get(p.id) as { table: number | null; detail: string }) });
  if (page.teams) {
    // A team's name is never read as a person's: as registered, in the boards' collation.
    const collator = boardCollator();
    return seated.map((p) => entry(p, p.name, p.name)).sort((a, b) => collator.compare(a.board, b.board) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  const people = seated.map((p) => ({ id: p.id, name: p.name, familyName: p.sortName, player: p }));
  return sortByFamilyName(people).map(({ item, name }) => entry(item.player, name.board, name.sortKey));
}

/** The letter a board entry is filed under: its first letter without accents ("Ö" under O), "#" for anything else. */
function letterOf(sortKey: string): string {
  const first = initialOf(sortKey).normalize('NFD').replace(/\p{M}+/gu, '');
  return /^\p{L}$/u.test(first) ? first.toLocaleUpperCase() : '#';
}

/** From this many entries on, pairings by name come in letter groups with an index. */
const LETTERS_FROM = 40;

function byNameSection(page: Page, round: PublicRound): string {
  const entries = nameEntries(page, round);
  const word = escapeHtml(tableWord(page));
  const groups: { letter: string; entries: NameEntry[] }[] = [];
  for (const entry of entries) {
    const letter = letterOf(entry.sortKey);
    const last = groups[groups.length - 1];
    if (last && last.letter === letter) last.entries.push(entry);
    else groups.push({ letter, entries: [entry] });
  }
  // A small event reads as one list; a big one gets a letter per group and a way to jump to it.
  const lettered = entries.length >= LETTERS_FROM && groups.length > 1;
  const letters = lettered ? `<nav class="letters" aria-label="Jump to a letter">${groups.map((g, i) => `<a href="#name-${i + 1}">${escapeHtml(g.letter)}</a>`).join('')}</nav>` : '';
  const row = (e: NameEntry): string => {
    const where = e.table === null ? '<span class="where none">—</span>' : `<span class="where"><span class="word">${word}</span> ${e.table}</span>`;
    return `<li><span class="who"><bdi class="name">${escapeHtml(e.board)}</bdi><span class="detail">${e.detail}</span></span>${where}</li>`;
  };
  const list = (items: NameEntry[]): string => `<ol class="name-list">\n${items.map(row).join('\n')}\n</ol>`;
  const lists = lettered
    ? groups.map((group, i) => `<h3 class="letter" id="name-${i + 1}">${escapeHtml(group.letter)}</h3>\n${list(group.entries)}`)
    : [list(entries)];
  const sorted = page.teams ? 'sorted by name' : 'sorted by family name';
  return [
    '<section id="by-name" aria-labelledby="by-name-title">',
    `<h2 id="by-name-title">${escapeHtml(roundTitle(round))} — pairings by name</h2>`,
    `<p class="muted">${escapeHtml(plural(entries.length, page.teams ? 'team' : 'player'))}, ${sorted}</p>`,
    letters,
    `<div class="names">\n${lists.join('\n')}\n</div>`,
    '</section>',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Pairings by table

function pointsWords(page: Page, points: number): string {
  const unit = page.ruleset.presentation.words.pointUnit;
  return plural(points, unit);
}

function tableCard(page: Page, round: PublicRound, table: PublicTable): string {
  const seats = table.seats.map((id) => {
    const points = round.pointsBefore[id];
    return `<li><bdi>${escapeHtml(page.name(id))}</bdi>${points !== undefined ? ` <span class="pts">${escapeHtml(pointsWords(page, points))}</span>` : ''}</li>`;
  });
  const extra = (table.extensionMs ?? 0) > 0 ? el('p', 'extra', `+${Math.round((table.extensionMs as number) / 60_000)} min extra time`) : '';
  const result = table.resultText !== undefined ? `<p class="result"><span class="muted">Result:</span> ${escapeHtml(table.resultText)}</p>` : '';
  return [
    `<li class="table-card" id="table-${table.table}">`,
    `<h3 class="where"><span class="word">${escapeHtml(tableWord(page))}</span> ${table.table}</h3>`,
    `<div class="table-body"><ol class="seats">${seats.join('')}</ol>${extra}${result}</div>`,
    '</li>',
  ].join('');
}

function byTableSection(page: Page, round: PublicRound): string {
  const tables = [...round.tables].sort((a, b) => a.table - b.table);
  const byes = round.byes.map((b) => `<li><bdi>${escapeHtml(page.name(b.player))}</bdi> <span class="muted">${escapeHtml(BYE_WORDS[b.kind])}</span></li>`);
  const seatOrder = page.ruleset.presentation.table.layout === 'seats' ? ' Players are listed in seat order: seat 1 first.' : '';
  const points = Object.keys(round.pointsBefore).length > 0 ? ` Each player’s ${page.ruleset.presentation.words.points.toLocaleLowerCase()} are before this round.` : '';
  return [
    '<section id="by-table" aria-labelledby="by-table-title">',
    `<h2 id="by-table-title">${escapeHtml(roundTitle(round))} — by ${escapeHtml(tableWord(page).toLocaleLowerCase())}</h2>`,
    `<p class="muted">${escapeHtml(plural(tables.length, tableWord(page).toLocaleLowerCase()))}.${escapeHtml(seatOrder + points)}</p>`,
    `<ol class="tables">\n${tables.map((t) => tableCard(page, round, t)).join('\n')}\n</ol>`,
    byes.length > 0 ? `<h3>Byes</h3>\n<ul class="byes">${byes.join('')}</ul>` : '',
    '</section>',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Standings and the bracket

/** Under standings with a drop, as the printed standings say it. */
const DROPPED_LEGEND = 'Struck through: dropped; they keep their record and still count as opponents.';

function standingsSection(page: Page): string {
  const standings = page.view.standings;
  if (!standings) return '';
  const [points, ...tiebreakers] = standings.columns;
  const head = [
    '<th scope="col" class="rank">Rank</th>',
    '<th scope="col">Name</th>',
    points !== undefined ? `<th scope="col" class="num">${escapeHtml(points)}</th>` : '',
    ...tiebreakers.map((c) => `<th scope="col" class="num tb">${escapeHtml(c)}</th>`),
  ].join('');
  const rows = standings.rows.map((row) => {
    const [value, ...rest] = row.values;
    const line = tiebreakers.map((c, i) => `${c}\u00a0${rest[i] ?? '—'}`).join(' · ');
    // Marked as the printed standings mark them: a drop struck through (the record stays), DQ, and why.
    const dq = row.dq ? ' <abbr class="dq" title="Disqualified: keeps the record, paired no more">DQ</abbr>' : '';
    const note = row.note ? `<span class="note">${escapeHtml(row.note)}</span>` : '';
    return [
      row.dropped ? '<tr class="dropped">' : '<tr>',
      `<td class="rank">${row.rank}</td>`,
      `<th scope="row"><bdi>${escapeHtml(page.name(row.player))}</bdi>${dq}${note}${line ? `<span class="tb-line">${escapeHtml(line)}</span>` : ''}</th>`,
      points !== undefined ? `<td class="num">${escapeHtml(value ?? '—')}</td>` : '',
      ...tiebreakers.map((_, i) => `<td class="num tb">${escapeHtml(rest[i] ?? '—')}</td>`),
      '</tr>',
    ].join('');
  });
  return [
    '<section id="standings" aria-labelledby="standings-title">',
    `<h2 id="standings-title">${standings.final ? 'Final standings' : `Standings after round ${standings.afterRound}`}</h2>`,
    `<div class="table-wrap"><table class="standings">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table></div>`,
    standings.rows.some((r) => r.dropped) ? `<p class="muted">${escapeHtml(DROPPED_LEGEND)}</p>` : '',
    '</section>',
  ]
    .filter((s) => s !== '')
    .join('\n');
}

function bracketSection(page: Page): string {
  const word = escapeHtml(page.ruleset.presentation.playoff.tableWord);
  const rounds = (page.view.bracket ?? []).map((round) => {
    const tables = round.tables.map((table) => {
      const seats = table.seats.map((id) =>
        id === table.winner ? `<li class="winner"><bdi>${escapeHtml(page.name(id))}</bdi> <span class="won">won</span></li>` : `<li><bdi>${escapeHtml(page.name(id))}</bdi></li>`,
      );
      return `<li class="bracket-table"><p class="muted">${word} ${table.table}</p><ol class="seats">${seats.join('')}</ol></li>`;
    });
    return `<section class="bracket-round"><h3>Round ${round.round}</h3>\n<ol class="bracket-tables">\n${tables.join('\n')}\n</ol></section>`;
  });
  return ['<section id="playoff" aria-labelledby="playoff-title">', '<h2 id="playoff-title">Playoff</h2>', `<div class="bracket">\n${rounds.join('\n')}\n</div>`, '</section>'].join('\n');
}

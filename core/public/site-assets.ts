/**
 * The published site's style sheet and its one small script (core/public/site.ts), as text. Both
 * are files of their own, so the page keeps a strict Content-Security-Policy (no inline script or
 * style). The page is whole without the script: it only turns the round's end time into a
 * countdown where scripts run. Pure: text only.
 */

/**
 * Light and dark as the reader's device is set; one column on a 360 px phone, several on a laptop;
 * the table number the largest thing on a row, as on the printed boards.
 */
export const SITE_STYLE = `/* Podium: the published event. */
:root {
  --bg: #f4f5f7;
  --panel: #ffffff;
  --text: #141a22;
  --muted: #566070;
  --line: #d5dae1;
  --box: #e9ecf0;
  --accent: #1f5fbf;
  --win: #1e7b45;
  color-scheme: light dark;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  font-size: 17px;
  line-height: 1.4;
  -webkit-text-size-adjust: 100%;
  text-size-adjust: 100%;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #101419;
    --panel: #1a2028;
    --text: #eef1f5;
    --muted: #a2adbb;
    --line: #313b47;
    --box: #262e39;
    --accent: #6aa5f8;
    --win: #5fd39a;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--text); }
body { max-width: 76rem; margin: 0 auto; padding: 0 16px 32px; }
h1, h2, h3, p { margin: 0; }
h1 { font-size: 1.5rem; line-height: 1.2; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 0 0 4px; overflow-wrap: anywhere; }
h3 { font-size: 1rem; }
a { color: var(--accent); }
bdi { unicode-bidi: isolate; }
ol, ul { margin: 0; padding: 0; list-style: none; }
.muted { color: var(--muted); }
[hidden] { display: none !important; }

header.top { padding: 20px 0 12px; display: grid; gap: 4px; }
header.top .rules, header.top .published { color: var(--muted); font-size: 0.9rem; }
header.top .published time { color: var(--text); font-weight: 600; }

nav.sections { display: flex; flex-wrap: wrap; gap: 8px; padding: 4px 0 12px; }
nav.sections a {
  display: inline-block; padding: 8px 14px; border-radius: 999px; background: var(--panel); border: 1px solid var(--line);
  text-decoration: none; font-weight: 600; font-size: 0.95rem; min-height: 40px;
}

main { display: grid; gap: 28px; }
main > section { min-width: 0; }
.empty { padding: 32px 0; font-size: 1.2rem; text-align: center; color: var(--muted); }

section.clock { justify-self: start; min-width: min(100%, 22rem); background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; display: grid; gap: 4px; }
section.clock .clock-line { font-size: 1.15rem; }
section.clock .clock-line strong { font-variant-numeric: tabular-nums; }
section.clock .countdown { font-size: 2.4rem; font-weight: 800; line-height: 1.1; font-variant-numeric: tabular-nums; }

nav.letters { display: flex; flex-wrap: wrap; gap: 4px; margin: 8px 0 4px; }
nav.letters a {
  display: inline-flex; align-items: center; justify-content: center; min-width: 40px; min-height: 40px; padding: 0 6px;
  border-radius: 8px; background: var(--panel); border: 1px solid var(--line); text-decoration: none; font-weight: 700;
}
.names { columns: 21rem auto; column-gap: 24px; }
.names h3.letter {
  font-size: 0.85rem; color: var(--muted); padding: 12px 0 2px; border-bottom: 1px solid var(--line);
  break-after: avoid; scroll-margin-top: 8px;
}
.name-list li {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 10px; align-items: center; break-inside: avoid;
  padding: 6px 0; border-bottom: 1px solid var(--line);
}
.name-list .who { display: grid; min-width: 0; }
.name-list .name { font-weight: 700; overflow-wrap: anywhere; }
.name-list .detail { color: var(--muted); font-size: 0.85rem; overflow-wrap: anywhere; }
.where {
  min-width: 4.2rem; padding: 2px 8px; border-radius: 8px; background: var(--box); text-align: center;
  font-size: 1.45rem; font-weight: 800; line-height: 1.15; font-variant-numeric: tabular-nums;
}
.where .word { display: block; font-size: 0.6rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
.where.none { color: var(--muted); }

.tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: 8px; margin-top: 8px; }
.table-card {
  background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 8px 10px;
  display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 12px; align-items: start; scroll-margin-top: 8px;
}
.table-card h3.where { font-size: 1.45rem; }
.table-body { display: grid; gap: 2px; min-width: 0; padding-top: 2px; }
.seats li { overflow-wrap: anywhere; }
.seats .pts { color: var(--muted); font-size: 0.85rem; white-space: nowrap; }
.table-card .result { font-size: 0.9rem; overflow-wrap: anywhere; }
.table-card .extra { font-size: 0.85rem; font-weight: 600; }
.byes { display: grid; gap: 4px; margin-top: 4px; }
#by-table > h3 { margin-top: 12px; }

.table-wrap { max-width: 60rem; overflow-x: auto; margin-top: 8px; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; }
table.standings { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.standings th, table.standings td { padding: 8px 10px; text-align: left; border-bottom: 1px solid var(--line); vertical-align: top; }
table.standings thead th { font-size: 0.8rem; color: var(--muted); font-weight: 600; }
table.standings tbody th { font-weight: 600; overflow-wrap: anywhere; }
table.standings tbody tr:last-child > * { border-bottom: none; }
table.standings .rank { width: 3rem; }
table.standings .num { text-align: right; white-space: nowrap; }
table.standings .tb-line { display: none; color: var(--muted); font-size: 0.8rem; font-weight: 400; }
table.standings tr.dropped bdi { text-decoration: line-through; color: var(--muted); }
table.standings .note { display: block; color: var(--muted); font-size: 0.8rem; font-weight: 600; }
table.standings abbr.dq { text-decoration: none; font-size: 0.75rem; font-weight: 800; letter-spacing: 0.06em; color: #fff; background: #b42318; border-radius: 4px; padding: 1px 6px; margin-left: 6px; }
@media (max-width: 40rem) {
  table.standings th, table.standings td { padding: 8px 6px; }
  table.standings .rank { width: 2.2rem; }
  table.standings .tb { display: none; }
  table.standings .tb-line { display: block; }
}

.bracket { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 20rem)); gap: 16px; margin-top: 8px; }
.bracket-round { display: grid; gap: 8px; align-content: start; }
.bracket-tables { display: grid; gap: 8px; }
.bracket-table { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 8px 12px; }
.bracket-table .winner { font-weight: 700; color: var(--win); }
.bracket-table .won { font-size: 0.8rem; font-weight: 600; }

footer { margin-top: 32px; padding-top: 12px; border-top: 1px solid var(--line); color: var(--muted); font-size: 0.85rem; }

@media print {
  nav.sections, nav.letters, section.clock .countdown { display: none; }
  :root { --bg: #fff; --panel: #fff; }
}
`;

/**
 * The countdown: every element with `data-ends-at` (the round's end, epoch ms) shows the time left
 * in its `[data-countdown]`, and the rule set's words for time being up (`data-at-time`) once it
 * has passed. Text only (no HTML is ever built), no request, nothing stored.
 */
export const SITE_SCRIPT = `// Podium: the round's countdown on the published page (the page is whole without it).
'use strict';
(function () {
  var clocks = document.querySelectorAll('[data-ends-at]');
  if (clocks.length === 0) return;
  function two(n) {
    return (n < 10 ? '0' : '') + n;
  }
  function duration(ms) {
    var total = Math.floor(ms / 1000);
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    return hours > 0 ? hours + ':' + two(minutes) + ':' + two(seconds) : minutes + ':' + two(seconds);
  }
  function tick() {
    var now = Date.now();
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      var endsAt = Number(clock.getAttribute('data-ends-at'));
      var out = clock.querySelector('[data-countdown]');
      if (!out || !isFinite(endsAt)) continue;
      var left = endsAt - now;
      out.textContent = left > 0 ? duration(left) + ' left' : clock.getAttribute('data-at-time') || 'Time';
      out.hidden = false;
    }
  }
  tick();
  setInterval(tick, 1000);
})();
`;

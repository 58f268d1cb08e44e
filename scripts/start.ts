/**
 * `npm start`. The Electron shell and the station screens are not built yet, so for now this says
 * what Podium does today and how to reach it.
 */
const lines = [
  'Podium: the station window is not built yet in this version.',
  'Today Podium is its event engine and command line (head-to-head Swiss under the MTR):',
  '  npm run cli -- --help                      every command',
  '  npm run cli -- simulate --ruleset mtr --players 64 --rounds 6 --out event.json',
  '  npm run cli -- standings event.json        standings with OMW / GW / OGW',
  '  npm run cli -- pair event.json             the next round\'s pairings',
];
console.log(lines.join('\n'));

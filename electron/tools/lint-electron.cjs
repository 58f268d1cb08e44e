/**
 * `npm run lint:electron`: @doyensec/electronegativity over electron/ (the Electron shell's
 * security checks: CSP, navigation limits, permission handler, webPreferences, ...). Prints every
 * finding and every file it could not parse, and fails on either.
 *
 * Two adaptations, both local to this process:
 * - Offline by design (CI has no network): the tool's downloads (updated translations, the list of
 *   Electron releases) fail at once, and the check that needs the releases list is left out — the
 *   Electron version is pinned in package.json and given to the tool.
 * - Electronegativity parses TypeScript with typescript-estree 4, which needs the TypeScript 4 it
 *   ships with; npm hoists typescript-estree beside our TypeScript 7, so its `require('typescript')`
 *   is pointed at electronegativity's own copy.
 */
'use strict';
const Module = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const input = path.resolve(process.argv[2] ?? path.join(root, 'electron'));
const toolDir = path.dirname(require.resolve('@doyensec/electronegativity/package.json', { paths: [root] }));
const ownTypescript = require.resolve('typescript', { paths: [toolDir] });
const rootTypescript = path.join(root, 'node_modules', 'typescript');
const fromDependency = (parent) => parent && parent.filename && parent.filename.includes(`${path.sep}node_modules${path.sep}`) && !parent.filename.startsWith(rootTypescript);

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'typescript' && fromDependency(parent)) return ownTypescript;
  return resolve.call(this, request, parent, ...rest);
};
const offline = () => Promise.reject(new Error('offline'));
offline.head = offline;
offline.get = offline;
const load = Module._load;
Module._load = function (request, parent, ...rest) {
  if (request === 'got' && parent && parent.filename && parent.filename.startsWith(toolDir)) return offline;
  return load.call(this, request, parent, ...rest);
};

const NETWORK_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/**
 * "Review" findings that were reviewed, with the reason. Only findings the tool itself marks for
 * manual review can be listed here; anything else always fails.
 */
const REVIEWED = [
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'windows.ts',
    why: 'the preload exposes one message pipe (window.podium: send / onMessage / onMenu), never ipcRenderer or Node; the host validates every message',
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'security.ts',
    sample: "script-src 'self';",
    why: "script-src 'self' is flagged in case the origin hosts JSONP or uploads; podium://station serves only the built renderer",
  },
];

const reviewed = (issue) =>
  issue.manualReview &&
  REVIEWED.find((r) => r.id === issue.id && r.file === issue.file && (!r.sample || String(issue.sample ?? '').includes(r.sample)));

async function main() {
  const electronVersion = require(require.resolve('electron/package.json', { paths: [root] })).version;
  const log = console.log;
  console.log = () => undefined; // the tool's chatter about translations
  let result;
  try {
    const run = require(path.join(toolDir, 'dist', 'runner.js'));
    result = await run(
      {
        input,
        output: undefined,
        isSarif: false,
        customScan: [],
        excludeFromScan: NETWORK_CHECKS,
        severitySet: undefined,
        confidenceSet: undefined,
        isRelative: true,
        isVerbose: true,
        electronUpgrade: undefined,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    );
  } finally {
    console.log = log;
  }
  const { errors, issues, globalChecks, atomicChecks } = result;
  for (const error of errors) console.log(`cannot check ${path.relative(root, error.file)}: ${error.message}`);
  let open = 0;
  for (const issue of issues) {
    const where = issue.file === 'N/A' ? 'electron/' : `electron/${issue.file}:${issue.location.line}:${issue.location.column}`;
    const ok = reviewed(issue);
    if (!ok) open++;
    const label = ok ? `reviewed: ${ok.why}` : `${issue.severity.name}/${issue.confidence.name}: ${issue.description}`;
    console.log(`${where}  ${issue.id}  ${label}`);
  }
  const failed = errors.length > 0 || open > 0;
  console.log(
    `electronegativity (Electron ${electronVersion}, ${globalChecks + atomicChecks} checks): ${open} open finding${open === 1 ? '' : 's'}, ${issues.length - open} reviewed, ${errors.length} file${errors.length === 1 ? '' : 's'} not parsed`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : String(error));
  process.exit(2);
});

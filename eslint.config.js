/**
 * The layers of ../shared/ARCHITECTURE.md, enforced. Run by `npm run lint`
 * and, inside `npm test`, by test/lint/layers.test.ts; test/lint/lint-config.test.ts shows each
 * rule failing on a small source that breaks it.
 *
 * Layer rules, no style rules: a finding means code is in the wrong place. The one exception is
 * The size limit: no function in core/, electron/ or the renderer over 120 lines (blank lines
 * and comments aside).
 *
 * - core/ is pure: no Node, Electron, React or DOM (packages, globals or types), nothing from
 *   electron/, renderer/ or test/; deterministic (no clock, no randomness of its own: time and
 *   seeds come in as arguments).
 * - renderer/ never imports electron/ (nor `electron`, nor Node); it talks to the host through
 *   the StationApi only.
 * - electron/host/ and browser mode (electron/web.ts) are plain Node: no `electron`, and nothing
 *   from the Electron shell (electron/*.ts, which imports it) or from renderer/.
 * - the preload (electron/preload*.ts) runs sandboxed: `electron` and bundled pure code only.
 * - a rule set's internals (everything in core/rulesets/ but index.ts and ruleset.ts) are
 *   imported only inside core/rulesets/; everything else goes through the Ruleset interface.
 *   Tests (test/) may import them: they test the rule sets themselves.
 * - core/ imports only the packages of CORE_PACKAGES (pure code that runs anywhere); the network,
 *   the log and the QR codes (ws, pino, qrcode) stay in electron/host/ and the renderer.
 * - nothing outside core/rulesets/ — the rest of core/ and all of renderer/ — branches on the rule
 *   set or its family (an id or family compared or switched on): the Ruleset says what they need.
 *
 * Folder rules are checked on resolved paths (eslint-plugin-import-x's no-restricted-paths with
 * `.js` imports resolved to the `.ts` files), so they hold however an import is spelled.
 */
import { builtinModules } from 'node:module';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const SOURCES = ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.cjs', '**/*.mjs'];

// ---------------------------------------------------------------------------------------------
// Packages, by the runtime they need

const names = (list) => list.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** Node's own modules, with or without `node:`, and their subpaths (fs/promises). */
const NODE_MODULES = {
  regex: `^(node:.*|(${names(builtinModules.filter((name) => !name.startsWith('_')))})(/.*)?)$`,
  message: 'a Node module',
};
const ELECTRON = { regex: '^electron(/.*)?$', message: 'Electron' };
const REACT_AND_DOM = {
  regex: '^(react|react-dom|scheduler|zustand|dexie|@tanstack/react-[^/]+|@testing-library/.+)(/.*)?$',
  message: 'React or a DOM library',
};

/**
 * The packages core/ may import: validation, the seeded generator, hashes, JSON patches. Anything
 * else is refused there: a package joins this list only if it is pure and deterministic.
 */
const CORE_PACKAGES = ['zod', 'pure-rand', '@noble/hashes', 'rfc6902'];
/** Any other package (relative paths aside, and Node, Electron and React, refused in their own words). */
const NOT_A_CORE_PACKAGE = {
  regex: `^(?!\\.|(${names(CORE_PACKAGES)})(/|$)|${NODE_MODULES.regex}|${ELECTRON.regex}|${REACT_AND_DOM.regex}).+`,
  message: `a package not on core's list (${CORE_PACKAGES.join(', ')})`,
};

/** `no-restricted-imports` refusing `packages` (each {regex, message}) for `layer`, in words. */
function refusePackages(layer, why, packages) {
  return [
    'error',
    { patterns: packages.map(({ regex, message }) => ({ regex, message: `That is ${message}; ${layer} ${why}.` })) },
  ];
}

// ---------------------------------------------------------------------------------------------
// What core/ sees: the ECMAScript library (values and types) and these few functions every
// JavaScript runtime has. Anything else — `process`, `Buffer`, `document`, `localStorage`,
// `HTMLElement`, `NodeJS.Timeout` — is undefined there, so `no-undef` reports it. (The tsconfig's
// `lib` has DOM and its `types` Node for the rest of the tree, so the compiler alone would accept
// them in core.)

const CORE_LIB = ['es2023'];
const CORE_RUNTIME = Object.fromEntries(
  [
    'console',
    'queueMicrotask',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
  ].map((name) => [name, 'readonly']),
);

// ---------------------------------------------------------------------------------------------
// Rule-family branches outside core/rulesets/

/** A rule set's id or a rule family, as a string code would compare with. */
const RULE_NAME = '/^(mtr|mstr|mamtr|lightseekers|pods|head-to-head)(-|$)/';
/** isPodRuleset, isLightseekers, isHeadToHeadResult, … (not isPodiumBridge). */
const FAMILY_TEST = '/^is(Pods?|Lightseekers|Mtr|Mstr|Mamtr|HeadToHead)([A-Z]\\w*)?$/';
const RULE_BRANCH = 'the code branches on the rule set; outside core/rulesets/, ask the Ruleset instead (core/rulesets/ruleset.ts)';
/** A rule set's id or family read off it: `ruleset.id`, `ctx.ruleset.family`, `rules.family`, `x.family`. */
const RULESET_KEY =
  "MemberExpression:matches([property.name='family'], [property.name='id']:matches([object.name=/^rule(set|s)$/i], [object.property.name=/^rule(set|s)$/i]))";
const RULE_FAMILY_BRANCHES = [
  // state.ruleset === 'mtr', ruleset.family !== 'pods', id === 'mamtr-2024'
  { selector: `BinaryExpression[operator=/^[!=]==?$/][right.value=${RULE_NAME}]`, message: `Comparing with a rule set or family: ${RULE_BRANCH}.` },
  { selector: `BinaryExpression[operator=/^[!=]==?$/][left.value=${RULE_NAME}]`, message: `Comparing with a rule set or family: ${RULE_BRANCH}.` },
  // ruleset.id === 'my-own', ctx.ruleset.family !== `${kind}`: a rule set not named above
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.type='Literal'], [right.type='Literal'], [left.type='TemplateLiteral'], [right.type='TemplateLiteral']):not([left.value=${RULE_NAME}]):not([right.value=${RULE_NAME}]):has(> ${RULESET_KEY})`,
    message: `Comparing a rule set's id or family: ${RULE_BRANCH}.`,
  },
  // switch (ruleset.family) { case 'pods': … }, switch (ctx.ruleset.id)
  { selector: `SwitchCase[test.value=${RULE_NAME}]`, message: `A case per rule set or family: ${RULE_BRANCH}.` },
  { selector: `SwitchStatement:not(:has(> SwitchCase[test.value=${RULE_NAME}])) > ${RULESET_KEY}.discriminant`, message: `A switch on a rule set's id or family: ${RULE_BRANCH}.` },
  // id.startsWith('lightseekers'), ['mstr-2022', 'mamtr-2024'].includes(id)
  {
    selector: `CallExpression[callee.property.name=/^(startsWith|endsWith|includes)$/][arguments.0.value=${RULE_NAME}]`,
    message: `Matching a rule set's name: ${RULE_BRANCH}.`,
  },
  {
    selector: `CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression']:has(Literal[value=${RULE_NAME}])`,
    message: `A list of rule sets: ${RULE_BRANCH}.`,
  },
  // isPodRuleset(id), rules.isLightseekers(state)
  { selector: `CallExpression[callee.name=${FAMILY_TEST}]`, message: `A rule-family test: ${RULE_BRANCH}.` },
  { selector: `CallExpression[callee.property.name=${FAMILY_TEST}]`, message: `A rule-family test: ${RULE_BRANCH}.` },
  // { mtr: …, 'mamtr-2024': … }[state.ruleset]
  { selector: `Property[key.value=${RULE_NAME}]`, message: `A table keyed by rule set: ${RULE_BRANCH}.` },
  // getRuleset('mamtr-2024'): a screen naming one rule set
  { selector: "CallExpression[callee.name='getRuleset'][arguments.0.type='Literal']", message: `A screen naming one rule set: ${RULE_BRANCH}.` },
];

/** core/ is deterministic and loads nothing at run time. */
const CORE_SYNTAX = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'core/ is deterministic: `new Date()` reads the clock; take `now` as an argument.' },
  { selector: 'ImportExpression', message: 'core/ loads nothing at run time: import statically.' },
];

/**
 * Files outside core/rulesets/ that still import a rule set's internals while they
 * move what they use behind the Ruleset interface. Each entry is a debt, not a permission:
 * its findings are reported as warnings instead of errors (`npm run lint` lists them),
 * test/lint/layers.test.ts fails on an entry that has none left (take it out then), and no entry
 * is ever added. Empty: every file outside core/rulesets/ reaches the rules through the Ruleset
 * interface. (Screens have no such list: none branches on the rule set any more.)
 */
export const RULESET_INTERNALS_ALLOWLIST = [];

/** No function in core/, electron/ or renderer/ over 120 lines, blank lines and comments left out. */
const FUNCTION_SIZE = { max: 120, skipBlankLines: true, skipComments: true };

/**
 * Files with a function over FUNCTION_SIZE, still to be split: their findings are warnings until
 * then; test/lint/layers.test.ts fails on an entry with none left, and no entry is ever added.
 */
export const LONG_FUNCTIONS_ALLOWLIST = [];

// ---------------------------------------------------------------------------------------------
// Folders, on resolved paths

const RULESET_INTERNALS_ZONE = {
  target: ['./core/!(rulesets)/**', './core/*', './electron/**', './renderer/**'],
  from: './core/rulesets',
  except: ['./index.ts', './ruleset.ts'],
  message: "That is a rule set's internals: outside core/rulesets/, go through the Ruleset interface (core/rulesets/index.ts, ruleset.ts).",
};
const LAYER_ZONES = [
  { target: './core', from: './electron', message: 'core/ is pure: it imports nothing from electron/.' },
  { target: './core', from: './renderer', message: 'core/ is pure: it imports nothing from renderer/.' },
  { target: './core', from: './test', message: 'core/ is pure: it imports nothing from test/.' },
  { target: './renderer', from: './electron', message: 'The renderer imports nothing from electron/: it talks to the host through the StationApi (core/api) only.' },
  {
    target: ['./electron/host/**', './electron/web.ts'],
    from: './electron/!(web).ts',
    message: 'That is the Electron shell: electron/host/ and browser mode are plain Node and never load Electron.',
  },
  { target: ['./electron/host/**', './electron/web.ts'], from: './renderer', message: 'The host serves the renderer; it imports nothing from renderer/.' },
];

function restrictedPaths(zones, severity = 'error') {
  return [severity, { zones, basePath: import.meta.dirname }];
}

export default [
  {
    // test/ has no layer: tests may reach into every part they test.
    ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'bench-out/**', 'test/**'],
  },
  {
    files: SOURCES,
    // No `eslint-disable` comments: a layer is not waived file by file. A debt goes in the allowlists below.
    linterOptions: { noInlineConfig: true },
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    // The same rule twice: the folder layers, and a rule set's internals (which the allowlist can
    // turn into warnings without touching the layers).
    plugins: { 'import-x': importX, 'ruleset-internals': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(LAYER_ZONES),
      'ruleset-internals/no-restricted-paths': restrictedPaths([RULESET_INTERNALS_ZONE]),
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['core/**'],
    languageOptions: {
      parserOptions: { lib: CORE_LIB },
      globals: CORE_RUNTIME,
    },
    rules: {
      'no-restricted-imports': refusePackages('core/', 'is pure TypeScript (ARCHITECTURE)', [NODE_MODULES, ELECTRON, REACT_AND_DOM, NOT_A_CORE_PACKAGE]),
      'no-undef': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core/ is deterministic: take `now` as an argument.' },
        { object: 'Math', property: 'random', message: 'core/ is deterministic: take a seeded generator (core/random).' },
      ],
      'no-restricted-syntax': ['error', ...CORE_SYNTAX],
    },
  },
  {
    // Outside the rule sets, core asks the Ruleset too (the same selectors as the renderer's).
    files: ['core/**'],
    ignores: ['core/rulesets/**'],
    rules: { 'no-restricted-syntax': ['error', ...CORE_SYNTAX, ...RULE_FAMILY_BRANCHES] },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': refusePackages('the renderer', 'talks to the host through the StationApi only', [NODE_MODULES, ELECTRON]),
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-syntax': ['error', ...RULE_FAMILY_BRANCHES],
    },
  },
  {
    files: ['electron/host/**', 'electron/web.ts'],
    rules: {
      'no-restricted-imports': refusePackages('electron/host/ and browser mode', 'are plain Node: the shell passes Electron objects in', [ELECTRON, REACT_AND_DOM]),
    },
  },
  {
    // The renderer too: a long component is split into smaller components and hooks.
    files: ['core/**', 'electron/**', 'renderer/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', FUNCTION_SIZE] },
  },
  {
    files: ['electron/preload.ts', 'electron/preload-*.ts'],
    rules: {
      'no-restricted-imports': refusePackages('the preload', 'runs sandboxed: `electron` and bundled pure code only', [NODE_MODULES, REACT_AND_DOM]),
    },
  },
  // The debts above, reported as warnings until they are paid (ESLint refuses an empty `files`).
  ...(RULESET_INTERNALS_ALLOWLIST.length > 0
    ? [{ files: RULESET_INTERNALS_ALLOWLIST, rules: { 'ruleset-internals/no-restricted-paths': restrictedPaths([RULESET_INTERNALS_ZONE], 'warn') } }]
    : []),
  ...(LONG_FUNCTIONS_ALLOWLIST.length > 0 ? [{ files: LONG_FUNCTIONS_ALLOWLIST, rules: { 'max-lines-per-function': ['warn', FUNCTION_SIZE] } }] : []),
];

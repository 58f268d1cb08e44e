/**
 * The lint config itself (eslint.config.js): each layer rule fails on a small source that breaks it
 * and stays quiet on one that keeps it. Sources are linted in memory under a path in the layer they
 * pretend to be in, so the folder rules resolve their imports against the real tree. First the two
 * cases the layer rules were first checked with: `import fs from 'node:fs'` added to a real core file, and a rule-family
 * `if` added to a real screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

interface Finding {
  rule: string | null;
  line: number;
  message: string;
}

/** The findings for `code` linted as if it were the file `file` (relative to the repo). */
async function lint(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  if (!result) throw new Error(`nothing linted for ${file}`);
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const rules = (findings: Finding[]): (string | null)[] => findings.map((f) => f.rule);

describe('the two deliberate breaks', () => {
  it("`import fs from 'node:fs'` added to a core file fails", async () => {
    const file = 'core/pairing/swiss.ts';
    const real = readFileSync(path.join(repoRoot, file), 'utf8');
    const before = await lint(file, real);
    const broken = await lint(file, `import fs from 'node:fs';\n${real}`);
    expect(broken).toHaveLength(before.length + 1);
    expect(broken).toContainEqual({ rule: 'no-restricted-imports', line: 1, message: expect.stringMatching(/node:fs.*Node module.*core\//) });
  });

  it('a rule-family `if` added to a screen fails', async () => {
    const screen = readdirSync(path.join(repoRoot, 'renderer/screens')).find((name) => name.endsWith('Screen.tsx'));
    if (!screen) throw new Error('no screen in renderer/screens');
    const file = `renderer/screens/${screen}`;
    const real = readFileSync(path.join(repoRoot, file), 'utf8');
    const before = await lint(file, real);
    const line = real.split('\n').length + 1;
    const broken = await lint(file, `${real}\nexport function lintProbe(state: { ruleset: string }): string {\n  if (state.ruleset === 'mtr') return 'match';\n  return 'pod';\n}\n`);
    expect(broken).toHaveLength(before.length + 1);
    expect(broken).toContainEqual({ rule: 'no-restricted-syntax', line: line + 1, message: expect.stringMatching(/branches on the rule set/) });
  });
});

describe('core/ is pure and deterministic', () => {
  const file = 'core/event/lint-probe.ts';
  const refused: [string, string][] = [
    ["import { readFile } from 'node:fs/promises';", 'no-restricted-imports'],
    ["import path from 'path';", 'no-restricted-imports'],
    ["import { ipcMain } from 'electron';", 'no-restricted-imports'],
    ["import { useState } from 'react';", 'no-restricted-imports'],
    ["import { createRoot } from 'react-dom/client';", 'no-restricted-imports'],
    ["import Dexie from 'dexie';", 'no-restricted-imports'],
    ["export type { Buffer } from 'node:buffer';", 'no-restricted-imports'],
    ["import { createHostServices } from '../../electron/host/host.js';", 'import-x/no-restricted-paths'],
    ["import { connectIpc } from '../../renderer/api/ipc-client.js';", 'import-x/no-restricted-paths'],
    ["import { repoRoot } from '../../test/support/paths.js';", 'import-x/no-restricted-paths'],
    ['export const title = document.title;', 'no-undef'],
    ["export const saved = localStorage.getItem('x');", 'no-undef'],
    ['export const el: HTMLElement | null = null;', 'no-undef'],
    ['export const home = process.env.HOME;', 'no-undef'],
    ["export const bytes = Buffer.from('x');", 'no-undef'],
    ['export let timer: NodeJS.Timeout | undefined;', 'no-undef'],
    ["export const hash = crypto.randomUUID();", 'no-undef'],
    ['export const now = Date.now();', 'no-restricted-properties'],
    ['export const dice = Math.random();', 'no-restricted-properties'],
    ['export const today = new Date();', 'no-restricted-syntax'],
    ["export const later = import('./apply.js');", 'no-restricted-syntax'],
  ];
  for (const [code, rule] of refused) {
    it(`refuses ${code}`, async () => {
      expect(rules(await lint(file, code))).toEqual([rule]);
    });
  }

  it('accepts pure code: zod, core modules, the Ruleset interface, a given time', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { getRuleset } from '../rulesets/index.js';",
      "import type { Ruleset } from '../rulesets/ruleset.js';",
      "import type { EventState } from '../model/types.js';",
      'export const schema = z.object({ at: z.number() });',
      'export const day = (now: number): Date => new Date(now);',
      'export const rules = (state: EventState): Ruleset => getRuleset(state.ruleset);',
      'export const name = (event: { name: string }): string => event.name;',
      'export const later = (run: () => void): void => queueMicrotask(run);',
      'export const words = (at: number): string => new Intl.DateTimeFormat(\'en\').format(at);',
      'export const copy = <T>(value: T): Partial<Record<string, T>> => structuredClone({ value });',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('core/ imports only the packages on its list', () => {
  const file = 'core/public/lint-probe.ts';
  const refused = ["import { WebSocket } from 'ws';", "import pino from 'pino';", "import { create } from 'qrcode';", "import { renderToString } from 'react-dom/server';", "import express from 'express';"];
  for (const code of refused) {
    it(`refuses ${code}`, async () => {
      const findings = await lint(file, code);
      expect(rules(findings)).toEqual(['no-restricted-imports']);
    });
  }

  it('names the list for a package not on it', async () => {
    expect(await lint(file, "import { WebSocketServer } from 'ws';")).toContainEqual({
      rule: 'no-restricted-imports',
      line: 1,
      message: expect.stringMatching(/not on core's list \(zod, pure-rand, @noble\/hashes, rfc6902\)/),
    });
  });

  it('accepts the packages on the list, with their subpaths, and relative imports', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';",
      "import { sha256 } from '@noble/hashes/sha2.js';",
      "import { createPatch } from 'rfc6902';",
      "import { fold } from '../event/fold.js';",
      'export const probe = [z, xoroshiro128plus, sha256, createPatch, fold];',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });

  it('leaves the host its packages', async () => {
    expect(await lint('electron/host/lint-probe.ts', "import { WebSocket } from 'ws';\nimport pino from 'pino';\nexport const probe = [WebSocket, pino];\n")).toEqual([]);
  });
});

describe('nothing outside core/rulesets/ branches on the rule set', () => {
  const refused = [
    "if (ctx.ruleset.id === 'mamtr-2024') go();",
    "const pods = ctx.ruleset.family === 'pods';",
    "if (ruleset.id === 'a-rule-set-of-my-own') go();",
    'if (getRuleset(state.ruleset).family !== `${kind}`) go();',
    "switch (ruleset.family) { case 'head-to-head': go(); }",
    "switch (ctx.ruleset.id) { case 'anything': go(); }",
    "if (state.ruleset === 'lightseekers-large') go();",
  ];
  const probe = (code: string): string => `declare const ctx: { ruleset: { id: string; family: string } };\ndeclare const ruleset: { id: string; family: string };\ndeclare const state: { ruleset: string };\ndeclare const kind: string;\ndeclare function getRuleset(id: string): { family: string };\ndeclare function go(): void;\n${code}\n`;
  for (const file of ['core/documents/lint-probe.ts', 'core/transcript/lint-probe.ts', 'renderer/lib/lint-probe.ts', 'renderer/player/lint-probe.tsx']) {
    for (const code of refused) {
      it(`refuses ${code} in ${file}`, async () => {
        expect(rules(await lint(file, probe(code)))).toEqual(['no-restricted-syntax']);
      });
    }
  }

  it("refuses `ruleset.id ===` added to a real core file (the match slips)", async () => {
    const file = 'core/documents/match-slips.ts';
    const real = readFileSync(path.join(repoRoot, file), 'utf8');
    const before = await lint(file, real);
    const line = real.split('\n').length + 2;
    const broken = await lint(file, `${real}\nexport function lintProbe(ctx: DocContext): string {\n  return ctx.ruleset.id === 'mamtr-2024' ? 'pod' : 'match';\n}\n`);
    expect(broken).toHaveLength(before.length + 1);
    expect(broken).toContainEqual({ rule: 'no-restricted-syntax', line, message: expect.stringMatching(/branches on the rule set/) });
  });

  it('accepts the same inside core/rulesets/, and a person’s family name or an identity check anywhere', async () => {
    expect(await lint('core/rulesets/mtr/lint-probe.ts', probe("if (ctx.ruleset.id === 'mamtr-2024') go();\nswitch (ruleset.family) { case 'pods': go(); }"))).toEqual([]);
    const code = "declare const p: { family?: string; full: string };\ndeclare const ruleset: { id: string };\ndeclare const state: { ruleset: string };\nexport const probe = p.family !== undefined && p.family !== p.full && ruleset.id === state.ruleset;\n";
    expect(await lint('core/documents/lint-probe.ts', code)).toEqual([]);
    expect(await lint('renderer/lib/lint-probe.ts', code)).toEqual([]);
  });
});

describe("a rule set's internals stay in core/rulesets/", () => {
  const internal = (from: string): string => `import { isPodResult } from '${from}';\nexport const probe = isPodResult;\n`;
  it('refuses them in core/ outside core/rulesets/, in the renderer and in electron/', async () => {
    expect(rules(await lint('core/event/lint-probe.ts', internal('../rulesets/pods/results.js')))).toEqual(['ruleset-internals/no-restricted-paths']);
    expect(rules(await lint('core/lint-probe.ts', internal('./rulesets/pods/results.js')))).toEqual(['ruleset-internals/no-restricted-paths']);
    expect(rules(await lint('renderer/lib/lint-probe.ts', internal('../../core/rulesets/pods/results.js')))).toEqual(['ruleset-internals/no-restricted-paths']);
    expect(rules(await lint('electron/host/lint-probe.ts', internal('../../core/rulesets/pods/results.js')))).toEqual(['ruleset-internals/no-restricted-paths']);
  });

  it('however the path is spelled', async () => {
    expect(rules(await lint('core/event/lint-probe.ts', internal('../clock/../rulesets/pods/results.js')))).toEqual(['ruleset-internals/no-restricted-paths']);
  });

  it('accepts them inside core/rulesets/, and index.ts and ruleset.ts from anywhere', async () => {
    expect(await lint('core/rulesets/mtr/lint-probe.ts', internal('../pods/results.js'))).toEqual([]);
    expect(await lint('renderer/lib/lint-probe.ts', "import { getRuleset } from '../../core/rulesets/index.js';\nimport type { Ruleset } from '../../core/rulesets/ruleset.js';\nexport const probe: (id: string) => Ruleset = getRuleset;\n")).toEqual([]);
  });
});

describe('the renderer never reaches into electron/', () => {
  const file = 'renderer/api/lint-probe.ts';
  it('refuses electron/ files, the electron package and Node', async () => {
    expect(rules(await lint(file, "import { createPodiumBridge } from '../../electron/preload-bridge.js';"))).toEqual(['import-x/no-restricted-paths']);
    expect(rules(await lint(file, "import type { StationService } from '../../electron/host/station-service.js';"))).toEqual(['import-x/no-restricted-paths']);
    expect(rules(await lint(file, "import { ipcRenderer } from 'electron';"))).toEqual(['no-restricted-imports']);
    expect(rules(await lint(file, "import os from 'node:os';"))).toEqual(['no-restricted-imports']);
  });

  it('accepts core/ and its own packages', async () => {
    expect(await lint(file, "import { createRpcClient } from '../../core/api/rpc.js';\nimport { create } from 'zustand';\nexport const probe = [createRpcClient, create];\n")).toEqual([]);
  });
});

describe('electron/host/ is plain Node', () => {
  const file = 'electron/host/lint-probe.ts';
  it('refuses the electron package, the shell that imports it, and the renderer', async () => {
    expect(rules(await lint(file, "import { app } from 'electron';"))).toEqual(['no-restricted-imports']);
    expect(rules(await lint(file, "import { shell } from 'electron/main';"))).toEqual(['no-restricted-imports']);
    expect(rules(await lint(file, "import '../main.js';"))).toEqual(['import-x/no-restricted-paths']);
    expect(rules(await lint('electron/host/print/lint-probe.ts', "import '../../preload.js';"))).toEqual(['import-x/no-restricted-paths']);
    expect(rules(await lint(file, "import '../../renderer/api/index.js';"))).toEqual(['import-x/no-restricted-paths']);
    expect(rules(await lint('electron/web.ts', "import { app } from 'electron';"))).toEqual(['no-restricted-imports']);
  });

  it('accepts Node, its own packages and core/', async () => {
    expect(await lint(file, "import fs from 'node:fs';\nimport { WebSocketServer } from 'ws';\nimport { apply } from '../../core/event/apply.js';\nimport { startBrowserMode } from '../web.js';\nexport const probe = [fs, WebSocketServer, apply, startBrowserMode];\n")).toEqual([]);
  });
});

describe('the preload runs sandboxed', () => {
  it('refuses Node in preload code, accepts electron', async () => {
    expect(rules(await lint('electron/preload-bridge.ts', "import fs from 'node:fs';\nexport const probe = fs;\n"))).toEqual(['no-restricted-imports']);
    expect(await lint('electron/preload.ts', "import { contextBridge } from 'electron';\nexport const probe = contextBridge;\n")).toEqual([]);
  });
});

describe('screens do not branch on the rule set', () => {
  const file = 'renderer/screens/LintProbe.tsx';
  const refused = [
    "if (state.ruleset === 'mtr') go();",
    "if ('lightseekers-large' !== state.ruleset) go();",
    "const pod = getRuleset(state.ruleset).family === 'pods';",
    "if (state.ruleset.startsWith('lightseekers')) go();",
    "if (['mstr-2022', 'mamtr-2024'].includes(state.ruleset)) go();",
    'if (isPodRuleset(state.ruleset)) go();',
    'if (rules.isLightseekers(state)) go();',
    "switch (ruleset.family) { case 'head-to-head': go(); }",
    "const label = { mtr: 'Table', 'mamtr-2024': 'Pod' }[state.ruleset];",
    "const mamtr = getRuleset('mamtr-2024');",
  ];
  for (const code of refused) {
    it(`refuses ${code}`, async () => {
      expect(rules(await lint(file, code))).toEqual(['no-restricted-syntax']);
    });
  }

  it('accepts asking the Ruleset', async () => {
    const code = [
      "import { getRuleset } from '../../core/rulesets/index.js';",
      'declare function isPodiumBridge(value: unknown): boolean;',
      'export function probe(state: { ruleset: string }): string {',
      '  const ruleset = getRuleset(state.ruleset);',
      "  if (ruleset.id === state.ruleset && state.ruleset !== '') return ruleset.name;",
      '  if (isPodiumBridge(state)) return ruleset.name;',
      "  return 'mtr-like words in a sentence are fine';",
      '}',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('no function in core/, electron/ or the renderer over 120 lines', () => {
  /** A function of `lines` lines (its first line to its closing brace), and a blank line and a comment, which do not count. */
  const longFunction = (lines: number): string => {
    const body = Array.from({ length: lines - 4 }, (_, k) => `  total += ${k};`);
    return ['export function probe(): number {', '  let total = 0;', '', '  // a comment', ...body, '  return total;', '}', ''].join('\n');
  };
  /** A React component of `lines` lines that draws a long list, the way a screen grows. */
  const longComponent = (lines: number): string => {
    const items = Array.from({ length: lines - 6 }, (_, k) => `      <li key={${k}}>Table ${k}</li>`);
    return ['export function LintProbe() {', '  return (', '    <ul>', ...items, '    </ul>', '  );', '}', ''].join('\n');
  };

  it('refuses a 121-line function in a core file and in electron/', async () => {
    expect(rules(await lint('core/event/lint-probe.ts', longFunction(121)))).toEqual(['max-lines-per-function']);
    expect(rules(await lint('electron/host/lint-probe.ts', longFunction(121)))).toEqual(['max-lines-per-function']);
  });

  it('refuses a 130-line function added to a real screen of the renderer', async () => {
    const screen = readdirSync(path.join(repoRoot, 'renderer/screens')).find((name) => name.endsWith('Screen.tsx'));
    if (!screen) throw new Error('no screen in renderer/screens');
    const file = `renderer/screens/${screen}`;
    const real = readFileSync(path.join(repoRoot, file), 'utf8');
    const before = await lint(file, real);
    const line = real.split('\n').length + 1;
    const broken = await lint(file, `${real}\n${longFunction(130)}`);
    expect(broken).toHaveLength(before.length + 1);
    expect(broken).toContainEqual({ rule: 'max-lines-per-function', line, message: expect.stringMatching(/too many lines \(130\)\. Maximum allowed is 120/) });
  });

  it('refuses a 130-line component or function anywhere in the renderer', async () => {
    expect(rules(await lint('renderer/screens/LintProbe.tsx', longComponent(130)))).toEqual(['max-lines-per-function']);
    expect(rules(await lint('renderer/components/LintProbe.tsx', longComponent(130)))).toEqual(['max-lines-per-function']);
    expect(rules(await lint('renderer/lib/lint-probe.ts', longFunction(130)))).toEqual(['max-lines-per-function']);
    expect(rules(await lint('renderer/store/lint-probe.ts', longFunction(130)))).toEqual(['max-lines-per-function']);
  });

  it('accepts 120 lines', async () => {
    expect(await lint('core/event/lint-probe.ts', longFunction(120))).toEqual([]);
    expect(await lint('renderer/screens/LintProbe.tsx', longComponent(120))).toEqual([]);
  });
});

describe('no waivers in the code', () => {
  it('an eslint-disable comment changes nothing (and is itself reported)', async () => {
    const findings = await lint('core/event/lint-probe.ts', "// eslint-disable-next-line no-restricted-imports\nimport fs from 'node:fs';\nexport const probe = fs;\n");
    expect(findings).toEqual([
      { rule: null, line: 1, message: expect.stringMatching(/has no effect because you have 'noInlineConfig'/) },
      { rule: 'no-restricted-imports', line: 2, message: expect.stringMatching(/node:fs/) },
    ]);
  });
});

/**
 * The import rules of biome.json and apps/web/biome.json, shown by linting probe files: each row writes one file at a
 * place in the tree, importing one thing, and says what Biome must answer. The probes carry this
 * process's id in their names and are removed afterwards (and, left by a killed run, before).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROBE = /^__boundary-probe-.+__\.ts$/;

type Expected = 'allowed' | { rule: string; says: string };
const surface = { rule: 'lint/style/noRestrictedImports', says: 'only through its public surface' };
const layer = (says: string) => ({ rule: 'lint/style/noRestrictedImports', says });
const cycle = { rule: 'lint/suspicious/noImportCycles', says: 'part of a cycle' };
const ownTables = layer('A module reads only its own tables');

interface Row {
  case: string;
  /** The folder the probe is written in, from the repository root. */
  in: string;
  /** What the probe imports; `{twin}` is a second probe next to it that imports the first back. */
  imports: string;
  /** The names it imports; without them, the whole module as a namespace. */
  names?: string[];
  expected: Expected;
}

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const ROWS: Row[] = [
  {
    case: 'a module imports another through its index.ts',
    in: `${SERVER}/modules/cars`,
    imports: '../photos/index.ts',
    expected: 'allowed',
  },
  {
    case: "a module imports another module's file",
    in: `${SERVER}/modules/cars`,
    imports: '../photos/photo-urls.ts',
    expected: surface,
  },
  {
    case: "a module reaches another module's file through modules/",
    in: `${SERVER}/modules/cars`,
    imports: '../../modules/photos/photo-urls.ts',
    expected: surface,
  },
  {
    case: 'the seed imports a module through its index.ts',
    in: `${SERVER}/seed`,
    imports: '../modules/photos/index.ts',
    expected: 'allowed',
  },
  {
    case: "the seed imports a module's file",
    in: `${SERVER}/seed`,
    imports: '../modules/photos/photos.service.ts',
    expected: surface,
  },
  {
    case: "the app's composition imports a module's file",
    in: SERVER,
    imports: './modules/users/admins.ts',
    expected: surface,
  },
  {
    case: 'a module imports its own schema file',
    in: `${SERVER}/modules/cars`,
    imports: './cars.schema.ts',
    expected: 'allowed',
  },
  {
    case: 'a module imports every table, db/schema.ts',
    in: `${SERVER}/modules/cars`,
    imports: '../../db/schema.ts',
    expected: ownTables,
  },
  {
    case: "a module imports another module's table by name from db/schema.ts",
    in: `${SERVER}/modules/payments`,
    imports: '../../db/schema.ts',
    names: ['bookings'],
    expected: ownTables,
  },
  {
    case: "a module imports another module's schema file",
    in: `${SERVER}/modules/cars`,
    imports: '../photos/photos.schema.ts',
    expected: ownTables,
  },
  {
    case: "a module imports auth/'s users table",
    in: `${SERVER}/modules/cars`,
    imports: '../../auth/auth.schema.ts',
    names: ['users'],
    expected: 'allowed',
  },
  {
    case: "a module imports auth/'s sessions table",
    in: `${SERVER}/modules/cars`,
    imports: '../../auth/auth.schema.ts',
    names: ['sessions'],
    expected: layer("Of auth/'s tables a module reads only users"),
  },
  {
    case: 'the search module, the one exception, reads the cars tables through db/schema.ts',
    in: `${SERVER}/modules/search`,
    imports: '../../db/schema.ts',
    expected: 'allowed',
  },
  {
    case: "the search module imports another module's file",
    in: `${SERVER}/modules/search`,
    imports: '../photos/photo-urls.ts',
    expected: surface,
  },
  { case: 'db/ imports its own files', in: `${SERVER}/db`, imports: './schema.ts', expected: 'allowed' },
  {
    case: 'db/ imports http/',
    in: `${SERVER}/db`,
    imports: '../http/access.ts',
    expected: layer('bottom layer'),
  },
  {
    case: 'storage/ imports a module',
    in: `${SERVER}/storage`,
    imports: '../modules/photos/index.ts',
    expected: layer('bottom layer'),
  },
  {
    case: 'http/ imports auth/',
    in: `${SERVER}/http`,
    imports: '../auth/session-cache.ts',
    expected: 'allowed',
  },
  {
    case: 'auth/ imports http/',
    in: `${SERVER}/auth`,
    imports: '../http/access.ts',
    expected: layer('auth/ sits below http/'),
  },
  {
    case: 'http/ imports a module',
    in: `${SERVER}/http`,
    imports: '../modules/cars/index.ts',
    expected: layer('http/ and web/ sit below the modules'),
  },
  {
    case: 'web/ (page rendering) imports a module',
    in: `${SERVER}/web`,
    imports: '../modules/cars/index.ts',
    expected: layer('http/ and web/ sit below the modules'),
  },
  {
    case: 'access/ imports a module',
    in: `${SERVER}/access`,
    imports: '../modules/cars/index.ts',
    expected: layer('access/ (the record-level access check) sits below the modules'),
  },
  {
    case: 'access/ imports http/',
    in: `${SERVER}/access`,
    imports: '../http/access.ts',
    expected: layer('access/ (the record-level access check) sits below the modules'),
  },
  {
    case: 'a web page imports a feature through its index.ts',
    in: `${WEB}/app/routes`,
    imports: '../../features/cars/index.ts',
    expected: 'allowed',
  },
  {
    case: "a web page imports a feature's file",
    in: `${WEB}/app/routes`,
    imports: '../../features/cars/components/car-form.tsx',
    expected: layer('Import a feature only through its public surface'),
  },
  {
    case: 'a web feature imports another feature',
    in: `${WEB}/features/cars/components`,
    imports: '../../bookings/index.ts',
    expected: layer('A feature does not import another feature'),
  },
  {
    case: 'a web feature imports app/',
    in: `${WEB}/features/cars/components`,
    imports: '../../../app/router.tsx',
    expected: layer('A feature does not import app/'),
  },
  {
    case: "the web app's shared components import a feature",
    in: `${WEB}/components/ui`,
    imports: '../../features/cars/index.ts',
    expected: layer('Shared code (components/, lib/, config/, testing/) does not import features/'),
  },
  {
    case: 'two files import each other, types only',
    in: `${SERVER}/modules/cars`,
    imports: './{twin}',
    expected: cycle,
  },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

const probeName = (index: number, twin = false) =>
  `__boundary-probe-${process.pid}-${index}${twin ? '-twin' : ''}__.ts`;
const probeSource = (specifier: string, names?: string[]) =>
  names
    ? `import type { ${names.join(', ')} } from '${specifier}';\nexport type Probe = [${names.map((name) => `typeof ${name}`).join(', ')}];\n`
    : `import type * as target from '${specifier}';\nexport type Probe = typeof target;\n`;

function removeProbes() {
  for (const folder of new Set(ROWS.map((row) => row.in))) {
    const directory = path.join(ROOT, folder);
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory))
      if (PROBE.test(name)) rmSync(path.join(directory, name), { force: true });
  }
}

const found = new Map<string, Diagnostic[]>();
const probeOf = (index: number) => path.posix.join(ROWS[index]!.in, probeName(index));

describe('module boundaries (biome.json, apps/web/biome.json)', () => {
  beforeAll(async () => {
    removeProbes();
    const files: string[] = [];
    ROWS.forEach((row, index) => {
      const write = (name: string, specifier: string) => {
        mkdirSync(path.join(ROOT, row.in), { recursive: true });
        writeFileSync(path.join(ROOT, row.in, name), probeSource(specifier, row.names));
        files.push(path.posix.join(row.in, name));
      };
      if (row.imports.includes('{twin}')) {
        write(probeName(index), row.imports.replace('{twin}', probeName(index, true)));
        write(probeName(index, true), `./${probeName(index)}`);
      } else write(probeName(index), row.imports);
    });
    try {
      // Biome exits non-zero when it finds errors, which most probes are there to cause.
      const stdout = await promisify(execFile)(
        path.join(ROOT, 'node_modules/.bin/biome'),
        ['lint', '--reporter=json', '--max-diagnostics=none', ...files],
        { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      ).then(
        (result) => result.stdout,
        (error: { stdout?: string }) => error.stdout ?? '',
      );
      const report = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
      for (const diagnostic of report.diagnostics) {
        const file = diagnostic.location.path.split(path.sep).join('/');
        found.set(file, [...(found.get(file) ?? []), diagnostic]);
      }
    } finally {
      removeProbes();
    }
  });

  afterAll(removeProbes);

  it.each(ROWS.map((row, index) => [row.case, index] as const))('%s', (_, index) => {
    const expected = ROWS[index]!.expected;
    const diagnostics = (found.get(probeOf(index)) ?? []).map((d) => ({
      rule: d.category,
      message: d.message,
    }));
    if (expected === 'allowed') expect(diagnostics).toEqual([]);
    else
      expect(diagnostics).toContainEqual({
        rule: expected.rule,
        message: expect.stringContaining(expected.says),
      });
  });
});

describe('the import rules have no exceptions in the server', () => {
  it('no file of apps/server/src silences them with a biome-ignore', () => {
    const directory = path.join(ROOT, SERVER);
    const silencing = readdirSync(directory, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !PROBE.test(path.basename(file)))
      .filter((file) =>
        /biome-ignore[^\n]*lint\/(style\/noRestrictedImports|suspicious\/noImportCycles)/.test(
          readFileSync(path.join(directory, file), 'utf8'),
        ),
      );
    expect(silencing).toEqual([]);
  });
});

/** The README's configuration table must list every setting the server reads, and no other. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';

/** The environment variables `loadConfig` asks for, observed on an environment that records each read. */
function settingsRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    { NODE_ENV: 'test' },
    {
      get(target, key) {
        if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) read.add(key);
        return Reflect.get(target, key);
      },
    },
  );
  loadConfig(env);
  return [...read].sort();
}

/** The variables named in the first column of the table under the README's "## Configuration". */
async function settingsInReadme(): Promise<string[]> {
  const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((row) =>
      ((row.split('|')[1] ?? '').match(/`[A-Z][A-Z0-9_]*`/g) ?? []).map((quoted) => quoted.slice(1, -1)),
    );
  return [...new Set(names)].sort();
}

it("lists in the README's configuration table every setting the configuration reads, and none it does not", async () => {
  expect(await settingsInReadme()).toEqual(settingsRead());
});

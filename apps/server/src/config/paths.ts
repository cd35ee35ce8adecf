/**
 * Where the server finds what it reads besides its modules (migrations, the built web app) and the
 * programs it starts, the same whether it runs from its TypeScript sources (`src/`) or compiled
 * (`dist/`, ADR 31). A compiled module does not sit where its source did (it is part of a bundle's
 * chunk), so these paths start from the server's package directory, never from a module's own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** `apps/server`: the nearest directory above this module that holds a package.json. */
function packageDirectory(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
}

export const SERVER_DIR = packageDirectory();

/** The committed migrations, applied at start-up. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/** The web app's build (`npm run build`): WEB_DIST's default. */
export const WEB_DIST_DEFAULT = path.resolve(SERVER_DIR, '../web/dist');

/** The compiled server's modules are `.js` files in `dist/`; the sources are `.ts` files in `src/`. */
const compiled = path.extname(import.meta.filename) === '.js';

/** A program of the server (`scripts/seed`) in the form this process runs, so that a child runs what its parent does. */
export function serverProgram(name: string): string {
  return compiled ? path.join(SERVER_DIR, 'dist', `${name}.js`) : path.join(SERVER_DIR, 'src', `${name}.ts`);
}

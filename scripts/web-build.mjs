/**
 * The web app's build (apps/web/dist), made again only when its sources changed (ADR 69): a SHA-256
 * of everything `vite build` reads of ours (the app, the shared package, the installed versions),
 * kept beside the server entry (dist/ssr/, which the server never sends) after each `npm start`
 * build. Another build (`npm run build`) leaves no record, so the next `npm start` builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

/** Files and directories the build reads, relative to the repository's root. */
const INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/src',
  'packages/shared/package.json',
  'packages/shared/src',
  'package-lock.json',
];

const record = path.join(web, 'dist/ssr/inputs.sha256');

function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The digest of the build's inputs as they are now. */
function inputsDigest() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the web app (`npm run build --workspace @redline/web`) unless the build in dist/ is recorded
 * as made from the inputs as they are now; records the digest taken before the build, so that a
 * file changed while it runs is built next time. Returns whether it built; exits when the build fails.
 */
export function ensureWebBuild() {
  const digest = inputsDigest();
  if (existsSync(path.join(web, 'dist/index.html')) && existsSync(record)) {
    if (readFileSync(record, 'utf8').trim() === digest) return false;
  }
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  // A production build whatever NODE_ENV the start runs with: under NODE_ENV=development Vite builds
  // React's development runtime, which the server refuses in production (`jsxDEV is not a function`).
  const build = spawnSync(npm[0], [...npm.slice(1), 'run', 'build', '--workspace', '@redline/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(record, `${digest}\n`);
  return true;
}

/**
 * `npm run build --workspace @redline/server`: compiles the server into `dist/` for production
 * (`npm run start:prod`, ADR 31). The server and the workspace packages it imports become
 * JavaScript; packages from node_modules stay there and are imported at run time (sharp's and pg's
 * native code, PGlite's WebAssembly files beside its modules).
 */
import { rm } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';

/**
 * What Node runs: the server, the seed it starts in a child process for demo data
 * (seed/first-start.ts), and the worker that decodes HEIC photos (photos/heic-decoder.ts). Each is
 * found by `serverProgram` at the same path under `dist/` as under `src/`.
 */
const ENTRY_POINTS = ['src/main.ts', 'src/scripts/seed.ts', 'src/modules/photos/heic-worker.ts'];

/**
 * Bare imports stay imports, except those of the workspace's packages, whose exports are TypeScript.
 * Each must resolve from here as it will from `dist/`: a package that only a workspace package could
 * reach (not hoisted to the root's node_modules) fails the build instead of the start.
 */
const nodeModulesStayExternal: Plugin = {
  name: 'node-modules-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      if (specifier.startsWith('@redline/')) return undefined;
      import.meta.resolve(specifier);
      return { external: true };
    });
  },
};

const started = performance.now();
await rm(`${import.meta.dirname}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ENTRY_POINTS,
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  // The modules main.ts imports dynamically stay files of their own, loaded when imported: after
  // main.ts has turned Node's compile cache on, and the demo art only by the seed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Bundling renames clashing top-level names; functions and classes keep theirs (Fastify's plugin
  // names, error classes' names in logs).
  keepNames: true,
  plugins: [nodeModulesStayExternal],
  logLevel: 'warning',
});
console.log(`server compiled into apps/server/dist in ${Math.round(performance.now() - started)} ms`);

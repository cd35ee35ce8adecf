import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API (and uploaded photos) live on the Fastify server; in development Vite proxies to it. */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once at
 * the highest level, for a server that sends precompressed files (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'redline:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = readFileSync(file);
        const brotli = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: brotli }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The server's build of the app (src/entry-server.tsx, ADR 16), in `ssr/` of the browser's build
 * directory (`--outDir` included), where the server finds it and never serves it.
 */
function serverEntry(): Plugin {
  return {
    name: 'redline:server-entry',
    config: (config) => ({
      environments: {
        ssr: {
          build: {
            outDir: path.join(config.build?.outDir ?? 'dist', 'ssr'),
            emptyOutDir: false,
            copyPublicDir: false,
            rolldownOptions: {
              input: 'src/entry-server.tsx',
              output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
            },
          },
        },
      },
    }),
  };
}

/** index.html's entry module as the build writes it: `<script type="module" crossorigin src="…">`. */
const ENTRY_MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

/**
 * The page's JavaScript asked for once the page has painted (ADR 77): the server's HTML is the page,
 * so on a slow link its stylesheet and main photo get the bandwidth, and the page shows before the
 * scripts that take it over arrive. The built index.html names its entry module to
 * public/start-after-paint.js (deferred: it runs once the document is parsed, the stylesheet in),
 * which adds the module after the first contentful paint, or after the main photo's load when the
 * page has one (`fetchpriority="high"`) not yet come by then; at once for a page sent empty (a failed
 * render, which main.tsx renders), a tab in the background, or a browser that reports no paints; when
 * the page turns hidden; and a second after it runs at the latest.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'redline:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(ENTRY_MODULE_SCRIPT)];
        if (entries.length !== 1) {
          throw new Error(
            `the built index.html has ${entries.length} entry module scripts; expected exactly one`,
          );
        }
        return html.replace(
          ENTRY_MODULE_SCRIPT,
          (_, src: string) => `<script defer src="/start-after-paint.js" data-module="${src}"></script>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), serverEntry(), scriptsAfterFirstPaint()],
  // `vite build` builds every environment: the browser's app, then the server's entry.
  builder: {},
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/uploads': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/uploads': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser that runs this build supports <link rel="modulepreload">; skip Vite's polyfill.
    // No modulepreload links in index.html: the page arrives rendered (ADR 16), so its stylesheet and
    // LCP image come first and the JavaScript (found through the entry module) after them; preloaded,
    // the first page's 100 KB of scripts competed with both on a slow link (docs/performance.md, 4).
    // A lazy chunk still preloads its own imports when it loads.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
    },
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Every route page is already its own lazy chunk (router.tsx imports them dynamically);
        // these groups keep the long-lived framework code in separately cached vendor chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 2 },
            // Redline's own modules of the first page, in one chunk with the entry: rolldown would
            // otherwise put each that a lazy page shares (the API client, the paths…) in a small
            // chunk of its own, compressed apart (1.2–1.7 KB gzip more on every page; ADR 68).
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});

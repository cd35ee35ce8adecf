#!/usr/bin/env node
/**
 * `npm start`: the web app built when its sources changed since its last build, then the server from
 * its TypeScript sources in this process, as the server's own `start` script runs it (its V8 flags
 * are on this script's command line, ADR 70; its working directory is the server's package), so that
 * a restart costs no build and no second npm (ADR 69).
 */
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
process.chdir(path.resolve(import.meta.dirname, '../apps/server'));
await import('../apps/server/src/main.ts');

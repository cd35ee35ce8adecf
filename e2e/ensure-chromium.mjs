#!/usr/bin/env node
/**
 * The end-to-end suite drives Debian's Chromium (/usr/bin/chromium), never a downloaded browser.
 * When it is missing: as root with apt-get, install it (`apt-get install -y chromium`);
 * otherwise stop with a message that says how to install it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (!isRoot || !hasApt) {
  fail(
    [
      `The end-to-end tests need Debian's Chromium at ${CHROMIUM}, and it is not installed.`,
      hasApt
        ? 'Install it with:\n\n    sudo apt-get install -y chromium\n\nthen run the tests again.'
        : 'Install Chromium with your package manager (on Debian/Ubuntu: sudo apt-get install -y chromium),\n' +
          'or set E2E_CHROMIUM to the path of a Chromium binary, then run the tests again.',
    ].join('\n'),
  );
}

console.log(`${CHROMIUM} is missing: installing Debian's chromium (apt-get, running as root)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    fail(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}). Install Chromium by hand:

    sudo apt-get install -y chromium`);
  }
}

if (!existsSync(CHROMIUM)) fail(`apt-get installed chromium, but ${CHROMIUM} still does not exist.`);
console.log(`Chromium installed at ${CHROMIUM}.`);

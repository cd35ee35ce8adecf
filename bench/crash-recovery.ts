/**
 * Crash recovery on the embedded database: the production server on PGlite takes a burst of
 * writes (contact messages, one row each) from many clients and is killed with SIGKILL in the
 * middle of it; then it is started again on the same data directory. Does it start, and is every
 * write it answered 201 still there? Repeated for --rounds (default 3) on the same directory.
 *
 *   npm run bench:crash -- --rounds 3 --writers 16
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Client,
  freePort,
  machine,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
} from './reliability/harness.ts';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROUNDS = flag('rounds', 3);
const WRITERS = flag('writers', 16);
const ADMIN = 'crash-admin@example.test';

let ipCounter = 0;
/** A different client address per message: the contact form is limited per address (trustProxy is on in production). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function burst(base: string, server: ServerProcess, killAfterMs: number) {
  const acknowledged = new Set<string>();
  let sent = 0;
  const failures = new Map<string, number>();
  let stop = false;
  const writer = async () => {
    while (!stop) {
      const marker = `crash-${randomUUID()}`;
      sent += 1;
      const res = await new Client(base, nextIp()).request('POST', '/api/contact', {
        name: 'Crash test',
        email: 'crash@example.test',
        message: `A message that must survive: ${marker}`,
      });
      if (res.status === 201) acknowledged.add(marker);
      else {
        const key = res.status === 0 ? 'no answer' : String(res.status);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  await sleep(killAfterMs);
  await server.kill();
  const killedAt = performance.now();
  stop = true;
  await Promise.all(writers);
  return { acknowledged, sent, failures, killedAt };
}

async function storedMarkers(base: string): Promise<Set<string>> {
  const admin = new Client(base);
  const signIn = await admin.request('POST', '/api/auth/sign-in/email', {
    email: ADMIN,
    password: 'reliability-1',
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in after restart: ${signIn.status}`);
  const markers = new Set<string>();
  let cursor: string | null = null;
  do {
    const page = (await admin.request(
      'GET',
      `/api/contact?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )) as { status: number; body: { items: { message: string }[]; nextCursor: string | null } };
    if (page.status !== 200) throw new Error(`listing contact messages: ${page.status}`);
    for (const item of page.body.items) {
      const marker = /crash-[0-9a-f-]{36}/.exec(item.message)?.[0];
      if (marker) markers.add(marker);
    }
    cursor = page.body.nextCursor;
  } while (cursor);
  return markers;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-crash-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const env = { ADMIN_EMAILS: ADMIN };
  console.log(`crash recovery on PGlite: ${ROUNDS} rounds, ${WRITERS} writers; data in ${dataDir}`);
  console.log(`machine: ${machine()}; ${new Date().toISOString()}`);
  let server: ServerProcess | undefined = await startServer({ dataDir, logFile, port, env });
  await signUp(new Client(server.baseUrl), 'Buyer', ADMIN);
  const allAcknowledged = new Set<string>();
  const rows: string[] = [];
  let lostTotal = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const killAfter = 2_000 + Math.floor(Math.random() * 2_000);
      const result = await burst(server.baseUrl, server, killAfter);
      for (const m of result.acknowledged) allAcknowledged.add(m);
      server = undefined;

      let restarted: ServerProcess;
      try {
        restarted = await startServer({ dataDir, logFile, port, env, timeoutMs: 120_000 });
      } catch (error) {
        console.log(`round ${round}: the server did NOT start again: ${(error as Error).message}`);
        console.log(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
        process.exitCode = 1;
        return;
      }
      server = restarted;
      const stored = await storedMarkers(server.baseUrl);
      const lostThisRound = [...result.acknowledged].filter((m) => !stored.has(m)).length;
      const lostEver = [...allAcknowledged].filter((m) => !stored.has(m)).length;
      const unacknowledgedButStored = [...stored].filter((m) => !allAcknowledged.has(m)).length;
      lostTotal = lostEver;
      rows.push(
        `| ${round} | ${(killAfter / 1000).toFixed(1)} s | ${result.sent} | ${result.acknowledged.size} | ${[...result.failures].map(([k, n]) => `${k}×${n}`).join(', ')} | ${lostThisRound} | ${lostEver} | ${unacknowledgedButStored} | ${(server.startMs / 1000).toFixed(1)} s |`,
      );
    }
    console.log(
      '\n| round | SIGKILL after | writes sent | answered 201 | other outcomes | 201s lost (this round) | 201s lost (all rounds so far) | stored without a 201 (in flight) | restart to healthy |',
    );
    console.log('|---:|---:|---:|---:|---|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    console.log(
      `\n${allAcknowledged.size} writes answered 201 over ${ROUNDS} kills; ${lostTotal} of them missing after the restarts.`,
    );
    process.exitCode = lostTotal > 0 ? 2 : 0;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

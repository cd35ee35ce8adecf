/**
 * Experiment (not part of `npm run bench`): what the per-request cost of the framework's plugins
 * is, and what two changes to apps/server/src/app.ts would buy. Run:
 *   node_modules/.bin/tsx bench/experiments/lean-http.ts [--seconds 10] [--cars 10k]
 *
 * It copies the server's source into bench/.data/exp-server and patches the copy (the real source
 * is never touched) into variants, then measures GET /api/categories (served from the catalogue
 * cache, so no database work) and GET /api/cars/id/{id} against each, with the constant ceiling
 * alongside:
 *   committed    the app as it is;
 *   helmet-once  @fastify/helmet replaced by the same helmet options applied once at start-up and
 *                copied onto each reply (@fastify/helmet builds the whole helmet middleware,
 *                content security policy parsing included, on every request);
 *   lean         helmet-once, and one log line per request instead of two;
 *   lean+session lean, and the signed-in user of a session cookie kept in memory for 10 s (an
 *                upper bound of what a session cache buys: a real one must also forget a session
 *                at sign-out, user deletion and role change).
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { saveResponses, settle } from '../api.ts';
import {
  countFlag,
  describeLoad,
  loadNow,
  parseFlags,
  printTable,
  REPO_ROOT,
  round,
  WORK_DIR,
} from '../lib/cli.ts';
import { benchTarget, targetEnv } from '../lib/database.ts';
import { ensureDataset, loadInputs } from '../lib/dataset.ts';
import { runLoad, SCENARIOS, type ScenarioInputs } from '../lib/load.ts';
import { type Running, startProcess, startRedline } from '../lib/processes.ts';
import { signInBuyers } from '../lib/sessions.ts';

const EXP_DIR = path.join(WORK_DIR, 'exp-server');

function patchHelmetOnce(app: string): string {
  const start = app.indexOf('  await app.register(helmet, {');
  const end = app.indexOf('  });\n', start);
  if (start < 0 || end < 0)
    throw new Error('app.ts no longer registers helmet as expected; update the experiment');
  const options = app.slice(start + '  await app.register(helmet, '.length, end + 3);
  const replacement = `  // Experiment: helmet's headers computed once, copied onto every reply.
  const helmetHeaders: Record<string, string> = {};
  helmetMiddleware(${options.trim()})(
    {} as never,
    {
      setHeader: (k: string, v: string) => { helmetHeaders[k.toLowerCase()] = v; },
      removeHeader: (k: string) => { delete helmetHeaders[k.toLowerCase()]; },
    } as never,
    () => {},
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(helmetHeaders);
    done();
  });
`;
  return app
    .replace("import helmet from '@fastify/helmet';", "import helmetMiddleware from 'helmet';")
    .replace(app.slice(start, end + 6), replacement);
}

function patchOneLogLine(app: string): string {
  const anchor = '  }).withTypeProvider<ZodTypeProvider>();';
  if (!app.includes(anchor)) throw new Error('app.ts options changed; update the experiment');
  return app.replace(
    anchor,
    `    disableRequestLogging: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
    done();
  });`,
  );
}

function patchSessionCache(access: string): string {
  const anchor = 'async function sessionUser(auth: Auth, request: FastifyRequest): Promise<User | null> {';
  if (!access.includes(anchor)) throw new Error('http/access.ts changed; update the experiment');
  return access.replace(
    anchor,
    `const sessionCache = new Map<string, { user: User | null; at: number }>();
async function sessionUser(auth: Auth, request: FastifyRequest): Promise<User | null> {
  const key = request.headers.cookie;
  if (!key) return null;
  const hit = sessionCache.get(key);
  if (hit && Date.now() - hit.at < 10_000) return hit.user;
  const user = await sessionUserUncached(auth, request);
  sessionCache.set(key, { user, at: Date.now() });
  return user;
}

async function sessionUserUncached(auth: Auth, request: FastifyRequest): Promise<User | null> {`,
  );
}

async function variant(
  name: string,
  patch: (app: string) => string,
  patchAccess: (access: string) => string = (a) => a,
) {
  const dir = path.join(EXP_DIR, name);
  await rm(dir, { recursive: true, force: true });
  await cp(path.join(REPO_ROOT, 'apps/server/src'), path.join(dir, 'src'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'apps/server/drizzle'), path.join(dir, 'drizzle'), { recursive: true });
  const appFile = path.join(dir, 'src/app.ts');
  await writeFile(appFile, patch(await readFile(appFile, 'utf8')));
  const accessFile = path.join(dir, 'src/http/access.ts');
  await writeFile(accessFile, patchAccess(await readFile(accessFile, 'utf8')));
  return path.relative(REPO_ROOT, path.join(dir, 'src/main.ts'));
}

async function main() {
  const flags = parseFlags();
  const seconds = countFlag(flags, 'seconds', 10);
  const cars = countFlag(flags, 'cars', 10_000);
  const target = benchTarget('postgres', cars);
  await ensureDataset(target, cars);
  const found = await loadInputs(target, 64);
  const variants = {
    committed: 'apps/server/src/main.ts',
    'helmet-once': await variant('helmet-once', patchHelmetOnce),
    lean: await variant('lean', (app) => patchOneLogLine(patchHelmetOnce(app))),
    'lean+session': await variant(
      'lean-session',
      (app) => patchOneLogLine(patchHelmetOnce(app)),
      patchSessionCache,
    ),
  };
  const scenarios = SCENARIOS.filter((s) => s.key === 'categories' || s.key === 'car-by-id');
  const rows: Record<string, string | number>[] = [];
  let constant: Running | undefined;
  for (const [name, script] of Object.entries(variants)) {
    const server = await startRedline(`exp-${name}`, targetEnv(target), script);
    try {
      const inputs: ScenarioInputs = {
        categoryId: found.categoryId,
        carIds: found.carIds,
        bookableCarIds: found.bookableCarIds,
        sessions: await signInBuyers(server.baseUrl, found.buyers),
        etags: {},
      };
      if (!constant) {
        const file = await saveResponses('experiment', server.baseUrl, inputs);
        constant = await startProcess({
          name: 'exp-constant',
          script: 'bench/ceilings/constant-server.ts',
          readyPath: '/api/categories',
          env: { BENCH_RESPONSES: file },
        });
      }
      for (const scenario of scenarios) {
        for (const [label, s] of [
          [name, server],
          ['constant ceiling', constant],
        ] as const) {
          await settle(s);
          await runLoad(s.baseUrl, scenario, inputs, { connections: 64, seconds: 2 });
          await settle(s);
          const r = await runLoad(s.baseUrl, scenario, inputs, { connections: 64, seconds });
          rows.push({
            server: label,
            scenario: scenario.key,
            'req/s': r.rps,
            'p50 ms': r.p50,
            'p99 ms': r.p99,
            errors: r.errors,
            load: loadNow()[0],
          });
        }
      }
    } finally {
      await server.stop();
    }
  }
  await constant?.stop();
  console.log(`\n${describeLoad(loadNow())}`);
  printTable(rows);
  const ceiling = (scenario: string) =>
    rows
      .filter((r) => r.server === 'constant ceiling' && r.scenario === scenario)
      .map((r) => Number(r['req/s']));
  for (const scenario of scenarios) {
    const c = ceiling(scenario.key);
    const mean = c.reduce((a, b) => a + b, 0) / c.length;
    for (const name of Object.keys(variants)) {
      const r = rows.find((x) => x.server === name && x.scenario === scenario.key)!;
      console.log(
        `${scenario.key} ${name}: ${round((Number(r['req/s']) / mean) * 100, 1)}% of the constant ceiling (mean of its runs)`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

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

/**
 * Every variant runs at once (idle while another is measured); each measurement of a variant is
 * followed by one of the constant ceiling, and the ratio of that pair is the figure. Over several
 * rounds, in rotating order, the median ratio is robust to the machine's load changing meanwhile.
 */
async function main() {
  const flags = parseFlags();
  const seconds = countFlag(flags, 'seconds', 5);
  const rounds = countFlag(flags, 'rounds', 3);
  const cars = countFlag(flags, 'cars', 10_000);
  const target = benchTarget('postgres', cars);
  await ensureDataset(target, cars);
  const found = await loadInputs(target, 64);
  const variants: Record<string, string> = {
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
  const servers: Running[] = [];
  try {
    const running: Record<string, { server: Running; inputs: ScenarioInputs }> = {};
    for (const [name, script] of Object.entries(variants)) {
      const server = await startRedline(`exp-${name}`, targetEnv(target), script);
      servers.push(server);
      running[name] = {
        server,
        inputs: {
          categoryId: found.categoryId,
          carIds: found.carIds,
          bookableCarIds: found.bookableCarIds,
          sessions: await signInBuyers(server.baseUrl, found.buyers),
          etags: {},
        },
      };
    }
    const first = running.committed!;
    const file = await saveResponses('experiment', first.server.baseUrl, first.inputs);
    const constant = await startProcess({
      name: 'exp-constant',
      script: 'bench/ceilings/constant-server.ts',
      readyPath: '/api/categories',
      env: { BENCH_RESPONSES: file },
    });
    servers.push(constant);

    const measureOne = async (
      server: Running,
      scenario: (typeof scenarios)[number],
      inputs: ScenarioInputs,
    ) => {
      await settle(server);
      await runLoad(server.baseUrl, scenario, inputs, { connections: 64, seconds: 1 });
      await settle(server);
      return runLoad(server.baseUrl, scenario, inputs, { connections: 64, seconds });
    };
    const ratios: Record<string, number[]> = {};
    const rps: Record<string, number[]> = {};
    const names = Object.keys(variants);
    for (let round_ = 0; round_ < rounds; round_++) {
      for (const scenario of scenarios) {
        for (let i = 0; i < names.length; i++) {
          const name = names[(i + round_) % names.length]!;
          const { server, inputs } = running[name]!;
          const app = await measureOne(server, scenario, inputs);
          const ceiling = await measureOne(constant, scenario, inputs);
          const key = `${scenario.key} ${name}`;
          ratios[key] = [...(ratios[key] ?? []), app.rps / Math.max(1, ceiling.rps)];
          rps[key] = [...(rps[key] ?? []), app.rps];
          console.log(
            `round ${round_ + 1} ${key}: ${app.rps} req/s (p99 ${app.p99} ms) vs ceiling ${ceiling.rps} req/s`,
          );
        }
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    console.log(`\n${describeLoad(loadNow())}; ${rounds} rounds of ${seconds} s, 64 connections`);
    printTable(
      Object.keys(ratios).map((key) => ({
        'scenario variant': key,
        'median req/s': Math.round(median(rps[key]!)),
        'median % of constant ceiling': round(median(ratios[key]!) * 100, 1),
        'all ratios %': ratios[key]!.map((r) => round(r * 100, 1)).join(', '),
      })),
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * A Redline cluster on one machine, for `npm run test:cluster`: an S3-compatible server (s3rver),
 * two compiled instances on one PostgreSQL database, and Debian's nginx in front of them with the
 * configuration operators use (deploy/nginx.conf.template), all on loopback ports. `stop` stops
 * everything started here; should the process exit without it, the instances and nginx are killed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import {
  freePort,
  killServerOnExit,
  REPO_ROOT,
  type RunningServer,
  signalGroup,
  startServer,
  stopServer,
} from '../server.ts';

export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy/nginx.conf.template');
/** Where the instances' and nginx's logs are kept after the run. */
export const LOG_DIR = path.join(import.meta.dirname, '..', 'test-results', 'cluster');
const NGINX = process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const BUCKET = 'redline-photos';

export interface Instance extends RunningServer {
  name: string;
  /** host:port, as nginx names it in X-Upstream. */
  address: string;
}

export interface Cluster {
  /** nginx: where every journey goes. */
  url: string;
  instances: [Instance, Instance];
  /** Base URL of the bucket's photos. */
  photosUrl: string;
  /** Kills an instance at once (SIGKILL), as a crash or a pulled plug would. */
  kill(instance: Instance): void;
  stop(): Promise<void>;
}

/** The nginx configuration of the test: the operators' file inside a main block of its own. */
async function writeNginxConfig(dir: string, port: number, instances: Instance[]): Promise<string> {
  const values: Record<string, string> = {
    REDLINE_INSTANCE_1: instances[0]!.address,
    REDLINE_INSTANCE_2: instances[1]!.address,
    REDLINE_LISTEN: `127.0.0.1:${port}`,
    REDLINE_SERVER_NAME: '127.0.0.1',
  };
  const site = (await readFile(NGINX_TEMPLATE, 'utf8')).replace(/\$\{(REDLINE_\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${NGINX_TEMPLATE}: no value for \${${name}}`);
    return value;
  });
  await writeFile(path.join(dir, 'redline.conf'), site);
  // Everything nginx writes stays in `dir`, so it runs without root; as root, its workers run as
  // root too, to write in a directory only root may enter (`user` is ignored otherwise).
  const main = `user ${os.userInfo().username};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The test's own: which instance answered (not for production, where it would name the
  # instances' addresses to every client).
  add_header X-Upstream $upstream_addr always;
  include ${dir}/redline.conf;
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, main);
  return file;
}

async function waitFor(url: string, what: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) during start-up`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within 15 s`);
}

/** Starts the cluster on `databaseUrl`, an empty database. */
export async function startCluster(databaseUrl: string): Promise<Cluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'redline-cluster-'));
  // Ctrl-C or a kill: exit, so that the exit hooks kill the instances and nginx (killServerOnExit).
  const interrupted = (signal: NodeJS.Signals) => process.exit(128 + os.constants.signals[signal]);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted).once('exit', removeDir);
  const stops: (() => Promise<void>)[] = [
    async () => {
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted).off('exit', removeDir);
      removeDir();
    },
  ];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    stops.push(() => s3.close());
    const photosUrl = `${s3Endpoint}/${BUCKET}`;

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      TRUST_PROXY: '127.0.0.1',
      // The same on every instance: a session signed by one is read by the other.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      // The tests sign their users up from one address (server tests check the limit).
      SIGN_UP_LIMIT: '1000',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: photosUrl,
      LOG_LEVEL: 'warn',
    };
    // Started together: both apply the migrations at once, which the advisory lock serialises.
    const instances = (await Promise.all(
      ['a', 'b'].map(async (name) => {
        const server = await startServer(shared);
        stops.push(() => stopServer(server, path.join(LOG_DIR, `instance-${name}.log`)));
        return { ...server, name, address: new URL(server.baseURL).host };
      }),
    )) as [Instance, Instance];

    const config = await writeNginxConfig(dir, nginxPort, instances);
    const nginx = spawn(
      NGINX,
      ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'],
      {
        stdio: 'inherit',
        detached: true,
      },
    );
    const nginxPid = nginx.pid!;
    killServerOnExit(nginxPid);
    stops.push(async () => {
      const exited = new Promise((r) => nginx.once('exit', r));
      if (nginx.exitCode === null) {
        signalGroup(nginxPid, 'SIGQUIT'); // graceful: finishes the requests it is serving
        await exited;
      }
      await mkdir(LOG_DIR, { recursive: true });
      for (const log of ['error.log', 'access.log'])
        await writeFile(
          path.join(LOG_DIR, `nginx-${log}`),
          await readFile(path.join(dir, log)).catch(() => ''),
        );
    });
    await waitFor(`${url}/api/health/live`, 'nginx', nginx);

    return {
      url,
      instances,
      photosUrl,
      kill: (instance) => signalGroup(instance.pid, 'SIGKILL'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

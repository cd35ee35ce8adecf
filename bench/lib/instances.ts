/**
 * Redline as several instances behind nginx, for `--instances N`: N servers on one database and
 * Debian's nginx in front with the operators' configuration (deploy/nginx.conf.template, which
 * `npm run test:cluster` runs too), its upstream holding one line per instance.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, WORK_DIR } from './cli.ts';
import { freePort, type Running, signalGroup, sleep, startRedline, stopGroup } from './processes.ts';

const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy/nginx.conf.template');
const NGINX = process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/** The template's placeholder `name`, as envsubst reads it: `${name}`. */
const placeholder = (name: string) => `\${${name}}`;

/** The operators' file for these instances: the first instance's upstream line once per instance, the second's dropped. */
async function site(listen: string, instances: string[]): Promise<string> {
  const lines = (await readFile(NGINX_TEMPLATE, 'utf8')).split('\n');
  const first = placeholder('REDLINE_INSTANCE_1');
  const upstream = lines.find((line) => line.includes(first));
  if (!upstream) throw new Error(`${NGINX_TEMPLATE}: no upstream line for ${first}`);
  return lines
    .filter((line) => !line.includes(placeholder('REDLINE_INSTANCE_2')))
    .flatMap((line) =>
      line === upstream ? instances.map((address) => line.replace(first, address)) : [line],
    )
    .join('\n')
    .replaceAll(placeholder('REDLINE_LISTEN'), listen)
    .replaceAll(placeholder('REDLINE_SERVER_NAME'), '127.0.0.1');
}

/**
 * Starts `count` instances on `env`'s database, then nginx in front of them; the answer's `baseUrl` is
 * nginx's, its `groups` every process group (the instances' and nginx's), whose CPU a request is counted.
 */
async function startInstances(name: string, env: Record<string, string>, count: number): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = path.join(WORK_DIR, `nginx-${name}`);
  await mkdir(dir, { recursive: true });
  const started: Running[] = [];
  const stopAll = async () => {
    for (const server of started.reverse()) await server.stop();
  };
  try {
    const shared = { ...env, PUBLIC_URL: baseUrl, TRUST_PROXY: '127.0.0.1' };
    for (let i = 1; i <= count; i++) started.push(await startRedline(`${name}-${i}`, shared));
    await writeFile(
      path.join(dir, 'redline.conf'),
      await site(
        `127.0.0.1:${port}`,
        started.map((s) => new URL(s.baseUrl).host),
      ),
    );
    // Everything nginx writes stays in `dir`, so it runs without root (as in e2e/cluster/cluster.ts).
    const config = path.join(dir, 'nginx.conf');
    await writeFile(
      config,
      `user ${os.userInfo().username};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/redline.conf;
}
`,
    );
    const nginx = spawn(
      NGINX,
      ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'],
      {
        stdio: 'ignore',
        detached: true,
      },
    );
    const nginxPid = nginx.pid!;
    process.once('exit', () => signalGroup(nginxPid, 'SIGKILL'));
    started.push({
      name: `${name}-nginx`,
      baseUrl,
      pid: nginxPid,
      logFile: path.join(dir, 'error.log'),
      startMs: 0,
      stop: () => stopGroup(nginxPid),
    });
    for (let tries = 0; ; tries++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}); see ${dir}/error.log`);
      const res = await fetch(`${baseUrl}/api/categories`).catch(() => undefined);
      if (res?.status === 200) break;
      if (tries > 200) throw new Error(`nginx did not answer in time; see ${dir}/error.log`);
      await sleep(25);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    name,
    baseUrl,
    // The first instance: whose memory is watched.
    pid: started[0]!.pid,
    instances: started.slice(0, count).map((s) => s.baseUrl),
    groups: started.map((s) => s.pid),
    logFile: started[0]!.logFile,
    startMs: Math.max(...started.map((s) => s.startMs)),
    stop: stopAll,
  };
}

/** Redline for a benchmark's `--instances N`: N instances behind nginx, or for 0 one instance answering the load itself. */
export function startRedlineInstances(name: string, env: Record<string, string>, instances: number) {
  return instances > 0 ? startInstances(name, env, instances) : startRedline(name, env);
}

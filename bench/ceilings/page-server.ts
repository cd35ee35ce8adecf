/**
 * The ceiling of bench:pages: a bare Fastify server answering each captured page (status, headers and
 * bytes, compressed as Redline sent them) from memory, exactly as captured. The most Fastify can serve
 * for those answers on this machine.
 *
 * Environment: BENCH_RESPONSES (a JSON file of captured responses, `pattern` being the exact path), PORT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { CapturedResponse } from './captured.ts';

const pages = new Map(
  (JSON.parse(readFileSync(process.env.BENCH_RESPONSES!, 'utf8')) as CapturedResponse[]).map((r) => [
    r.pattern,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') },
  ]),
);

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const page = pages.get(request.url);
  if (!page) return reply.code(404).send();
  return reply.code(page.status).headers(page.headers).send(page.body);
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

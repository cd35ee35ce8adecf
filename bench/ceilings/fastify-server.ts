/**
 * The Fastify reference: Fastify's hello-world (no plugins, no hooks, no logger), answering each
 * benchmark route with the very bytes Redline answered, as the constant ceiling does. Between the
 * two, what the framework itself costs on this machine; between it and Redline, what Redline adds.
 *
 * Environment: BENCH_RESPONSES (a JSON file of captured responses, see api.ts), PORT.
 */
import Fastify from 'fastify';
import { findCaptured, readCaptured } from './captured.ts';

const routes = readCaptured(process.env.BENCH_RESPONSES!);

const app = Fastify({ logger: false });
app.all('/*', (request, reply) => {
  const route = findCaptured(routes, request.raw);
  if (!route) return reply.code(404).send();
  return reply
    .code(route.status)
    .headers(route.headers)
    .send(route.status === 304 ? undefined : route.body);
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

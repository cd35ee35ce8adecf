/**
 * The constant ceiling: a bare node:http server answering each benchmark route with the very bytes
 * (status, headers and body) Redline answered, held in memory. The most this runtime can serve
 * for those responses on this machine.
 *
 * Environment: BENCH_RESPONSES (a JSON file of captured responses, see api.ts), PORT.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { CapturedResponse } from './captured.ts';

const routes = (JSON.parse(readFileSync(process.env.BENCH_RESPONSES!, 'utf8')) as CapturedResponse[]).map(
  (r) => {
    const body = Buffer.from(r.body, 'base64');
    const headers: Record<string, string | number> = { ...r.headers, 'content-length': body.length };
    return { ...r, regex: new RegExp(r.pattern), body, headers };
  },
);

const server = http.createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  const conditional = req.headers['if-none-match'] !== undefined;
  const route =
    routes.find((r) => r.method === req.method && r.conditional === conditional && r.regex.test(path)) ??
    routes.find((r) => r.method === req.method && !r.conditional && r.regex.test(path));
  // Request bodies are read and dropped, as any server must.
  req.resume();
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.status === 304 ? undefined : route.body);
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});

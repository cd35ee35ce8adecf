/**
 * The constant ceiling: a bare node:http server answering each benchmark route with the very bytes
 * (status, headers and body) Redline answered, held in memory. The most this runtime can serve
 * for those responses on this machine.
 *
 * Environment: BENCH_RESPONSES (a JSON file of captured responses, see api.ts), PORT.
 */
import http from 'node:http';
import { findCaptured, readCaptured } from './captured.ts';

const routes = readCaptured(process.env.BENCH_RESPONSES!);

const server = http.createServer((req, res) => {
  const route = findCaptured(routes, req);
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

/**
 * The development log (issue 44, item 24): `npm start` wrote each request as a block of 13 lines
 * (pino-pretty printing the request and response objects); it writes one line per request, which
 * says what was asked and answered, and keeps the other entries on one line each too.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, OneLineRequestLog } from '../src/http/logger.ts';

/** A development logger's app, and the text it has written so far. */
async function developmentApp() {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const app = Fastify({
    logger: await loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, sink),
    logController: new OneLineRequestLog(),
  });
  app.get('/api/cars', async () => ({ items: [] }));
  app.get('/api/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return { app, written: () => written };
}

describe('the development log', () => {
  it('writes one line per request: its method, URL, status and time', async () => {
    const { app, written } = await developmentApp();
    await app.inject({
      method: 'GET',
      url: '/api/cars?brand=Porsche',
      headers: { cookie: 'redline.session_token=secret' },
    });
    await app.inject({ method: 'GET', url: '/api/cars' });
    await expect.poll(() => written().split('\n').filter(Boolean)).toHaveLength(2);
    const [first, second] = written().split('\n');
    expect(first).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/cars\?brand=Porsche 200 \d+ ms \{"reqId":"[^"]+"\}$/,
    );
    expect(second).toMatch(/INFO: GET \/api\/cars 200 \d+ ms/);
    expect(written()).not.toMatch(/secret/);
    await app.close();
  });

  it("keeps a failed request's line to one line, and an error's stack where a developer needs it", async () => {
    const { app, written } = await developmentApp();
    await app.inject({ method: 'GET', url: '/api/broken' });
    await expect.poll(written).toMatch(/\] (INFO|ERROR): (request errored: )?GET \/api\/broken 500 \d+ ms/);
    expect(written()).toMatch(/Error: the database went away\n\s+at /);
    await app.close();
  });
});

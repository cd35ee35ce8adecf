/**
 * Listening: on HOST and PORT. The default HOST, `::`, is every address, IPv6 and IPv4 alike (Node
 * opens a dual-stack socket), so `http://[::1]:3000`, `http://127.0.0.1:3000` and `localhost` all
 * answer; on a machine without IPv6 the same default listens on every IPv4 address instead.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';

const EVERY_ADDRESS = '::';

/** Listens as configured; answers the address, as `app.listen` does. */
export async function listen(
  app: FastifyInstance,
  { HOST, PORT }: Pick<Config, 'HOST' | 'PORT'>,
): Promise<string> {
  try {
    return await app.listen({ host: HOST, port: PORT });
  } catch (error) {
    if (HOST !== EVERY_ADDRESS || (error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw error;
    app.log.warn('this machine has no IPv6: listening on every IPv4 address (0.0.0.0)');
    return app.listen({ host: '0.0.0.0', port: PORT });
  }
}

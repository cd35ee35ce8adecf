/**
 * The origins whose pages may write to this server: PUBLIC_URL's when it is set; otherwise every
 * address the server answers at on its port (localhost, the loopback addresses and, listening on all
 * interfaces, this machine's addresses, as a phone on the same network would use). Redline's
 * cross-origin check (access.ts) and Better Auth's trustedOrigins (auth.ts) both ask this one list,
 * and the start-up message prints it.
 */
import os from 'node:os';
import type { Config } from './config.ts';

/** `npm run dev` serves the web app from Vite on this port, which proxies /api to the server. */
const VITE_DEV_PORT = 5173;

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/**
 * `http://address:port` for each address a browser can reach the server at, given the addresses it
 * listens on: `0.0.0.0` is every IPv4 address of the machine, `::` every address (IPv4 too),
 * `localhost` (before listening) both loopbacks, anything else that one address. `localhost` itself
 * whenever a loopback address is served.
 */
export function localOrigins(listening: string[], ports: number[], interfaces: Interfaces): string[] {
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const addresses = listening.flatMap((host) =>
    host === '0.0.0.0'
      ? all.filter((i) => i.family === 'IPv4').map((i) => i.address)
      : host === '::' || host === ''
        ? all.map((i) => i.address)
        : host === 'localhost'
          ? ['127.0.0.1', '::1']
          : [host],
  );
  const hosts = new Set<string>();
  if (addresses.some((a) => a === '::1' || a.startsWith('127.'))) hosts.add('localhost');
  for (const address of addresses) {
    // A link-local IPv6 address needs a zone id, which browsers do not accept in a URL.
    if (!address.includes(':')) hosts.add(address);
    else if (!address.toLowerCase().startsWith('fe80')) hosts.add(`[${address}]`);
  }
  return ports.flatMap((port) => [...hosts].map((h) => new URL(`http://${h}:${port}`).origin));
}

export class AllowedOrigins {
  private origins: string[];
  private readonly publicOrigin: string | undefined;

  private readonly config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'NODE_ENV'>;
  private readonly interfaces: () => Interfaces;

  constructor(
    config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'NODE_ENV'>,
    interfaces: () => Interfaces = os.networkInterfaces,
  ) {
    this.config = config;
    this.interfaces = interfaces;
    this.publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
    this.origins = this.derive([config.HOST], config.PORT);
  }

  /** Once the server listens: the addresses it really bound, and its real port (PORT=0 picks a free one). */
  listeningOn(addresses: { address: string; port: number }[]) {
    const [first] = addresses;
    if (first)
      this.origins = this.derive(
        addresses.map((a) => a.address),
        first.port,
      );
  }

  get all(): readonly string[] {
    return this.origins;
  }

  has(origin: string): boolean {
    return this.origins.includes(origin);
  }

  /**
   * The origin the site names its pages with (canonical addresses, the sitemap): PUBLIC_URL's; without
   * it, the one a request came to (`requested`) when it is one of this server's, else the first of them.
   */
  siteOriginFor(requested: string): string {
    if (this.publicOrigin) return this.publicOrigin;
    return this.has(requested) ? requested : (this.origins[0] ?? requested);
  }

  /** What a page from any other origin is told. */
  get refusal(): string {
    return this.publicOrigin
      ? `This Redline is configured for ${this.publicOrigin} (PUBLIC_URL); open it there.`
      : 'Requests from other sites are not accepted.';
  }

  private derive(listening: string[], port: number): string[] {
    if (this.publicOrigin) return [this.publicOrigin];
    const ports = this.config.NODE_ENV === 'development' ? [port, VITE_DEV_PORT] : [port];
    return localOrigins(listening, ports, this.interfaces());
  }
}

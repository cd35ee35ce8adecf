/**
 * The origins whose pages may write to this server: PUBLIC_URL's when it is set; otherwise every
 * address the server answers at on its port (the loopback names and, listening on all interfaces,
 * this machine's addresses, as a phone on the same network would use). Redline's cross-origin check
 * (access.ts) and Better Auth's trustedOrigins (auth.ts) both ask this one list.
 */
import os from 'node:os';
import type { Config } from '../config/config.ts';

/** `npm run dev` serves the web app from Vite on this port, which proxies /api to the server. */
const VITE_DEV_PORT = 5173;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '']);

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** `http://host:port` for the loopback names and the addresses the server listens on, at each port. */
export function localOrigins(host: string, ports: number[], interfaces: Interfaces): string[] {
  const hosts = new Set(LOOPBACK_HOSTS);
  const addresses = ALL_INTERFACES.has(host)
    ? Object.values(interfaces).flatMap((list) => (list ?? []).map((i) => i.address))
    : [host];
  for (const address of addresses) {
    // A link-local IPv6 address needs a zone id, which browsers do not accept in a URL.
    if (address.includes(':') && !address.toLowerCase().startsWith('fe80')) hosts.add(`[${address}]`);
    else if (!address.includes(':')) hosts.add(address);
  }
  return ports.flatMap((port) => [...hosts].map((h) => new URL(`http://${h}:${port}`).origin));
}

export class AllowedOrigins {
  private origins: string[];
  private readonly publicOrigin: string | undefined;

  constructor(
    private readonly config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'NODE_ENV'>,
    private readonly interfaces: () => Interfaces = os.networkInterfaces,
  ) {
    this.publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
    this.origins = this.derive(config.PORT);
  }

  /** Once the server listens, its real port (PORT=0 picks a free one). */
  listeningOn(port: number) {
    this.origins = this.derive(port);
  }

  get all(): readonly string[] {
    return this.origins;
  }

  has(origin: string): boolean {
    return this.origins.includes(origin);
  }

  /** What a page from any other origin is told. */
  get refusal(): string {
    return this.publicOrigin
      ? `This Redline is configured for ${this.publicOrigin} (PUBLIC_URL); open it there.`
      : 'Requests from other sites are not accepted.';
  }

  private derive(port: number): string[] {
    if (this.publicOrigin) return [this.publicOrigin];
    const ports = this.config.NODE_ENV === 'development' ? [port, VITE_DEV_PORT] : [port];
    return localOrigins(this.config.HOST, ports, this.interfaces());
  }
}

/**
 * The one authorization mechanism: every /api route (and any other route that declares it) declares
 * who may call it in `config.access`; a hook of that route resolves the session and refuses the call before the
 * handler runs.
 * Ownership of the exact record is then checked inside the services.
 */
import type { Role, SessionUser } from '@redline/shared';
import type { Access } from '@redline/shared/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sellsForOf } from '../access/record-access.ts';
import type { SignedIn } from '../auth/session-cache.ts';
import type { Config } from '../config/config.ts';
import type { AllowedOrigins } from '../config/origins.ts';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** The authorization policy: every route that declares its access (every /api route). */
    accessPolicy: PolicyEntry[];
  }
  interface FastifyRequest {
    /** The signed-in user, resolved for every route that is not public (public routes: `sessionUser`). */
    user: SessionUser | null;
    /** The id of the session that signed `user` in (what a live-updates stream ends with). */
    sessionId: string | null;
  }
}

export interface PolicyEntry {
  method: string;
  url: string;
  /** What this instance enforces: a route declared `browse` is `public` or `signedIn` by the setting. */
  access: EnforcedAccess;
  /** What the route declares. */
  declared: Access;
}

/** An access as a route is served: `browse` resolved by the BROWSING setting. */
export type EnforcedAccess = Exclude<Access, 'browse'>;

/**
 * What a route's declared access means on this instance: the cars for sale (`browse`) are anyone's
 * when BROWSING is `public`, signed-in users' when it is `signed-in` (config.ts).
 */
export function enforcedAccess(access: Access, browsing: Config['BROWSING']): EnforcedAccess {
  if (access !== 'browse') return access;
  return browsing === 'public' ? 'public' : 'signedIn';
}

/**
 * A state-changing call whose Origin is not one of this server's (config/origins.ts) comes from
 * another site's page (a form or a no-cors fetch carrying the session cookie): refused, whatever
 * its content type. Calls without an Origin (curl, server-to-server, Stripe) are not browsers' and pass.
 */
function isCrossOriginWrite(request: FastifyRequest, origins: AllowedOrigins): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || SAFE_METHODS.has(request.method)) return false;
  return !origins.has(origin); // "null" (sandboxed frames, file:) and garbage included
}

/** Methods that change nothing: no cross-site check, no body. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What resolving a request's session takes: Better Auth, the session cache, and the database (the team). */
type SessionContext = Pick<AppContext, 'auth' | 'sessions' | 'database'>;

/** The dealer account whose API key this is, or null for a key that is not (or no longer) one. */
export type DealerKeys = (key: string) => Promise<SessionUser | null>;

export function registerAccessControl(
  app: FastifyInstance,
  context: SessionContext & Pick<AppContext, 'origins' | 'config'>,
  dealerKeys: DealerKeys,
) {
  const { origins } = context;
  const browsing = context.config.BROWSING;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const policy: PolicyEntry[] = [];
  app.decorate('accessPolicy', policy);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) return;
    const declared = route.config?.access;
    // Every /api route declares its access; a route elsewhere (the crawlers' files) that declares one
    // is listed and checked the same way. The web app's files and pages are public (app.ts).
    if (declared === undefined) {
      if (!route.url.startsWith('/api')) return;
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    // The route is served, cached (http/personal-answers.ts) and documented (http/openapi.ts) by the
    // access it has on this instance.
    const access = enforcedAccess(declared, browsing);
    route.config = { ...route.config, access };
    const methods = [route.method].flat();
    for (const method of methods) {
      if (method !== 'HEAD') policy.push({ method, url: route.url, access, declared });
    }
    if (access === 'public' && methods.every((method) => SAFE_METHODS.has(method))) return;

    // The route's first onRequest hook, before the body is parsed and validated: a caller without
    // the access learns nothing from validation messages, and an anonymous body is never parsed.
    const check: onRequestAsyncHookHandler = async (request) => {
      if (isCrossOriginWrite(request, origins)) throw forbidden(origins.refusal);
      if (access === 'public') return;
      if (access === 'dealerKey') {
        request.user = await keyHolder(dealerKeys, request);
        return;
      }
      const signedIn = await signedInSession(context, request);
      if (!signedIn) throw unauthorized();
      request.user = signedIn.user;
      request.sessionId = signedIn.sessionId;
      if (access !== 'signedIn' && !access.includes(request.user.role)) throw forbidden();
    };
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}

/**
 * The dealer whose API key the request carries (`Authorization: Bearer <key>`): a call of a dealer's
 * system, which has no session. A missing, rotated or revoked key is a 401.
 */
async function keyHolder(dealerKeys: DealerKeys, request: FastifyRequest): Promise<SessionUser> {
  const [scheme, key] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !key)
    throw unauthorized("Send the dealer's API key as Authorization: Bearer <key>.");
  const dealer = await dealerKeys(key);
  if (!dealer) throw unauthorized('The API key is not valid: it may have been rotated or revoked.');
  return dealer;
}

/**
 * The user signed in on this request and their session, or null; what the hook above resolves. Only
 * the Cookie header goes to Better Auth: the session cache is keyed by it (auth/session-cache.ts).
 * A seller's session holds the account they sell for (ADR 65).
 */
function signedInSession(context: SessionContext, request: FastifyRequest): Promise<SignedIn | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return Promise.resolve(null);
  return context.sessions.get(cookie, async () => {
    const session = await context.auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!session) return null;
    const { id, name, email, role, isVerified, emailVerified } = session.user as typeof session.user & {
      role: Role;
      isVerified: boolean;
    };
    const sellsFor = await sellsForOf(context.database.db, { id, role });
    return {
      user: { id, name, email, role, isVerified, emailVerified, sellsFor },
      sessionId: session.session.id,
      expiresAt: session.session.expiresAt,
    };
  });
}

/** The user signed in on this request, or null, for a public route that answers whoever calls it. */
export async function sessionUser(
  context: SessionContext,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  return (await signedInSession(context, request))?.user ?? null;
}

/** The user of a route whose access requires a session (set by the hook above). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user and session of a route whose access requires a session (set by the hook above). */
export function currentSession(request: FastifyRequest): SignedIn {
  if (!request.user || !request.sessionId) throw unauthorized();
  return { user: request.user, sessionId: request.sessionId };
}

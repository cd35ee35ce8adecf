/**
 * The token of an e-mail's unsubscribe link: a user and a kind of notification (or `all`), signed with an HMAC
 * of the server's secret, so that the link stops that kind's e-mails without a sign-in and cannot be
 * made for another user or kind. It does not expire: a link in an old e-mail keeps working (RFC 8058
 * asks for that); changing AUTH_SECRET ends every link sent before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@redline/shared';

/** Keeps these signatures apart from anything else signed with the same secret. */
const PURPOSE = 'redline:notifications:unsubscribe';

export interface Unsubscribe {
  userId: string;
  kind: UnsubscribeKind;
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${payload}`).digest('base64url');
}

/** `<user id and kind, base64url>.<signature, base64url>` */
export function unsubscribeToken(secret: string, { userId, kind }: Unsubscribe): string {
  const payload = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The user and kind a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return null;
  // Compared as written, not decoded: base64url's last character has unused bits, and decoders skip
  // padding and accept base64's `+` and `/`, so several spellings decode to the same bytes. Only the
  // one the server wrote is accepted (the payload, signed as written, is exact already).
  const given = Buffer.from(signed);
  const expected = Buffer.from(signature(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, ...more] = Buffer.from(payload, 'base64url').toString().split('\n');
  if (!userId || more.length > 0 || !UNSUBSCRIBE_KINDS.includes(kind as UnsubscribeKind)) return null;
  return { userId, kind: kind as UnsubscribeKind };
}

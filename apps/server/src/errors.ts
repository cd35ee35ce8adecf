/** Typed application errors; services throw them and one handler turns them into the error shape. */
import { ERROR_CODES } from '@redline/shared';

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** What a 400 with per-field messages says overall. */
export const INVALID_FIELDS_MESSAGE = 'Some fields are invalid. Check them and try again.';

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? ERROR_CODES.validation : ERROR_CODES.badRequest, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (what = 'The resource') =>
  new AppError(404, ERROR_CODES.notFound, `${what} was not found.`);
/** A record that existed and was deleted for good (a car's page answers so: ADR 47). */
export const gone = (message: string) => new AppError(410, ERROR_CODES.gone, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooLarge = (message: string) => new AppError(413, ERROR_CODES.tooLarge, message);
export const unsupportedMedia = (message: string) => new AppError(415, ERROR_CODES.unsupportedMedia, message);
export const unavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new AppError(503, ERROR_CODES.unavailable, message);

/**
 * PostgreSQL's data exceptions (class 22: a NUL character in text, a number or date out of range…):
 * a value from the request that no column can hold, so the client's mistake, not a server error.
 */
export function isInvalidDatabaseValue(error: unknown): boolean {
  return pgCode(error)?.startsWith('22') ?? false;
}

/** Errors that mean the database is unreachable rather than that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P03')) return true;
  // The driver's error may be wrapped more than once (Drizzle's query error, a transaction's, a library's).
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const said = `${e.message} ${String((e as { code?: unknown }).code ?? '')}`;
    if (
      /ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded when trying to connect|ETIMEDOUT|Query read timeout/i.test(
        said,
      )
    )
      return true;
  }
  return false;
}

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

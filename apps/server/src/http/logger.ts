import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { Config } from '../config/config.ts';

/**
 * Production lines are collected and handed to pino's destination LOG_BATCH_BYTES at a time, and at
 * least every LOG_FLUSH_MS: one write per batch instead of one per request line, which under load
 * cost about a tenth of a cached read's time. What is pending is written when the process exits; a
 * SIGKILL loses at most the last second. (sonic-boom's own `minLength` buffering measures its whole
 * pending buffer again for every line, which cost as much as the writes it saved.)
 */
/** Counted in characters: the lines are JSON, nearly always ASCII. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

class BatchedStdout {
  private lines: string[] = [];
  private size = 0;
  private readonly out = pino.destination({ dest: 1, sync: true });

  constructor() {
    setInterval(() => this.flush(), LOG_FLUSH_MS).unref();
    process.on('exit', () => this.flush());
  }

  write(line: string) {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= LOG_BATCH_BYTES) this.flush();
  }

  flush() {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.out.write(batch);
  }
}

/** One per process: every app built in it logs through the same batch. */
let stdout: BatchedStdout | undefined;

/** Credentials that travel in a URL: the password-reset link's path and e-mail verification's query. */
const URL_CREDENTIALS = /(\/reset-password\/)[^/?#]+|([?&]token=)[^&#]+/g;

/** The URL as logged: any credential in it replaced. */
export function redactUrl(url: string): string {
  return url.replace(URL_CREDENTIALS, '$1$2[redacted]');
}

/** Fastify's request serializer with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The longest text of a logged error or library line that is kept: the rest is dropped, its length noted. */
export const LOGGED_TEXT_MAX = 500;

function shortened(text: string): string {
  return text.length <= LOGGED_TEXT_MAX
    ? text
    : `${text.slice(0, LOGGED_TEXT_MAX)}… (${text.length - LOGGED_TEXT_MAX} more characters)`;
}

/**
 * A value as logged, every text in it cut short, at most 20 entries and 3 levels deep: what a
 * library logs (an error's message, a failed query's parameters) can hold what a client sent.
 */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return shortened(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= 3) return '[object]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => bounded(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [key, bounded(item, depth + 1)]),
  );
}

/** pino's error serializer, every text cut short. */
function serializeError(error: Error) {
  return bounded(pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>;
}

/** A library's log calls (`level, message, ...details`) as lines of the app's log, cut short. */
export function libraryLog(log: FastifyBaseLogger, source: string) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...details: unknown[]) => {
    const serialized = details.map((detail) =>
      detail instanceof Error ? serializeError(detail) : bounded(detail),
    );
    log[level]({ source, details: serialized }, shortened(message));
  };
}

/** Where log lines are written: one line per call. */
export interface LogDestination {
  write(line: string): void;
}

/** A log entry as pino-pretty hands it to `messageFormat`. */
type LogEntry = Record<string, unknown> & {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/**
 * A development line's text: a request's line says what it asked and got ("GET /api/me 200 3 ms"),
 * its objects left out (issue 44, item 24: they made each request a block of 13 lines).
 */
export function developmentMessage(log: LogEntry, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  if (!log.req?.method) return message;
  const time = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
  const request = `${log.req.method} ${log.req.url} ${log.res?.statusCode ?? ''}${time}`;
  return message === 'request completed' ? request : `${message}: ${request}`;
}

/**
 * pino options: one readable line per entry in development, JSON lines in production (and in tests
 * that read them); secrets never logged. `destination`: where the lines go instead of standard
 * output. Development's formatter is loaded only there (it takes a noticeable part of a start-up).
 */
export async function loggerOptions(
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>,
  destination?: LogDestination,
): Promise<FastifyServerOptions['logger']> {
  const redact = {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      // Other objects carrying the request's headers, e.g. @fastify/multipart's trace line "Providing options to busboy".
      '*.headers.cookie',
      '*.headers.authorization',
      'res.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.token',
      '*.cardNumber',
      '*.cvc',
    ],
    censor: '[redacted]',
  };
  if (config.NODE_ENV === 'development') {
    const { default: pretty } = await import('pino-pretty');
    return {
      level: config.LOG_LEVEL,
      redact,
      serializers: { req: serializeRequest, err: serializeError },
      stream: pretty({
        destination: (destination as NodeJS.WritableStream | undefined) ?? 1,
        sync: true,
        translateTime: 'HH:MM:ss',
        // What a request's line says in its text; the rest of an entry (a request id, an error's
        // fields) follows on the same line.
        ignore: 'pid,hostname,req,res,responseTime',
        singleLine: true,
        messageFormat: (log, messageKey) => developmentMessage(log as LogEntry, messageKey),
      }),
    };
  }
  if (config.NODE_ENV === 'test' && !destination) return { level: 'silent' };
  if (!destination) stdout ??= new BatchedStdout();
  return {
    level: config.LOG_LEVEL,
    redact,
    serializers: { req: serializeRequest, err: serializeError },
    stream: destination ?? stdout,
  };
}

/**
 * One line per request, when it completes: the request (method, URL, host, address), the status and
 * the time taken, with the request id. Fastify's default adds a second line when the request comes
 * in. The line holds no headers and no body, so it is written by a logger without redaction, which
 * otherwise costs more than the rest of the line (every path above is checked against every field).
 */
export class OneLineRequestLog extends LogController {
  private accessLog: FastifyBaseLogger | undefined;

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    this.accessLog ??= request.server.log.child({}, { redact: [] });
    this.accessLog.info({ reqId: request.id, ...line }, 'request completed');
  }
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (`request.log`, with its request id), made the first time the request logs:
 * nearly every request never does (its line is OneLineRequestLog's, above), and making pino's child
 * for each one, its request id run through the redaction, cost a twentieth of a cached read's time.
 */
class RequestLog implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly parent: FastifyBaseLogger;
  private readonly bindings: Bindings;
  private readonly options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
  }

  private get log(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: LogLevel, args: unknown[]) {
    const log = this.log;
    (log[level] as (...args: unknown[]) => void).apply(log, args);
  }

  get level() {
    return this.log.level;
  }

  set level(level) {
    this.log.level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }

  error(...args: unknown[]) {
    this.write('error', args);
  }

  warn(...args: unknown[]) {
    this.write('warn', args);
  }

  info(...args: unknown[]) {
    this.write('info', args);
  }

  debug(...args: unknown[]) {
    this.write('debug', args);
  }

  trace(...args: unknown[]) {
    this.write('trace', args);
  }

  silent(...args: unknown[]) {
    this.write('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used (RequestLog). */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLog(logger, bindings, options);
}

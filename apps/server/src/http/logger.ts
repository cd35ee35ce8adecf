import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.ts';

/** pino options: readable lines in development, JSON in production; secrets never logged. */
export function loggerOptions(
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>,
): FastifyServerOptions['logger'] {
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
    return {
      level: config.LOG_LEVEL,
      redact,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL, redact };
}

/** One place that turns every failure into `{ error: { code, message, fields?, requestId } }`. */
import { ERROR_CODES, type ErrorResponse } from '@redline/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  INVALID_FIELDS_MESSAGE,
  isDatabaseUnavailable,
  isInvalidDatabaseValue,
} from '../errors.ts';

const statusCodes: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  405: ERROR_CODES.methodNotAllowed,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMedia,
  429: ERROR_CODES.tooManyRequests,
  503: ERROR_CODES.unavailable,
};

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorResponse['error'], 'requestId'>,
) {
  return reply.status(status).send(errorBody(request, body));
}

/** The error shape of every refusal, naming the request (its id is in the log line too). */
export function errorBody(
  request: FastifyRequest,
  body: Omit<ErrorResponse['error'], 'requestId'>,
): ErrorResponse {
  return { error: { ...body, requestId: request.id } };
}

function fieldsOf(validation: { instancePath: string; message?: string }[], context?: string) {
  const fields: Record<string, string> = {};
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
    fields[key] ??= v.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * Errors Fastify raises before routing (a malformed percent-encoding, a path parameter over the
 * router's length limit) skip the error handler; without this they answer in Fastify's own shape
 * and echo the whole path back.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return sendError(reply, request, tooLong ? 414 : 400, {
    code: ERROR_CODES.badRequest,
    message: tooLong ? 'The address is too long.' : 'The address is not valid.',
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, request, error.status, {
        code: error.code,
        message: error.message,
        fields: error.fields,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldsOf(error.validation ?? [], error.validationContext);
      return sendError(reply, request, 400, {
        code: ERROR_CODES.validation,
        message: INVALID_FIELDS_MESSAGE,
        fields,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, request, 503, {
        code: ERROR_CODES.unavailable,
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    if (isInvalidDatabaseValue(error)) {
      return sendError(reply, request, 400, {
        code: ERROR_CODES.badRequest,
        message: 'The request contains a value that cannot be used.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'This content type is not supported.'
            : status === 429
              ? 'Too many requests. Please wait a moment and try again.'
              : error.message;
      return sendError(reply, request, status, {
        code: statusCodes[status] ?? ERROR_CODES.badRequest,
        message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 500, {
      code: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}

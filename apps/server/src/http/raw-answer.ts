/**
 * An answer whose body the route writes itself, on Node's response (a live stream: http/live-updates.ts),
 * rather than one Fastify sends. Fastify's reply is taken over (`reply.hijack()`), so its `onSend`
 * hooks do not run: their part (http/personal-answers.ts) is done here, and the head is written
 * with every header the earlier hooks and the route set on the reply. The `onResponse` hooks (the
 * access log, the metrics) still run when the response ends; a response the client closed first
 * is logged as Fastify logs a body it could not finish sending.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keepPersonalPrivate } from './personal-answers.ts';

/** Writes the reply's status and headers on its response and hands the response over. */
export function rawAnswer(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  keepPersonalPrivate(request, reply);
  reply.hijack();
  const response = reply.raw;
  // Given to writeHead whole, the headers are not kept on the response as a map besides the head.
  const head: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) head[name] = value;
  response.writeHead(reply.statusCode, head);
  response.once('close', () => {
    if (!response.writableFinished) reply.log.info({ res: reply }, 'stream closed prematurely');
  });
  return response;
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What an HTTP error answer says went wrong: a code, as the sockets' refusals are, for a page to word in its own language. */
export type HttpErrorCode = 'not-found' | 'bad-request' | 'internal';

/** The JSON body of an error answer with this status. */
export function httpError(status: number): { error: HttpErrorCode } {
  return { error: status === 404 ? 'not-found' : status < 500 ? 'bad-request' : 'internal' };
}

/**
 * Every error a request meets, Fastify's own (a malformed address) included:
 * its status and code only, where Fastify would answer with an English
 * sentence. A fault of the server's is logged with what went wrong.
 */
export function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) request.log.error({ err }, 'request failed');
  return reply.code(status).send(httpError(status));
}

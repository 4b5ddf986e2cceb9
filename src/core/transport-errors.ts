// Refusals made before a route runs, in the same problem+json shape (with a request id and an
// X-Request-Id header) as every other error: a path Fastify's router cannot decode, a socket-level
// error from Node's HTTP parser (header too large, request too slow, not HTTP at all, a body shorter
// than its Content-Length), and requests arriving while the server shuts down. Fastify and Node
// otherwise answer these in plain text or their own JSON, without an id to quote.
import { randomUUID } from 'node:crypto';
import http, { type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { internalError, problemBody, sendProblem } from './error-handler.js';
import { Errors, HwaError } from './errors.js';

/** The id of the request each response answers, so a socket error quotes the id already logged. */
const requestIds = new WeakMap<ServerResponse, string>();

/** Node's parser error codes (llhttp's `HPE_*`, Node's `ERR_*`) as catalogue errors. */
export function clientProblem(code: string | undefined): HwaError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HwaError('request_timeout', 'The request did not arrive in time; the connection is closed.');
    case 'HPE_HEADER_OVERFLOW':
      return new HwaError(
        'header_too_large',
        `The request line and headers exceed ${http.maxHeaderSize} bytes; the connection is closed.`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new HwaError('payload_too_large', 'The chunk extensions of the body are too large.');
    case 'HPE_INVALID_EOF_STATE':
      return new HwaError(
        'validation',
        'The connection ended before the whole request arrived (a body shorter than its Content-Length).',
      );
    default:
      return new HwaError('validation', `The request is not valid HTTP/1.1 (${code ?? 'unknown error'}).`);
  }
}

/**
 * Fastify's `clientErrorHandler`: Node reports the error on the socket, before (or instead of) a
 * request. Like Node's own handler, it writes an answer only when no response on this socket has
 * started (else the bytes would corrupt it), then closes the connection: the parser cannot resume.
 */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Node keeps the response in progress on the socket as `_httpMessage`: not public, but the field
  // its own default handler reads to make the same decision.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
  const requestId = (inFlight && requestIds.get(inFlight)) ?? randomUUID();
  const problem = clientProblem(err.code);
  this.log.info({ reqId: requestId, code: err.code, status: problem.status }, 'client error');
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(problemBody(problem, requestId));
    socket.write(
      `HTTP/1.1 ${problem.status} ${http.STATUS_CODES[problem.status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: the router's refusals, which run no hook. A path parameter longer
 * than the router's 100 characters can only be a malformed id (every parameter is a UUID): 404, as
 * for any malformed id.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.header('x-request-id', request.id);
  let problem: HwaError;
  if (error.code === 'FST_ERR_BAD_URL') {
    problem = new HwaError(
      'validation',
      'The URL path has an invalid %-encoding (% must be followed by two hex digits).',
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    problem = Errors.notFound('resource');
  } else {
    request.log.error({ err: error, reqId: request.id }, 'request failed before routing');
    problem = internalError(request.id);
  }
  void sendProblem(reply, request, problem);
}

/**
 * Once close() has begun, requests still arriving on open keep-alive connections get a 503 problem
 * with `Connection: close` (Fastify's own `return503OnClosing` answer is turned off: it is plain
 * JSON without an id), so a load balancer retries them elsewhere. Registered before any other
 * onRequest hook but the one that sets X-Request-Id, so no authentication runs for them.
 */
export function registerTransportErrors(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    requestIds.set(reply.raw, request.id);
    if (!closing) return;
    reply.header('connection', 'close');
    return sendProblem(
      reply,
      request,
      new HwaError('unavailable', 'The server is shutting down; try again.'),
    );
  });
}

// A deadline on request bodies, so a client trickling bytes (one every 10 s held a socket and a
// handler for over 6 minutes) is cut off with a 408, while a large upload on a slow link still
// passes. One fixed time cannot do both (20 files of 100 MiB at 16 KiB/s take ~36 hours), so the
// deadline grows with what arrives: after a base allowance (HWA_BODY_TIMEOUT), the body must average
// HWA_BODY_MIN_RATE bytes per second. Only time spent waiting for the client counts: while hwa is not
// reading (the body is paused because storage is slower, or no one has started to read it yet) the
// clock stops, so the server's own slowness never cuts a client off.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { Config } from '../config.js';
import { HwaError } from './errors.js';

export interface BodyLimits {
  /** Milliseconds a body may take before its rate is held against it. */
  baseMs: number;
  /** Bytes per second a body must average after that. */
  minBytesPerSecond: number;
}

/** Aborted, with a request_timeout HwaError as its reason, when a request's body is too slow. */
const deadlines = new WeakMap<IncomingMessage, AbortSignal>();

/** The signal that fires when this request's body is too slow; undefined for a request without body. */
export function bodyDeadline(request: FastifyRequest): AbortSignal | undefined {
  return deadlines.get(request.raw);
}

function hasBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false; // already all here: nothing left to wait for
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Watches one body from onRequest until it has all arrived or the connection is gone. */
class BodyWatch {
  private readonly controller = new AbortController();
  private readonly startedAt = performance.now();
  private readonly startBytes: number;
  /** Time hwa was not reading, which does not count against the client. */
  private notReadingMs = 0;
  private notReadingSince: number | undefined;
  private replied = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly raw: IncomingMessage,
    private readonly reply: FastifyReply,
    private readonly limits: BodyLimits,
  ) {
    this.startBytes = raw.socket.bytesRead;
    if (raw.readableFlowing !== true) this.notReadingSince = this.startedAt;
    raw.on('pause', this.onPause);
    raw.on('resume', this.onResume);
    raw.once('end', this.stop);
    raw.once('close', this.stop);
    // A quarter of the allowance, at most a second: a slow body is cut within that of its deadline.
    const tickMs = Math.min(1000, Math.max(50, limits.baseMs / 4));
    this.timer = setInterval(this.check, tickMs).unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private readonly onPause = () => {
    this.notReadingSince ??= performance.now();
  };

  private readonly onResume = () => {
    if (this.notReadingSince === undefined) return;
    this.notReadingMs += performance.now() - this.notReadingSince;
    this.notReadingSince = undefined;
  };

  private readonly stop = () => {
    clearInterval(this.timer);
    this.raw.off('pause', this.onPause);
    this.raw.off('resume', this.onResume);
  };

  private readonly check = () => {
    const now = performance.now();
    if (this.raw.complete || this.raw.destroyed) return this.stop();
    if (this.reply.sent && !this.replied) {
      // Answered: what is left of the body is only drained, or left unread. Either way the client
      // holds the connection from now on, so its time counts whether hwa reads or not.
      this.onResume();
      this.replied = true;
      this.raw.off('pause', this.onPause);
    }
    const pending = this.notReadingSince === undefined ? 0 : now - this.notReadingSince;
    const clientMs = now - this.startedAt - this.notReadingMs - pending;
    const received = this.raw.socket.bytesRead - this.startBytes;
    const allowedMs = this.limits.baseMs + (received / this.limits.minBytesPerSecond) * 1000;
    if (clientMs > allowedMs) this.expire(received, clientMs);
  };

  private expire(received: number, clientMs: number) {
    this.stop();
    const { baseMs, minBytesPerSecond } = this.limits;
    const error = new HwaError(
      'request_timeout',
      `The request body arrived too slowly (${received} bytes in ${(clientMs / 1000).toFixed(1)} s); after ` +
        `the first ${baseMs / 1000} s it must average at least ${minBytesPerSecond} bytes/s.`,
    );
    this.reply.log.info({ received, clientMs: Math.round(clientMs) }, 'request body too slow');
    const socket = this.raw.socket;
    if (this.reply.sent || this.reply.raw.headersSent) {
      socket.destroy();
      return;
    }
    // Whoever reads the body fails with `error` and answers 408 through the error handler; the
    // connection then closes (the rest of the body will not be read). Should no one answer within
    // another allowance, the connection goes anyway.
    this.reply.header('connection', 'close');
    this.controller.abort(error);
    setTimeout(() => socket.destroy(), baseMs).unref();
  }
}

/**
 * The body as Fastify's parsers read it, failing with the deadline's error when it fires, so a JSON
 * body too slow is a 408 problem from the error handler like any other refusal.
 */
function interruptible(raw: IncomingMessage, signal: AbortSignal): Readable {
  const body = new PassThrough();
  raw.on('error', (err) => body.destroy(err));
  raw.on('close', () => {
    if (!raw.complete) body.destroy(new Error('aborted'));
  });
  signal.addEventListener('abort', () => body.destroy(signal.reason as Error), { once: true });
  raw.pipe(body);
  return body;
}

export function registerBodyDeadline(app: FastifyInstance, limits: BodyLimits): void {
  app.addHook('onRequest', async (request, reply) => {
    // app.inject's requests have no real socket (no bytesRead): nothing to time out there.
    if (typeof request.raw.socket?.bytesRead !== 'number' || !hasBody(request.raw)) return;
    deadlines.set(request.raw, new BodyWatch(request.raw, reply, limits).signal);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const signal = deadlines.get(request.raw);
    // @fastify/multipart reads request.raw itself and ignores this payload: a second reader here would
    // take its bytes. The upload route listens to the signal instead (upload-parts.ts).
    if (!signal || payload !== request.raw || /^multipart\//i.test(request.headers['content-type'] ?? '')) {
      return payload;
    }
    return interruptible(request.raw, signal);
  });
}

/** A year: Node keeps the whole-request limit in nanoseconds, and absurd settings must not overflow it. */
const MAX_REQUEST_TIMEOUT_MS = 365 * 24 * 3600 * 1000;

/**
 * Node's own limits, from the configuration: HWA_HEADERS_TIMEOUT for the request line and headers
 * (answered 408 by transport-errors.ts), and Fastify's `requestTimeout` on a whole request as a
 * backstop behind the body deadline: as long as the largest body takes at the minimum rate, so it
 * never cuts a request the deadline lets through (with the defaults and 20 files of 100 MiB, ~36 h).
 */
export function requestLimits(config: Config, largestBody: number) {
  const headersTimeout = config.headersTimeout * 1000;
  const body: BodyLimits = { baseMs: config.bodyTimeout * 1000, minBytesPerSecond: config.bodyMinRate };
  const requestTimeout = Math.min(
    MAX_REQUEST_TIMEOUT_MS,
    headersTimeout + body.baseMs + Math.ceil((largestBody / config.bodyMinRate) * 1000),
  );
  // Node looks for late requests every 30 s by default: a 60 s limit could wait 90 s, a 1 s one 31 s.
  const connectionsCheckingInterval = Math.min(30_000, Math.max(100, Math.floor(headersTimeout / 4)));
  return { body, requestTimeout, http: { headersTimeout, requestTimeout, connectionsCheckingInterval } };
}

// HTTP/1.1 over a plain TCP socket, for the requests a well-behaved client cannot send: a body shorter
// than its Content-Length, a header too large, a path with a broken %-encoding, a body trickled
// byte by byte, two requests pipelined on one connection. Responses are parsed as they arrive (by
// Content-Length), so several can be read from one connection in order.
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  /** Header names in lower case, as node:http gives them. */
  headers: Record<string, string>;
  body: string;
  json<T = unknown>(): T;
}

/** Starts `app` listening on a loopback port of the OS's choosing; returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void)[] = [];
  private ended = false;
  /** Resolves when the server has closed the connection (or it was reset). */
  readonly closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined); // a reset after the answer is part of what is tested
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  private wake() {
    for (const wake of this.waiting.splice(0)) wake();
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(data, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** Half-closes: the server sees the end of the request stream and can still answer. */
  end(): void {
    this.socket.end();
  }

  /** The next complete response on this connection; rejects if the connection closes first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.ended) {
        throw new Error(
          `connection closed without a complete response: ${JSON.stringify(String(this.buffer))}`,
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private parse(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return undefined;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    return {
      statusCode: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]),
      headers,
      body,
      json: <T>() => JSON.parse(body) as T,
    };
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Sends `request` on a new connection (then half-closes it when `end`) and reads one response. */
export async function rawRequest(
  port: number,
  request: string | Buffer,
  options: { end?: boolean } = {},
): Promise<RawResponse> {
  const connection = await RawConnection.open(port);
  try {
    // The server may answer and close before it has read everything (a header too large).
    await connection.write(request).catch(() => undefined);
    if (options.end) connection.end();
    return await connection.response();
  } finally {
    connection.destroy();
  }
}

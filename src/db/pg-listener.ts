// PostgreSQL LISTEN on one dedicated connection per process, outside the pool: a pooled connection is
// handed to other work and its LISTENs would go with it. When the connection is lost (server restart,
// failover, pg_terminate_backend, a network cut noticed by TCP keepalive) `listening` turns false at
// once, the connection is re-made with backoff, every channel is listened to again, and the
// `onReconnect` subscribers hear that notifications sent in the gap were missed.
//
// barrier(): NOTIFY delivers asynchronously, a few ms after the commit on a loaded machine, so a
// sender cannot tell when another process has heard it. Every listener answers a barrier
// notification (on its own connection) once it has handled it; PostgreSQL delivers to each listener
// in commit order from one queue, so that answer means every earlier notification was handled too.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { NotificationHub, type BarrierResult, type NotificationLog } from './notification-hub.js';

/** Back within ~0.1 s of a killed backend; doubling to 10 s so N processes do not hammer a down server. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;
/** How the connection shows in pg_stat_activity: how a barrier counts the listeners (and a test finds one). */
export const LISTENER_APPLICATION_NAME = 'hwa-listen';
const BARRIER_CHANNEL = 'hwa_barrier';
const BARRIER_ACK_CHANNEL = 'hwa_barrier_ack';
/** Every listener answers within a few ms; a process stuck longer than this is not waited for. */
const BARRIER_TIMEOUT_MS = 2_000;

export class PgListener extends NotificationHub {
  /** The connection being made or in use; undefined between a loss and the next attempt. */
  private client: pg.Client | undefined;
  /** The client connected and listened to every channel it knew of. */
  private live = false;
  /** LISTENs of channels added while live, not yet confirmed. */
  private pendingListens = 0;
  private everListened = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** This listener, in its answers to barriers. */
  private readonly id = randomUUID();
  /** Barriers this process is waiting on: who has answered each. */
  private readonly barriers = new Map<string, { answered: Set<string>; check: () => void }>();

  constructor(
    private readonly options: pg.ClientConfig,
    log: NotificationLog,
  ) {
    super(log);
    this.subscribe(BARRIER_CHANNEL, (barrier) => this.answer(barrier));
    this.subscribe(BARRIER_ACK_CHANNEL, (payload) => {
      const [barrier = '', listener = ''] = payload.split(' ');
      const waiting = this.barriers.get(barrier);
      waiting?.answered.add(listener);
      waiting?.check();
    });
  }

  get listening(): boolean {
    return this.live && this.pendingListens === 0;
  }

  start(): Promise<void> {
    return this.connect();
  }

  protected channelAdded(channel: string): void {
    const client = this.client;
    if (!client || !this.live) return; // connect() listens to every channel, this one included
    this.pendingListens++;
    client
      .query(`LISTEN ${channel}`)
      .catch(() => undefined) // the connection failed: lost() reconnects and listens again
      .finally(() => this.pendingListens--);
  }

  /** Handlers of everything delivered before this barrier have run (delivery is in order): say so. */
  private answer(barrier: string): void {
    this.client
      ?.query('SELECT pg_notify($1, $2)', [BARRIER_ACK_CHANNEL, `${barrier} ${this.id}`])
      .catch(() => undefined); // lost: the waiting process gives up on this one after its timeout
  }

  async barrier(timeoutMs = BARRIER_TIMEOUT_MS): Promise<BarrierResult> {
    const client = this.client;
    if (!client || !this.listening) return { confirmed: 0, expected: 0 };
    const barrier = randomUUID();
    const answered = new Set<string>();
    let expected = Infinity;
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    const check = () => answered.size >= expected && done();
    this.barriers.set(barrier, { answered, check });
    const timer = setTimeout(done, timeoutMs);
    try {
      // Counted before the barrier is sent: a listener that joins later may answer, never be awaited.
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expected = rows[0]?.n ?? 0;
      await client.query('SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, barrier]);
      check();
      await settled;
      return { confirmed: answered.size, expected };
    } catch {
      return { confirmed: answered.size, expected: Number.isFinite(expected) ? expected : 0 };
    } finally {
      clearTimeout(timer);
      this.barriers.delete(barrier);
    }
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    if (this.closed) return;
    const client = new pg.Client({
      connectionTimeoutMillis: 10_000,
      ...this.options,
      application_name: LISTENER_APPLICATION_NAME,
      // An idle LISTEN connection sends nothing: without keepalive a silent network cut would go
      // unnoticed (and notifications missed) for as long as the kernel's TCP timeout, hours.
      keepAlive: true,
    });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => this.deliver(msg.channel, msg.payload ?? ''));
    try {
      await client.connect();
      // Map iteration also visits channels subscribed while these LISTENs run.
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.client !== client) return; // lost or closed meanwhile
    this.live = true;
    this.failures = 0;
    if (this.everListened) {
      this.log.info({ channels: [...this.channels.keys()] }, 'LISTEN connection re-made');
      this.reconnected();
    }
    this.everListened = true;
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.client !== client) return; // already handled, or closed on purpose
    this.client = undefined;
    this.live = false;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.closed) return;
    const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
    // Jitter: processes that lost their connections together do not retry in lockstep.
    const delay = Math.round(backoff * (0.5 + Math.random() / 2));
    this.log.warn(
      { err: err instanceof Error ? err.message : err, retryInMs: delay },
      'LISTEN connection failed or lost; notifications are missed until it is re-made',
    );
    this.retry = setTimeout(() => void this.connect(), delay);
    // A pending retry alone must not keep a process alive (a CLI command, a test file).
    this.retry.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.live = false;
    await client?.end().catch(() => undefined);
  }
}

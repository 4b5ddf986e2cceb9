// PostgreSQL LISTEN on one dedicated connection per process, outside the pool: a pooled connection is
// handed to other work and its LISTENs would go with it. When the connection is lost (server restart,
// failover, pg_terminate_backend, a network cut noticed by TCP keepalive) `listening` turns false at
// once, the connection is re-made with backoff, every channel is listened to again, and the
// `onReconnect` subscribers hear that notifications sent in the gap were missed.
import pg from 'pg';
import { NotificationHub, type NotificationLog } from './notification-hub.js';

/** Back within ~0.1 s of a killed backend; doubling to 10 s so N processes do not hammer a down server. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;
/** How the connection shows in pg_stat_activity (and how a test finds it to kill it). */
export const LISTENER_APPLICATION_NAME = 'hwa-listen';

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

  constructor(
    private readonly options: pg.ClientConfig,
    log: NotificationLog,
  ) {
    super(log);
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

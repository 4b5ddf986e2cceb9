// LISTEN/NOTIFY for one process: `subscribe(channel, handler)` receives what any process sends with
// `NOTIFY channel, 'payload'` (or `pg_notify`) once the sending transaction commits. On PostgreSQL one
// dedicated connection per process listens (pg-listener.ts, with reconnect); on PGlite the embedded
// database delivers through its own `listen` API (one process, nothing to reconnect).
//
// Users: the token cache drops a revoked token (modules/tokens); the jobs engine can wake workers and
// deliver cancels. A subscriber that keeps state derived from the database must treat `listening ===
// false` as "notifications may be missed now" and `onReconnect` as "some were missed: resynchronise".
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client.js';
import {
  NotificationHub,
  type BarrierResult,
  type NotificationLog,
  type Notifications,
} from './notification-hub.js';
import { PgListener } from './pg-listener.js';

export type {
  BarrierResult,
  NotificationHandler,
  NotificationLog,
  Notifications,
} from './notification-hub.js';

/** PGlite: notifications come back from the embedded engine after the query that committed them. */
class PgliteNotifications extends NotificationHub {
  private started = false;
  private closed = false;
  private pending = 0;
  /** A LISTEN that failed: that channel is deaf, so the hub does not claim to be listening. */
  private failed = false;
  private readonly unlisteners: (() => Promise<void>)[] = [];

  constructor(
    private readonly client: PGlite,
    log: NotificationLog,
  ) {
    super(log);
  }

  get listening(): boolean {
    return this.started && !this.closed && this.pending === 0 && !this.failed;
  }

  /** Handlers run as PGlite answers the committing query: by now they have. */
  async barrier(): Promise<BarrierResult> {
    const listening = this.listening ? 1 : 0;
    return { confirmed: listening, expected: listening };
  }

  async start(): Promise<void> {
    this.started = true;
    await Promise.all([...this.channels.keys()].map((channel) => this.listen(channel)));
  }

  protected channelAdded(channel: string): void {
    if (this.started) void this.listen(channel);
  }

  private async listen(channel: string): Promise<void> {
    this.pending++;
    try {
      this.unlisteners.push(await this.client.listen(channel, (payload) => this.deliver(channel, payload)));
    } catch (err) {
      this.failed = true;
      this.log.warn({ err, channel }, 'could not listen for notifications');
    } finally {
      this.pending--;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // The database may already be closed (a test tearing down): nothing is listening then either.
    await Promise.all(this.unlisteners.splice(0).map((unlisten) => unlisten().catch(() => undefined)));
  }
}

/**
 * The notifications of `database`'s engine. The drivers keep their client as drizzle's `$client`: the
 * pg Pool (whose settings the listener's own connection copies) or the PGlite instance.
 */
export function openNotifications(database: Database, log: NotificationLog): Notifications {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.dialect === 'postgres' && client instanceof pg.Pool) {
    return new PgListener(client.options, log);
  }
  return new PgliteNotifications(client as PGlite, log);
}

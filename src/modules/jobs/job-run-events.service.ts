// GET /job-runs/{id}/events: a run's status and progress changes as Server-Sent Events, ending once
// the run is final. Every change to a run bumps its `revision` and is announced with it (queue.ts), on
// every process through PostgreSQL NOTIFY; the stream subscribes first, then reads the run, and sends
// each revision newer than the last it sent, so the snapshot and the notifications merge in order and
// nothing is sent twice. A slow re-read is the backstop for a notification missed while the LISTEN
// connection was being re-made.
import { PassThrough, type Readable } from 'node:stream';
import { Errors } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import type { Notifications } from '../../db/notifications.js';
import { isFinal, RUN_EVENTS_CHANNEL, type RunEvent } from '../../jobs/queue.js';
import * as repo from './job-runs.repository.js';

/** The re-read backstop; notifications normally arrive within milliseconds. */
const REREAD_MS = 2_000;
/** A comment line now and then keeps proxies from closing a quiet stream (many cut at 30-60 s). */
const KEEPALIVE_MS = 15_000;

const fromRow = (row: repo.JobRunRow): RunEvent => ({
  id: row.id,
  rev: row.revision,
  status: row.status,
  pct: row.progressPct,
  message: row.progressMessage,
});

export class JobRunEventsService {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly notifications: Notifications,
  ) {}

  /** The event stream of run `id`; 404 when there is no such run. */
  async stream(id: string): Promise<Readable> {
    const out = new PassThrough();
    let last: RunEvent | undefined;
    let snapshotTaken = false;
    const early: RunEvent[] = [];

    const send = (event: RunEvent) => {
      if (out.writableEnded || (last && event.rev <= last.rev)) return;
      const kind =
        !last || last.status !== event.status
          ? 'status'
          : last.pct !== event.pct || last.message !== event.message
            ? 'progress'
            : undefined;
      last = event;
      if (kind) {
        const data = {
          job_run_id: event.id,
          revision: event.rev,
          status: event.status,
          progress: { pct: event.pct, message: event.message },
        };
        out.write(`id: ${event.rev}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
      }
      if (isFinal(event.status)) close();
    };

    const unsubscribe = this.notifications.subscribe(RUN_EVENTS_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as RunEvent;
      if (event.id !== id) return;
      if (snapshotTaken) send(event);
      else early.push(event);
    });
    const reread = async () => {
      const row = await repo.findLiveRun(this.db, id).catch(() => undefined);
      if (row) send(fromRow(row));
    };
    const timers = [
      setInterval(() => void reread(), REREAD_MS),
      setInterval(() => out.writableEnded || out.write(': keep-alive\n\n'), KEEPALIVE_MS),
    ];
    const close = () => {
      unsubscribe();
      for (const timer of timers) clearInterval(timer);
      this.open.delete(close);
      if (!out.writableEnded) out.end();
    };
    this.open.add(close);
    out.on('close', close); // the client went away

    const row = await repo.findLiveRun(this.db, id).catch((err: unknown) => {
      close();
      throw err;
    });
    if (!row) {
      close();
      throw Errors.notFound('job run');
    }
    out.write(': job run events\n\n');
    send(fromRow(row));
    snapshotTaken = true;
    for (const event of early.sort((a, b) => a.rev - b.rev)) send(event);
    return out;
  }

  /** Ends every open stream: the server is stopping, and an open stream would hold its close. */
  close(): void {
    for (const close of [...this.open]) close();
  }
}

// `hwa worker`: job workers without the HTTP API, for scaling work out beside `hwa serve` processes on
// one PostgreSQL. SIGTERM (or SIGINT) stops claiming, lets running handlers finish for
// HWA_WORKER_SHUTDOWN_GRACE seconds, releases the runs still going to another worker, then exits 0.
import { createAnalyst } from '../analysis/analyst.js';
import type { Config } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { openNotifications } from '../db/notifications.js';
import { openConfiguredDatabase } from '../db/open.js';
import { jobRegistry } from './types.js';
import { WorkerPool } from './worker.js';

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** JSON lines on stdout, as `hwa serve` logs (pino's shape), without an HTTP server to borrow one from. */
function jsonLog(level: string) {
  const threshold = (LEVELS as Record<string, number>)[level] ?? (level === 'silent' ? Infinity : 0);
  const write = (name: keyof typeof LEVELS) => (obj: object, msg: string) => {
    if (LEVELS[name] < threshold) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [
        k,
        v instanceof Error ? { message: v.message, stack: v.stack } : v,
      ]),
    );
    process.stdout.write(
      `${JSON.stringify({ level: LEVELS[name], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
    );
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** Why `hwa worker` cannot run with this configuration, or undefined when it can. */
export function workerRefusal(config: Config): string | undefined {
  if (!config.databaseUrl) {
    return (
      'hwa worker needs PostgreSQL (set DATABASE_URL). The embedded database belongs to one process: ' +
      'there `hwa serve` runs the workers itself (HWA_WORKER_CONCURRENCY, default 2).'
    );
  }
  if (config.workerConcurrency === 0) {
    return 'HWA_WORKER_CONCURRENCY is 0: a worker with no slots would run nothing. Set it to 1 or more.';
  }
  return undefined;
}

export async function runWorker(config: Config): Promise<void> {
  const log = jsonLog(config.logLevel);
  const database = await openConfiguredDatabase(config, () => undefined);
  await migrateDatabase(database);
  const notifications = openNotifications(database, log);
  const registry = jobRegistry(config);
  const pool = new WorkerPool({
    db: database.db,
    notifications,
    registry,
    analyst: createAnalyst(config),
    concurrency: config.workerConcurrency,
    leaseSeconds: config.jobLeaseSeconds,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    pollSeconds: config.jobPollSeconds,
    log,
  });
  pool.start();
  await notifications.start();
  log.info(
    { worker: pool.id, concurrency: config.workerConcurrency, jobTypes: registry.names() },
    'worker started',
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, running: pool.running }, 'worker stopping: letting running handlers finish');
    pool
      .stop(config.workerShutdownGrace * 1000)
      .then(() => notifications.close())
      .then(() => database.close())
      .then(
        () => log.info({}, 'worker stopped cleanly'),
        (err: unknown) => {
          log.error({ err }, 'error while stopping the worker');
          process.exitCode = 1;
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

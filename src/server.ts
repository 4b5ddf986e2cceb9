// `hwa serve`: open and migrate the database, build the app, listen; close gracefully on SIGTERM/SIGINT
// (in-flight requests finish, then PGlite is closed cleanly and its lock released).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { publicUrlWarning, type Config } from './config.js';
import { embeddingModelOf } from './analysis/embeddings.js';
import { requestReembeddingOfDocuments } from './modules/documents/reembed.repository.js';
import {
  requestIndexingForModel,
  requestIndexingOfUnindexedRuns,
  requestIndexingOfReportFindings,
  requestIndexingOfWholeComponents,
} from './modules/test-runs/search-index-queue.repository.js';
import { migrateDatabase } from './db/migrate.js';
import type { Database } from './db/client.js';
import { openConfiguredDatabase } from './db/open.js';
import { TokensService } from './modules/tokens/tokens.service.js';

/**
 * A shutdown that hangs (a stuck client) must not keep the process forever: 30 s beyond the grace
 * running job handlers get (HWA_WORKER_SHUTDOWN_GRACE).
 */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * After the embedding model changed (HWA_EMBEDDINGS_*), what the old one embedded is re-embedded in
 * the background: vectors of two models are never compared, so until then those documents and runs
 * are found by full text only.
 */
async function requestReembedding(app: FastifyInstance, database: Database, model: string): Promise<void> {
  const documents = await requestReembeddingOfDocuments(database.db, model);
  const runs = await requestIndexingForModel(database.db, model);
  if (documents + runs > 0) {
    app.log.info({ model, documents, runs }, 'embedding model changed: queued re-embedding');
  }
}

export async function serve(config: Config): Promise<FastifyInstance> {
  const database = await openConfiguredDatabase(config, (err) => {
    process.stderr.write(`hwa: lost the lock on the data directory (${err.message}); stopping.\n`);
    // eslint-disable-next-line no-restricted-properties -- another process may be writing our data: stop now
    process.exit(1);
  });
  let app: FastifyInstance;
  try {
    const { vectorSearch } = await migrateDatabase(database);
    app = await buildApp(config, database);
    app.log.info(
      vectorSearch.enabled
        ? 'document search: pgvector (HNSW index)'
        : `document search: exact scan (${vectorSearch.reason ?? 'pgvector unavailable'})`,
    );
    // Runs written before semantic search existed (or loaded by SQL) get their embedding job once;
    // runs already queued are skipped, so a restart queues nothing.
    const queued = await requestIndexingOfUnindexedRuns(database.db);
    if (queued > 0) app.log.info({ queued }, 'test-run search: queued the embedding of earlier runs');
    // Runs indexed before each part of a component had its own vector are indexed again, by parts.
    const whole = await requestIndexingOfWholeComponents(database.db);
    if (whole > 0) app.log.info({ runs: whole }, 'test-run search: queued the re-indexing of runs by parts');
    // Reports written before their findings were embedded, each as a part of its own.
    const findings = await requestIndexingOfReportFindings(database.db);
    if (findings > 0)
      app.log.info({ runs: findings }, 'test-run search: queued the indexing of report findings');
    await requestReembedding(app, database, embeddingModelOf(config.embeddings));
  } catch (err) {
    await database.close();
    throw err;
  }

  let stopping = false;
  // A keep-alive connection busy when the stop begins would stay open after its response (Node closes
  // only the connections idle at that moment) and hold the close until its keep-alive timeout: tell
  // such clients to close it instead.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and running jobs');
    const force = setTimeout(
      () => {
        app.log.error('shutdown timed out; exiting');
        // eslint-disable-next-line no-restricted-properties -- the loop is held by whatever hung the stop
        process.exit(1);
      },
      SHUTDOWN_TIMEOUT_MS + config.workerShutdownGrace * 1000,
    );
    force.unref();
    app
      .close()
      .then(() => app.inFlight.idle())
      .then(() => database.close())
      .then(
        () => app.log.info('stopped cleanly'),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exitCode = 1;
        },
      )
      .finally(() => clearTimeout(force));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ host: config.host, port: config.port });
  const linkWarning = publicUrlWarning(config);
  if (linkWarning) app.log.warn({ publicUrl: config.publicUrl }, linkWarning);
  const firstToken = await new TokensService(database.db).bootstrapAdmin(config.adminEmail);
  if (firstToken) printFirstRunBanner(app, config.adminEmail, firstToken);
  return app;
}

/** Printed once, to the console only (never to the log), so a newcomer can make a first call. */
function printFirstRunBanner(app: FastifyInstance, email: string, token: string): void {
  const address = app.server.address();
  const base =
    typeof address === 'object' && address
      ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
      : 'http://127.0.0.1:8080';
  process.stdout.write(
    [
      '',
      `First start: created the admin ${email} with this token (shown once, keep it safe):`,
      '',
      `  ${token}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${token}" ${base}/api/v1/systems`,
      '',
      `API reference: ${base}/docs`,
      '',
    ].join('\n'),
  );
}

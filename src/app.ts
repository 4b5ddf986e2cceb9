// buildApp: core plugins (logging, validation, errors, OpenAPI), then the modules. No listening here:
// tests call buildApp and use app.inject; server.ts listens.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DestinationStream } from 'pino';
import { createAnalyst, type Analyst } from './analysis/analyst.js';
import type { Config } from './config.js';
import { registerBodyDeadline, requestLimits } from './core/body-deadline.js';
import { registerErrorHandling } from './core/error-handler.js';
import { InFlight } from './core/in-flight.js';
import { loggerOptions } from './core/logging.js';
import { refuseNul } from './core/nul.js';
import { declareCommonResponses, documentedSchema } from './core/openapi.js';
import { answerClientError, answerFrameworkError, registerTransportErrors } from './core/transport-errors.js';
import { validatorCompiler } from './core/validation.js';
import type { Database } from './db/client.js';
import { openNotifications } from './db/notifications.js';
import type { JobType } from './jobs/registry.js';
import { jobRegistry } from './jobs/types.js';
import { WorkerPool } from './jobs/worker.js';
import { registerModules } from './modules/index.js';
import { largestUpload } from './modules/sessions/upload-parts.js';
import { createServices, type AppDeps } from './modules/services.js';
import { openStorage, resolveSecret } from './storage/open.js';
import type { ObjectStorage } from './storage/port.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the OpenAPI completeness test. */
    routeTable: RouteOptions[];
    /** Request work still running; shutdown waits for it before closing the database. */
    inFlight: InFlight;
    /** This process's job workers (none run when HWA_WORKER_CONCURRENCY is 0). */
    workers: WorkerPool;
  }
}

export interface BuildOptions {
  /** Where logs go; tests pass a stream to read them. Default stdout. */
  logStream?: DestinationStream;
  /** Storage to use instead of the configured one (tests). */
  storage?: ObjectStorage;
  /** Job types registered beside the configured ones (tests register their own). */
  jobTypes?: JobType[];
  /** The language-model port for job handlers; default the configured one (HWA_LLM_*, else built-in). */
  analyst?: Analyst;
}

export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const limits = requestLimits(
    config,
    Math.max(config.bodyLimit, config.batchSaveBodyLimit, largestUpload(config.uploadLimit)),
  );
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Slow clients are cut off with a 408 (core/body-deadline.ts).
    requestTimeout: limits.requestTimeout,
    http: limits.http,
    // Keep-alive sockets that sit idle would hold shutdown open; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // Errors answered before a route runs, as problem+json with a request id (transport-errors.ts).
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Fastify parses text/plain by default, which would hand a string to body validation and answer 400
  // "body must be object"; the API speaks JSON only, so any other media type is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('routeTable', [] as RouteOptions[]);
  const inFlight = new InFlight();
  app.decorate('inFlight', inFlight);
  app.addHook('onRoute', (route) => {
    declareCommonResponses(route);
    app.routeTable.push(route);
    const handler = route.handler;
    route.handler = function tracked(request, reply) {
      return inFlight.track(() => handler.call(this, request, reply));
    };
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerTransportErrors(app);
  registerBodyDeadline(app, limits.body);
  registerErrorHandling(app);
  refuseNul(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'hwa — Hardware Analysis Service',
        version: '1.0.0',
        description: 'Errors are RFC 9457 application/problem+json; see docs/errors.md for the codes.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema as Record<string, unknown>), url }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const storage = options.storage ?? openStorage(config);
  const secret = await resolveSecret(config);
  const notifications = openNotifications(database, app.log);
  const registry = jobRegistry(config, options.jobTypes, storage);
  const analyst = options.analyst ?? createAnalyst(config);
  const services = createServices(config, database, storage, secret, {
    notifications,
    log: app.log,
    registry,
    analyst,
  });
  const deps: AppDeps = { config, database, storage, services, notifications };
  const workers = new WorkerPool({
    db: database.db,
    notifications,
    registry,
    analyst,
    concurrency: config.workerConcurrency,
    leaseSeconds: config.jobLeaseSeconds,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    pollSeconds: config.jobPollSeconds,
    log: app.log,
  });
  app.decorate('workers', workers);
  // Before the HTTP server closes: open event streams would hold it open, and running handlers get
  // their grace period while the database is still there to record how they ended.
  app.addHook('preClose', async () => {
    services.jobRunEvents.close();
    await workers.stop(config.workerShutdownGrace * 1000);
  });
  // Nothing of the app's may outlive app.close(): no LISTEN connection, no last_used_at write.
  app.addHook('onClose', async () => {
    await services.tokens.close();
    await notifications.close();
  });
  await registerModules(app, deps);
  // The services subscribed as they were built: listen before the first request is served.
  await notifications.start();
  workers.start();
  return app;
}

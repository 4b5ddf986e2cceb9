// Configuration comes from the environment only, is validated once at start-up and then frozen.
// A bad value stops start-up with a message naming the variable and what it expects, so an operator
// never discovers a typo through odd behaviour hours later.
import path from 'node:path';
import {
  loadEmbeddingsConfig,
  loadLlmConfig,
  type EmbeddingsConfig,
  type Env,
  type LlmConfig,
} from './config-endpoints.js';

export { Secret, type EmbeddingsConfig, type LlmConfig } from './config-endpoints.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /** Where the embedded database, the generated secret and (by default) stored files live. */
  dataDir: string;
  storageDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  databaseUrl: string | undefined;
  host: string;
  port: number;
  /** Signing key for signed links; undefined means "generate once and keep it in the data dir". */
  secret: string | undefined;
  logLevel: LogLevel;
  /** E-mail of the admin created on the first start when there are no users yet. */
  adminEmail: string;
  /** Connections in the PostgreSQL pool of one process. */
  dbPoolSize: number;
  /** Largest JSON request body accepted, in bytes. */
  bodyLimit: number;
  /** Largest metagraph batch save accepted, in bytes: a whole model arrives in one request. */
  batchSaveBodyLimit: number;
  /** `s3://bucket/prefix` to keep files in S3; undefined means the filesystem under storageDir. */
  storageUrl: string | undefined;
  /** Largest uploaded file, in bytes. */
  uploadLimit: number;
  /** Lifetime of a signed download link, in seconds. */
  signedUrlTtl: number;
  /** Base URL clients reach this server at, for the signed links it serves itself. */
  publicUrl: string;
  /** Seconds a client has to send the request line and headers (then 408). */
  headersTimeout: number;
  /** Seconds a request body may take before it must keep up `bodyMinRate` (then 408). */
  bodyTimeout: number;
  /** Bytes per second a body must average once `bodyTimeout` has passed. */
  bodyMinRate: number;
  /**
   * Seconds a verified token stays cached in a process; 0 turns the cache off. A revoke reaches every
   * process at once (NOTIFY); this bounds the rest (a user made admin) and a lost notification.
   */
  tokenCacheTtl: number;
  /** Job runs this process executes at once; 0 = API only (runs wait for another process's workers). */
  workerConcurrency: number;
  /** Seconds a claimed run is held without a heartbeat before another worker may reclaim it. */
  jobLeaseSeconds: number;
  /** Seconds between a worker's heartbeats (lease renewals); well under the lease. */
  jobHeartbeatSeconds: number;
  /** Seconds between queue polls: the backstop for a missed wake-up notification. */
  jobPollSeconds: number;
  /** Seconds SIGTERM lets running handlers finish before their runs are released to another worker. */
  workerShutdownGrace: number;
  /** Development aid only: registers the test job types (dev_sleep, dev_fail, dev_crash). */
  devJobTypes: boolean;
  /** GET /test-runs/search fuses meaning (component embeddings) with full text; off: full text only. */
  testRunSemanticSearch: boolean;
  /** The language model the analyst calls; undefined means the built-in analyst (no model). */
  llm: LlmConfig | undefined;
  /** An OpenAI-compatible `/embeddings` endpoint; undefined means the built-in model (offline). */
  embeddings: EmbeddingsConfig | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Every variable hwa reads, with its default, so README and `hwa --help` can list them. */
export const ENVIRONMENT: ReadonlyArray<{ name: string; default: string; description: string }> = [
  { name: 'HWA_DATA_DIR', default: './data', description: 'data directory (embedded database, secret)' },
  { name: 'HWA_STORAGE_DIR', default: '$HWA_DATA_DIR/objects', description: 'where stored files live' },
  { name: 'DATABASE_URL', default: 'unset: embedded PGlite', description: 'PostgreSQL >= 15 URL' },
  { name: 'HOST', default: '127.0.0.1', description: 'address the API listens on' },
  { name: 'PORT', default: '8080', description: 'port the API listens on' },
  { name: 'HWA_SECRET', default: 'generated in $HWA_DATA_DIR/secret', description: 'signing key' },
  { name: 'LOG_LEVEL', default: 'info', description: LOG_LEVELS.join(', ') },
  { name: 'HWA_ADMIN_EMAIL', default: 'admin@localhost', description: 'first-run admin e-mail' },
  { name: 'HWA_DB_POOL_SIZE', default: '10', description: 'PostgreSQL connections per process' },
  { name: 'HWA_BODY_LIMIT', default: '1048576', description: 'largest JSON body in bytes' },
  { name: 'HWA_BATCH_SAVE_BODY_LIMIT', default: '67108864', description: 'largest batch save in bytes' },
  {
    name: 'HWA_STORAGE_URL',
    default: 'unset: files in HWA_STORAGE_DIR',
    description: 's3://bucket/prefix',
  },
  { name: 'HWA_UPLOAD_LIMIT', default: '104857600', description: 'largest uploaded file in bytes' },
  { name: 'HWA_SIGNED_URL_TTL', default: '900', description: 'signed download link lifetime, seconds' },
  { name: 'HWA_PUBLIC_URL', default: 'http://$HOST:$PORT', description: 'base URL of signed links' },
  { name: 'HWA_HEADERS_TIMEOUT', default: '60', description: 'seconds to send request line and headers' },
  { name: 'HWA_BODY_TIMEOUT', default: '30', description: 'seconds a body may take before its rate counts' },
  { name: 'HWA_BODY_MIN_RATE', default: '16384', description: 'bytes/s a body must average after that' },
  { name: 'HWA_TOKEN_CACHE_TTL', default: '10', description: 'seconds a verified token is cached, 0 = off' },
  { name: 'HWA_WORKER_CONCURRENCY', default: '2', description: 'job runs executed at once, 0 = API only' },
  { name: 'HWA_JOB_LEASE_SECONDS', default: '15', description: "a dead worker's run is reclaimed after" },
  { name: 'HWA_JOB_HEARTBEAT_SECONDS', default: '5', description: 'seconds between lease renewals' },
  { name: 'HWA_JOB_POLL_SECONDS', default: '2', description: 'queue poll, backstop of NOTIFY wake-ups' },
  { name: 'HWA_WORKER_SHUTDOWN_GRACE', default: '10', description: 'seconds runs may finish on SIGTERM' },
  { name: 'HWA_DEV_JOB_TYPES', default: 'unset: off', description: 'development only: test job types' },
  {
    name: 'HWA_TEST_RUN_SEMANTIC_SEARCH',
    default: '1',
    description: '0: test-run search by full text only, without fusing meaning',
  },
  {
    name: 'HWA_LLM_BASE_URL',
    default: 'unset: built-in analyst, no model',
    description: 'OpenAI-compatible LLM endpoint, e.g. https://api.openai.com/v1',
  },
  { name: 'HWA_LLM_API_KEY', default: 'unset: no Authorization header', description: 'key of that endpoint' },
  {
    name: 'HWA_LLM_MODEL',
    default: 'unset: no default',
    description: 'model name, required with HWA_LLM_BASE_URL',
  },
  { name: 'HWA_LLM_TIMEOUT', default: '120', description: 'seconds one LLM call may take, retries included' },
  {
    name: 'HWA_LLM_MAX_RETRIES',
    default: '2',
    description: 'retries after 408/429/5xx or a lost connection',
  },
  { name: 'HWA_LLM_MAX_TOKENS', default: '4096', description: 'most tokens one LLM call may generate' },
  {
    name: 'HWA_EMBEDDINGS_BASE_URL',
    default: 'unset: built-in model (offline)',
    description: 'OpenAI-compatible embeddings endpoint, e.g. https://api.openai.com/v1',
  },
  { name: 'HWA_EMBEDDINGS_API_KEY', default: 'unset: no Authorization header', description: 'its key' },
  {
    name: 'HWA_EMBEDDINGS_MODEL',
    default: 'none',
    description: 'embedding model name, required with HWA_EMBEDDINGS_BASE_URL',
  },
  {
    name: 'HWA_EMBEDDINGS_TIMEOUT',
    default: '60',
    description: 'seconds one embeddings request may take (each attempt)',
  },
  {
    name: 'HWA_EMBEDDINGS_MAX_RETRIES',
    default: '2',
    description: 'embeddings retries after 408/429/5xx or a lost connection',
  },
];

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const flag = (name: string): boolean => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '' || raw === '0') return false;
    if (raw === '1') return true;
    problems.push(`${name} must be 1 (on) or 0 (off), got "${raw}"`);
    return false;
  };

  const dataDir = path.resolve(text('HWA_DATA_DIR', './data'));
  const storageDir = path.resolve(text('HWA_STORAGE_DIR', path.join(dataDir, 'objects')));

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user@host:5432/hwa');
  }

  const logLevel = text('LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const secret = env.HWA_SECRET?.trim() || undefined;
  if (secret !== undefined && secret.length < 32) {
    problems.push('HWA_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)');
  }

  const adminEmail = text('HWA_ADMIN_EMAIL', 'admin@localhost').toLowerCase();
  if (!isEmail(adminEmail)) problems.push(`HWA_ADMIN_EMAIL must be an e-mail address, got "${adminEmail}"`);

  const storageUrl = env.HWA_STORAGE_URL?.trim() || undefined;
  if (storageUrl !== undefined && !/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(storageUrl)) {
    problems.push(`HWA_STORAGE_URL must look like s3://bucket or s3://bucket/prefix, got "${storageUrl}"`);
  }
  const host = text('HOST', '127.0.0.1');
  const port = integer('PORT', 8080, 0, 65535);
  const publicUrl = text(
    'HWA_PUBLIC_URL',
    `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
  ).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
    problems.push(
      `HWA_PUBLIC_URL must be an http(s) URL such as https://hwa.example.com, got "${publicUrl}"`,
    );
  }

  const config: Config = {
    dataDir,
    storageDir,
    databaseUrl,
    host,
    port,
    secret,
    logLevel,
    adminEmail,
    dbPoolSize: integer('HWA_DB_POOL_SIZE', 10, 1, 1000),
    bodyLimit: integer('HWA_BODY_LIMIT', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    batchSaveBodyLimit: integer('HWA_BATCH_SAVE_BODY_LIMIT', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    storageUrl,
    uploadLimit: integer('HWA_UPLOAD_LIMIT', 100 * 1024 * 1024, 1, 1024 ** 4),
    signedUrlTtl: integer('HWA_SIGNED_URL_TTL', 900, 1, 7 * 24 * 3600),
    publicUrl,
    // Headers: 60 s, Node's own default. Bodies: 30 s, then 16 KiB/s (~131 kbit/s), so 20 files of
    // 100 MiB pass a link far slower than any office or mobile uplink (in ~36 h), while a client
    // trickling a byte every 10 s is cut off after ~30 s instead of holding a socket and a handler.
    headersTimeout: integer('HWA_HEADERS_TIMEOUT', 60, 1, 3600),
    bodyTimeout: integer('HWA_BODY_TIMEOUT', 30, 1, 3600),
    bodyMinRate: integer('HWA_BODY_MIN_RATE', 16 * 1024, 1, 1024 ** 3),
    tokenCacheTtl: integer('HWA_TOKEN_CACHE_TTL', 10, 0, 3600),
    workerConcurrency: integer('HWA_WORKER_CONCURRENCY', 2, 0, 256),
    jobLeaseSeconds: integer('HWA_JOB_LEASE_SECONDS', 15, 2, 3600),
    jobHeartbeatSeconds: integer('HWA_JOB_HEARTBEAT_SECONDS', 5, 1, 1200),
    jobPollSeconds: integer('HWA_JOB_POLL_SECONDS', 2, 1, 600),
    workerShutdownGrace: integer('HWA_WORKER_SHUTDOWN_GRACE', 10, 0, 3600),
    devJobTypes: flag('HWA_DEV_JOB_TYPES'),
    testRunSemanticSearch:
      env.HWA_TEST_RUN_SEMANTIC_SEARCH === undefined || flag('HWA_TEST_RUN_SEMANTIC_SEARCH'),
    llm: loadLlmConfig(env, integer, problems),
    embeddings: loadEmbeddingsConfig(env, problems, {
      timeout: integer('HWA_EMBEDDINGS_TIMEOUT', 60, 1, 3600),
      maxRetries: integer('HWA_EMBEDDINGS_MAX_RETRIES', 2, 0, 10),
    }),
  };
  // A heartbeat as slow as the lease would let a live worker's run be reclaimed between two beats.
  if (config.jobHeartbeatSeconds * 2 > config.jobLeaseSeconds) {
    problems.push(
      `HWA_JOB_HEARTBEAT_SECONDS (${config.jobHeartbeatSeconds}) must be at most half of HWA_JOB_LEASE_SECONDS (${config.jobLeaseSeconds})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** Deliberately loose: one `@`, something on each side, no spaces. Delivery is not our concern. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value) && value.length <= 254;
}

/**
 * Download links are built from HWA_PUBLIC_URL; by default it follows HOST, and a wildcard address
 * (0.0.0.0, ::) works for nobody. Said once at start, since the server itself still works.
 */
export function publicUrlWarning(config: Config): string | undefined {
  if (!/^https?:\/\/(0\.0\.0\.0|\[::\])(:|\/|$)/.test(config.publicUrl)) return undefined;
  return (
    `HWA_PUBLIC_URL is not set while listening on all interfaces: download links will point at ` +
    `${config.publicUrl}. Set HWA_PUBLIC_URL to the address clients use (e.g. https://hwa.example.com).`
  );
}

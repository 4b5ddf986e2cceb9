import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT, loadConfig, publicUrlWarning, Secret } from './config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: path.resolve('data'),
      storageDir: path.resolve('data/objects'),
      databaseUrl: undefined,
      host: '127.0.0.1',
      port: 8080,
      secret: undefined,
      logLevel: 'info',
      adminEmail: 'admin@localhost',
      dbPoolSize: 10,
      bodyLimit: 1024 * 1024,
      batchSaveBodyLimit: 64 * 1024 * 1024,
      storageUrl: undefined,
      uploadLimit: 100 * 1024 * 1024,
      signedUrlTtl: 900,
      publicUrl: 'http://127.0.0.1:8080',
      headersTimeout: 60,
      bodyTimeout: 30,
      bodyMinRate: 16384,
      tokenCacheTtl: 10,
      workerConcurrency: 2,
      jobLeaseSeconds: 15,
      jobHeartbeatSeconds: 5,
      jobPollSeconds: 2,
      workerShutdownGrace: 10,
      devJobTypes: false,
      llm: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      HWA_DATA_DIR: '/srv/hwa',
      HWA_STORAGE_DIR: '/srv/files',
      DATABASE_URL: 'postgres://hwa@db:5432/hwa',
      HOST: '0.0.0.0',
      PORT: '9000',
      HWA_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'debug',
      HWA_ADMIN_EMAIL: 'Lead@Example.com',
      HWA_DB_POOL_SIZE: '20',
      HWA_BODY_LIMIT: '2048',
      HWA_BATCH_SAVE_BODY_LIMIT: '4096',
      HWA_STORAGE_URL: 's3://hwa-files/prod',
      HWA_UPLOAD_LIMIT: '5000',
      HWA_SIGNED_URL_TTL: '60',
      HWA_PUBLIC_URL: 'https://hwa.example.com/',
      HWA_HEADERS_TIMEOUT: '5',
      HWA_BODY_TIMEOUT: '7',
      HWA_BODY_MIN_RATE: '1000',
      HWA_TOKEN_CACHE_TTL: '0',
      HWA_WORKER_CONCURRENCY: '0',
      HWA_JOB_LEASE_SECONDS: '30',
      HWA_JOB_HEARTBEAT_SECONDS: '10',
      HWA_JOB_POLL_SECONDS: '7',
      HWA_WORKER_SHUTDOWN_GRACE: '3',
      HWA_DEV_JOB_TYPES: '1',
      HWA_TEST_RUN_SEMANTIC_SEARCH: '0',
      HWA_LLM_BASE_URL: 'https://llm.example.com/v1/',
      HWA_LLM_API_KEY: 'sk-live-key',
      HWA_LLM_MODEL: 'gpt-4o-mini',
      HWA_LLM_TIMEOUT: '30',
      HWA_LLM_MAX_RETRIES: '0',
      HWA_LLM_MAX_TOKENS: '512',
      HWA_EMBEDDINGS_BASE_URL: 'https://embed.example.com/v1/',
      HWA_EMBEDDINGS_API_KEY: 'sk-embed-key',
      HWA_EMBEDDINGS_MODEL: 'text-embedding-3-small',
    });
    expect(config.embeddings?.apiKey?.reveal()).toBe('sk-embed-key');
    expect(config.llm?.apiKey?.reveal()).toBe('sk-live-key');
    expect(config).toEqual({
      dataDir: '/srv/hwa',
      storageDir: '/srv/files',
      databaseUrl: 'postgres://hwa@db:5432/hwa',
      host: '0.0.0.0',
      port: 9000,
      secret: 'x'.repeat(32),
      logLevel: 'debug',
      adminEmail: 'lead@example.com',
      dbPoolSize: 20,
      bodyLimit: 2048,
      batchSaveBodyLimit: 4096,
      storageUrl: 's3://hwa-files/prod',
      uploadLimit: 5000,
      signedUrlTtl: 60,
      publicUrl: 'https://hwa.example.com',
      headersTimeout: 5,
      bodyTimeout: 7,
      bodyMinRate: 1000,
      tokenCacheTtl: 0,
      workerConcurrency: 0,
      jobLeaseSeconds: 30,
      jobHeartbeatSeconds: 10,
      jobPollSeconds: 7,
      workerShutdownGrace: 3,
      devJobTypes: true,
      testRunSemanticSearch: false,
      llm: {
        baseUrl: 'https://llm.example.com/v1',
        apiKey: expect.any(Secret) as Secret,
        model: 'gpt-4o-mini',
        timeout: 30,
        maxRetries: 0,
        maxTokens: 512,
      },
      embeddings: {
        baseUrl: 'https://embed.example.com/v1',
        apiKey: expect.any(Secret) as Secret,
        model: 'text-embedding-3-small',
        timeout: 60,
        maxRetries: 2,
      },
    });
    expect(ENVIRONMENT.map((v) => v.name).sort()).toEqual(
      [
        'HWA_DATA_DIR',
        'HWA_STORAGE_DIR',
        'DATABASE_URL',
        'HOST',
        'PORT',
        'HWA_SECRET',
        'LOG_LEVEL',
        'HWA_ADMIN_EMAIL',
        'HWA_DB_POOL_SIZE',
        'HWA_BODY_LIMIT',
        'HWA_BATCH_SAVE_BODY_LIMIT',
        'HWA_STORAGE_URL',
        'HWA_UPLOAD_LIMIT',
        'HWA_SIGNED_URL_TTL',
        'HWA_PUBLIC_URL',
        'HWA_HEADERS_TIMEOUT',
        'HWA_BODY_TIMEOUT',
        'HWA_BODY_MIN_RATE',
        'HWA_TOKEN_CACHE_TTL',
        'HWA_WORKER_CONCURRENCY',
        'HWA_JOB_LEASE_SECONDS',
        'HWA_JOB_HEARTBEAT_SECONDS',
        'HWA_JOB_POLL_SECONDS',
        'HWA_WORKER_SHUTDOWN_GRACE',
        'HWA_DEV_JOB_TYPES',
        'HWA_TEST_RUN_SEMANTIC_SEARCH',
        'HWA_LLM_BASE_URL',
        'HWA_LLM_API_KEY',
        'HWA_LLM_MODEL',
        'HWA_LLM_TIMEOUT',
        'HWA_LLM_MAX_RETRIES',
        'HWA_LLM_MAX_TOKENS',
        'HWA_EMBEDDINGS_BASE_URL',
        'HWA_EMBEDDINGS_API_KEY',
        'HWA_EMBEDDINGS_MODEL',
        'HWA_EMBEDDINGS_TIMEOUT',
        'HWA_EMBEDDINGS_MAX_RETRIES',
      ].sort(),
    );
  });

  it('storage defaults to objects/ inside the data directory', () => {
    expect(loadConfig({ HWA_DATA_DIR: '/srv/hwa' }).storageDir).toBe('/srv/hwa/objects');
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535, got "abc"/],
    ['PORT', '65536', /PORT must be an integer/],
    ['PORT', '-1', /PORT must be an integer/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be a PostgreSQL URL/],
    ['HWA_SECRET', 'short', /HWA_SECRET must be at least 32 characters/],
    ['HWA_ADMIN_EMAIL', 'not-an-email', /HWA_ADMIN_EMAIL must be an e-mail address/],
    ['HWA_DB_POOL_SIZE', '0', /HWA_DB_POOL_SIZE must be an integer from 1 to 1000/],
    ['HWA_BODY_LIMIT', '1023', /HWA_BODY_LIMIT must be an integer from 1024/],
    ['HWA_BATCH_SAVE_BODY_LIMIT', 'big', /HWA_BATCH_SAVE_BODY_LIMIT must be an integer from 1024/],
    ['HWA_STORAGE_URL', 'https://bucket', /HWA_STORAGE_URL must look like s3:\/\/bucket/],
    ['HWA_STORAGE_URL', 's3://', /HWA_STORAGE_URL must look like s3:\/\/bucket/],
    ['HWA_UPLOAD_LIMIT', '0', /HWA_UPLOAD_LIMIT must be an integer from 1/],
    ['HWA_SIGNED_URL_TTL', '0', /HWA_SIGNED_URL_TTL must be an integer from 1 to 604800/],
    ['HWA_SIGNED_URL_TTL', '604801', /HWA_SIGNED_URL_TTL must be an integer/],
    ['HWA_PUBLIC_URL', 'ftp://x', /HWA_PUBLIC_URL must be an http\(s\) URL/],
    ['HWA_HEADERS_TIMEOUT', '0', /HWA_HEADERS_TIMEOUT must be an integer from 1 to 3600/],
    ['HWA_HEADERS_TIMEOUT', '3601', /HWA_HEADERS_TIMEOUT must be an integer from 1 to 3600/],
    ['HWA_BODY_TIMEOUT', '0', /HWA_BODY_TIMEOUT must be an integer from 1 to 3600/],
    ['HWA_BODY_TIMEOUT', '3601', /HWA_BODY_TIMEOUT must be an integer from 1 to 3600/],
    ['HWA_BODY_TIMEOUT', '1.5', /HWA_BODY_TIMEOUT must be an integer/],
    ['HWA_BODY_MIN_RATE', '0', /HWA_BODY_MIN_RATE must be an integer from 1 to 1073741824/],
    ['HWA_BODY_MIN_RATE', '1073741825', /HWA_BODY_MIN_RATE must be an integer from 1 to 1073741824/],
    ['HWA_TOKEN_CACHE_TTL', '3601', /HWA_TOKEN_CACHE_TTL must be an integer from 0 to 3600/],
    ['HWA_TOKEN_CACHE_TTL', '-1', /HWA_TOKEN_CACHE_TTL must be an integer/],
    ['HWA_WORKER_CONCURRENCY', '257', /HWA_WORKER_CONCURRENCY must be an integer from 0 to 256/],
    ['HWA_JOB_LEASE_SECONDS', '1', /HWA_JOB_LEASE_SECONDS must be an integer from 2 to 3600/],
    ['HWA_JOB_HEARTBEAT_SECONDS', '8', /HWA_JOB_HEARTBEAT_SECONDS \(8\) must be at most half/],
    ['HWA_DEV_JOB_TYPES', 'yes', /HWA_DEV_JOB_TYPES must be 1 \(on\) or 0 \(off\)/],
    ['HWA_TEST_RUN_SEMANTIC_SEARCH', 'off', /HWA_TEST_RUN_SEMANTIC_SEARCH must be 1 \(on\) or 0 \(off\)/],
    ['HWA_LLM_TIMEOUT', '0', /HWA_LLM_TIMEOUT must be an integer from 1 to 3600/],
    ['HWA_LLM_MAX_RETRIES', '11', /HWA_LLM_MAX_RETRIES must be an integer from 0 to 10/],
    ['HWA_LLM_MAX_TOKENS', '0', /HWA_LLM_MAX_TOKENS must be an integer from 1 to 1000000/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(problemsOf({ [name]: value }).join('\n')).toMatch(message);
  });

  it('fuses meaning into test-run search unless HWA_TEST_RUN_SEMANTIC_SEARCH is 0', () => {
    expect(loadConfig({}).testRunSemanticSearch).toBe(true);
    expect(loadConfig({ HWA_TEST_RUN_SEMANTIC_SEARCH: '1' }).testRunSemanticSearch).toBe(true);
    expect(loadConfig({ HWA_TEST_RUN_SEMANTIC_SEARCH: '0' }).testRunSemanticSearch).toBe(false);
  });

  it('accepts the boundary values', () => {
    expect(problemsOf({ PORT: '65535', HWA_DB_POOL_SIZE: '1', HWA_BODY_LIMIT: '1024' })).toEqual([]);
    expect(problemsOf({ HWA_HEADERS_TIMEOUT: '1', HWA_BODY_TIMEOUT: '1', HWA_BODY_MIN_RATE: '1' })).toEqual(
      [],
    );
    expect(
      problemsOf({
        HWA_HEADERS_TIMEOUT: '3600',
        HWA_BODY_TIMEOUT: '3600',
        HWA_BODY_MIN_RATE: String(1024 ** 3),
      }),
    ).toEqual([]);
    expect(problemsOf({ PORT: '0', HWA_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgresql://h/db' })).toEqual(
      [],
    );
  });

  it('reports every bad variable at once, so one restart fixes them all', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });
});

describe('the language model', () => {
  const llm = { HWA_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', HWA_LLM_MODEL: 'llama3.2' };

  it('is off unless HWA_LLM_BASE_URL is set; on, it has the documented defaults and may have no key', () => {
    expect(loadConfig({}).llm).toBeUndefined();
    expect(loadConfig(llm).llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.2',
      timeout: 120,
      maxRetries: 2,
      maxTokens: 4096,
    });
  });

  it.each([
    ['ftp://llm.example.com/v1', /HWA_LLM_BASE_URL must be an http\(s\) URL .*got "ftp:\/\/llm/],
    ['llm.example.com/v1', /HWA_LLM_BASE_URL must be an http\(s\) URL/],
    ['http://', /HWA_LLM_BASE_URL must be an http\(s\) URL/],
    ['https://llm.example.com/v1?key=1', /HWA_LLM_BASE_URL must not have a query or fragment/],
  ])('refuses HWA_LLM_BASE_URL=%s', (url, message) => {
    expect(problemsOf({ ...llm, HWA_LLM_BASE_URL: url }).join('\n')).toMatch(message);
  });

  it('refuses a base URL with credentials in it without repeating them', () => {
    const problems = problemsOf({ ...llm, HWA_LLM_BASE_URL: 'https://me:sk-hidden@llm.example.com/v1' });
    expect(problems).toEqual([
      'HWA_LLM_BASE_URL must not contain a user or password: put the key in HWA_LLM_API_KEY',
    ]);
  });

  it('requires a model with the base URL: no name is served by every compatible server', () => {
    expect(problemsOf({ HWA_LLM_BASE_URL: 'https://api.openai.com/v1' })).toEqual([
      'HWA_LLM_MODEL must name the model when HWA_LLM_BASE_URL is set (e.g. gpt-4o-mini)',
    ]);
  });

  it('refuses a key or model without a base URL rather than quietly staying on the built-in analyst', () => {
    expect(problemsOf({ HWA_LLM_API_KEY: 'sk-x', HWA_LLM_MODEL: 'gpt-4o-mini' })).toEqual([
      'HWA_LLM_BASE_URL must be set when HWA_LLM_API_KEY or HWA_LLM_MODEL is (e.g. https://api.openai.com/v1)',
    ]);
  });

  it('never shows the API key: not in JSON, not in util.inspect, not in a template string', () => {
    const config = loadConfig({ ...llm, HWA_LLM_API_KEY: 'sk-never-shown' });
    const key = config.llm?.apiKey;
    expect(key?.reveal()).toBe('sk-never-shown');
    expect(JSON.stringify(config)).not.toContain('sk-never-shown');
    expect(inspect(config, { depth: 10, showHidden: true })).not.toContain('sk-never-shown');
    expect(`${String(key)}`).toBe('[redacted]');
  });

  it('never shows the API key in the refusal of another variable', () => {
    expect(problemsOf({ ...llm, HWA_LLM_API_KEY: 'sk-never-shown', PORT: 'x' }).join('\n')).not.toContain(
      'sk-never-shown',
    );
  });
});

describe('the public URL of download links', () => {
  it('follows HOST and PORT unless HWA_PUBLIC_URL is set', () => {
    expect(loadConfig({ HOST: '10.1.2.3', PORT: '9000' }).publicUrl).toBe('http://10.1.2.3:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: '0.0.0.0', HWA_PUBLIC_URL: 'https://hwa.lab' }).publicUrl).toBe(
      'https://hwa.lab',
    );
  });

  it('warns at start when links would point at a wildcard address, and only then', () => {
    expect(publicUrlWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(
      /HWA_PUBLIC_URL is not set.*0\.0\.0\.0:8080/,
    );
    expect(publicUrlWarning(loadConfig({ HOST: '::' }))).toMatch(/\[::\]:8080/);
    expect(publicUrlWarning(loadConfig({}))).toBeUndefined();
    expect(
      publicUrlWarning(loadConfig({ HOST: '0.0.0.0', HWA_PUBLIC_URL: 'https://hwa.lab' })),
    ).toBeUndefined();
  });
});

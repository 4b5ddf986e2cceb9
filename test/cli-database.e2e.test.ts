// The CLI says where it writes: every command names its database on stderr (the embedded directory's
// absolute path, or PostgreSQL's host, port, database and user, never the password), and a command
// that creates a new embedded database says so loudly, pointing at DATABASE_URL. Also the small
// things a newcomer meets first: `hwa --version`, the header of `hwa token list`, the help text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../src/config.js';
import { cleanEnv, COMMAND_WITHIN_MS, killChildren, ROOT, runHwa, startServer } from './cli-process.js';
import { dbKind, freshDatabase } from './helpers.js';

const SLOW_TEST = { timeout: 240_000 };
/** One spawned command: its own bound (the CLI may rebuild dist/ first), not vitest's 30 s default. */
const ONE_COMMAND = { timeout: COMMAND_WITHIN_MS + 10_000 };
const TOKEN = /^hwa_[A-Za-z0-9_-]{43}\n$/;
const onPostgres = dbKind() === 'postgres';
/** PostgreSQL: a fresh migrated database, made at collection time (it is dropped when the file ends). */
const postgresUrl = onPostgres ? (await freshDatabase()).url! : undefined;
const NEW_DATABASE = /NOTE: there was no database in (.+), so this command created a new, empty one/;

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-cli-db-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(killChildren);
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The stderr lines that start `hwa: database:`. */
const databaseLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('hwa: database: '));

describe.skipIf(onPostgres)('on the embedded database', () => {
  it(
    'a command that creates the database names its absolute path and says so loudly, once',
    SLOW_TEST,
    async () => {
      // Run from a directory of its own, with the default HWA_DATA_DIR (./data): the trap a user falls in.
      const cwd = tempDir();
      const dir = path.join(fs.realpathSync(cwd), 'data', 'pglite');
      const env = cleanEnv({});
      const created = await runHwa(['token', 'create', '--email', 'ann@example.com'], env, cwd);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(TOKEN);
      expect(databaseLines(created.stderr)).toEqual([`hwa: database: embedded PGlite database in ${dir}`]);
      expect(created.stderr.match(NEW_DATABASE)?.[1]).toBe(dir);
      expect(created.stderr).toContain('DATABASE_URL');
      expect(created.stderr).not.toContain(created.stdout.trim());
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

      // The second command finds that database: it names it, and says nothing about creating one.
      for (const args of [['token', 'list'], ['migrate']]) {
        const again = await runHwa(args, env, cwd);
        expect(again.code, again.stderr).toBe(0);
        expect(databaseLines(again.stderr)).toEqual([`hwa: database: embedded PGlite database in ${dir}`]);
        expect(again.stderr).not.toMatch(NEW_DATABASE);
      }
    },
  );

  it('a refused command names the database and claims to have created nothing', SLOW_TEST, async () => {
    const dataDir = tempDir();
    const server = await startServer(cleanEnv({ HWA_DATA_DIR: dataDir }));
    const refused = await runHwa(['token', 'list'], cleanEnv({ HWA_DATA_DIR: dataDir }));
    expect(refused.code).not.toBe(0);
    expect(databaseLines(refused.stderr)).toEqual([
      `hwa: database: embedded PGlite database in ${path.join(dataDir, 'pglite')}`,
    ]);
    expect(refused.stderr).not.toMatch(NEW_DATABASE);
    expect(refused.stderr).toContain('in use by another hwa process');
    expect(await server.stop()).toBe(0);
  });

  it(
    '`hwa serve` names the database it serves, and that it is new on the first start only',
    SLOW_TEST,
    async () => {
      const dataDir = tempDir();
      const line = `hwa: database: embedded PGlite database in ${path.join(dataDir, 'pglite')}`;
      const first = await startServer(cleanEnv({ HWA_DATA_DIR: dataDir }));
      expect(await first.stop()).toBe(0);
      expect(databaseLines(first.stderr())).toEqual([`${line} (new: created now)`]);
      const second = await startServer(cleanEnv({ HWA_DATA_DIR: dataDir }));
      expect(await second.stop()).toBe(0);
      expect(databaseLines(second.stderr())).toEqual([line]);
    },
  );

  it('`hwa token list` starts with a header row, also when there is no token', SLOW_TEST, async () => {
    const env = cleanEnv({ HWA_DATA_DIR: tempDir() });
    const empty = await runHwa(['token', 'list'], env);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(empty.stdout.split(/\s+/).filter(Boolean)).toEqual(['ID', 'PREFIX', 'EMAIL', 'NAME', 'STATE']);

    const token = (await runHwa(['token', 'create', '--email', 'ann@example.com', '--name', 'ci'], env))
      .stdout;
    const listed = await runHwa(['token', 'list'], env);
    const [header, row, ...rest] = listed.stdout.split('\n').filter(Boolean);
    expect(rest).toEqual([]);
    expect(header!.split(/\s+/)).toEqual(['ID', 'PREFIX', 'EMAIL', 'NAME', 'STATE']);
    const cells = row!.split(/\s{2,}/);
    expect(cells).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      `${token.slice(0, 12)}…`,
      'ann@example.com',
      'ci',
      'active',
    ]);
    // The columns line up under their headings.
    for (const heading of ['PREFIX', 'EMAIL', 'NAME', 'STATE']) {
      const at = header!.indexOf(heading);
      expect(row![at - 1]).toBe(' ');
      expect(row![at]).not.toBe(' ');
    }
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it(
    'every command names host, port, database and user, never the password, and leaves no embedded database',
    SLOW_TEST,
    async () => {
      const url = new URL(postgresUrl!);
      url.password = 'pw-Not-Shown-42'; // the test server trusts local connections: any password works
      const dataDir = tempDir();
      const env = cleanEnv({ HWA_DATA_DIR: dataDir, DATABASE_URL: url.toString() });
      const expected = `hwa: database: PostgreSQL database "${url.pathname.slice(1)}" on ${url.hostname}:${url.port || '5432'} as ${url.username}`;

      const created = await runHwa(['token', 'create', '--email', 'ann@example.com'], env);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(TOKEN);
      for (const result of [created, await runHwa(['token', 'list'], env), await runHwa(['migrate'], env)]) {
        expect(result.code, result.stderr).toBe(0);
        expect(databaseLines(result.stderr)).toEqual([expected]);
        expect(result.stderr).not.toContain('pw-Not-Shown-42');
        expect(result.stderr).not.toMatch(NEW_DATABASE);
      }
      const server = await startServer(env);
      expect(await server.stop()).toBe(0);
      expect(databaseLines(server.stderr())).toEqual([expected]);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    },
  );
});

describe('whatever the database', () => {
  it(
    'names an unreachable PostgreSQL before explaining the failure, without the password',
    ONE_COMMAND,
    async () => {
      const env = cleanEnv({
        HWA_DATA_DIR: tempDir(),
        DATABASE_URL: 'postgres://hwa:s3cret-pw@127.0.0.1:1/hwa',
      });
      const result = await runHwa(['token', 'list'], env);
      expect(result.code).toBe(1);
      expect(databaseLines(result.stderr)).toEqual([
        'hwa: database: PostgreSQL database "hwa" on 127.0.0.1:1 as hwa',
      ]);
      expect(result.stderr).not.toContain('s3cret-pw');
    },
  );

  it('`hwa --version` prints the version from package.json alone on stdout', SLOW_TEST, async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const result = await runHwa([flag], cleanEnv({}));
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  });

  it(
    '`hwa --help` lists every environment variable with its default, each said once',
    ONE_COMMAND,
    async () => {
      const result = await runHwa(['--help'], cleanEnv({}));
      expect(result.code).toBe(0);
      for (const variable of ENVIRONMENT) {
        const lines = result.stdout.split('\n').filter((l) => l.trim().startsWith(`${variable.name} `));
        expect(lines, variable.name).toHaveLength(1);
        expect(lines[0]).toContain(variable.default);
      }
      expect(result.stdout).toContain('DATABASE_URL');
      expect(result.stdout).toMatch(/PostgreSQL >= 15 URL \(unset: embedded PGlite\)/);
      expect(result.stdout).toMatch(/HWA_DATA_DIR .*\(default \.\/data\)/);
      expect(result.stdout).not.toMatch(/\(default \(/);
      expect(result.stdout).toContain('--version');
    },
  );
});

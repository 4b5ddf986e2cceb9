// The hwa command. `hwa token create` prints the token alone on stdout so scripts can capture it;
// everything else a command says goes to stderr.
import fs from 'node:fs';
import { Command } from 'commander';
import { ConfigError, ENVIRONMENT, isEmail, loadConfig, type Config } from './config.js';
import { HwaError } from './core/errors.js';
import { isUuid } from './core/ids.js';
import type { Database } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { migrateDatabase } from './db/migrate.js';
import { SchemaDriftError } from './db/migration-drift.js';
import { openNotifications } from './db/notifications.js';
import { describeConnectionError, openConfiguredDatabase } from './db/open.js';
import { databaseTarget, newEmbeddedDatabaseNotice } from './db/target.js';
import { serve } from './server.js';
import { JobRegistryError } from './jobs/registry.js';
import { runWorker, workerRefusal } from './jobs/worker-process.js';
import { TokensService } from './modules/tokens/tokens.service.js';

/** A message for the person at the terminal: stderr, one `hwa: ` prefix per line. */
const say = (text: string) => process.stderr.write(text.replace(/^/gm, 'hwa: ') + '\n');

/**
 * Opens (and migrates) the configured database for one command, closing it afterwards. Says which
 * database first, and loudly when the command has just created a new embedded one.
 */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const target = databaseTarget(config());
  say(`database: ${target.description}`);
  const database = await openConfiguredDatabase(config(), (err) => {
    throw err;
  });
  try {
    if (target.createsEmbedded) say(newEmbeddedDatabaseNotice(config()));
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

let loaded: Config | undefined;
const config = (): Config => (loaded ??= loadConfig());

const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `./data` reads as a default; `unset: …` and `generated …` already say what happens without one. */
const defaultText = (value: string) => (/^(unset|generated)\b/.test(value) ? value : `default ${value}`);

const program = new Command('hwa')
  .description('Hardware Analysis Service')
  .version(version, '-V, --version', 'print the version of hwa')
  .addHelpText(
    'after',
    `\nEnvironment:\n${ENVIRONMENT.map((v) => `  ${v.name.padEnd(26)} ${v.description} (${defaultText(v.default)})`).join('\n')}`,
  );

program
  .command('serve')
  .description('serve the API (migrates the database first)')
  .action(async () => {
    const target = databaseTarget(config());
    say(`database: ${target.description}${target.createsEmbedded ? ' (new: created now)' : ''}`);
    await serve(config());
  });

program
  .command('worker')
  .description('run job workers only, beside hwa serve processes (PostgreSQL only)')
  .action(async () => {
    const refusal = workerRefusal(config());
    if (refusal) {
      say(refusal);
      endWith(2);
      return;
    }
    say(`database: ${databaseTarget(config()).description}`);
    await runWorker(config());
  });

program
  .command('migrate')
  .description('apply pending database migrations and exit')
  .action(async () => {
    await withDatabase(async () => process.stderr.write('hwa: database is up to date\n'));
  });

const token = program.command('token').description('manage personal access tokens');

token
  .command('create')
  .description('create a token and print it alone on stdout')
  .requiredOption('--email <email>', 'the user the token belongs to (created if new)')
  .option('--admin', 'make the user an organisation admin')
  .option('--name <name>', 'a label to tell tokens apart')
  .action(async (opts: { email: string; admin?: boolean; name?: string }) => {
    if (!isEmail(opts.email)) throw new UsageError(`--email must be an e-mail address, got "${opts.email}"`);
    const created = await withDatabase((db) =>
      new TokensService(db.db).create({ email: opts.email, isAdmin: opts.admin ?? false, name: opts.name }),
    );
    process.stdout.write(`${created.token}\n`);
  });

token
  .command('list')
  .description('list every token (never the secret)')
  .action(async () => {
    const { items } = await withDatabase((db) => new TokensService(db.db).list());
    const rows = [
      ['ID', 'PREFIX', 'EMAIL', 'NAME', 'STATE'],
      ...items.map((t) => [
        t.id,
        `${t.prefix}…`,
        t.email,
        t.name,
        t.revoked_at ? `revoked ${t.revoked_at}` : 'active',
      ]),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    for (const row of rows) {
      const cells = row.map((cell, i) => (i < row.length - 1 ? cell.padEnd(widths[i]!) : cell));
      process.stdout.write(`${cells.join('  ')}\n`);
    }
  });

token
  .command('revoke')
  .description('revoke a token by id')
  .argument('<id>', 'token id, as `hwa token list` shows it')
  .action(async (id: string) => {
    if (!isUuid(id)) throw new UsageError(`"${id}" is not a token id (a UUID)`);
    await withDatabase(async (database) => {
      // Listening for the barrier: the command returns once every running server has dropped the token.
      const notifications = openNotifications(database, cliLog);
      await notifications.start();
      try {
        await new TokensService(database.db, { notifications, log: cliLog }).revoke(id);
      } finally {
        await notifications.close();
      }
    });
    process.stderr.write(`hwa: revoked ${id}\n`);
  });

class UsageError extends Error {}

/**
 * Ends the command with `code` by letting the event loop drain, never by process.exit(): on Node 24
 * and later process.exit() can deadlock under load (nodejs/node#54918, #64274: the main thread joins
 * V8's worker threads while a concurrent Maglev/Sparkplug compile on one of them waits for a garbage
 * collection only the main thread can run). CI saw it twice, a command printing its error and then
 * never ending. A natural exit disposes the isolate first, which cancels those compiles. Should a
 * handle stay open after a failure, the unreferenced timer still ends the command.
 */
function endWith(code: number): void {
  process.exitCode = code;
  // eslint-disable-next-line no-restricted-properties -- last resort, only if a handle stayed open
  setTimeout(() => process.exit(code), 5_000).unref();
}

/** The CLI's log for the notifications' rare warnings: one line on stderr, never on stdout. */
const cliLog = {
  info: () => undefined,
  warn: (_obj: object, msg: string) => void process.stderr.write(`hwa: ${msg}\n`),
};

program.parseAsync().catch((err: unknown) => {
  const expected = [
    ConfigError,
    DataDirLockedError,
    SchemaDriftError,
    UsageError,
    HwaError,
    JobRegistryError,
  ].some((kind) => err instanceof kind);
  const unreachable = describeConnectionError(err, loaded?.databaseUrl);
  if (unreachable) {
    process.stderr.write(`hwa: ${unreachable}\n`);
  } else if (expected) {
    process.stderr.write(`hwa: ${(err as Error).message}\n`);
  } else {
    process.stderr.write(`hwa: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  endWith(1);
});

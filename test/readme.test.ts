// The README, followed literally: its `sh` blocks run in order in one shell process against a freshly
// started `hwa serve` (the built CLI, as `npm start` runs it) on a new data directory (and, in the
// PostgreSQL project, a new database), with the one edit the README asks for: the token the first
// start printed. Any command that fails, or prints an answer unlike the one shown, fails the test.
// bash always; zsh too where it is installed (the README promises both; macOS starts zsh).
// How the README marks what runs and what it expects: test/readme-blocks.ts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { cleanEnv, killChildren, ROOT, startServer, until, within } from './cli-process.js';
import { dbKind, freshDatabase } from './helpers.js';
import { answersIn, checkAnswer, instrument, runnableBlocks } from './readme-blocks.js';

const TOKEN_LINE = /^TOKEN=hwa_…(\s+#.*)?$/;
const API_LINE = 'API=http://127.0.0.1:8080/api/v1';
const PRINTED_TOKEN = /hwa_[A-Za-z0-9_-]{43}/;
/** A bound, not an expectation: the README makes a few dozen calls. */
const SCRIPT_WITHIN_MS = 120_000;
const SLOW_TEST = { timeout: 240_000 };

/**
 * How each shell runs the script: stop at the first failure, also inside a pipeline. bash also names
 * the failing line through an ERR trap (set -E carries it into functions and command substitutions).
 */
const SHELLS = {
  bash: {
    header: [`set -Eeuo pipefail`, `trap 'echo "@@readme-failed $LINENO: $BASH_COMMAND" >&2' ERR`],
  },
  zsh: { header: ['set -eu -o pipefail'] },
};
type Shell = keyof typeof SHELLS;

const zshInstalled = spawnSync('zsh', ['-c', 'exit 0']).status === 0;
const tempDirs: string[] = [];

afterEach(killChildren);
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** README blocks as the reader would paste them into the terminal once the server runs on `port`. */
function readmeScript(token: string, port: number) {
  const blocks = runnableBlocks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const all = blocks.flatMap((b) => b.lines);
  // The one edit the README asks for, and the port this test's server listens on.
  expect(
    all.filter((l) => TOKEN_LINE.test(l)),
    'one `TOKEN=hwa_…` line to paste into',
  ).toHaveLength(1);
  expect(
    all.filter((l) => l === API_LINE),
    `one \`${API_LINE}\` line`,
  ).toHaveLength(1);
  const edited = blocks.map((b) => ({
    ...b,
    lines: b.lines.map((l) =>
      (TOKEN_LINE.test(l) ? `TOKEN=${token}` : l).replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`),
    ),
  }));
  return instrument(edited);
}

async function runShell(
  shell: Shell,
  script: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(shell, ['-c', script], {
    cwd: ROOT,
    env: cleanEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, killed whole afterwards: nothing a README command started outlives the test.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await within(
    new Promise<number | null>((resolve) => child.once('close', resolve)),
    SCRIPT_WITHIN_MS,
    `the README commands in ${shell}`,
  ).finally(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group has already ended
    }
  });
  return { code, stdout, stderr };
}

async function followTheReadme(shell: Shell) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-readme-'));
  tempDirs.push(dataDir);
  const databaseUrl = dbKind() === 'postgres' ? (await freshDatabase()).url : undefined;
  // The Jobs section asks the reader to restart the server with the development job types on; the
  // test starts it that way from the beginning (nothing else the README shows depends on it).
  const server = await startServer(
    cleanEnv({ HWA_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, HWA_DEV_JOB_TYPES: '1' }),
  );
  await until(() => PRINTED_TOKEN.test(server.stdout()), 'the first-start banner prints a token', server);
  const token = PRINTED_TOKEN.exec(server.stdout())![0];

  const { script, expectations, readmeLine } = readmeScript(token, server.port);
  expect(expectations.length).toBeGreaterThan(10);
  const { header } = SHELLS[shell];
  const run = await runShell(shell, [...header, script].join('\n'));
  const failedAt = /@@readme-failed (\d+)/.exec(run.stderr);
  const where = failedAt ? `README.md:${readmeLine[Number(failedAt[1]) - header.length - 1]}` : 'see stderr';
  const failed = `exit ${run.code} at ${where}\n--- stderr ---\n${run.stderr}\n--- stdout ---\n${run.stdout.slice(-4000)}`;
  expect(run.code, failed).toBe(0);

  const printed = answersIn(run.stdout);
  const wrong = expectations.flatMap((e) => {
    const found = printed.get(e.id);
    const why = found === undefined ? ['printed nothing we could find'] : checkAnswer(e.answer, found);
    return why.length === 0
      ? []
      : [`README.md:${e.line}: ${e.command}\n  ${why.join('\n  ')}\n  printed: ${found}`];
  });
  expect(wrong, wrong.join('\n\n')).toEqual([]);
  expect(await server.stop()).toBe(0);
}

it(
  `runs every sh block of the README in bash, as pasted, with the answers it shows (${dbKind()})`,
  SLOW_TEST,
  () => followTheReadme('bash'),
);

it.runIf(zshInstalled)(`does the same in zsh (${dbKind()})`, SLOW_TEST, () => followTheReadme('zsh'));

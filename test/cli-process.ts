// Running the built CLI as a user does (`node bin/hwa.js …`) for the suites that need real processes:
// a clean environment per installation, a free port, commands that end by themselves, and `hwa serve`
// awaited through GET /readyz (polled, never slept on). Children still running when a test ends are
// killed by killChildren(), which each suite calls in afterEach.
import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENT } from '../src/config.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HWA_BIN = path.join(ROOT, 'bin', 'hwa.js');
/** Bounds, not expectations: generous because the CLI rebuilds dist/ first when src/ changed. */
export const READY_WITHIN_MS = 60_000;
export const COMMAND_WITHIN_MS = 90_000;

/** The inherited environment without any variable hwa reads, then `settings`. */
export function cleanEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const variable of ENVIRONMENT) delete env[variable.name];
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) env[name] = value;
  return env;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Proc {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Exit code once the process has ended and its output is fully read (null if killed by a signal). */
  closed: Promise<number | null>;
}

const children = new Set<ChildProcess>();

export function spawnHwa(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Proc {
  const child = spawn(process.execPath, [HWA_BIN, ...args], { cwd, env });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, closed };
}

/** Kills every child a test left running and waits for it to end. */
export async function killChildren(): Promise<void> {
  for (const child of children) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
  }
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command that should end by itself. */
export async function runHwa(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<Ran> {
  const proc = spawnHwa(args, env, cwd);
  // A command that hangs fails with what it printed so far: the stall is then readable in CI's log.
  const code = await within(proc.closed, COMMAND_WITHIN_MS, `hwa ${args.join(' ')}`).catch((err: Error) => {
    throw new Error(`${err.message}\nstderr so far: ${proc.stderr()}\nstdout so far: ${proc.stdout()}`);
  });
  return { code, stdout: proc.stdout(), stderr: proc.stderr() };
}

/** Polls until `check` holds; fails after `ms`, or at once if `proc` has ended. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  proc?: Proc,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  let ended: number | null | undefined;
  void proc?.closed.then((code) => (ended = code));
  while (!(await check())) {
    if (ended !== undefined) {
      throw new Error(`${what}: hwa exited with ${ended} first.\nstderr: ${proc?.stderr()}`);
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Server extends Proc {
  base: string;
  port: number;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** `hwa serve` on a free port with `env`, once GET /readyz answers 200. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = spawnHwa(['serve'], { ...env, PORT: String(port) });
  const ready = async () => {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
      return res.status === 200;
    } catch {
      return false; // not listening yet
    }
  };
  await until(ready, 'GET /readyz answers 200', proc, READY_WITHIN_MS);
  return {
    ...proc,
    base,
    port,
    stop() {
      proc.child.kill('SIGTERM');
      return within(proc.closed, 45_000, 'hwa serve stopping on SIGTERM');
    },
  };
}

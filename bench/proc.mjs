// CPU and memory of the processes under test, from /proc (Linux; elsewhere the readings stay empty):
// where the cores go during a measurement, and the peak RSS of a server during one request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { PG_IS_LOCAL } from './lib.mjs';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function procTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

/** CPU ticks of the PostgreSQL backends serving the scratch database (other tenants' work excluded). */
async function backendTicks(scratch) {
  const ticks = new Map();
  if (!PG_IS_LOCAL || !scratch?.name) return undefined;
  const { rows } = await scratch.admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    scratch.name,
  ]);
  for (const { pid } of rows) {
    const t = procTicks(pid);
    if (t !== undefined) ticks.set(pid, t);
  }
  return ticks;
}

function machineTicks() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { total, busy: total - v[3] - (v[4] ?? 0) }; // minus idle and iowait
  } catch {
    return undefined;
  }
}

export async function cpuSnapshot(serverPid, scratch) {
  const postgres = await backendTicks(scratch);
  return {
    at: process.hrtime.bigint(),
    server: procTicks(serverPid),
    postgres,
    machine: machineTicks(),
    client: process.cpuUsage(),
  };
}

/**
 * Percent of one core for the server, the bench database's backends and the client (this process);
 * percent of all cores for the machine; "others" is what is left of the machine's busy time, in
 * percent of one core. `seconds` and the CPU seconds of server and postgres come with it. With
 * `countNewBackends`, a backend that connected in between counts from zero (under steady load none
 * does; a pool that closed idle clients and reconnects would otherwise be missed).
 */
export function cpuDelta(before, after, { countNewBackends = false } = {}) {
  const seconds = Number(after.at - before.at) / 1e9;
  const pct = (ticks) => (ticks === undefined ? undefined : (ticks / CLK_TCK / seconds) * 100);
  let pgTicks;
  if (before.postgres && after.postgres) {
    pgTicks = 0;
    for (const [pid, t] of after.postgres) {
      pgTicks += t - (before.postgres.get(pid) ?? (countNewBackends ? 0 : t));
    }
  }
  const clientUsage = process.cpuUsage(before.client);
  const serverTicks =
    after.server !== undefined && before.server !== undefined ? after.server - before.server : undefined;
  const server = pct(serverTicks);
  const postgres = pct(pgTicks);
  const client = ((clientUsage.user + clientUsage.system) / 1e6 / seconds) * 100;
  const machine =
    after.machine && before.machine
      ? ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100
      : undefined;
  const others =
    machine === undefined || server === undefined
      ? undefined
      : Math.max(0, machine * os.cpus().length - server - (postgres ?? 0) - client);
  const cpuSeconds = (ticks) => (ticks === undefined ? undefined : ticks / CLK_TCK);
  return {
    server,
    postgres,
    client,
    machine,
    others,
    seconds,
    serverSeconds: cpuSeconds(serverTicks),
    postgresSeconds: cpuSeconds(pgTicks),
    clientSeconds: (clientUsage.user + clientUsage.system) / 1e6,
  };
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel refuses. */
export function resetPeakRss(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** VmHWM (peak RSS) and VmRSS of a process, in bytes. */
export function memory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { peak: kb('VmHWM'), rss: kb('VmRSS') };
  } catch {
    return { peak: undefined, rss: undefined };
  }
}

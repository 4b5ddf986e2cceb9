// The jobs section of bench/RESULTS.md, from what bench/jobs.mjs measured, and the chaos run's
// findings read from the dev types' execution log (`start|end|stop <run> <attempt> <pid> <ms>`).
import { conditionLines, fmt, loadText, median } from './lib.mjs';

const TARGET_LATENCY_MS = 10;
const TARGET_RUNS_PER_S = 1000;
const TARGET_RECLAIM_S = 30;

const met = (ok) => (ok ? 'met' : 'MISSED');
const int = (value) => Math.round(value).toLocaleString('en-US');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Lost runs, runs executed twice at once, handlers that ended twice, and orphan reclaim delays. */
export function chaosFindings({ runs, kills, log, seconds, total }) {
  const executions = new Map(); // run -> attempt -> {pid, start, end, stop}
  for (const line of log.split('\n')) {
    const [what, run, attempt, pid, at] = line.split(' ');
    if (!at) continue;
    const byAttempt = executions.get(run) ?? new Map();
    executions.set(run, byAttempt);
    const e = byAttempt.get(attempt) ?? { pid };
    e[what] = Number(at);
    byAttempt.set(attempt, e);
  }
  const killedAt = new Map(kills.map((k) => [k.pid, k.at]));
  let overlapping = 0;
  let endedTwice = 0;
  const delays = [];
  let unreclaimed = 0;
  for (const byAttempt of executions.values()) {
    const list = [...byAttempt.values()]
      .filter((e) => e.start !== undefined)
      .sort((a, b) => a.start - b.start);
    if (list.filter((e) => e.end !== undefined).length > 1) endedTwice++;
    const liveUntil = (e) => e.end ?? e.stop ?? killedAt.get(e.pid) ?? Infinity;
    if (list.some((a, i) => list.slice(i + 1).some((b) => b.start < liveUntil(a)))) overlapping++;
    for (const [i, e] of list.entries()) {
      const kill = killedAt.get(e.pid);
      if (kill === undefined || kill < e.start) continue;
      // Held by the killed worker: the next execution is the reclaim (also when the handler had
      // returned but its completion had not committed).
      const next = list[i + 1];
      if (next) delays.push((next.start - kill) / 1000);
      else if (e.end === undefined) unreclaimed++;
    }
  }
  const notCompleted = runs.filter((r) => r.status !== 'completed');
  return {
    total,
    seconds,
    kills: kills.length,
    lost: notCompleted.length,
    lostStatuses: [...new Set(notCompleted.map((r) => r.status))],
    overlapping,
    endedTwice,
    retried: runs.filter((r) => r.attempt > 1).length,
    orphans: delays.length,
    unreclaimed,
    reclaimMedian: delays.length ? median(delays) : undefined,
    reclaimMax: delays.length ? Math.max(...delays) : undefined,
  };
}

export function renderSection(c, p, r) {
  const pgLatency = r.latency.find((l) => l.db === 'PostgreSQL');
  const pgBest = Math.max(
    ...r.throughput.filter((t) => t.db === 'PostgreSQL').map((t) => t.runs / t.seconds),
  );
  const ch = r.chaos;
  const verdicts = [
    `- Enqueue -> start on PostgreSQL (in-process workers): median **${fmt(median(pgLatency.ms), 1)} ms**, p99 ${fmt(percentile(pgLatency.ms, 99), 1)} ms (target median <= ${TARGET_LATENCY_MS} ms: ${met(median(pgLatency.ms) <= TARGET_LATENCY_MS)})`,
    `- Throughput on PostgreSQL: best **${int(pgBest)} runs/s** (target >= ${int(TARGET_RUNS_PER_S)}: ${met(pgBest >= TARGET_RUNS_PER_S)})`,
    `- Chaos: **${ch.lost} lost** (target 0: ${met(ch.lost === 0)}), **${ch.overlapping} run executed twice at once** (target 0: ${met(ch.overlapping === 0)}), ` +
      `orphans reclaimed after at most **${fmt(ch.reclaimMax, 1)} s** (target < ${TARGET_RECLAIM_S} s: ${met(ch.unreclaimed === 0 && (ch.reclaimMax ?? 0) < TARGET_RECLAIM_S)})`,
  ];
  const latencyRows = r.latency.map(
    (l) =>
      `| ${l.db} | ${l.how} | ${l.ms.length} | ${fmt(median(l.ms), 1)} | ${fmt(percentile(l.ms, 99), 1)} | ${fmt(Math.max(...l.ms), 1)} |`,
  );
  const throughputRows = r.throughput.map(
    (t) =>
      `| ${t.db} | ${t.processes} | ${t.concurrency} | ${int(t.runs)} | ${int(t.completed)} | ${fmt(t.seconds, 2)} | **${int(t.runs / t.seconds)}** | ${fmt(t.load, 2)} |`,
  );
  return [
    '## Job queue: latency, throughput, chaos',
    '',
    '`bench/jobs.mjs`. Targets (issue 10): enqueue -> start median <= 10 ms on PostgreSQL; >= 1,000 trivial runs/s on PostgreSQL; a chaos run killing a worker every few seconds loses no run, never runs one twice at once, and reclaims every orphan within 30 s.',
    '',
    ...verdicts,
    '',
    '### Enqueue -> start latency',
    '',
    `Trivial runs (\`dev_sleep\`, 0 steps) posted one at a time 20 ms apart to \`POST /api/v1/job-runs\`; latency is the database's \`started_at - created_at\` (the claim's clock minus the enqueueing transaction's), in ms.`,
    '',
    '| Database | Workers | runs | median ms | p99 ms | max ms |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...latencyRows,
    '',
    '### Throughput',
    '',
    `${int(p.N)} trivial runs enqueued at once (on PostgreSQL one INSERT; on PGlite through the API while no worker ran), then drained; runs/s = runs / (last \`finished_at\` - first \`started_at\`). "load" is the 1-minute load average when the drain ended.`,
    '',
    '| Database | worker processes | slots each | runs | completed | seconds | runs/s | load |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...throughputRows,
    '',
    '### Chaos',
    '',
    `${int(ch.total)} runs of ~50 ms (\`dev_sleep\`, 2 steps of 25 ms) on PostgreSQL, 3 \`hwa worker\` processes with 8 slots each and the default lease (15 s), heartbeat (5 s) and poll (2 s); every 3 s one worker was killed with SIGKILL and a new one started. ${ch.kills} kills in ${fmt(ch.seconds, 1)} s.`,
    '',
    `- Runs not completed at the end: **${ch.lost}**${ch.lost ? ` (${ch.lostStatuses.join(', ')})` : ''}`,
    `- Runs executed by two workers at once: **${ch.overlapping}**`,
    `- Orphans (runs held by a killed worker, reclaimed by another): ${ch.orphans}; reclaimed after median ${fmt(ch.reclaimMedian, 1)} s, at most ${fmt(ch.reclaimMax, 1)} s; never reclaimed: ${ch.unreclaimed}`,
    `- Runs needing more than one attempt: ${ch.retried}`,
    `- Runs whose handler ran to its end twice: ${ch.endedTwice} (the worker was killed after the handler returned and before its completion committed; the run was then executed again: delivery is at-least-once, which is why handlers must be safe to repeat. No run is ever marked completed twice: the completing UPDATE requires the worker to still hold the run.)`,
    '',
    '### Conditions',
    '',
    ...conditionLines(c),
    `- Load average (1/5/15 min) at start: ${loadText(c.loadStart)}; at the end: ${loadText(c.loadEnd)}`,
    `- Settings: BENCH_JOBS_RUNS=${p.N}, BENCH_JOBS_CHAOS_RUNS=${p.M}, BENCH_JOBS_LATENCY_SAMPLES=${p.SAMPLES}`,
  ].join('\n');
}

// The issues section of bench/RESULTS.md, from bench/issues.mjs's numbers. The index notes are the
// reasons measured with EXPLAIN ANALYZE on the same data (src/db/tables/issues.ts repeats them).
import { conditionLines, fmt, loadText } from './lib.mjs';

const verdict = (p95, target) => (target === undefined ? 'no target' : p95 <= target ? 'met' : '**MISSED**');

function table(run, targets) {
  const target = (key) => (run.db === 'PostgreSQL' ? targets[key] : undefined);
  const rows = run.results.map(
    (r) =>
      `| ${r.label} | \`${r.url.replace('/api/v1', '')}\` | ${r.matched ?? '-'} | ${r.n} | ${fmt(r.p50)} | ` +
      `**${fmt(r.p95)}** | ${fmt(r.max)} | ${target(r.key) === undefined ? '-' : `<= ${target(r.key)}`} | ` +
      `${verdict(r.p95, target(r.key))} | ${loadText(r.load)} |`,
  );
  return [
    `### ${run.db}: ${run.n.toLocaleString('en')} issues, ${(2 * run.n).toLocaleString('en')} comments`,
    '',
    `Loaded in ${fmt(run.load.issues)} s (issues) + ${fmt(run.load.comments)} s (comments) + ` +
      `${fmt(run.load.indexes)} s (indexes) + ${fmt(run.load.vacuum)} s (VACUUM ANALYZE).`,
    '',
    '| Scenario | Request | `count` | requests | p50 ms | p95 ms | max ms | target p95 | | load (1 min) start / end |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const INDEXES = `### Indexes chosen, and why

Each was chosen with \`EXPLAIN ANALYZE\` on the 1M-issue data (times measured here, warm, under load
5-8 on 2 cores):

- \`issues_status_priority_idx (status, priority, created_at, id) WHERE deleted_at IS NULL\` (from the
  first migration): a filtered page is an index-only scan. The list selects ids first and reads the
  100 rows after, so offset 100,000 walks index entries only (~18 ms) instead of 100,000 heap rows.
- \`issues_status_idx (status, priority) WHERE deleted_at IS NULL\`: \`count\` of the filtered set.
  Two short keys deduplicate into posting lists (7 MB against 57 MB), so counting 200,000 matches takes
  ~9 ms instead of ~30 ms on the wide index. The metrics pie (\`GROUP BY status\`, 1M rows) uses it too.
- \`issues_list_idx (created_at, id, closed_at) WHERE deleted_at IS NULL\`: the default order, with
  \`closed_at\` added so the metrics' "opened per week" reads the 12-week window from the index alone
  (~25 ms; it was a parallel sequential scan of the 781 MB table, ~450 ms, plus JIT).
- \`issues_closed_idx (closed_at, created_at, status) WHERE deleted_at IS NULL AND closed_at IS NOT NULL\`:
  the "resolved per week" and backlog rows, index-only (~30 ms instead of a ~420 ms sequential scan).
- \`issues_live_idx (id) WHERE deleted_at IS NULL\`: search unions the GIN matches of issues and
  comments (\`issues_search_idx\`, \`issue_comments_search_idx\`, from the first migration) and joins
  them to live issues; with this index that join reads no heap page, and equal ranks are ordered by the
  time-ordered uuid instead of \`created_at\` (which needed the heap): a page of 10,000 matches took
  ~45 ms instead of ~115 ms.

No summary table for the metrics: the four grouped queries answer within the target from these
indexes, and a trigger-maintained summary would add a contended row to every write of every issue.`;

export function renderIssues(conditions, params, runs) {
  const pg = runs.find((r) => r.db === 'PostgreSQL');
  const summary = pg
    ? pg.results
        .map(
          (r) =>
            `${r.key} p95 **${fmt(r.p95)} ms** (target <= ${params.TARGETS[r.key]}: ${verdict(r.p95, params.TARGETS[r.key])})`,
        )
        .join('; ')
    : 'PostgreSQL not measured in this run';
  return [
    '## Issues: list, search and metrics at scale',
    '',
    '`bench/issues.mjs` (`BENCH_ONLY=issues npm run bench`; `BENCH_ISSUES_DB=postgres|pglite` for one ' +
      'database). Data generated inside the database (`bench/issues-data.mjs`: `INSERT … SELECT` over ' +
      '`generate_series`, indexes dropped during the load and rebuilt, then `VACUUM ANALYZE`), then ' +
      `${params.REQUESTS} timed requests per scenario after ${params.WARMUP} warm-up ones, one at a time ` +
      'over HTTP to the built server (`hwa serve`), authenticated. Times are whole requests as the client ' +
      'sees them. Targets (PostgreSQL, p95): list <= 50 ms, search <= 150 ms, metrics <= 200 ms.',
    '',
    `- PostgreSQL: ${summary}`,
    '',
    ...runs.map((r) => table(r, params.TARGETS) + '\n'),
    INDEXES,
    '',
    '### Conditions',
    '',
    ...conditionLines(conditions),
    `- Load average (1 / 5 / 15 min): ${loadText(conditions.loadStart)} at start, ${loadText(conditions.loadEnd)} at the end` +
      ' (2 cores shared with other work: numbers are noisy upper bounds of what a quiet machine does)',
    conditions.srcEnd === conditions.code.split('fingerprint ')[1]
      ? ''
      : `- src/ changed during the run (now ${conditions.srcEnd})`,
  ].join('\n');
}

// The metagraph section of bench/RESULTS.md, from the measurements bench/metagraph.mjs takes.
import { conditionLines, fmt, loadText } from './lib.mjs';

const TARGET_SAVE_RATIO = 3;
const TARGET_GET_SECONDS = 2;
const TARGET_RSS_BYTES = 1e9;
const TARGET_ENTITIES = 100_000;

const mb = (bytes) => fmt(bytes / 1e6, 1);
const met = (ok) => (ok ? 'met' : 'MISSED');
const peakCell = (m) => `${mb(m.peak)}${m.resetOk ? '' : ' (since start)'}`;
const cpuCell = (value) => fmt(value, 2);
const int = (value) => Math.round(value).toLocaleString('en-US');

function verdicts(p, results) {
  const pgR = results.find((r) => r.db === 'PostgreSQL');
  const lines = results.map(
    (r) =>
      `- ${r.db}: batch save / COPY = **${fmt(r.save / r.copy, 2)}x**` +
      (r === pgR ? ` (target <= ${TARGET_SAVE_RATIO}x: ${met(r.save / r.copy <= TARGET_SAVE_RATIO)})` : '') +
      `; GET = **${fmt(r.get, 2)} s**` +
      (r === pgR
        ? ` right after the save (target < ${TARGET_GET_SECONDS} s: ${met(r.get < TARGET_GET_SECONDS)})`
        : '') +
      (r.settledGet === undefined
        ? ''
        : `, **${fmt(r.settledGet, 2)} s** after VACUUM ANALYZE (target < ${TARGET_GET_SECONDS} s: ${met(r.settledGet < TARGET_GET_SECONDS)})`) +
      `; server peak RSS during the GET **${mb(r.getPeak)} MB**` +
      (r === pgR
        ? ` (target < ${int(TARGET_RSS_BYTES / 1e6)} MB: ${met(r.getPeak < TARGET_RSS_BYTES)})`
        : '') +
      (r.valid ? '' : ' (the GET answer failed its checks, see below)'),
  );
  if (p.N !== TARGET_ENTITIES) {
    lines.push(
      `- This run used ${int(p.N)} entities, not ${int(TARGET_ENTITIES)}: the verdicts are indicative only.`,
    );
  }
  return lines;
}

function analysis(c, p, results) {
  const out = [];
  for (const r of results) {
    const s = r.saves[0].cpu;
    const k = r.copies[0].cpu;
    const g = r.gets[0].cpu;
    const pgSide = (cpu) =>
      cpu.postgresSeconds === undefined ? '' : ` + ${fmt(cpu.postgresSeconds, 1)} s in PostgreSQL`;
    const copyCpu =
      r.db === 'PGlite'
        ? `${fmt(k.clientSeconds, 1)} s in the bench process`
        : `${fmt(k.postgresSeconds, 1)} s in PostgreSQL`;
    out.push(
      `${r.db}: the save took ${fmt(r.save, 2)} s (${int(p.ROWS / r.save)} rows/s) against ${fmt(r.copy, 2)} s ` +
        `for COPY (${fmt(r.save / r.copy, 2)}x). CPU during the (first) save: ${fmt(s.serverSeconds, 1)} s in ` +
        `the server process${pgSide(s)}; during COPY: ${copyCpu}. The GET took ${fmt(r.get, 2)} s for ` +
        `${mb(r.gets[0].bytes)} MB (first byte after ${fmt(r.getFirstByte, 2)} s): ${fmt(g.serverSeconds, 1)} s ` +
        `of server CPU${pgSide(g)}, peak RSS ` +
        `${mb(r.getPeak)} MB (from ${mb(r.gets[0].rssBefore)} MB).`,
    );
  }
  const noisy = Math.max(c.loadStart[0], c.loadEnd[0]) > c.cpuCount;
  out.push(
    noisy
      ? `The load average (${loadText(c.loadStart)} at start, ${loadText(c.loadEnd)} at the end) was above the ` +
          `${c.cpuCount} cores: other jobs shared the machine and every time here is noisy (a lower bound on speed).`
      : `The load average (${loadText(c.loadStart)} at start, ${loadText(c.loadEnd)} at the end) stayed within ` +
          `the ${c.cpuCount} cores.`,
  );
  return out.map((line) => `- ${line}`);
}

export function renderSection(c, p, results) {
  const lines = [
    `## Metagraph: batch save of ${int(p.N)} entities + ${int(p.N)} relationships vs COPY, then GET`,
    '',
    '`bench/metagraph.mjs`. Targets on PostgreSQL: batch save <= 3x a COPY of the same rows; ' +
      `\`GET /systems/{id}/metagraph\` of ${int(TARGET_ENTITIES)} entities under ${TARGET_GET_SECONDS} s with ` +
      `the server's RSS staying under ${int(TARGET_RSS_BYTES / 1e6)} MB (10^9 bytes).`,
    '',
    ...verdicts(p, results),
    '',
    `### Batch save against COPY${p.REPEAT > 1 ? ` (median of ${p.REPEAT})` : ''}`,
    '',
    `One \`POST /api/v1/systems/metagraphs/{id}/batch-save\` of ${int(p.N)} entity creates (a CONTAINS tree ` +
      `through \`parent_ids\`, 10 children per parent, 3 properties each) and ${int(p.N)} DEPENDS_ON ` +
      `\`relationship_creates\`, all by local id: **${int(p.ROWS)} rows** written (entities + ${int(p.N - 1)} ` +
      'generated CONTAINS edges + relationships). Seconds are client wall time of the request (COPY: BEGIN to ' +
      'COMMIT); rows/s = rows / seconds; MB = 10^6 bytes.',
    '',
    '| Database | save s | save rows/s | request MB | server RSS before MB | server peak RSS MB | COPY s | COPY rows/s | save / COPY |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.db} | ${fmt(r.save, 2)} | ${int(p.ROWS / r.save)} | ${mb(p.requestBytes)} | ` +
        `${mb(r.saves[0].rssBefore)} | ${mb(r.savePeak)}${r.saves[0].resetOk ? '' : ' (since start)'} | ` +
        `${fmt(r.copy, 2)} | ${int(p.ROWS / r.copy)} | ${fmt(r.save / r.copy, 2)}x |`,
    ),
    '',
    `### Full metagraph GET${p.REPEAT > 1 ? ` (median of ${p.REPEAT})` : ''}`,
    '',
    '`GET /api/v1/systems/{id}/metagraph` of the system the (first) save wrote. Seconds are client wall ' +
      'time to the last byte ("first byte": to the response headers, sent when the server starts streaming); the answer is then parsed and must hold exactly ' +
      `${int(p.N)} entities and ${int(2 * p.N - 1)} relationships (${int(p.N - 1)} CONTAINS + ${int(p.N)} DEPENDS_ON).`,
    '',
    '| Database | GET s | first byte s | response MB | MB/s | server RSS before MB | server peak RSS MB | entities | relationships | checks |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map((r) => {
      const g = r.gets[0];
      return (
        `| ${r.db} | ${fmt(r.get, 2)} | ${fmt(r.getFirstByte, 2)} | ${mb(g.bytes)} | ${fmt(g.bytes / 1e6 / r.get, 1)} | ${mb(g.rssBefore)} | ` +
        `${mb(r.getPeak)}${g.resetOk ? '' : ' (since start)'} | ${int(g.counts.entities)} | ` +
        `${int(g.counts.relationships)} | ${r.valid ? 'passed' : '**failed**'} |`
      );
    }),
    ...results
      .filter((r) => r.settledGet !== undefined)
      .map((r) => {
        const g = r.settledGets[0];
        return (
          `| ${r.db}, after VACUUM ANALYZE | ${fmt(r.settledGet, 2)} | ${fmt(g.firstByte, 2)} | ${mb(g.bytes)} | ` +
          `${fmt(g.bytes / 1e6 / r.settledGet, 1)} | ${mb(g.rssBefore)} | ${mb(r.settledPeak)} | ` +
          `${int(g.counts.entities)} | ${int(g.counts.relationships)} | ${g.valid ? 'passed' : '**failed**'} |`
        );
      }),
    '',
    'The first GET follows the save and the COPY at once, while autovacuum and ANALYZE work through the ' +
      '600k new rows on the same cores; the second runs after `VACUUM ANALYZE`, as a reader minutes later ' +
      'would meet the database. PGlite is inside the server process, so it has only the first.',
    '',
    '### Analysis',
    '',
    ...analysis(c, p, results),
    '',
    '### Where the time goes (every measurement)',
    '',
    'CPU seconds over each measurement, read from /proc: "server" is the hwa process, "PostgreSQL" the',
    'backends connected to the bench database (the server’s pool, and the COPY connection), "bench" this',
    'process (the client; for PGlite COPY it is the COPY itself). "machine" is percent of all cores busy,',
    '"load" the 1-minute load average just before. Peak RSS is the server’s VmHWM, reset before each request.',
    '',
    '| Database | Step | wall s | server CPU s | PostgreSQL CPU s | bench CPU s | machine | load | server peak RSS MB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    const steps = [
      ...r.saves.map((m, i) => [`batch save ${i + 1}`, m]),
      ...r.copies.map((m, i) => [`COPY ${i + 1}`, m]),
      ...r.gets.map((m, i) => [`GET ${i + 1}`, m]),
    ];
    for (const [step, m] of steps) {
      lines.push(
        `| ${r.db} | ${step} | ${fmt(m.wall, 2)} | ${cpuCell(m.cpu.serverSeconds)} | ` +
          `${cpuCell(m.cpu.postgresSeconds)} | ${cpuCell(m.cpu.clientSeconds)} | ${fmt(m.cpu.machine, 0)}% | ` +
          `${fmt(m.load, 2)} | ${step.startsWith('COPY') ? '-' : peakCell(m)} |`,
      );
    }
  }
  const resetOk = results.every((r) => [...r.saves, ...r.gets].every((m) => m.resetOk));
  lines.push(
    '',
    '### Conditions',
    '',
    ...conditionLines(c),
    `- Load average (1/5/15 min) at start: ${loadText(c.loadStart)}; at the end: ${loadText(c.loadEnd)}`,
    c.code.endsWith(c.srcEnd)
      ? '- src/ did not change during the run (same fingerprint at its end)'
      : `- **src/ changed during the run** (fingerprint ${c.srcEnd} at its end): \`hwa\` rebuilds on start, so the ` +
          'two databases may have run different code',
    `- BENCH_ENTITIES=${p.N}, BENCH_REPEAT=${p.REPEAT} (each repetition saves into, and COPYs into, a new ` +
      'system of the same database; the GET reads the first system)',
    `- Request body ${mb(p.requestBytes)} MB (the batch-save body limit, HWA_BATCH_SAVE_BODY_LIMIT, defaults to 64 MiB)`,
    '- The server is `node bin/hwa.js serve` in a child process, LOG_LEVEL=warn, a fresh HWA_DATA_DIR and (for',
    '  PostgreSQL) a fresh scratch database, default pool size 10; the token comes from `hwa token create`',
    '  before it serves. Client, server and PostgreSQL share the same cores.',
    resetOk
      ? '- Peak RSS: VmHWM of the server process, reset to the current RSS by writing 5 to `/proc/<pid>/clear_refs` just before the request.'
      : '- Peak RSS: resetting VmHWM through `/proc/<pid>/clear_refs` failed for the cells marked "(since start)": those are the peak since the server started.',
    ...results.map(
      (r) =>
        `- COPY on ${r.db}: into ${r.copyWhere}, under a second system inserted with SQL; the same columns ` +
        'and values the save writes (id, system_id, type, name, description NULL, properties, created_by; ' +
        "relationship name '' and properties '{}'), fresh UUIDv7 ids, `FORMAT csv`, one transaction.",
    ),
    '- Not in the COPY: the save also checks the request (schema, local ids, cycles), locks the system row,',
    `  bumps the version and records one change set listing the ${int(p.ROWS)} created ids.`,
    '',
  );
  return lines.join('\n');
}

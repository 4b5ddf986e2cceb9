// The telemetry analyst on small generated files: every fault kind is found, commanded changes and
// power-on transients are not reported, limits come from the caller or the context, and the four
// formats and three time styles read alike. Pure: files in a temp directory, DuckDB in memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, writeGenerated } from '../../../test/telemetry/generate.js';
import { analyseTelemetry } from './analyse.js';
import { scoreTelemetry } from './score.js';
import type { FaultKind } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'hwa-telemetry-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function analyseGenerated(seed: number, opts: Parameters<typeof generate>[1] = {}) {
  const g = generate(seed, opts);
  const path = writeGenerated(dir, g);
  const a = await analyseTelemetry({ path, fileName: g.name, limits: g.limits.channels });
  return { g, a, score: scoreTelemetry([{ findings: a.findings, truth: g.truth }]) };
}

describe('analyseTelemetry finds each fault kind', () => {
  const cases: [FaultKind, number][] = [
    ['spike', 1000],
    ['drift', 1002],
    ['step', 1000],
    ['oscillation', 1000],
    ['limit_breach', 1000],
    ['dropout', 1000],
    ['stuck', 1000],
  ];
  it.each(cases)('%s (seed %i)', async (kind, seed) => {
    const { g, a, score } = await analyseGenerated(seed, { rows: 1500, faults: [kind], format: 'csv' });
    expect(g.truth.faults).toHaveLength(1);
    expect(score.recall).toBe(1);
    expect(a.findings).toHaveLength(1);
    const f = a.findings[0]!;
    expect(f.kind).toBe(kind);
    expect(f.channels).toEqual(expect.arrayContaining([g.truth.faults[0]!.channels[0]]));
    expect(f.id).toMatch(/^[0-9a-f]{16}$/);
    expect(f.description.length).toBeGreaterThan(20);
    expect(['low', 'medium', 'high']).toContain(f.severity);
  });

  // A long file is judged on bucket means (maxPoints); a one-row spike is an eighth of a bucket's mean
  // but still the bucket's extreme, where it is looked for.
  it('spike on a long file judged in buckets of rows', async () => {
    const g = generate(1001, { rows: 4000, faults: ['spike'], format: 'csv' });
    const path = writeGenerated(dir, g);
    const a = await analyseTelemetry({ path, fileName: g.name }, { maxPoints: 500 });
    expect(a.findings.map((f) => f.kind)).toEqual(['spike']);
    expect(scoreTelemetry([{ findings: a.findings, truth: g.truth }]).recall).toBe(1);
    const clean = generate(1001, { rows: 4000, faults: [], format: 'csv' });
    const cleanPath = writeGenerated(dir, { ...clean, name: 'clean-1001.csv' });
    expect(
      (await analyseTelemetry({ path: cleanPath, fileName: 'clean-1001.csv' }, { maxPoints: 500 })).findings,
    ).toEqual([]);
  });

  // A bucket's extreme is the largest of its rows' noise: over thousands of buckets the extremes'
  // series has tails a clean channel's rows have not. This noise (seed 1) gave a false spike.
  it('no spike from the extremes of clean noise judged in buckets of rows', async () => {
    let seed = 1;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
    const lines = ['t,current_A'];
    for (let i = 0; i < 300_000; i++) {
      const v = 2.1 + 0.3 * Math.sin((2 * Math.PI * i) / 36_000) + 0.02 * gauss();
      lines.push(`${(i * 0.1).toFixed(1)},${(Math.round(v / 0.001) * 0.001).toFixed(3)}`);
    }
    const path = join(dir, 'bucket-noise.csv');
    writeFileSync(path, lines.join('\n') + '\n');
    const a = await analyseTelemetry({ path, fileName: 'bucket-noise.csv' }, { maxPoints: 20_000 });
    expect(a.findings).toEqual([]);
  });
});

describe('what is not a fault', () => {
  it('reports nothing on a file with commanded steps, mode changes and power-on inrush only', async () => {
    for (const seed of [2000]) {
      const { g, a } = await analyseGenerated(seed, { rows: 2000, faults: [] });
      expect(g.truth.not_faults.some((n) => n.kind === 'commanded_step')).toBe(true);
      expect(g.truth.not_faults.some((n) => n.kind === 'startup_transient')).toBe(true);
      expect(a.findings).toEqual([]);
    }
  });
});

function csv(rows: number, value: (i: number) => string, header = 'time_s,bus_voltage_V,temp_degC'): string {
  const lines = [header];
  for (let i = 0; i < rows; i++)
    lines.push(`${(i * 0.5).toFixed(1)},${value(i)},${(20 + Math.sin(i / 7) * 0.1).toFixed(3)}`);
  return lines.join('\n');
}
// Deterministic small noise: a fixed pseudo-random sequence, no library needed.
const noise = (i: number) => (((i * 7919) % 101) / 101 - 0.5) * 0.04;

describe('limits', () => {
  const path = join(dir, 'limits.csv');
  writeFileSync(
    path,
    csv(600, (i) => (28 + noise(i) + (i >= 300 && i < 310 ? 3 : 0)).toFixed(3)),
  );

  it('a sidecar limit produces one limit_breach over the rows outside', async () => {
    const a = await analyseTelemetry({
      path,
      fileName: 'limits.csv',
      limits: { bus_voltage_V: { min: 26, max: 30 } },
    });
    const breach = a.findings.filter((f) => f.kind === 'limit_breach');
    expect(breach).toHaveLength(1);
    expect(breach[0]).toMatchObject({
      start_row: 300,
      end_row: 309,
      t_start: 150,
      t_end: 154.5,
      severity: 'high',
    });
    expect(breach[0]!.evidence.limit).toEqual({ min: 26, max: 30 });
    expect(breach[0]!.evidence.margin).toBeCloseTo(1, 1);
  });

  it('a limit sentence in the analysis context is honoured', async () => {
    const a = await analyseTelemetry({
      path,
      fileName: 'limits.csv',
      context: 'bus_voltage_V must stay within 26-30.',
    });
    expect(a.findings.filter((f) => f.kind === 'limit_breach')).toHaveLength(1);
  });
});

describe('time formats and file formats', () => {
  it.each([
    ['iso_ms', 'iso'],
    ['iso_offset', 'iso'],
    ['seconds', 'seconds'],
  ] as const)(
    '%s time reads as %s with a median period and findings in seconds from the start',
    async (timeFormat, kind) => {
      const { g, a, score } = await analyseGenerated(1000, {
        rows: 1500,
        faults: ['spike'],
        format: 'csv',
        timeFormat,
      });
      expect(a.time.kind).toBe(kind);
      expect(a.time.median_period_s).toBeGreaterThan(0);
      expect(score.recall).toBe(1);
      const f = a.findings[0]!;
      expect(Math.abs(f.t_start - g.truth.faults[0]!.t_start)).toBeLessThan(2);
      if (kind === 'iso') expect(String(f.start_time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      else expect(typeof f.start_time).toBe('number');
    },
  );

  it('CSV, TSV, JSON lines and Parquet give the same statistics and findings', async () => {
    const results = [];
    for (const format of ['csv', 'tsv', 'jsonl'] as const) {
      const g = generate(1000, { rows: 1500, faults: ['step'], format, timeFormat: 'seconds' });
      const path = writeGenerated(dir, g);
      results.push(await analyseTelemetry({ path, fileName: g.name }));
    }
    // Parquet written by DuckDB itself from the CSV.
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const csvPath = join(dir, 'telemetry-1000.csv');
    const pq = join(dir, 'telemetry-1000.parquet');
    await conn.run(`COPY (SELECT * FROM read_csv('${csvPath}')) TO '${pq}' (FORMAT parquet)`);
    conn.closeSync();
    instance.closeSync();
    results.push(await analyseTelemetry({ path: pq, fileName: 'telemetry-1000.parquet' }));
    const [first, ...rest] = results;
    for (const r of rest) {
      expect(r.rows).toBe(first!.rows);
      expect(r.findings.map((f) => [f.kind, f.channels, f.start_row])).toEqual(
        first!.findings.map((f) => [f.kind, f.channels, f.start_row]),
      );
      const ch = (x: typeof r) => x.channels.find((c) => c.kind === 'numeric')!;
      expect(ch(r).stats.mean).toBeCloseTo(ch(first!).stats.mean!, 6);
    }
    expect(first!.channels.find((c) => c.name === 'script_state' || c.name === 'mode')?.kind).toBe('command');
    expect(first!.channels.find((c) => c.name.endsWith('_degC') || c.name.endsWith('_V'))?.units).toMatch(
      /degC|V/,
    );
  });
});

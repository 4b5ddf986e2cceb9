// Synthetic test telemetry with injected faults and a truth file, for developing and scoring the
// analyst. Truth format (shared with an independent held-out generator, keep it exact):
//   { file, faults: [{kind, channels, t_start, t_end}], not_faults: [...] }, t in seconds from row 0.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  baseline,
  between,
  gauss,
  pick,
  rng,
  type ChannelSpec,
  type CommandSpec,
  type Rng,
} from './baseline.js';
import type { FaultKind } from '../../src/analysis/telemetry/types.js';

export interface TruthEvent {
  kind: string;
  channels: string[];
  t_start: number;
  t_end: number;
}
export interface Truth {
  file: string;
  faults: TruthEvent[];
  not_faults: TruthEvent[];
}
export interface Generated {
  name: string;
  text: string;
  truth: Truth;
  limits: { channels: Record<string, { min?: number; max?: number }> };
}
export type TimeFormat = 'iso_ms' | 'iso_offset' | 'seconds';
export interface GenerateOptions {
  rows?: number;
  format?: 'csv' | 'tsv' | 'jsonl';
  timeFormat?: TimeFormat;
  faults?: FaultKind[];
}

const KINDS: FaultKind[] = ['spike', 'drift', 'step', 'oscillation', 'limit_breach', 'dropout', 'stuck'];

function scenario(r: Rng): { channels: ChannelSpec[]; commands: CommandSpec[]; text: string } {
  if (r() < 0.5) {
    const temps = [1, 2, 3, 4].map((k) => ({
      name: `temp_${k}_degC`,
      level: between(r, 20, 24),
      noise: 0.05,
      quantum: 0.01,
      cycle: between(r, 10, 30),
      wander: between(r, 1, 3),
      follows: { cmd: 0, gain: 0.4, tau: between(r, 10, 30) },
      warmup: { depth: 3, tau: 20 },
    }));
    return {
      commands: [{ name: 'heater_setpoint_degC', levels: [0, 10, 20] }],
      channels: [
        ...temps,
        {
          name: 'heater_current_A',
          level: 0.2,
          noise: 0.01,
          quantum: 0.005,
          cycle: 0,
          wander: 1,
          follows: { cmd: 0, gain: 0.1, tau: 1 },
          inrush: { height: 1.5, tau: 1 },
        },
        { name: 'pressure_kPa', level: 101.3, noise: 0.05, quantum: 0.01, cycle: 0, wander: 4 },
      ],
      text: 'script_state',
    };
  }
  return {
    commands: [{ name: 'motor_cmd', levels: [0, 1, 2] }],
    channels: [
      {
        name: 'bus_voltage_V',
        level: 28,
        noise: 0.02,
        quantum: 0.01,
        cycle: 2,
        wander: 2,
        follows: { cmd: 0, gain: -0.2, tau: 0.5 },
      },
      {
        name: 'motor_current_A',
        level: 0.1,
        noise: 0.02,
        quantum: 0.01,
        cycle: 0,
        wander: 1,
        follows: { cmd: 0, gain: 1.5, tau: 1.5 },
        inrush: { height: 3, tau: 0.8 },
      },
      { name: 'cell_a_V', level: 3.7, noise: 0.002, quantum: 0.001, cycle: 5, wander: 2 },
      { name: 'cell_b_V', level: 3.7, noise: 0.002, quantum: 0.001, cycle: 5, wander: 2 },
      {
        name: 'board_temp_degC',
        level: 35,
        noise: 0.1,
        quantum: 0.1,
        cycle: 3,
        wander: 3,
        warmup: { depth: 8, tau: 30 },
      },
    ],
    text: 'mode',
  };
}

/** Adds one fault to channel `c` at row `i0`; returns the truth interval rows and any limit. */
function inject(r: Rng, kind: FaultKind, x: Float64Array, spec: ChannelSpec, i0: number, n: number) {
  const s = spec.noise;
  const sign = r() < 0.5 ? -1 : 1;
  let i1 = i0;
  let limit: { min?: number; max?: number } | undefined;
  if (kind === 'spike') {
    i1 = i0 + Math.floor(r() * 2);
    for (let i = i0; i <= i1; i++) x[i] = x[i]! + sign * between(r, 8, 20) * s;
  } else if (kind === 'step') {
    i1 = Math.min(n - 1, i0 + Math.floor(between(r, 0.1, 0.3) * n));
    const h = sign * between(r, 5, 12) * s;
    for (let i = i0; i <= i1; i++) x[i] = x[i]! + h;
  } else if (kind === 'drift') {
    i1 = Math.min(n - 1, i0 + Math.floor(between(r, 0.15, 0.3) * n));
    const h = sign * between(r, 10, 30) * s;
    for (let i = i0; i < n; i++) x[i] = x[i]! + h * Math.min(1, (i - i0) / (i1 - i0));
  } else if (kind === 'oscillation') {
    i1 = Math.min(n - 1, i0 + Math.floor(between(r, 60, 200)));
    const per = between(r, 4, 20);
    const a = between(r, 3, 6) * s;
    for (let i = i0; i <= i1; i++) x[i] = x[i]! + a * Math.sin((2 * Math.PI * (i - i0)) / per);
  } else if (kind === 'stuck') {
    i1 = Math.min(n - 1, i0 + Math.floor(between(r, 0.04, 0.12) * n));
    x.fill(x[i0]!, i0, i1 + 1);
  } else if (kind === 'dropout') {
    i1 = Math.min(n - 1, i0 + Math.floor(between(r, 10, 50)));
    x.fill(NaN, i0, i1 + 1);
  } else {
    // A bump over a limit set just above the channel's normal range.
    const w = Math.floor(between(r, 10, 60));
    let hi = -Infinity;
    for (let i = 0; i < n; i++) if (Number.isFinite(x[i]!) && i > n * 0.05) hi = Math.max(hi, x[i]!);
    const max = hi + 3 * s;
    const peak = max + between(r, 2, 10) * s;
    const base = x[i0 + (w >> 1)]!;
    const outside: number[] = [];
    for (let k = 0; k <= w; k++) {
      const i = i0 + k;
      x[i] = x[i]! + (peak - base) * Math.sin((Math.PI * k) / w) ** 2;
      if (x[i] > max) outside.push(i);
    }
    limit = { max };
    return { a: outside[0] ?? i0, b: outside[outside.length - 1] ?? i0 + w, limit };
  }
  return { a: i0, b: i1, limit };
}

function formatTime(t0: number, t: number, f: TimeFormat): string {
  if (f === 'seconds') return t.toFixed(3);
  const ms = t0 + t * 1000;
  if (f === 'iso_ms') return new Date(ms).toISOString();
  // +02:00 offset, whole seconds: the same instant written in local time.
  const local = new Date(ms + 2 * 3600_000).toISOString().slice(0, 19);
  return `${local}+02:00`;
}

export function generate(seed: number, opts: GenerateOptions = {}): Generated {
  const r = rng(seed);
  const rows = opts.rows ?? 2000 + Math.floor(r() * 3000);
  const format = opts.format ?? pick(r, ['csv', 'csv', 'tsv', 'jsonl'] as const);
  const timeFormat = opts.timeFormat ?? pick(r, ['iso_ms', 'iso_offset', 'seconds'] as const);
  // Whole-second stamps (iso_offset) only at 1 s or slower: a logger writing 10 Hz rows stamps ms.
  const period = timeFormat === 'iso_offset' ? pick(r, [1, 2]) : pick(r, [0.1, 0.2, 0.5, 1]);
  const sc = scenario(r);
  const base = baseline(r, rows, period, timeFormat === 'seconds' ? 0.02 : 0.1, sc.channels, sc.commands);
  const { t, values } = base;
  const name = `telemetry-${seed}.${format}`;
  const faults: TruthEvent[] = [];
  const limits: Generated['limits'] = { channels: {} };
  const dropRows = new Set<number>();
  // Limit breaches last: their limit is set from the series with the other faults already in it.
  const kinds = (opts.faults ?? Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, KINDS))).sort(
    (a, b) => Number(a === 'limit_breach') - Number(b === 'limit_breach'),
  );
  const used: [number, number][] = [];
  // Faults never overlap one another; they avoid command changes when they can (40 tries).
  const free = (a: number, b: number) => used.every(([u, v]) => b + 40 < u || a > v + 40);
  const calm = (a: number, b: number) => base.changes.every((c) => t[b]! < c.t - 5 || t[a]! > c.t + 60);
  for (const kind of kinds) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const ci = Math.floor(r() * sc.channels.length);
      const i0 = Math.floor(between(r, 0.15, 0.8) * rows);
      const end = Math.min(rows - 1, Math.floor(i0 + 0.3 * rows));
      if (!free(i0, end) || (!calm(i0, end) && attempt < 40)) continue;
      const spec = sc.channels[ci]!;
      if (kind === 'dropout' && r() < 0.5) {
        const n = 10 + Math.floor(r() * 40);
        for (let i = i0; i < i0 + n; i++) dropRows.add(i);
        faults.push({
          kind,
          channels: sc.channels.map((c) => c.name),
          t_start: t[i0 - 1]!,
          t_end: t[i0 + n]!,
        });
        used.push([i0, i0 + n]);
        break;
      }
      const { a, b, limit } = inject(r, kind, values[ci]!, spec, i0, rows);
      if (limit) limits.channels[spec.name] = limit;
      faults.push({ kind, channels: [spec.name], t_start: t[a]!, t_end: t[b]! });
      used.push([a, kind === 'drift' ? rows : b]);
      break;
    }
  }
  const notFaults: TruthEvent[] = [];
  for (const c of base.changes)
    sc.channels.forEach((s) => {
      if (s.follows?.cmd === c.cmd)
        notFaults.push({
          kind: 'commanded_step',
          channels: [s.name],
          t_start: c.t,
          t_end: c.t + 3 * s.follows.tau,
        });
    });
  sc.channels.forEach((s) => {
    if (s.inrush)
      notFaults.push({ kind: 'startup_transient', channels: [s.name], t_start: 0, t_end: 5 * s.inrush.tau });
  });
  // Quantise, and sprinkle isolated empty cells: real loggers drop a cell now and then.
  values.forEach((x, ci) => {
    const q = sc.channels[ci]!.quantum;
    for (let i = 0; i < rows; i++) {
      if (Number.isFinite(x[i]!)) x[i] = Math.round(x[i]! / q) * q;
      if (r() < 0.001) x[i] = NaN;
    }
  });
  const states = ['idle', 'ramp', 'hold', 'soak'];
  const header = ['time', ...sc.commands.map((c) => c.name), sc.text, ...sc.channels.map((c) => c.name)];
  if (timeFormat === 'seconds') header[0] = 'time_s';
  else header[0] = 'timestamp';
  const t0 = Date.UTC(2026, 2, 1, 8, 0, 0) + Math.floor(r() * 1e6) * 1000;
  const lines: string[][] = [];
  for (let i = 0; i < rows; i++) {
    if (dropRows.has(i)) continue;
    const cmd = base.commands.map((c) => String(c[i]));
    const state = states[Math.min(states.length - 1, base.changes.filter((c) => c.t <= t[i]!).length % 4)]!;
    const decimals = (q: number) => Math.max(0, Math.ceil(-Math.log10(q) - 1e-9));
    const vals = values.map((x, ci) =>
      Number.isFinite(x[i]!) ? x[i]!.toFixed(decimals(sc.channels[ci]!.quantum)) : '',
    );
    lines.push([formatTime(t0, t[i]!, timeFormat), ...cmd, state, ...vals]);
  }
  let text: string;
  if (format === 'jsonl') {
    text = lines
      .map((l) =>
        JSON.stringify(
          Object.fromEntries(
            l.map((v, k) => [
              header[k]!,
              (k === 0 && timeFormat !== 'seconds') || k === sc.commands.length + 1
                ? v
                : v === ''
                  ? null
                  : Number(v),
            ]),
          ),
        ),
      )
      .join('\n');
  } else {
    const sep = format === 'tsv' ? '\t' : ',';
    text = [header, ...lines].map((l) => l.join(sep)).join('\n');
  }
  // Keep only faults whose rows exist after dropping (a dropout may swallow a spike).
  void gauss;
  return { name, text, truth: { file: name, faults, not_faults: notFaults }, limits };
}

export function writeGenerated(dir: string, g: Generated): string {
  const path = join(dir, g.name);
  writeFileSync(path, g.text + '\n');
  writeFileSync(`${path}.truth.json`, JSON.stringify(g.truth, null, 2));
  writeFileSync(`${path}.limits.json`, JSON.stringify(g.limits, null, 2));
  return path;
}

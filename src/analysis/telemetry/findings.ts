// From raw detector events (series indices) to the findings a report shows: events in rows, one event
// per channel and interval, one finding per event seen on several channels, a severity rule, a stable
// id and a one-sentence description with the numbers.
import { createHash } from 'node:crypto';
import type { RawEvent } from './detect-local.js';
import type { FaultKind, Finding, Severity } from './types.js';

export interface RowEvent extends RawEvent {
  /** Rows (file order, from 0) of the first and last affected sample. */
  r0: number;
  r1: number;
  limit?: { min?: number; max?: number };
  margin?: number;
}

/** When one channel's events overlap, the more specific kind names the merged event. */
const PRIORITY: FaultKind[] = ['limit_breach', 'dropout', 'stuck', 'step', 'oscillation', 'spike', 'drift'];

function absorb(a: RowEvent, b: RowEvent): RowEvent {
  const lead = PRIORITY.indexOf(a.kind) <= PRIORITY.indexOf(b.kind) ? a : b;
  // A breach keeps its own rows (the rows outside the limit, not the excursion around them).
  const breach = lead.kind === 'limit_breach';
  // A step starts at its jump: a drift that the ramp fit placed around the same level change does not
  // move it earlier (a pair's mirrored step on the other sensor must still start where this one does).
  const jump = lead.kind === 'step' && (lead === a ? b : a).kind === 'drift';
  return {
    ...lead,
    channels: [...new Set([...a.channels, ...b.channels])],
    r0: breach || jump ? lead.r0 : Math.min(a.r0, b.r0),
    r1: breach ? lead.r1 : Math.max(a.r1, b.r1),
    peak_sigma: Math.max(a.peak_sigma, b.peak_sigma),
  };
}

/** A step out and an opposite step back of similar size on one channel is one shifted interval. */
export function pairSteps(events: RowEvent[], maxRows: number): RowEvent[] {
  const out: RowEvent[] = [];
  const byStart = [...events].sort((a, b) => a.r0 - b.r0);
  const used = new Set<RowEvent>();
  for (const e of byStart) {
    if (used.has(e)) continue;
    if (e.kind === 'step') {
      const back = byStart.find(
        (o) =>
          !used.has(o) &&
          o !== e &&
          o.kind === 'step' &&
          o.channels[0] === e.channels[0] &&
          o.r0 > e.r0 &&
          o.r0 - e.r0 <= maxRows &&
          o.extra?.sign !== e.extra?.sign &&
          o.peak_sigma > 0.5 * e.peak_sigma &&
          o.peak_sigma < 2 * e.peak_sigma,
      );
      if (back) {
        used.add(back);
        out.push({ ...e, r1: back.r0, values: { ...e.values, back_at_row: back.r0 } });
        continue;
      }
    }
    out.push(e);
  }
  return out;
}

/**
 * Two long events (an oscillation, a drift) whose intervals share at least half of the shorter one are
 * one event seen on two channels: their starts are only as precise as the windows that found them, so
 * they need not start within `near` rows (a heater's oscillation and the cold tip's it drives).
 */
function mostlyShared(a: RowEvent, b: RowEvent): boolean {
  const shared = Math.min(a.r1, b.r1) - Math.max(a.r0, b.r0) + 1;
  const shorter = Math.min(a.r1 - a.r0, b.r1 - b.r0) + 1;
  return shorter > 1 && shared >= 0.5 * shorter;
}

/** Same channel, overlapping rows: one event. Then same kind, same start (within `near` rows): one finding. */
export function mergeEvents(events: RowEvent[], near: number): RowEvent[] {
  const byChannel = new Map<string, RowEvent[]>();
  for (const e of events)
    for (const c of e.channels) byChannel.set(c, [...(byChannel.get(c) ?? []), { ...e, channels: [c] }]);
  const single: RowEvent[] = [];
  for (const list of byChannel.values()) {
    list.sort((a, b) => a.r0 - b.r0);
    for (const e of list) {
      const last = single[single.length - 1];
      if (last && last.channels[0] === e.channels[0] && e.r0 <= last.r1)
        single[single.length - 1] = absorb(last, e);
      else single.push(e);
    }
  }
  const merged: RowEvent[] = [];
  for (const e of single.sort((a, b) => a.r0 - b.r0)) {
    const twin = merged.find(
      (m) =>
        m.kind === e.kind &&
        ((Math.abs(m.r0 - e.r0) <= near && e.r0 <= m.r1 + near && m.r0 <= e.r1 + near) || mostlyShared(m, e)),
    );
    if (twin) Object.assign(twin, absorb(twin, e), { kind: twin.kind });
    else merged.push({ ...e });
  }
  return merged;
}

/**
 * Severity: a limit breach is high (a stated requirement was broken) unless it is both shallow (under
 * 2 sigma beyond) and brief (under 3 samples), then medium. Stuck and dropout are medium, high when
 * they last over 5% of the file. Spike, step, drift and oscillation are low under 10 sigma, medium
 * under 30, high beyond.
 */
export function severityOf(e: RowEvent, sigma: number, durationFraction: number): Severity {
  if (e.kind === 'limit_breach') return (e.margin ?? 0) < 2 * sigma && e.r1 - e.r0 < 3 ? 'medium' : 'high';
  if (e.kind === 'stuck' || e.kind === 'dropout') return durationFraction > 0.05 ? 'high' : 'medium';
  return e.peak_sigma < 10 ? 'low' : e.peak_sigma < 30 ? 'medium' : 'high';
}

export function findingId(file: string, kind: string, channels: string[], startRow: number): string {
  return createHash('sha256')
    .update(`${file}\n${kind}\n${[...channels].sort().join(',')}\n${startRow}`)
    .digest('hex')
    .slice(0, 16);
}

const fmt = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : Number(x.toPrecision(4)).toString());

export function describe(f: Omit<Finding, 'description' | 'id'>, units: (c: string) => string): string {
  const ch = f.channels.join(', ');
  const u = units(f.channels[0]!);
  const at = `${fmt(f.t_start)}-${fmt(f.t_end)} s`;
  const v = f.evidence.values ?? {};
  const sig = f.evidence.peak_sigma !== undefined ? ` (${fmt(f.evidence.peak_sigma)} sigma)` : '';
  switch (f.kind) {
    case 'spike':
      return `Spike on ${ch} at ${fmt(f.t_start)} s: ${fmt(v.peak ?? NaN)}${u} against a baseline of ${fmt(v.baseline ?? NaN)}${u}${sig}.`;
    case 'step':
      return `Level shift on ${ch} at ${fmt(f.t_start)} s from ${fmt(v.before ?? NaN)}${u} to ${fmt(v.after ?? NaN)}${u}${sig}, lasting ${fmt(f.evidence.duration_s)} s.`;
    case 'drift':
      return `Drift on ${ch} over ${at}: a change of ${fmt(v.change ?? NaN)}${u}${sig} not shared by its baseline or siblings.`;
    case 'oscillation':
      return `Oscillation on ${ch} over ${at}: amplitude ${fmt(v.amplitude ?? NaN)}${u}, ${fmt((v.rms ?? 0) / (v.typical_rms ?? 1))}x the channel's usual RMS.`;
    case 'stuck':
      return `${ch} stuck at ${fmt(v.value ?? NaN)}${u} for ${fmt(f.evidence.duration_s)} s (${fmt(v.rows ?? NaN)} rows, ${fmt(v.ratio ?? NaN)}x its longest normal run) over ${at}.`;
    case 'dropout':
      return `Dropout on ${ch} over ${at}: ${fmt(f.evidence.duration_s)} s without data (${fmt(v.missing_rows ?? NaN)} rows or a time gap of ${fmt(v.periods ?? NaN)} periods).`;
    case 'limit_breach':
      return `${ch} outside its limit over ${at}: worst ${fmt(v.worst ?? NaN)}${u} against ${f.evidence.limit?.max !== undefined ? `max ${f.evidence.limit.max}` : ''}${f.evidence.limit?.min !== undefined ? ` min ${f.evidence.limit.min}` : ''}${u} (margin ${fmt(f.evidence.margin ?? NaN)}${u}).`;
  }
}

// Rows to times and findings: times are read back from the file's own column so a finding quotes the
// instant as written (ISO in UTC for ISO files, the seconds value for seconds files).
import { tokensOf } from './columns.js';
import type { Channel } from './context.js';
import { describe, findingId, severityOf, type RowEvent } from './findings.js';
import { rowsOf, type Source } from './source.js';
import type { Finding } from './types.js';

export async function timeAt(
  src: Source,
  rows: number[],
): Promise<Map<number, { t: number; text: string | number | null }>> {
  const out = new Map<number, { t: number; text: string | number | null }>();
  const list = [...new Set(rows.map((r) => Math.max(0, Math.min(src.rows - 1, r))))];
  for (let k = 0; k < list.length; k += 500) {
    const part = list.slice(k, k + 500);
    const got = await rowsOf<{ rn: bigint; t: number | null }>(
      src.conn,
      `SELECT rn, t FROM v WHERE rn IN (${part.join(',')})`,
    );
    for (const g of got) {
      const t = g.t ?? Number(g.rn);
      const text =
        src.time.kind === 'iso' && src.time.firstEpoch !== null
          ? new Date(Math.round((src.time.firstEpoch + t) * 1000)).toISOString()
          : src.time.kind === 'seconds' && src.time.firstEpoch !== null
            ? asWritten(src.time.firstEpoch + t, src.time.scale)
            : null;
      out.set(Number(g.rn), { t, text });
    }
  }
  return out;
}

export async function toFindings(
  src: Source,
  file: string,
  events: RowEvent[],
  channels: Channel[],
): Promise<Finding[]> {
  const times = await timeAt(
    src,
    events.flatMap((e) => [e.r0, e.r1]),
  );
  const duration = Math.max(1e-9, (await timeAt(src, [src.rows - 1])).get(src.rows - 1)?.t ?? 1);
  const unitsOf = (c: string) => {
    const u = channels.find((x) => x.name === c)?.units;
    return u ? ` ${u}` : '';
  };
  return events
    .sort((a, b) => a.r0 - b.r0)
    .map((e) => {
      const r0 = Math.max(0, Math.min(src.rows - 1, e.r0));
      const r1 = Math.max(r0, Math.min(src.rows - 1, e.r1));
      const a = times.get(r0) ?? { t: r0, text: null };
      const b = times.get(r1) ?? { t: r1, text: null };
      const ch = channels.find((c) => c.name === e.channels[0]);
      const sigma = ch?.sigma ?? 1;
      const base = {
        kind: e.kind,
        channels: e.channels,
        start_row: r0,
        end_row: r1,
        start_time: a.text,
        end_time: b.text,
        t_start: a.t,
        t_end: b.t,
        severity: severityOf(e, sigma, (b.t - a.t) / duration),
        evidence: {
          ...(e.peak_sigma ? { peak_sigma: round(e.peak_sigma) } : {}),
          duration_s: round(b.t - a.t),
          noise: round(sigma),
          values: Object.fromEntries(Object.entries(e.values).map(([k, v]) => [k, round(v)])),
          ...(e.limit ? { limit: e.limit, margin: round(e.margin ?? 0) } : {}),
        },
      };
      return { id: findingId(file, e.kind, e.channels, r0), ...base, description: describe(base, unitsOf) };
    });
}

const round = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(6)) : x);

/**
 * A channel flat while its own command (one sharing a name token: motor_cmd for motor_current_A) is
 * at zero is switched off, not stuck. Any command would do for masking changes, but "off" must be
 * the device's own: a motor at rest says nothing about a battery cell's sensor.
 */
export function commandedOff(
  channel: string,
  commands: { name: string; kind: string }[],
  values: Map<string, Float64Array>,
  i0: number,
  i1: number,
): boolean {
  const own = tokensOf(channel);
  const zero = (x: Float64Array) => {
    for (let i = i0; i <= i1; i++) if (Number.isFinite(x[i]!) && x[i] !== 0) return false;
    return true;
  };
  // Any command explains the flat run when it switched to zero just before it: the timing ties the
  // two, whatever the names (an `output_enable` that shares no word with `Bus Voltage`).
  const w = Math.max(10, Math.round(0.05 * (i1 - i0)));
  const justBefore = (x: Float64Array) => {
    for (let i = Math.max(0, i0 - w); i < i0; i++) if (Number.isFinite(x[i]!) && x[i] !== 0) return true;
    return false;
  };
  return commands.some((c) => {
    const x = values.get(c.name);
    if (c.kind !== 'command' || !x || !zero(x)) return false;
    return tokensOf(c.name).some((tk) => own.includes(tk)) || justBefore(x);
  });
}

/** A time in seconds in the time column's own unit, as the file writes it (`time_ms`: 12345). */
function asWritten(seconds: number, scale: number): number {
  return scale === 1 ? seconds : Number((seconds / scale).toPrecision(12));
}

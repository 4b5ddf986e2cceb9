// A finding said in the words an engineer uses to remember it, for test-run search to embed: "tc 3
// temperature sensor stuck: its reading frozen, flat, not changing" rather than the numbers of its
// description. The sentence encoder reads numbers, row counts and units as noise: against the
// description ("tc_3_degC stuck at 27.23 degC for 199.0 s (200.0 rows, …)") the paraphrase
// "thermocouple reading frozen" ranked the finding 21st of 25 texts of a small test campaign; against
// these words, 1st (built-in model). Each kind's wording was chosen by ranking a few phrasings against
// four to six paraphrases each among ~25 unrelated step, card and report texts. The numbers stay in the
// description, which full text searches and the snippet shows.
import { bareName, unitsOf } from './columns.js';

/** What a unit measures, so "tc_1_degC" reads as a temperature. Lower-case keys; units as columns.ts reads them. */
const QUANTITY: Record<string, string> = {
  degc: 'temperature',
  degf: 'temperature',
  c: 'temperature',
  f: 'temperature',
  k: 'temperature',
  v: 'voltage',
  mv: 'voltage',
  uv: 'voltage',
  kv: 'voltage',
  a: 'current',
  ma: 'current',
  ua: 'current',
  w: 'power',
  mw: 'power',
  kw: 'power',
  pa: 'pressure',
  kpa: 'pressure',
  hpa: 'pressure',
  mpa: 'pressure',
  bar: 'pressure',
  mbar: 'pressure',
  psi: 'pressure',
  hz: 'frequency',
  khz: 'frequency',
  rpm: 'speed',
  g: 'acceleration',
  g0: 'acceleration',
  mps2: 'acceleration',
  pct: 'percentage',
  percent: 'percentage',
  '%': 'percentage',
  db: 'level',
  dbm: 'level',
  n: 'force',
  nm: 'torque',
  deg: 'angle',
  rad: 'angle',
  mm: 'position',
  m: 'position',
  lpm: 'flow',
  slpm: 'flow',
  sccm: 'flow',
  ohm: 'resistance',
  kohm: 'resistance',
  wh: 'energy',
  mah: 'charge',
};

/** The finding as stored on a report (a telemetry Finding with the report's own fields beside it). */
export interface StoredFinding {
  kind?: unknown;
  channels?: unknown;
  evidence?: { values?: Record<string, unknown>; limit?: { min?: unknown; max?: unknown } };
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/** "tc_1_degC" → "tc 1 temperature"; "bus_voltage_V" → "bus voltage" (the quantity is not said twice). */
export function channelInWords(channel: string): string {
  const name = bareName(channel)
    .replace(/[_\s-]+/g, ' ')
    .trim();
  const unit = unitsOf(channel);
  const quantity = unit ? QUANTITY[unit.toLowerCase()] : undefined;
  return quantity && !name.toLowerCase().includes(quantity) ? `${name} ${quantity}` : name;
}

/** Which way a value moved, from two numbers of the evidence; '' when they do not say. */
function way(from: number | undefined, to: number | undefined, up: string, down: string): string {
  if (from === undefined || to === undefined || from === to) return '';
  return to > from ? up : down;
}

/** The finding in words, or undefined for a finding that is not a telemetry finding. */
export function findingInWords(finding: StoredFinding): string | undefined {
  const channels = Array.isArray(finding.channels)
    ? finding.channels.filter((c): c is string => typeof c === 'string')
    : [];
  if (typeof finding.kind !== 'string' || channels.length === 0) return undefined;
  const what = channels.map(channelInWords).join(' and ');
  const v = finding.evidence?.values ?? {};
  switch (finding.kind) {
    case 'stuck':
      return `${what} sensor stuck: its reading frozen, flat, not changing`;
    case 'limit_breach': {
      const worst = num(v.worst);
      const max = num(finding.evidence?.limit?.max);
      const min = num(finding.evidence?.limit?.min);
      if (worst !== undefined && max !== undefined && worst > max)
        return `over the limit: the ${what} exceeded its maximum, too high`;
      if (worst !== undefined && min !== undefined && worst < min)
        return `under the limit: the ${what} fell below its minimum, too low`;
      return `outside its limits: the ${what} went out of range`;
    }
    case 'spike':
      return `spike: the ${what} jumped briefly, a short glitch`;
    case 'step':
      return `level shift: the ${what} suddenly ${way(num(v.before), num(v.after), 'rose', 'dropped') || 'changed'} to a new level`;
    case 'drift':
      return `drift: ${what} slowly creeping ${way(0, num(v.change), 'up', 'down') || 'away'} over time`;
    case 'oscillation':
      return `oscillation: the ${what} swinging back and forth, unstable`;
    case 'dropout':
      return `dropout: ${what} data missing, a gap in the samples`;
    default:
      return undefined;
  }
}

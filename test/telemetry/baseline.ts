// Realistic baselines for synthetic telemetry: noise and quantisation, slow wander, a shared cycle
// (orbit or thermostat-like), first-order lags behind commanded set-points, power-on inrush and
// warm-up. Faults are added on top by generate.ts, so the truth knows exactly what was injected.

export type Rng = () => number;

/** mulberry32: small, fast, and the same sequence on every machine for one seed. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const gauss = (r: Rng): number => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
export const between = (r: Rng, a: number, b: number): number => a + (b - a) * r();
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export interface ChannelSpec {
  name: string;
  level: number;
  noise: number;
  quantum: number;
  /** Amplitude of the shared cycle, in noise units. */
  cycle: number;
  /** Amplitude of slow wander, in noise units. */
  wander: number;
  /** Index of the command this channel follows (gain per command unit and time constant in s). */
  follows?: { cmd: number; gain: number; tau: number };
  inrush?: { height: number; tau: number };
  warmup?: { depth: number; tau: number };
}

export interface CommandSpec {
  name: string;
  /** Levels the command steps between. */
  levels: number[];
}

export interface Baseline {
  t: Float64Array;
  values: Float64Array[];
  commands: Float64Array[];
  /** Times of command changes (seconds), with the command index. */
  changes: { t: number; cmd: number }[];
}

/** Slow wander: a sum of a few low-frequency sinusoids with random phases, unit RMS-ish. */
function wanderOf(r: Rng, t: Float64Array, duration: number): Float64Array {
  const parts = [1, 2, 3].map(() => ({
    f: between(r, 0.5, 3) / duration,
    p: r() * 2 * Math.PI,
    a: between(r, 0.3, 0.8),
  }));
  return t.map((ti) => parts.reduce((s, c) => s + c.a * Math.sin(2 * Math.PI * c.f * ti + c.p), 0));
}

export function baseline(
  r: Rng,
  rows: number,
  period: number,
  jitter: number,
  channels: ChannelSpec[],
  commands: CommandSpec[],
): Baseline {
  const t = new Float64Array(rows);
  for (let i = 1; i < rows; i++) t[i] = t[i - 1]! + period * (1 + jitter * (r() * 2 - 1));
  const duration = t[rows - 1]!;
  // Commands hold a level for a while, then step: 3-6 changes per file, none in the first 10%.
  const changes: { t: number; cmd: number }[] = [];
  const cmdValues = commands.map((c, ci) => {
    const out = new Float64Array(rows);
    const n = 3 + Math.floor(r() * 4);
    const times = Array.from({ length: n }, () => between(r, 0.1, 0.95) * duration).sort((a, b) => a - b);
    let level = c.levels[0]!;
    let k = 0;
    for (let i = 0; i < rows; i++) {
      while (k < times.length && t[i]! >= times[k]!) {
        const next = pick(
          r,
          c.levels.filter((l) => l !== level),
        );
        level = next;
        changes.push({ t: times[k]!, cmd: ci });
        k++;
      }
      out[i] = level;
    }
    return out;
  });
  const cyclePeriod = between(r, 0.2, 0.5) * duration;
  const cyclePhase = r() * 2 * Math.PI;
  const values = channels.map((c) => {
    const w = wanderOf(r, t, duration);
    const out = new Float64Array(rows);
    let resp = c.follows ? c.follows.gain * cmdValues[c.follows.cmd]![0]! : 0;
    for (let i = 0; i < rows; i++) {
      const ti = t[i]!;
      let v =
        c.level +
        c.noise * (c.wander * w[i]! + c.cycle * Math.sin((2 * Math.PI * ti) / cyclePeriod + cyclePhase));
      if (c.follows) {
        const dt = i ? ti - t[i - 1]! : 0;
        const target = c.follows.gain * cmdValues[c.follows.cmd]![i]!;
        resp += (target - resp) * (1 - Math.exp(-dt / c.follows.tau));
        v += resp;
      }
      if (c.inrush) v += c.inrush.height * Math.exp(-ti / c.inrush.tau);
      if (c.warmup) v -= c.warmup.depth * Math.exp(-ti / c.warmup.tau);
      out[i] = v + c.noise * gauss(r);
    }
    return out;
  });
  return { t, values, commands: cmdValues, changes: changes.sort((a, b) => a.t - b.t) };
}

// Oscillations looked for on what a channel does beyond the motion it is driven through: its tracking
// error against a command moving on every sample (oscillation-tracking.ts) and its residual against
// the neighbouring cycles of a machine that repeats one regular cycle (oscillation-cycle.ts). Split
// from analyse.ts, which prepares the series these read.
import type { Channel, Context } from './context.js';
import type { RawEvent } from './detect-local.js';
import { cycleLevels } from './cycle-levels.js';
import { cycleOscillations, cycleStarts } from './oscillation-cycle.js';
import { trackingOscillations } from './oscillation-tracking.js';
import { cyclingColumns } from './repeats-cycle.js';
import { interpolate } from './robust.js';
import { causeBy, changeSettler, spikeExplained } from './spike-context.js';
import { movesContinuously } from './spike-drive.js';

export interface ResidualInputs {
  /** The context oscillations are explained in (every command's moving changes). */
  oscCtx: Context;
  channels: Channel[];
  /** Each channel's series cleaned of spikes. */
  cleaned: Map<string, Float64Array>;
  /** The command and state columns, their series, and the changes that may explain an oscillation and a program step. */
  commands: { x: Float64Array; text: boolean; oscChanges: number[]; programChanges: number[] }[];
}

export function residualOscillations({ oscCtx, channels, cleaned, commands }: ResidualInputs): RawEvent[] {
  const t = oscCtx.t;
  const out: RawEvent[] = [];
  const explainedIn = (ctx: Context, ch: Channel) => {
    const settler = changeSettler(ch, t, oscCtx.period);
    return (e: RawEvent) => spikeExplained(ctx, ch, t[e.i0]!, t[causeBy(e)]!, settler);
  };
  // On the tracking error, what explains an oscillation is every other command's change, not the motion.
  const continuous = commands.filter((c) => movesContinuously(c.x));
  if (continuous.length) {
    const still = [...new Set(commands.filter((c) => !continuous.includes(c)).flatMap((c) => c.oscChanges))]
      .sort((a, b) => a - b)
      .map((i) => t[i]!);
    const trackCtx = { ...oscCtx, changes: new Map(channels.map((ch) => [ch.name, still] as const)) };
    const drives = continuous.map((c) => interpolate(c.x));
    for (const ch of channels)
      out.push(...trackingOscillations(ch, cleaned.get(ch.name)!, drives, explainedIn(trackCtx, ch)));
  }
  // Cycles are overlaid only with those run under the same program: the values, at a cycle's start,
  // of the commands whose changes explain others, and the levels the cycling commands take within
  // it (cycle-levels.ts: a set-point raised mid-shift makes another stroke).
  const cycles = cyclingColumns(commands)
    .map(cycleStarts)
    .filter((s): s is number[] => s !== null);
  if (cycles.length) {
    const program = commands.filter((c) => c.programChanges.length).map((c) => c.x);
    const levels = cycleLevels(commands);
    const programAt = (a: number, b: number) => `${program.map((x) => x[a]).join(',')};${levels(a, b)}`;
    for (const ch of channels)
      out.push(...cycleOscillations(ch, cleaned.get(ch.name)!, cycles, programAt, explainedIn(oscCtx, ch)));
  }
  return out;
}

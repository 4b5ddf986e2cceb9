// What explains a spike. A command explains the level changes and transients that follow it while the
// channel settles; a channel's settling window is the longest over all its commands (a slow warm-up
// after one of them), which is right for level changes but far too long for a one-sample glitch: a
// spike 35 s after a speed step whose current settled in 2 s is not that step's doing. So a spike is
// explained only by the start-up window or by the latest change before it, within that change's own
// response measured on the channel (as settleTime measures it, for that change alone).
import { indexAt, type Channel, type Context } from './context.js';
import { median, rollingMean } from './robust.js';

/**
 * Per-change settling (s) of one channel, computed lazily and cached: the smoothed slope is computed
 * once per channel, and only the changes a spike falls after are measured (a sweep command has
 * thousands of changes; measuring each for each spike made a 200k-row file take minutes).
 */
export function changeSettler(ch: Channel, t: Float64Array, period: number): (c: number) => number {
  let slope: Float64Array | null = null;
  let threshold = 0;
  const cache = new Map<number, number>();
  const duration = t[t.length - 1] ?? 0;
  const floor = 20 * period;
  const cap = Math.max(floor, 0.15 * duration);
  return (c: number) => {
    const hit = cache.get(c);
    if (hit !== undefined) return hit;
    if (!slope) {
      const smooth = rollingMean(ch.xi, 11);
      const n = smooth.length;
      slope = new Float64Array(n);
      for (let i = 5; i < n - 5; i++) slope[i] = Math.abs(smooth[i + 5]! - smooth[i - 5]!) / 10;
      threshold = 3 * median(slope.subarray(5, Math.max(5, n - 5))) + ch.sigma / 20;
    }
    const n = slope.length;
    let calm = 0;
    let i = c;
    const end = Math.min(n, indexAt(t, (t[c] ?? 0) + cap) + 10);
    for (; i < end && calm < 10; i++) calm = slope[i]! > threshold ? 0 : calm + 1;
    const settled = Math.min(n - 1, i - calm);
    const s = Math.min(cap, Math.max(floor, 1.5 * (t[settled]! - t[c]!) + 5 * period));
    cache.set(c, s);
    return s;
  };
}

export function spikeExplained(
  ctx: Context,
  ch: Channel,
  t0: number,
  t1: number,
  settleOf: (changeIndex: number) => number,
): boolean {
  if (t0 < (ctx.startup.get(ch.name) ?? ctx.startupEnd)) return true;
  const settle = ctx.settle.get(ch.name) ?? 0;
  const pre = 10 * ctx.period;
  const changes = ctx.changes.get(ch.name) ?? [];
  // The latest change at or before the spike (a detector may place it a few samples early).
  let k = -1;
  for (let lo = 0, hi = changes.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]! - pre <= t1) {
      k = mid;
      lo = mid + 1;
    } else hi = mid;
  }
  if (k < 0) return false;
  const c = changes[k]!;
  if (!(t0 <= c + settle)) return false;
  return t0 <= c + settleOf(indexAt(ctx.t, c));
}

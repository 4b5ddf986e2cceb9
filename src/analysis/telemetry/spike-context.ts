// What explains a spike. A command explains the level changes and transients that follow it while the
// channel settles; a channel's settling window is the longest over all its commands (a slow warm-up
// after one of them), which is right for level changes but far too long for a one-sample glitch: a
// spike 35 s after a speed step whose current settled in 2 s is not that step's doing. So a spike is
// explained only by the start-up window or by a change whose own response it falls within.
import { indexAt, settleTime, type Channel, type Context } from './context.js';

export function spikeExplained(ctx: Context, ch: Channel, t0: number, t1: number): boolean {
  if (t0 < (ctx.startup.get(ch.name) ?? ctx.startupEnd)) return true;
  const settle = ctx.settle.get(ch.name) ?? 0;
  const pre = 10 * ctx.period;
  return (ctx.changes.get(ch.name) ?? []).some((c) => {
    // The coarse window first (cheap), then this change's own settling measured on the channel.
    if (!(t0 <= c + settle && t1 >= c - pre)) return false;
    const own = settleTime(ch, ctx.t, [indexAt(ctx.t, c)], ctx.period);
    return t0 <= c + own;
  });
}

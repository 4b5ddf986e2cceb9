// Which commands' changes may explain an oscillation on a channel: only those of commands the channel
// answers. A hydrogen tank's fill and defuel phases change every few minutes, and an oscillation
// found anywhere on the file lies within a few hundred samples of one of those changes; but the
// pre-cooler's supply temperature holds -38 degC through every fill and defuel, and its 0.02 Hz hunting
// is not the fill's doing. As for steps (command-answer.ts): a command the channel ignored at its other
// moves does not explain the one an oscillation falls on. Commands that moved too seldom to tell, or
// move all along (a sine, one long move), keep their say.
import { answersCommand } from './command-answer.js';
import type { Channel } from './context.js';

/**
 * Per channel, the times of the changes (series indices into `t`, from `changesBy` per command) of
 * the commands it answers on its own level, sorted; changes less than `gap` samples apart are one move.
 */
export function answeredChangeTimes(
  channels: Channel[],
  changesBy: Map<string, number[]>,
  t: Float64Array,
  gap: number,
): Map<string, number[]> {
  return new Map(
    channels.map((ch) => {
      const idx = [...changesBy.values()].flatMap((changes) =>
        answersCommand(ch.xi, ch.sigma, changes, gap) ? changes : [],
      );
      return [ch.name, [...new Set(idx)].sort((a, b) => a - b).map((i) => t[i]!)] as const;
    }),
  );
}

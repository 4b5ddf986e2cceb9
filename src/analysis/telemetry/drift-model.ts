// A lone channel's drift that its commands account for. A lone channel's drifts are judged on its own
// level (drift-own.ts), from where it settled after each change; but a plant two lags behind a command
// (a combustor liner behind its gas temperature behind a fuel step) barely moves in the first seconds,
// so the change passes for one it did not answer and the stretch starts on the answer's own course:
// a 68 degC fall read as a 172-sigma drift. The lagged regression of the channel on its commands
// (model.ts), fitted over the whole file, predicts that fall (a little more or less: two lags are not
// one of its lag set): the channel moved as its commands say it must. A sensor that creeps is no
// function of the commands; the file-wide fit's slow lags may take part of a creep on a steady stretch
// (a bus creeping 6 sigma on a steady load kept 2.7 of them), never most of it.
import { finiteMean } from './robust.js';

/** Share of the level's change the command model must predict, the same way, for the drift to be its answer. */
export const MODEL_SHARE = 0.75;

/**
 * Whether a drift over [i0, i1] on a lone channel's level `own` is what its commands drive: between
 * windows of a fifth of the drift (at least 10 samples) before the onset and at its end, the command
 * model (the level less its residual `resid`) moved the level's way by MODEL_SHARE of its change or more.
 */
export function commandsAccount(
  own: ArrayLike<number>,
  resid: ArrayLike<number>,
  i0: number,
  i1: number,
): boolean {
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  const change = (y: ArrayLike<number>) => finiteMean(y, i1 - w + 1, i1 + 1) - finiteMean(y, i0 - w, i0);
  const level = change(own);
  const left = change(resid);
  if (!Number.isFinite(level) || !Number.isFinite(left) || level === 0) return false;
  return (level - left) * Math.sign(level) >= MODEL_SHARE * Math.abs(level);
}

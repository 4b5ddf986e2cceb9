// Which commands a channel answers. A step that lands on a command change is explained by it only if
// the channel moves with that command: a cable's leakage current follows the test voltage, not the
// heating current a load cycle ramps up and down every 45 minutes, and a leakage step that happens to
// fall on one of those ramps is still a fault. A command the channel ignored at its other moves does
// not explain the one move a step falls on.

/** A command with at least this many moves gives the channel the chance to show it ignores it. */
export const IGNORE_EVIDENCE = 3;
/**
 * A channel that moved at no more than this share of them ignores the command. A channel that follows
 * a command moves at most of its moves; one that ignores it may still move at one because of the
 * fault itself (a step on the move) and at another that coincides with a command it does follow (a
 * load cycle's first ramp during the voltage ramp-up): 2 of 8 for the leakage current.
 */
export const IGNORED_SHARE = 1 / 3;

/**
 * A command's material changes grouped into moves: changes less than `gap` samples apart (the rows of
 * one ramp, a level and its settling flicker) are one move, from its first change to its last.
 */
export function movesOf(changes: number[], gap: number): [number, number][] {
  const out: [number, number][] = [];
  for (const c of changes) {
    const last = out[out.length - 1];
    if (last && c - last[1] < gap) last[1] = c;
    else out.push([c, c]);
  }
  return out;
}

/** Samples averaged in each block a move's answer is looked for in: 10 put the noise at 0.3 sigma. */
const ANSWER_BLOCK = 10;

/**
 * Whether series x answered a move [a, b] (the next move starts at `end`): from the move's start to
 * two windows after its end, the mean of some block of ANSWER_BLOCK samples stands 4 sigma off the
 * mean of the window before the move. A new level counts, and so does a transient that settles back
 * (a motor's torque while it accelerates to a new speed). The window is 5% of the stretch to the next
 * move and at least 20 samples, as `responded` judges one change. A move at the file's edge, with no
 * room for a window, counts as answered (nothing says it was not).
 */
export function answeredMove(x: Float64Array, sigma: number, a: number, b: number, end: number): boolean {
  const w = Math.max(20, Math.floor(0.05 * (end - b)));
  if (a - w < 0 || b + 2 * w > x.length) return true;
  const mean = (p: number, q: number) => {
    let s = 0;
    for (let i = p; i < q; i++) s += x[i]!;
    return s / (q - p);
  };
  const before = mean(a - w, a);
  for (let i = a; i + ANSWER_BLOCK <= b + 2 * w; i += ANSWER_BLOCK >> 1)
    if (Math.abs(mean(i, i + ANSWER_BLOCK) - before) > 4 * sigma) return true;
  return false;
}

/**
 * Whether series x (noise sigma) answers a command whose material changes are `changes`: it moved
 * across more than IGNORED_SHARE of the command's moves (changes `gap` samples apart or more), or the
 * command moved too seldom to tell.
 */
export function answersCommand(x: Float64Array, sigma: number, changes: number[], gap: number): boolean {
  const moves = movesOf(changes, gap);
  if (moves.length < IGNORE_EVIDENCE) return true;
  let answered = 0;
  for (const [k, [a, b]] of moves.entries())
    if (answeredMove(x, sigma, a, b, moves[k + 1]?.[0] ?? x.length)) answered++;
  return answered > IGNORED_SHARE * moves.length;
}

/**
 * The commands whose changes may explain a step found on `y`, the series the channel is judged on.
 * Against siblings, y is the channel minus what its siblings share, and a command that moves them
 * all alike cancels from it: such a command explains a step of the residual only if the residual
 * itself answers it (siblings with different lags part at each move). Rotor thermocouples climb
 * 40 degC together through every brake application and their difference holds to 0.1 degC; a jump
 * of that difference 1 s into one application is not the application's doing. A lone channel is
 * judged on what a lagged model of the commands leaves, which may not answer a command the channel
 * plainly does (the model took it out): its own level counts too.
 */
export function commandsAnswered(
  changesBy: Map<string, number[]>,
  own: { x: Float64Array; sigma: number },
  judged: { x: Float64Array; sigma: number },
  gap: number,
  onSiblings: boolean,
): string[] {
  return [...changesBy.keys()].filter((c) => {
    const changes = changesBy.get(c) ?? [];
    return (
      answersCommand(judged.x, judged.sigma, changes, gap) ||
      (!onSiblings && answersCommand(own.x, own.sigma, changes, gap))
    );
  });
}

// "provides the Battery Supply (+24V_BAT) to the Drive Controller Board": a bracketed label or
// designator after the object is an aside; the sentence's tail ("to …", "over …", "from …") follows it.

/** The token index where an object's tail starts: past a bracketed aside that closes. */
export function tailAfterAside(tokens: string[], at: number): number {
  if (tokens[at] !== '(') return at;
  const close = tokens.indexOf(')', at);
  // An aside is a few tokens; an unclosed or long bracket is left as it is.
  return close > at && close - at <= 8 ? close + 1 : at;
}

/**
 * "the Heat Sink Fans (FAN1, FAN2) receive…": the end of the name before a bracketed aside that ends
 * at `end` (a few tokens), or `end` itself when no aside closes there.
 */
export function nameEndBeforeAside(tokens: string[], end: number): number {
  if (tokens[end - 1] !== ')') return end;
  const open = tokens.lastIndexOf('(', end - 1);
  return open > 0 && end - open <= 9 ? open : end;
}

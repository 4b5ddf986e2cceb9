// Pin-outs and signal tables written from one unit's side say so once, in the text above the table:
// "Directions in the I/O column are seen from the Control Board", "Pin directions are seen from the
// MCB". That unit sends what the table marks OUT and receives what it marks IN, so it PROVIDES and
// CONSUMES the rows' items as the far ends do the other way round.
import type { TextBlock } from '../documents/types.js';

/** "… direction(s) / Dir / I/O (column) … seen from (the) <Unit>": the unit's name, when one is given. */
const SEEN_FROM =
  /\b(?:[Dd]irections?|[Dd]ir\.?|I\/O|i\/o)(?![\w/])[^.]{0,60}?\b(?:seen|viewed|given|written) (?:from|by)(?: the)? ([A-Z][\w+-]*(?: (?:[A-Z0-9][\w+-]*|of|and))*)/;

/** The unit a document's direction columns are seen from, when its text says so once. */
export function directionViewpoint(blocks: TextBlock[]): string | undefined {
  const units = new Set<string>();
  for (const b of blocks) {
    const m = SEEN_FROM.exec(b.text);
    if (m) units.add(m[1]!.replace(/ (of|and)$/, '').trim());
  }
  // Two different units named as the view: the text is about several tables; say nothing.
  return units.size === 1 ? [...units][0] : undefined;
}

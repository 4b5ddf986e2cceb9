// Indented BOMs without a level column print the level as leading spaces in the description cell
// ("  Main Board", "    Processor"). The table reader trims cells for every other use, so the level is
// read here from the raw cell: the indent in units of the smallest step the column uses.

/**
 * The level of each line from the leading spaces of its name cell, or undefined when the column is
 * not indented that way: some lines must start at the left edge and some be indented, at two depths
 * or more in all, so one stray leading space is not taken for a structure.
 */
export function spaceIndentLevels(names: string[]): (number | undefined)[] | undefined {
  const widths = names.map((n) => (n.trim() ? /^ */.exec(n)![0].length : undefined));
  const present = widths.filter((w): w is number => w !== undefined);
  const indented = present.filter((w) => w > 0);
  if (indented.length < 2 || present.length - indented.length < 1) return undefined;
  const depths = new Set(present);
  if (depths.size < 2) return undefined;
  const step = indented.reduce(gcd);
  return widths.map((w) => (w === undefined ? undefined : Math.round(w / step)));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

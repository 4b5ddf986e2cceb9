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

// PLM indented views with no level column print the level as leading dots on the item number
// ("SS-2200", ".SS-2210", "..SS-2211"): one dot per level, the number itself after them.
const DOTTED_CODE = /^(\.*)\s*([A-Z0-9][A-Z0-9_/-]*\d[A-Z0-9._/-]*)$/i;

/**
 * The column whose item codes carry the level as leading dots, or undefined: nearly every filled cell
 * is a code, and at least two lines are dotted at two depths or more in all, so a code that merely
 * starts with a dot is not taken for a structure.
 */
export function dottedCodeColumn(rows: string[][]): number | undefined {
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let c = 0; c < width; c++) {
    const values = rows.map((r) => (r[c] ?? '').trim()).filter((v) => v);
    if (values.length < 3) continue;
    const codes = values.map((v) => DOTTED_CODE.exec(v)).filter((m) => m !== null);
    const dotted = codes.filter((m) => m[1]!.length > 0);
    const depths = new Set(codes.map((m) => m[1]!.length));
    if (codes.length >= 0.8 * values.length && dotted.length >= 2 && depths.size >= 2) return c;
  }
  return undefined;
}

/** ".SS-2210" → level 1, code "SS-2210"; a cell without a code keeps no level. */
export function dottedCode(cell: string): { level?: number; code: string } {
  const m = DOTTED_CODE.exec(cell.trim());
  return m ? { level: m[1]!.length, code: m[2]! } : { code: cell };
}

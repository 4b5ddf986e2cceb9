// PDM and PLM "product tree" reports (Vault, Windchill, SolidWorks PDM, `tree`-style text exports) print
// no level column: the level is drawn as an ASCII or box-drawing tree in front of the item number,
// "+-- VST-1100", "|   +-- VST-1101", "|   \-- VST-1120" (or "├── ", "│   └── "). The connector's
// column gives the depth, so the drawing is read as a level column and the item number keeps the rest.

// Rails in front of the connector ("|   ", "│   ", or spaces), then the connector and its dashes.
const TREE_PREFIX = /^((?:[|│┃¦]\s*|\s)*)([+\\`├└┣┗╠╚]|\|)[-─━=]{1,4}>?\s*(?=\S)/;

/** The connector's column and the cell without its drawing, or undefined when no tree is drawn. */
export function treePrefix(cell: string): { column: number; rest: string } | undefined {
  const m = TREE_PREFIX.exec(cell);
  if (!m) return undefined;
  return { column: m[1]!.length, rest: cell.slice(m[0].length).trim() };
}

/**
 * The column whose cells draw the tree: at least two of them start with a connector, and the cells
 * that do not are the root lines (no connector at all, so not a dash-led value such as "-40").
 */
export function treeColumn(rows: string[][]): number | undefined {
  const width = Math.max(0, ...rows.map((r) => r.length));
  for (let c = 0; c < width; c++) {
    const values = rows.map((r) => r[c] ?? '').filter((v) => v.trim());
    // What follows the drawing is an item number or a name, not a value ("+-5%" is a tolerance).
    const drawn = values.filter((v) => /[A-Za-z]/.test(treePrefix(v)?.rest ?? ''));
    // A tree has a root line without a connector, or branches at two depths at least.
    const depths = new Set(drawn.map((v) => treePrefix(v)!.column));
    const tree = drawn.length < values.length || depths.size >= 2;
    if (
      drawn.length >= 2 &&
      drawn.length >= 0.5 * values.length &&
      tree &&
      drawn.some((v) => /^[+\\`├└┣┗╠╚]/.test(v))
    )
      return c;
  }
  return undefined;
}

/**
 * The rows with the tree drawing taken off the column's cells and each line's level put in a new
 * column at `width`: 0 for a line without a connector (the root), else one more than the connector's
 * column in steps of the narrowest indent the drawing uses (4 in "|   +--", 2 in "│ └─").
 */
export function treeLevels(rows: string[][], column: number, width: number): string[][] {
  const prefixes = rows.map((r) => treePrefix(r[column] ?? ''));
  const indents = prefixes.map((p) => p?.column ?? 0).filter((c) => c > 0);
  const step = indents.length ? Math.min(...indents) : 1;
  return rows.map((cells, i) => {
    const p = prefixes[i];
    const out = [...cells];
    while (out.length < width) out.push('');
    // A root is a line like the others (several cells filled), not a remark or a footer row.
    const line = cells.filter((c) => c.trim()).length >= 3;
    if (!p && !line) return out;
    out[width] = p ? String(Math.round(p.column / step) + 1) : '0';
    if (p) out[column] = p.rest;
    return out;
  });
}

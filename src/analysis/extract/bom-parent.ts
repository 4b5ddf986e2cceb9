// MRP structure exports give no level column: each line has its own position number ("Find No.",
// "Line", "Pos.") and its parent's ("Parent Find No."). The parent column is read like a Parent P/N
// column once each parent position is replaced by that line's item number (or name), so the tree,
// the product line and the item numbers as aliases all come from the one existing reading.

const clean = (cell: string): string =>
  cell
    .replace(/[*`]/g, '')
    .replace(/[.:#]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The column pair (own position, parent position): a column headed "Parent <X>" where another
 * column is headed <X>. Undefined when the header has no such pair.
 */
export function parentPositionColumns(header: string[]): { own: number; parent: number } | undefined {
  const names = header.map(clean);
  for (let parent = 0; parent < names.length; parent++) {
    const m = /^parent (.+)$/.exec(names[parent]!);
    if (!m) continue;
    const own = names.findIndex((n, c) => c !== parent && n === m[1]);
    if (own >= 0) return { own, parent };
  }
  return undefined;
}

/**
 * The body rows with each parent position replaced by its parent line's identifier (item number when
 * the line has one, else its name), so a Parent column that names parents by item number reads it.
 * Positions no line has are left as they are.
 */
export function parentPositionsToItems(
  rows: string[][],
  pair: { own: number; parent: number },
  idColumn: number | undefined,
  nameColumn: number | undefined,
): string[][] {
  const idOf = new Map<string, string>();
  for (const cells of rows) {
    const pos = (cells[pair.own] ?? '').trim();
    const id =
      (idColumn !== undefined && cells[idColumn]?.trim()) ||
      (nameColumn !== undefined && cells[nameColumn]?.trim());
    if (pos && id && !idOf.has(pos)) idOf.set(pos, id);
  }
  return rows.map((cells) => {
    const id = idOf.get((cells[pair.parent] ?? '').trim());
    return id ? cells.map((c, i) => (i === pair.parent ? id : c)) : cells;
  });
}

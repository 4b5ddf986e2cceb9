// Some BOM reports (Altium's, PLM "where used" views) give no level and no parent column: each line
// carries its whole position in the tree as a path of assembly names, "CE-2 > Steam Boiler Assembly".
// A line's container is the last step of its path, so the path is read as a Parent column holding
// that step; the steps above it are the container's own path, which its own line already gives.

/** A column headed as a path through the product tree: "Assembly Path", "BOM Path", "Hierarchy". */
const PATH_HEADER =
  /^((assembly|assy|bom|parent|item|structure|product|tree|hierarchy|where[ -]used)[ _-]?)?(path|hierarchy)$/i;
/** The steps of a path: "A > B", "A » B", "A → B", "A \ B", or "A / B" spaced (names hold "I/O"). */
const STEP = /\s*(?:>|»|→|\\)\s*|\s+\/\s+/;

/** The steps of one path cell, outermost first. */
export function pathSteps(cell: string): string[] {
  return cell
    .split(STEP)
    .map((s) => s.trim())
    .filter((s) => s);
}

/**
 * The index of the assembly-path column: headed as a path, and at least one of its cells is a path of
 * two steps or more (a column of single names is a plain Parent column, read as one already).
 */
export function assemblyPathColumn(header: string[], rows: string[][]): number | undefined {
  const c = header.findIndex((h) => PATH_HEADER.test(h.replace(/[*`]/g, '').trim()));
  if (c < 0) return undefined;
  return rows.some((cells) => pathSteps(cells[c] ?? '').length >= 2) ? c : undefined;
}

/** The rows with each path cell replaced by its last step: the line's container. */
export function pathsToParents(rows: string[][], column: number): string[][] {
  return rows.map((cells) => cells.map((cell, i) => (i === column ? (pathSteps(cell).pop() ?? '') : cell)));
}

import type { ColumnRole } from './columns.js';
// A wire list whose end columns say how their cells are written, "From (unit / pin)", names the unit
// before the slash and the pins after it ("Drum Encoder / B1-3", "Sensor Package / B2-1, LS1-1"):
// the pins are where the wire lands on the unit, not further parties to the row.

/** "(unit / pin)", "(device/terminal)", "(equipment / connector-pin)": the unit first, then its pins. */
const UNIT_THEN_PIN =
  /\(\s*(unit|device|equipment|part|component|lru|assembly|item)\s*\/\s*(pins?|terminals?|connectors?|conn\.?|ports?|connector-pins?|plug|pos\.?)\s*\)\s*$/i;

/** The rows with each "unit / pin" end cell cut to its unit. */
export function unitsOfPinEnds(headerCells: string[], rows: string[][]): string[][] {
  const columns = headerCells.flatMap((h, i) => (UNIT_THEN_PIN.test(h) ? [i] : []));
  if (columns.length === 0) return rows;
  return rows.map((cells) =>
    cells.map((cell, i) => (columns.includes(i) ? cell.replace(/\s+\/\s+.*$/s, '').trim() : cell)),
  );
}

/**
 * "Drum Position A+", "Winch Drive Link TX-", "Encoder B-": a name in words followed by the half of a
 * differential pair (a sign, with its line letter or TX/RX) is one wire of the item or link named.
 * A link ("… Link", "… Bus", "… Ethernet") is the interface the wire is part of.
 */
export function pairHalfOf(name: string): { whole: string; link: boolean } {
  const m = /^(.*[a-z].*?)\s+(?:tx|rx|[a-d])?[+-]$/i.exec(name.trim());
  if (!m) return { whole: name, link: false };
  const whole = m[1]!.trim();
  return { whole, link: /\b(link|bus|interface|ethernet|network|lan)$/i.test(whole) };
}

/**
 * A terminal schedule or wire list ("Terminal | Wire | Tag | Function | From | To"): each row is a
 * wire from one unit to another, its "Function" is what the wire carries and its "Tag" the net label
 * on it. In a parts list "Function" describes the part; with two ends and no item column of its own,
 * the table is a wiring list and the function is the item.
 */
export function wireListFunction(headerCells: string[], col: Map<ColumnRole, number>): void {
  const fn = col.get('description');
  if (fn === undefined || !/^\s*function\s*$/i.test(headerCells[fn] ?? '')) return;
  if (!col.has('endA') || !col.has('endB')) return;
  if (['signal', 'interface', 'refdes', 'mpn', 'qty', 'rail'].some((r) => col.has(r as ColumnRole))) return;
  col.delete('description');
  col.set('signal', fn);
  const tag = headerCells.findIndex((h) => /^\s*(tag|tag name|wire tag|net tag)\s*$/i.test(h));
  if (tag >= 0 && !col.has('net')) col.set('net', tag);
}

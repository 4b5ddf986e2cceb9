// A data dictionary keyed by tags: "Tag | Description | Type | Interface | Publisher | Subscribers".
// The tag is a code or topic path ("lock/cmd/unlock") and the item's name is in the Description
// column ("Unlock Command"): with a producer and a consumer column and no item column, a Description
// column of short capitalised names beside a column of tags names the items.
import type { ColumnRole } from './columns.js';

const TAG_HEADER = /^(tag|tags|topic|topic path|key|path|identifier|mqtt topic|tag name)$/i;
const TAG_VALUE = /^[\w.-]+([/:.][\w.-]+)+$/;
const NAME_VALUE = /^[A-Z0-9][\w+-]*( ([A-Z0-9][\w+-]*|of|and|for|to|on))*$/;

const mostly = (values: string[], re: RegExp): boolean =>
  values.length > 0 && values.filter((v) => re.test(v)).length >= 0.8 * values.length;

/** Sets the Description column as the item column when the table is such a dictionary. */
export function itemsByDescription(header: string[], rows: string[][], col: Map<ColumnRole, number>): void {
  const described = col.get('description');
  if (described === undefined || col.has('signal')) return;
  const tag = header.findIndex((c) => TAG_HEADER.test(c.replace(/[*`]/g, '').trim()));
  if (tag < 0) return;
  const cells = (c: number): string[] => rows.map((r) => (r[c] ?? '').trim()).filter((v) => v);
  const names = cells(described);
  if (!mostly(cells(tag), TAG_VALUE) || !mostly(names, NAME_VALUE)) return;
  if (names.some((n) => n.split(' ').length > 6)) return;
  col.set('signal', described);
  col.delete('description');
  for (const [role, c] of col) if (c === tag && role !== 'signal') col.delete(role);
}

// A flow register's "Via" column names what an item travels over: an interface ("Tether Link"), an
// interface id ("IF-01"), or the schematic net of a single discrete or analog line ("FAULT_N"). A net
// label (capitals joined by "_") that no other row of the table travels over is the item's own net,
// an alias of the item, not an interface of its own.

/** The cell is a net label ("FAULT_N", "/Control/DRV_EN") used by no other row of its table. */
export function isItemNet(cell: string, rowsUsingIt: number): boolean {
  return rowsUsingIt === 1 && /^(\/[\w.-]+)*\/?[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(cell.trim());
}

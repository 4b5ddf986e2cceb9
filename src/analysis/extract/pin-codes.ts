// A pin allocation that names each pin's interface by its code ("Connector | Pin | Net | Dir | IF ID",
// no far-end column): the nets that are lines of a link — a pair's two halves (ENC_A_P / ENC_A_N), a
// bridge's two terminals (MOT_A / MOT_B), a bus's lines (CAN_H / CAN_L) — are names of the interface
// the row's code names, as an interface list's Lines cell gives them. A lone net on a coded interface
// (SAFE_OK on the safety I/O) is an item carried on it, and rails and returns are neither.
import type { MentionSink } from './builder.js';
import type { ColumnRole } from './columns.js';
import { foldBuses } from './net-buses.js';
import { busKind, isGroundName, isPowerName } from './normalise.js';
import type { Provenance } from './types.js';

const CODE = /^[A-Z]{1,4}-[A-Z0-9]{1,3}$/;

/**
 * Names each coded interface by the line nets its pins carry, and returns those nets: they are the
 * interface's, not items of their own.
 */
export function linesOfCodedInterfaces(
  body: { cells: string[]; row: number }[],
  get: (cells: string[], role: ColumnRole) => string,
  prov: (row: number) => Provenance,
  sink: MentionSink,
): Set<string> {
  const rows = body
    .map(({ cells, row }) => ({ net: get(cells, 'signal'), code: get(cells, 'ifaceId'), row }))
    .filter(({ net, code }) => CODE.test(code) && /^[A-Za-z0-9_+/-]+$/.test(net));
  const folded = foldBuses(rows.map(({ net }) => net));
  const linesOf = new Map<string, { nets: string[]; row: number }>();
  for (const { net, code, row } of rows) {
    if (isPowerName(net) || isGroundName(net) || !(folded.has(net) || busKind(net))) continue;
    const entry = linesOf.get(code) ?? { nets: [], row };
    entry.nets.push(net);
    linesOf.set(code, entry);
  }
  const lines = new Set<string>();
  for (const [code, { nets, row }] of linesOf) {
    sink.entity(code, 'INTERFACE', prov(row), { aliases: nets, weight: 1.5 });
    for (const n of nets) lines.add(n);
  }
  return lines;
}

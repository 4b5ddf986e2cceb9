// Connector pin lists written from one board's side: "Conn, Pin, Net, Dir (board view), Remote unit,
// Function". The direction is the board's (IN: the remote unit sends, OUT: the board sends), so the
// remote unit PROVIDES what comes IN and CONSUMES what goes OUT; the board itself is named only in the
// title and gets no relationship. The Function column names the item in words when it is a name
// ("Door Release"), and then the net is its schematic name; a phrase ("battery return") leaves the
// item named by its net. Bus lines are labelled by the bus and the line ("Consist Network TX+"): the
// bus is the interface the remote unit and the connector are on.
import type { MentionSink } from './builder.js';
import type { ColumnRole } from './columns.js';
import { foldBuses } from './net-buses.js';
import { endpoint } from './n2.js';
import { busKind, isBareProtocol, isGroundName, isPowerName, isRefdes } from './normalise.js';
import type { Provenance } from './types.js';

const DIR_HEADER = /^(dir\.?|direction|i\/o|io|signal direction)(\s*\(.*\))?$/i;
const REMOTE_HEADER =
  /^(remote( unit| end| device| equipment| side)?|far end|mating (unit|device)|connected (to|unit)|to unit|peer)$/i;
// Small words a title-case name may keep in lower case.
const SMALL = /^(of|and|the|for|to|in|on|at|a|an|or|via|with)$/;
/** "Door Release", "Consist Network TX+": a name; "battery return", "24V supply for panel": a phrase. */
const isName = (t: string): boolean => {
  const words = t.split(/\s+/).filter((w) => w);
  return (
    words.length > 0 &&
    /^[A-Z0-9+]/.test(words[0]!) &&
    words.every((w) => SMALL.test(w) || /^[A-Z0-9+(]/.test(w))
  );
};
/** "Consist Network TX+" → Consist Network: the line's role after the bus name. */
const LINE_SUFFIX =
  /\s+(TX|RX|TD|RD|D|DATA|CLK|CAN)?\s*(\+|-|H|L|P|N|HIGH|LOW)$|\s+(TX|RX|TXD|RXD|SDA|SCL|DP|DM|D\+|D-)$/i;

export interface PinListColumns {
  dir: number;
  remote: number;
}

/** The direction and remote-unit columns of a pin list's header, when it has both. */
export function pinListColumns(header: string[]): PinListColumns | undefined {
  const clean = header.map((c) => c.replace(/[*`]/g, '').trim());
  const dir = clean.findIndex((c) => DIR_HEADER.test(c));
  const remote = clean.findIndex((c) => REMOTE_HEADER.test(c));
  return dir >= 0 && remote >= 0 ? { dir, remote } : undefined;
}

type Row = { cells: string[]; row: number };

export function extractPinList(
  body: Row[],
  get: (cells: string[], role: ColumnRole) => string,
  cols: PinListColumns,
  prov: (row: number) => Provenance,
  sink: MentionSink,
): void {
  const netsOf = (cell: string): string[] =>
    cell
      .split(/\s*\/\s*|\s*,\s*/)
      .map((n) => n.trim())
      .filter((n) => /^[+A-Z0-9_]+$/i.test(n) && !/^-+$/.test(n));
  const folded = foldBuses(body.flatMap(({ cells }) => netsOf(get(cells, 'signal'))));
  for (const { cells, row } of body) {
    const p = prov(row);
    const nets = netsOf(get(cells, 'signal'));
    const fn = get(cells, 'description');
    if (nets.some(isGroundName) || (/^(spare|nc|n\/c|reserved|-)?$/i.test(fn.trim()) && nets.length === 0))
      continue;
    const dir = (cells[cols.dir] ?? '').trim().toUpperCase();
    const remote = (cells[cols.remote] ?? '').trim();
    const bus = nets.length > 0 && nets.every((n) => folded.has(n) || busKind(n));
    const named = isName(fn);
    let item: string;
    if (bus && named) {
      // The bus's own prefix ("MDI_TD") is an alias; a bare protocol ("USB") would match any USB part.
      const aliases = nets
        .map((n) => folded.get(n)?.name ?? busKind(n))
        .filter((a) => a && !isBareProtocol(a));
      item = sink.entity(fn.replace(LINE_SUFFIX, '').trim(), 'INTERFACE', p, { aliases, weight: 1.5 });
    } else {
      const name = named ? fn : nets[0];
      if (!name) continue;
      const power = nets.some(isPowerName) || isPowerName(name);
      item = sink.entity(name, power ? 'RESOURCE' : 'SIGNAL', p, {
        aliases: named ? nets : [],
        weight: 1.5,
      });
    }
    const conn = get(cells, 'connector');
    if (isRefdes(conn)) sink.relate(sink.entity(conn, 'COMPONENT', p, { weight: 0.3 }), item, 'CONNECTS', p);
    if (!remote || /^(-|—|n\/a)$/i.test(remote)) continue;
    const unit = endpoint(remote, p, sink);
    if (bus) sink.relate(unit, item, 'CONNECTS', p);
    else if (/^(IN|I|INPUT)$/.test(dir)) sink.relate(unit, item, 'PROVIDES', p);
    else if (/^(OUT|O|OUTPUT)$/.test(dir)) sink.relate(unit, item, 'CONSUMES', p);
  }
}

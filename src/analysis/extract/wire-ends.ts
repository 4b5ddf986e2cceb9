// External wiring lists give each wire's ends as pins, "unit-connector:pin" ("A1-J1:1": pin 1 of
// connector J1 on unit A1) or "unit:pin" ("M1:+", "S1:NO"), and a Dir column as one unit sees it. A pin
// is no part of the product: the end is the unit, and the connector the wire leaves by carries the
// wire's net. The table is rewritten into the signal-list shape the table reader knows: Source and
// Destination from the direction, and a net column naming the connector whole ("(J2)": the connector
// the item passes through), so the existing reading makes the relationships.
import { isGroundName, isPowerName } from './normalise.js';

// "A1-J1:1", "A1.J1:1", "A1/J1:1", "M1:+", "WS1:3", "S1:NO"; or unit, connector and pin without a colon,
// "A1-J1-1", "A1.J1.3". A unit or connector designator is letters and digits.
const REF = '([A-Z]{1,3}\\d{1,4}[A-Z]?)';
const PIN_END = new RegExp(`^${REF}(?:[-./]${REF})?:\\s*([A-Za-z0-9+~_-]{1,6})$`);
const PIN_END_DOTTED = new RegExp(`^${REF}[-./]${REF}[-.]([0-9]{1,3}|[A-Z]{1,2})$`);

export interface PinEnd {
  unit: string;
  connector?: string;
  pin: string;
}

/** The pin ends of a From/To cell ("S1:C, S2:C" is two), or undefined when any piece is no pin end. */
export function pinEnds(cell: string): PinEnd[] | undefined {
  const pieces = cell
    .split(/\s*[,;]\s*/)
    .map((p) => p.trim())
    .filter((p) => p);
  if (pieces.length === 0) return undefined;
  const ends = pieces.map((p) => PIN_END.exec(p) ?? PIN_END_DOTTED.exec(p));
  if (ends.some((m) => !m)) return undefined;
  return ends.map((m) => ({ unit: m![1]!, ...(m![2] ? { connector: m![2] } : {}), pin: m![3]! }));
}

const FROM = /^(from|source|from \(unit-?conn(ector)?:pin\)|end a|side a)$/i;
const TO = /^(to|destination|to \(unit-?conn(ector)?:pin\)|end b|side b)$/i;
const NET = /^(net|net name|signal|signal name|wire net)$/i;
const DIR = /^(dir\.?|direction|i\/o)$/i;
const IN = /^(in|i|input|rx)$/i;
const OUT = /^(out|o|output|tx)$/i;
const NO_NET = /^(-|—|spare|n\/?c|shield|drain|reserved)?$/i;

/**
 * The rows rewritten when the table is a wiring list: a From and a To column whose filled cells are
 * mostly pin ends, and a Net column. The Dir column is seen from the unit whose connector the list
 * gives (the unit the list is written for: its pins are "unit-connector:pin", the far ends' "unit:pin");
 * IN makes the far unit the source and that unit the destination, OUT the other way round. A rail's
 * wire says where the rail goes, not that it powers the far end (a switch common, a sense line carry
 * one), so a rail gets no ends here; a bidirectional or missing Dir gives none either.
 */
export function withWireEnds(rows: string[][]): string[][] | undefined {
  for (let h = 0; h < Math.min(rows.length, 10); h++) {
    const header = rows[h]!.map((c) => c.replace(/[*`]/g, '').trim());
    const from = header.findIndex((c) => FROM.test(c));
    const to = header.findIndex((c) => TO.test(c));
    const net = header.findIndex((c) => NET.test(c));
    if (from < 0 || to < 0 || net < 0) continue;
    const dir = header.findIndex((c) => DIR.test(c));
    const body = rows.slice(h + 1);
    const cells = body.flatMap((r) => [r[from] ?? '', r[to] ?? '']).filter((c) => !NO_NET.test(c.trim()));
    if (cells.length < 2 || cells.filter((c) => pinEnds(c)).length < 0.8 * cells.length) return undefined;
    const width = Math.max(...rows.map((r) => r.length));
    const pad = (r: string[]): string[] => [...r, ...Array<string>(width - r.length).fill('')];
    const head = pad(header).map((c, i) => (i === from || i === to ? `${c} pin` : i === net ? 'Signal' : c));
    const rewrite = (r: string[]): string[] => {
      const out = pad(r);
      const a = pinEnds(r[from] ?? '') ?? [];
      const b = pinEnds(r[to] ?? '') ?? [];
      const item = (r[net] ?? '').trim();
      if (NO_NET.test(item) || isGroundName(item)) return [...out, '', '', ''];
      // The unit the list is written for is the end whose connector it gives.
      const [own, far] = a.some((e) => e.connector) ? [a, b] : b.some((e) => e.connector) ? [b, a] : [[], []];
      const connectors = [...new Set(own.flatMap((e) => (e.connector ? [e.connector] : [])))];
      const via = connectors.length === 1 ? `(${connectors[0]})` : '';
      const d = dir < 0 ? '' : (r[dir] ?? '').trim();
      const ownUnits = [...new Set(own.map((e) => e.unit))].join(', ');
      const farUnits = [...new Set(far.map((e) => e.unit))].join(', ');
      if (isPowerName(item) || !ownUnits || !farUnits) return [...out, via, '', ''];
      return [
        ...out,
        via,
        ...(IN.test(d) ? [farUnits, ownUnits] : OUT.test(d) ? [ownUnits, farUnits] : ['', '']),
      ];
    };
    return [...rows.slice(0, h), [...head, 'Signal Net', 'Source', 'Destination'], ...body.map(rewrite)];
  }
  return undefined;
}

// What an ICD's cells say beyond a name: which connector pins a row uses ("X2-6/7", "X3-1..4",
// "J1 pin 4"), which schematic net carries it ("FLOW_PULSE (X2-3)"), and what a "Carried On" cell
// names. Pins are how a signal list meets a netlist whose nets have other names: a connector's pin is
// the same place in both documents.
import { expandMnemonic } from './net-mnemonics.js';
import { busKind, isRefdes } from './normalise.js';

const PIN_REF =
  /(?<![A-Za-z0-9])([A-Z]{1,3}\d{1,3}[A-Z]?)(?:\s*[-.:]\s*|\s+pins?\s*)(\d{1,3}(?:\s*(?:\/|,|\.\.|–|\bto\b)\s*\d{1,3})*)(?![\d.]*\d)/g;

/** "X2-6/7" → pin:X2:6, pin:X2:7; "X3-1..4" → pins 1 to 4; "J1 pin 4" → pin:J1:4. */
export function connectorPins(cell: string): string[] {
  const out: string[] = [];
  for (const m of cell.matchAll(PIN_REF)) {
    const ref = m[1]!.toUpperCase();
    const parts = m[2]!.split(/\s*(\/|,|\.\.|–|\bto\b)\s*/);
    let last: number | undefined;
    let range = false;
    for (const part of parts) {
      if (/^(\.\.|–|to)$/.test(part)) range = true;
      else if (/^\d+$/.test(part)) {
        const n = Number(part);
        if (range && last !== undefined && n > last && n - last <= 64)
          for (let i = last + 1; i <= n; i++) out.push(`pin:${ref}:${i}`);
        else out.push(`pin:${ref}:${n}`);
        last = n;
        range = false;
      }
    }
  }
  return [...new Set(out)];
}

/** The net names a "Net / Pin" cell quotes: "FLOW_PULSE (X2-3)" → FLOW_PULSE; "X1-1/2" → none. */
export function netNames(cell: string): string[] {
  const text = cell.replace(/\([^)]*\)/g, ' ').replace(PIN_REF, ' ');
  return text
    .split(/[\s,;]+/)
    .map((t) => t.replace(/^(\/[^/]+)*\//, '').trim())
    .flatMap(expandMnemonic)
    .filter(
      (t) =>
        /^[+-]?[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(t) &&
        (t.replace(/[^A-Za-z]/g, '').length >= 2 || /^[+-]?\d+V/i.test(t)) &&
        (/_/.test(t) || /^[+-]/.test(t) || /^[A-Z0-9]+$/.test(t)) &&
        !isRefdes(t) &&
        !/^(PIN|PINS|NC|N\/A|TBD|SPARE)$/i.test(t),
    );
}

/**
 * Net names two different items' rows both give ("TPDO1 (COB-ID 0x181)" and "TPDO1 (COB-ID 0x190)": a
 * message number each node counts from one) name neither item: as an alias each would merge the two.
 */
export function sharedNetNames(rows: [item: string, netCell: string][]): Set<string> {
  const itemsOf = new Map<string, Set<string>>();
  for (const [item, cell] of rows)
    for (const n of netNames(cell)) itemsOf.set(n, (itemsOf.get(n) ?? new Set()).add(item.toLowerCase()));
  return new Set([...itemsOf].filter(([, items]) => items.size > 1).map(([n]) => n));
}

/** A "Carried On" cell that names an interface: not empty, not an id ("IF-03") or a designator. */
export function carrierName(cell: string): string | undefined {
  // "discrete (J4)": the medium, and the connector the line leaves by (see viaConnectors).
  const t = cell.replace(VIA_CONNECTOR, '').trim();
  if (!t || /^(-|—|n\/a|none|tbd|direct|discrete|hardwired|wired)$/i.test(t)) return undefined;
  // An interface id, or a list of them ("IF-2, IF-5": carried over two hops), names no one interface.
  if (/^[A-Z]{1,4}-?\d+(\s*[,;/&]\s*[A-Z]{1,4}-?\d+)*$/.test(t) || isRefdes(t) || connectorPins(t).length > 0)
    return undefined;
  if (isGenericMedium(t)) return undefined;
  return t;
}

const VIA_CONNECTOR = /\s*\(\s*[A-Z]{1,3}\d{1,3}\s*\)$/;

/** "discrete (J4)", "hardwired (X2)": a medium with the connector a line leaves by names no link. */
export const isMediumAtConnector = (cell: string): boolean =>
  VIA_CONNECTOR.test(cell.trim()) && carrierName(cell) === undefined;

/**
 * A medium rather than a named interface: a bare protocol ("UART", "SPI", "CAN FD", "Ethernet") or an
 * electrical kind ("analog", "GPIO", "discrete", "4-20 mA"). Which UART of the product it is, the cell
 * does not say, so it names no entity.
 */
export function isGenericMedium(text: string): boolean {
  const t = text.trim().toLowerCase().replace(/[()]/g, ' ').replace(/\s+/g, ' ');
  if (
    /^(analog(ue)?|digital|discrete|gpio|pwm|pulse|frequency|hardwired|hard-wired|wire|wired|dry contact|relay contact|open collector|logic|ttl|cmos|lvttl|lvcmos|current loop|\d+\s*-\s*\d+\s*(ma|v))( (input|output|line|signal|level|i\/o|io))?$/.test(
      t,
    )
  )
    return true;
  const kind = busKind(t);
  if (!kind) return false;
  // Nothing but the protocol, its number and a version or speed word: "UART", "CAN FD", "I2C 400 kHz".
  const rest = t
    .replace(/ethernet|[a-z0-9²-]+/g, (w) =>
      busKind(w) ||
      /^(fd|2\.0[ab]?|\d+(\.\d+)?|[km]?bit\/s|[km]?bps|[km]?hz|baud|full|high|low|speed|duplex|base-?t\w*|\d+base-?t\w*)$/.test(
        w,
      )
        ? ''
        : w,
    )
    .trim();
  return rest === '';
}

/**
 * The protocol of each carrier, from the types of the items it carries ("CAN PGN 0xCB00" → CAN), when
 * they agree: "ISOBUS" says no protocol by its name, its messages do.
 */
export function carrierProtocols(rows: [carrier: string, type: string][]): Map<string, string> {
  const seen = new Map<string, Set<string>>();
  for (const [carrier, type] of rows) {
    const c = carrierName(carrier);
    const kind = busKind(type);
    if (c && kind) seen.set(c, (seen.get(c) ?? new Set()).add(kind));
  }
  const out = new Map<string, string>();
  for (const [c, kinds] of seen) if (kinds.size === 1) out.set(c, [...kinds][0]!);
  return out;
}

/**
 * The connectors a "Connector / harness" cell names by designator: "J3" alone, or "Rack Connector J1"
 * (words naming a connector, then its designator). "harness W1" and a bare "W4" are the cable, not a
 * connector.
 */
export function connectorRefs(pieces: string[]): string[] {
  return pieces.flatMap((piece) => {
    // "J4 / W4": W is the class letter of cables and harnesses (IEEE 315, IEC 81346-2), the cable the
    // interface runs in, not a connector at its end.
    if (isRefdes(piece)) return /^W\d/i.test(piece.trim()) ? [] : [piece];
    const m = /^(.*\S)\s+([A-Z]{1,3}\d{1,4}[A-Z]?)$/.exec(piece.trim());
    return m && CONNECTOR_WORD.test(m[1]!) ? [m[2]!] : [];
  });
}
const CONNECTOR_WORD = /\b(connector|plug|socket|receptacle|header|jack)s?$/i;

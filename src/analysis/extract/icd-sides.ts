// Interface data sheets that give each interface a table of its own with its two ends as the column
// headers ("Characteristic | Side 1: System Controller (A1) | Side 2: Inverter Board (J2)") and its
// characteristics as rows. Both sides are ends of the interface; a side's "Data sent" row names what
// that side provides and the other side consumes; a part a side's cell names by its full name
// ("Link Connector J2 pins 1-3", "RS-485 Transceiver (U4)") is on the interface too; the lines the
// sheet lists, when they are a bus's nets, are the interface's schematic names.
import type { DocumentTable } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { expandNets } from './list-tables.js';
import { endpoint } from './n2.js';
import { isGroundName, isPowerName, normaliseName } from './normalise.js';
import type { Prov } from './tables.js';

const SIDE = /^(?:side|end)\s*(?:[12AB]|one|two)\s*[:\-–]\s*(\S.*)$/i;
const DATA_ROW = /^(data|signals?|messages?|items?)\s+(sent|transmitted|out|provided)$|^(sends|transmits)$/i;
const LINES_ROW = /^(lines?|nets?|wires?|signal lines?)$/i;
const NOTHING = /^(-|—|–|none|n\/a|nil)$/i;

/** The two sides a header names in its second and third cells, or undefined. */
export function sideHeader(rows: string[][]): [string, string] | undefined {
  const header = rows[0];
  if (!header || header.length < 3) return undefined;
  const a = SIDE.exec((header[1] ?? '').trim())?.[1];
  const b = SIDE.exec((header[2] ?? '').trim())?.[1];
  return a && b ? [a, b] : undefined;
}

/** "IF-1 Unit Link" → Unit Link, alias IF-1; a caption without an id is the name. */
function interfaceTitle(caption: string): { name: string; id?: string } {
  const t = caption.replace(/^interface\s*[:\-–]\s*/i, '').trim();
  const m = /^([A-Z]{1,4}-\d{1,3})\s+(\S.*)$/.exec(t);
  return m ? { name: m[2]!.trim(), id: m[1] } : { name: t };
}

/** "Fan Speed Command (0-100 % duty)" → Fan Speed Command: a range or unit in brackets is no name. */
const items = (cell: string): string[] =>
  cell
    .split(/\s*;\s*/)
    .map((s) => s.replace(/\s*\([^()]*\)/g, '').trim())
    .filter((s) => s && !NOTHING.test(s));

/** A part named in full at the head of a cell item: "Link Connector J2 pins 1-3" → Link Connector. */
function namedPart(item: string, known: Set<string>): string | undefined {
  const name = item
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s+[A-Z]{1,3}\d{1,3}\b.*$/, '')
    .trim();
  // A name in words (capitalised, with lower case) that another document gives a thing.
  return /^[A-Z0-9]/.test(name) && /[a-z]/.test(name) && known.has(normaliseName(name)) ? name : undefined;
}

export function extractSideSheet(
  table: DocumentTable,
  prov: Prov,
  sink: MentionSink,
  known?: Set<string>,
): void {
  const sides = sideHeader(table.rows);
  const title = interfaceTitle(table.name ?? '');
  if (!sides || !title.name) return;
  const p = prov(1, 'icd_table');
  const rows = table.rows.slice(1);
  // The schematic nets each side lists as its lines, supplies and grounds aside.
  const lines = [1, 2].map((c) =>
    rows
      .filter((r) => LINES_ROW.test((r[0] ?? '').trim()))
      .flatMap((r) => expandNets(r[c] ?? ''))
      .filter((n) => /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(n) && !isPowerName(n) && !isGroundName(n)),
  );
  // Two or more such nets are the bus the interface runs on.
  const nets = lines.flat();
  const iface = sink.entity(title.name, 'INTERFACE', p, {
    aliases: [title.id, ...(nets.length >= 2 ? nets : [])],
    // Nets the sheet names as its lines are this interface's, whatever the netlist guesses per net.
    ...(nets.length >= 2 ? { weight: 2.5 } : {}),
  });
  const ends = sides.map((s) => endpoint(s, p, sink));
  for (const end of ends) sink.relate(end, iface, 'CONNECTS', p);
  for (const [i, cells] of rows.entries()) {
    const key = (cells[0] ?? '').trim();
    const rp = prov(i + 2, 'icd_table');
    for (const side of [0, 1]) {
      const cell = (cells[side + 1] ?? '').trim();
      if (!cell) continue;
      if (DATA_ROW.test(key)) {
        const sent = items(cell);
        // One signal line on a side that sends one item is that item's line ("FAN_CTRL" carries the
        // Fan Speed Command): the net is the item's schematic name.
        const line = sent.length === 1 && lines[side]!.length === 1 ? lines[side]![0] : undefined;
        for (const item of sent) {
          const signal = sink.entity(item, 'SIGNAL', rp, { aliases: [line] });
          sink.relate(ends[side]!, signal, 'PROVIDES', rp);
          sink.relate(ends[1 - side]!, signal, 'CONSUMES', rp);
        }
      } else if (known && !LINES_ROW.test(key)) {
        for (const item of cell.split(/\s*[,;]\s*/)) {
          const part = namedPart(item, known);
          if (part && normaliseName(part) !== normaliseName(sides[side]!))
            sink.relate(part, iface, 'CONNECTS', rp);
        }
      }
    }
  }
}

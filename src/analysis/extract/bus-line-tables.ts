// An ICD section for a bus ("3.3 IF-03 Front Panel SPI", "IF-03 Modem UART") often tabulates the bus's
// wires: "Line | Net | Driven by | Received by" with SCK, MOSI, MISO and the chip selects, or TXD and
// RXD. Those rows are the link's lines, which the truths alias to the interface, not signals of their
// own; the ends that drive and receive them are on the interface.
import type { MentionSink } from './builder.js';
import { busKind } from './normalise.js';
import type { Provenance } from './types.js';

const LINE_HEADER = /^(line|line name|lines|wire|wire name)$/i;

/** "3.3 IF-03 Front Panel SPI" → the interface's name and code, when the heading names a bus. */
export function busHeading(heading: string | undefined): { name: string; code?: string } | undefined {
  if (!heading) return undefined;
  const text = heading.replace(/^\s*(?:[A-Z]|\d{1,3})(?:\.\d{1,3})*\.?\s+/, '').trim();
  const m = /^([A-Z]{1,4}-\d{1,3})\s*[:–-]?\s+(.+)$/.exec(text);
  const name = (m ? m[2]! : text).trim();
  if (!busKind(name) || name.split(/\s+/).length > 6) return undefined;
  return { name, ...(m ? { code: m[1]! } : {}) };
}

/** Reads the table as the bus's lines when its first column is headed Line and its heading names a bus. */
export function extractBusLineTable(
  header: string[],
  body: { cells: string[]; row: number }[],
  heading: string | undefined,
  get: (cells: string[], role: 'signal' | 'net' | 'endA' | 'endB') => string,
  splitList: (cell: string) => string[],
  endpoint: (text: string, p: Provenance) => string,
  prov: (row: number) => Provenance,
  sink: MentionSink,
): boolean {
  const bus = busHeading(heading);
  if (!bus || !LINE_HEADER.test(header[0]?.trim() ?? '')) return false;
  const lines = body.flatMap(({ cells }) => [get(cells, 'signal'), get(cells, 'net')]).filter((l) => l);
  const p = prov(body[0]?.row ?? 0);
  const iface = sink.entity(bus.name, 'INTERFACE', p, { aliases: [bus.code, ...lines], weight: 1.5 });
  for (const { cells, row } of body)
    for (const end of [...splitList(get(cells, 'endA')), ...splitList(get(cells, 'endB'))])
      sink.relate(endpoint(end, prov(row)), iface, 'CONNECTS', prov(row));
  return true;
}

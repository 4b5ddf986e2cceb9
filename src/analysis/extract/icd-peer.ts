// Signal tables written from one unit's side: "Signal | Dir | Peer unit | Net", Dir IN or OUT as that
// unit sees it. The peer sends what comes IN and receives what goes OUT; the unit itself is named
// in the text above the table (icd-viewpoint.ts), when at all. The table is rewritten into the
// signal-list shape the table reader knows: Source and Destination columns.
import { roleOf } from './columns.js';

const DIRECTION_HEADER = /^(dir\.?|direction|i\/o|io)(\s*\(.*\))?$/i;
const PEER_HEADER =
  /^(peer|peer (unit|end|device|node)|remote( unit| end| device| equipment| side)?|far end|other end|counterpart|connected (to|unit))$/i;
const IN = /^(in|i|input|rx)$/i;
const OUT = /^(out|o|output|tx)$/i;

/**
 * "Pump Relay (K1), via Solenoid Driver (U5)": the peer is the unit the signal ends at; what it
 * passes through on the way is not an end of it.
 */
const peerOf = (cell: string): string => cell.replace(/\s*[,;]?\s*\b(via|through|thru)\b.*$/i, '').trim();

/**
 * The rows with Source and Destination columns added from the direction and peer columns, when a
 * table has both (most filled direction cells are IN or OUT) with a signal column and no end columns
 * or pin column of its own (a pin-out is read by the pin-list reader). A net column beside the signal
 * column is renamed so that it is read as the signal's net, not as a second signal column.
 */
export function withPeerEnds(rows: string[][], viewpoint?: string): string[][] | undefined {
  for (let h = 0; h < Math.min(rows.length, 10); h++) {
    const header = rows[h]!.map((c) => c.replace(/[*`]/g, '').trim());
    const dir = header.findIndex((c) => DIRECTION_HEADER.test(c));
    const peer = header.findIndex((c) => PEER_HEADER.test(c));
    if (dir < 0 || peer < 0) continue;
    const roles = header.map((c) => roleOf(c));
    if (['endA', 'endB', 'ends', 'pin'].some((r) => roles.includes(r as never))) return undefined;
    const signal = header.findIndex((c) => /^(signal|signal name|item|data item|message)$/i.test(c));
    if (signal < 0) return undefined;
    const body = rows.slice(h + 1);
    const filled = body.map((r) => (r[dir] ?? '').trim()).filter((c) => c);
    if (filled.length === 0 || filled.filter((c) => IN.test(c) || OUT.test(c)).length < 0.6 * filled.length)
      return undefined;
    const width = Math.max(...rows.map((r) => r.length));
    const pad = (r: string[]): string[] => [...r, ...Array<string>(width - r.length).fill('')];
    const head = pad(header).map((c, i) =>
      i !== signal && /^nets?\b/i.test(c) ? 'Signal Net' : i === peer ? `${c} (as listed)` : c,
    );
    const ends = (r: string[]): [string, string] => {
      const d = (r[dir] ?? '').trim();
      const far = peerOf(r[peer] ?? '');
      return IN.test(d) ? [far, viewpoint ?? ''] : OUT.test(d) ? [viewpoint ?? '', far] : ['', ''];
    };
    return [
      ...rows.slice(0, h),
      [...head, 'Source', 'Destination'],
      ...body.map((r) => [...pad(r), ...ends(r)]),
    ];
  }
  return undefined;
}

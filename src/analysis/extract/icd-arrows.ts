// ICD tables that give an item's direction as an arrow ("TCMS → DCU", "Battery -> PCU") in a Direction
// column. Engineers write sender → receiver, so the arrow's tail PROVIDES the item and its head
// CONSUMES it; the table's first column names the item whatever its header calls it ("Telegram",
// "Train line", "Message"). The table is rewritten into the signal-list shape the table reader knows:
// a Signal column and Source / Destination columns.
import { roleOf } from './columns.js';

const DIRECTION_HEADER = /^(direction|dir\.?|flow|data flow|sense|sender ?(→|->) ?receiver)$/i;
/** A one-way arrow between two names; "↔" and "<->" say nothing about who sends. */
const ONE_WAY = /^(.+?)\s*(?:→|->|⟶|=>|⇒)\s*(.+)$/;

export function splitArrow(cell: string): [string, string] | undefined {
  const t = cell.trim();
  if (/↔|<->|<=>|⇄|⇔/.test(t)) return undefined;
  const m = ONE_WAY.exec(t);
  return m ? [m[1]!.trim(), m[2]!.trim()] : undefined;
}

/**
 * The rows with Source and Destination columns added from the arrow column, when a table has one
 * (at least 60% of its filled cells are one-way arrows) and no source/destination columns of its own.
 */
export function withArrowEnds(rows: string[][]): string[][] | undefined {
  for (let h = 0; h < Math.min(rows.length, 10); h++) {
    const header = rows[h]!.map((c) => c.replace(/[*`]/g, '').trim());
    const dir = header.findIndex((c) => DIRECTION_HEADER.test(c));
    if (dir < 0) continue;
    const roles = header.map((c) => roleOf(c));
    if (roles.includes('endA') || roles.includes('endB') || roles.includes('ends')) return undefined;
    const body = rows.slice(h + 1);
    const filled = body.map((r) => (r[dir] ?? '').trim()).filter((c) => c);
    const arrows = filled.filter((c) => splitArrow(c));
    if (filled.length === 0 || arrows.length < 0.6 * filled.length) return undefined;
    // The item column: a Signal-like column if there is one, else the row label in the first column.
    const item = roles.indexOf('signal') >= 0 ? roles.indexOf('signal') : dir === 0 ? -1 : 0;
    if (item < 0) return undefined;
    const width = Math.max(...rows.map((r) => r.length));
    const pad = (r: string[]): string[] => [...r, ...Array<string>(width - r.length).fill('')];
    const head = pad(header).map((c, i) => (i === item ? 'Signal' : i === dir ? 'Direction' : c));
    return [
      ...rows.slice(0, h),
      [...head, 'Source', 'Destination'],
      ...body.map((r) => [...pad(r), ...(splitArrow(r[dir] ?? '') ?? ['', ''])]),
    ];
  }
  return undefined;
}

/** "A>B", "B -> A": a direction written with the letters of a wiring list's End A / End B columns. */
const LETTERED = /^([AB])\s*(>|->|→|<>|<->|↔)\s*([AB])$/i;
const END_HEADER = (letter: string): RegExp => new RegExp(`^(end|side|endpoint) ?${letter}\\b`, 'i');

/**
 * Harness wiring lists name both ends of each wire (End A unit, End B unit) and the sense in a Dir
 * column as "A>B", "B>A", "A<>B" or "-". The rows with Source and Destination columns from that
 * sense (End A's unit for "A>B"), and the end columns renamed so they are not read as sender and
 * receiver; a two-way or blank sense gives neither.
 */
export function withLetteredEnds(rows: string[][]): string[][] | undefined {
  for (let h = 0; h < Math.min(rows.length, 10); h++) {
    const header = rows[h]!.map((c) => c.replace(/[*`]/g, '').trim());
    const dir = header.findIndex((c) => DIRECTION_HEADER.test(c));
    // The unit column of each end, not its connector-pin column.
    const end = (letter: string): number =>
      header.findIndex((c) => END_HEADER(letter).test(c) && !/\b(pin|conn|connector|contact)/i.test(c));
    const [a, b] = [end('a'), end('b')];
    if (dir < 0 || a < 0 || b < 0) continue;
    const body = rows.slice(h + 1);
    const filled = body.map((r) => (r[dir] ?? '').trim()).filter((c) => c && !/^[-–—]$/.test(c));
    if (filled.length === 0 || filled.filter((c) => LETTERED.test(c)).length < 0.6 * filled.length)
      return undefined;
    const width = Math.max(...rows.map((r) => r.length));
    const pad = (r: string[]): string[] => [...r, ...Array<string>(width - r.length).fill('')];
    const head = pad(header).map((c, i) => (i === a || i === b ? `${c} (as wired)` : c));
    const ends = (r: string[]): [string, string] => {
      const m = LETTERED.exec((r[dir] ?? '').trim());
      if (!m || m[1]!.toUpperCase() === m[3]!.toUpperCase() || /<|↔/.test(m[2]!)) return ['', ''];
      const [from, to] = m[1]!.toUpperCase() === 'A' ? [a, b] : [b, a];
      return [r[from] ?? '', r[to] ?? ''];
    };
    return [
      ...rows.slice(0, h),
      [...head, 'Source', 'Destination'],
      ...body.map((r) => [...pad(r), ...ends(r)]),
    ];
  }
  return undefined;
}

/** "Node 1", "End B", "Unit A", "Side 2": a row of an interface's attribute sheet naming one end. */
const NODE_ROW = /^(node|end|endpoint|side|party|unit|station) ?(1|2|a|b)$/i;

/**
 * An ICD that gives each interface an attribute sheet ("Node 1 | Dryer Controller Board") and then its
 * data items with arrows ("Controller → Metering VFD") writes a node by a short word of its name. An
 * arrow's end that is no node's full name, but whose words all stand in exactly one node's name, is
 * that node: the sheet just above says which two parties the interface has.
 */
export function withNodeNames<T extends { rows: string[][] }>(tables: T[]): T[] {
  return tables.map((t, i) => {
    const sheet = tables[i - 1];
    if (!sheet) return t;
    const nodes = sheet.rows
      .filter((r) => r.length >= 2 && NODE_ROW.test((r[0] ?? '').trim()) && (r[1] ?? '').trim())
      .map((r) => r[1]!.replace(/\s*\([^)]*\)\s*$/, '').trim());
    if (nodes.length !== 2) return t;
    const words = (s: string): string[] =>
      s
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    const resolve = (end: string): string => {
      if (nodes.some((n) => n.toLowerCase() === end.toLowerCase())) return end;
      const own = words(end);
      if (own.length === 0) return end;
      const hits = nodes.filter((n) => own.every((w) => words(n).includes(w)));
      return hits.length === 1 ? hits[0]! : end;
    };
    let changed = false;
    const rows = t.rows.map((r) =>
      r.map((cell) => {
        const ends = splitArrow(cell);
        if (!ends) return cell;
        const [a, b] = ends.map(resolve) as [string, string];
        if (a === ends[0] && b === ends[1]) return cell;
        changed = true;
        return `${a} → ${b}`;
      }),
    );
    return changed ? { ...t, rows } : t;
  });
}

// Header-row detection and column mapping by synonyms. Tables arrive as raw rows (BOMs carry title,
// revision and date rows above the header), so the header is the row whose cells best match known
// column names, and each column gets one role.

export type ColumnRole =
  | 'refdes'
  | 'mpn'
  | 'qty'
  | 'description'
  | 'name'
  | 'group'
  | 'level'
  | 'dnp'
  | 'manufacturer'
  | 'value'
  | 'footprint'
  | 'interface'
  | 'ifaceId'
  | 'ifaceType'
  | 'endA'
  | 'endB'
  | 'signal'
  | 'rate'
  | 'rail'
  | 'power'
  | 'consumer'
  | 'pin'
  | 'connector';

// Order matters: the first role whose pattern matches a header cell wins.
const SYNONYMS: [ColumnRole, RegExp][] = [
  ['refdes', /^(ref\.?\s*des(ignators?)?|refdes|designators?|references?|ref\.?|reference designators?)$/],
  ['mpn', /^(mpn|mfr\.?\s*p\/?n|manufacturer part( number| no\.?)?|part\s*(number|no\.?|#)|p\/?n|pn|part)$/],
  ['qty', /^(qty|quantity|count|qty\.? per|amount)$/],
  ['dnp', /^(dnp|dnf|do not (populate|fit)|fitted|populate)$/],
  ['manufacturer', /^(manufacturer|mfr|mfg|vendor|supplier|make)$/],
  ['level', /^(level|lvl|bom level|indent)$/],
  ['group', /^(sub-?assembly|assembly|group|sub-?system|module|parent|board|section|assy|parent assembly)$/],
  ['value', /^(value|val)$/],
  ['footprint', /^(footprint|package|case)$/],
  ['description', /^(description|desc\.?|comment|notes?|function|purpose)$/],
  ['signal', /^(signal|signal name|signals?|net|net name|data item|message)$/],
  ['rate', /^(rate|data rate|frequency|update rate|baud|bandwidth|period)$/],
  ['rail', /^(rail|power rail|supply|supply rail|bus|power bus|voltage rail|source rail|rail name)$/],
  [
    'power',
    /^(power|power \(w\)|watts|w|nominal power|peak power|current|current \(a\)|power budget|allocation|allocated power|nominal \(w\)|peak \(w\))$/,
  ],
  ['consumer', /^(consumer|load|unit|user|powered unit|equipment)$/],
  ['interface', /^(interface|interface name|link|link name|connection|bus name)$/],
  ['ifaceId', /^(id|if|interface id|if id|no\.?|#|ref|item)$/],
  [
    'ifaceType',
    /^(type|protocol|interface type|medium|physical layer|kind|protocol ?\/ ?layer|layer|standard)$/,
  ],
  [
    'endA',
    /^(endpoint a|end a|side a|from|source|driver|transmitter|tx|producer|provider|origin|sender|master|initiator|host)$/,
  ],
  [
    'endB',
    /^(endpoint b|end b|side b|to|destination|dest\.?|sink|receiver|rx|consumers?|target|slave|responder|device)$/,
  ],
  ['pin', /^(pin|pin no\.?|pin number|pin #|pad)$/],
  ['connector', /^(connector|conn\.?|header|jack|plug|physical|physical connectors?|connectors)$/],
  ['name', /^(name|item|component|part name|item name|block|element|equipment name|unit name)$/],
];

export function roleOf(header: string): ColumnRole | undefined {
  const h = header
    .toLowerCase()
    .replace(/[_*`]/g, ' ')
    .replace(/\(s\)/g, 's')
    .replace(/\s*\((w|a|ma|mw|v)\)$/, ' ($1)')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [role, re] of SYNONYMS) if (re.test(h)) return role;
  return undefined;
}

export interface HeaderMatch {
  index: number;
  columns: Map<ColumnRole, number>;
}

/** The header row among the first rows: the one with the most recognised column names (at least two). */
export function findHeader(rows: string[][]): HeaderMatch | undefined {
  let best: HeaderMatch | undefined;
  for (let i = 0; i < Math.min(rows.length, 20); i++) {
    const columns = new Map<ColumnRole, number>();
    rows[i]!.forEach((cell, c) => {
      const role = roleOf(cell);
      if (role && !columns.has(role)) columns.set(role, c);
    });
    if (columns.size >= 2 && (!best || columns.size > best.columns.size)) best = { index: i, columns };
  }
  return best;
}

/** Splits a cell naming several things ("OBC, COMMS / ADCS"). Refdes ranges stay whole. */
export function splitList(cell: string): string[] {
  return cell
    .split(/\s*[,;\n]\s*|\s+\/\s+|\s+&\s+|\s+and\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^(-|—|n\/a|none|tbd)$/i.test(s));
}

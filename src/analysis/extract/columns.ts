import { normaliseName } from './normalise.js';
import { unitsByContent } from './units.js';
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
  | 'net'
  | 'ends'
  | 'connector';

// Order matters: the first role whose pattern matches a header cell wins.
const SYNONYMS: [ColumnRole, RegExp][] = [
  // Industrial BOMs name parts by their device tag (IEC 81346 "-K1"; EPLAN's "BMK").
  [
    'refdes',
    /^(ref\.?\s*des(ignators?)?|refdes|designators?|references?|ref\.?|reference designators?|reference designations?|(device|equipment|component) tags?|item designations?|bmk|installation points?)$/,
  ],
  [
    'mpn',
    /^(mpn|mfr\.?\s*p\/?n|manufacturer part( number| no\.?)?|part\s*(number|no\.?|#|code)|p\/?n|pn|part|(item|article|material|order|catalog|catalogue|stock|product) ?(code|no\.?|number|#)|sku|material|(object|item|part|article) ?id)$/,
  ],
  ['qty', /^(qty|quantity|count|qty\.? per|amount)$/],
  ['dnp', /^(dnp|dnf|do not (populate|fit)|fitted|populate)$/],
  ['manufacturer', /^(manufacturer|mfr|mfg|vendor|supplier|make|maker)$/],
  ['level', /^(level|lvl|bom level|indent)$/],
  // A parent's part number names the line's container: "Parent P/N", "Used On", "Next Higher Assembly".
  [
    'group',
    /^(sub-?assembly|assembly|group|sub-?system|module|parent|board|section|assy|parent assembly|parent (p\/?n|pn|part( number| no\.?)?|item( number| no\.?)?|number|no\.?|id)|used on|used in|where used|next (higher )?(assy|assembly)|nha)$/,
  ],
  ['value', /^(value|val)$/],
  ['footprint', /^(footprint|package|case)$/],
  [
    'description',
    /^(description|desc\.?|comment|notes?|function|purpose|(item|part|component|article|material) (description|desc\.?|text)|designation|signal ?\/ ?function|function ?\/ ?signal)$/,
  ],
  [
    'signal',
    // A building-automation or SCADA point list names its items points ("Point Name", "Data Point").
    /^(signal|signal name|signals?|net|net name|data item|message|message name|data element|exchange item|flow item|signal ?\/ ?message|information item|parameter name|line|line name|discrete line|point name|data point|data point name|point tag)$/,
  ],
  // Where a signal list says which schematic net or connector pin carries the item ("FLOW_PULSE (X2-3)"),
  // or the item's mnemonic ("K1_CMD"), which is how a schematic labels its net.
  [
    'net',
    /^(mnemonics?|dbc name|dbc signal( name)?|mnemonics? ?\/ ?(id|ids|tag|tags|code)|signal mnemonic|signal net|net ?\/ ?pins?|pins? ?\/ ?nets?|object ?\/ ?net|net ?\/ ?object|id ?\/ ?net|net ?\/ ?id|net ?\(pins?\)|schematic net|net label|net ?\/ ?connector|connector ?\/ ?pins?)$/,
  ],
  ['rate', /^(rate|data rate|frequency|update rate|baud|bandwidth|period)$/],
  ['rail', /^(rail|power rail|supply|supply rail|bus|power bus|voltage rail|source rail|rail name)$/],
  [
    'power',
    /^(power|power \(w\)|watts|w|nominal power|peak power|current|current \(a\)|power budget|allocation|allocated power|nominal \(w\)|peak \(w\))$/,
  ],
  ['consumer', /^(consumer|loads?|unit|users?|powered unit|equipment)$/],
  // "Carried On" in a signal list: the interface the item travels on.
  [
    'interface',
    /^(interface|interface name|link|link name|connection|bus name|carried on|carried by|carried over|carrier|transport|transported on|sent over|sent on|via|physical link|network)$/,
  ],
  ['ifaceId', /^(id|if|interface id|if id|no\.?|#|ref|item|if no\.?|interface no\.?)$/],
  [
    'ifaceType',
    /^(type|protocol|interface type|medium|physical layer|kind|layer|standard)( ?\/ ?(type|protocol|medium|kind|layer|standard))*$/,
  ],
  [
    'endA',
    /^((endpoint|end|side|node|party|station|unit|equipment|lru|system|element) (a|1)|from|source|driver|transmitter|tx|producer|provider|origin|originator|sender|master|initiator|host|publisher|talker|(source|sending|from|originating|tx|producing|transmitting) (unit|system|subsystem|equipment|block|element|component|lru|end|side|node|party)|output from|(driven|sent|produced|provided|transmitted|generated|supplied|fed|sourced) by)$/,
  ],
  [
    'endB',
    /^((endpoint|end|side|node|party|station|unit|equipment|lru|system|element) (b|2)|to|destination|destinations|dest\.?|sink|receiver|receivers|rx|consumers?|target|slave|responder|device|subscribers?|recipients?|listeners?|(destination|receiving|to|rx|consuming|target) (unit|units|system|systems|subsystem|equipment|block|element|component|lru|end|side|node|party)|input to|(received|read|consumed|used) by|(distributed|supplied|delivered|fed) to)$/,
  ],
  ['pin', /^(pin|pin no\.?|pin number|pin #|pad)$/],
  // Both ends in one cell: "Body Controller ↔ Door Module".
  [
    'ends',
    /^(connects|between|endpoints|ends|end points|parties|participants|from ?\/ ?to|from ?- ?to|from ?→ ?to|source ?\/ ?destination|source ?→ ?destination|connected units|link ends)$/,
  ],
  // "Connector / harness": the connector an interface leaves by and the cable it runs in.
  [
    'connector',
    /^(connector|conn\.?|header|jack|plug|physical|physical connectors?|connectors|connectors? ?\/ ?(harness|harnesses|cable|cables|wiring))$/,
  ],
  // PLM systems call every managed thing an object: "Object Name" beside "Object ID"; PDM vaults
  // (Vault, SolidWorks PDM) name an item by its "Title".
  [
    'name',
    /^(name|nomenclature|item|component|part name|item name|object name|article name|material name|block|element|equipment name|unit name|title|item title|part title)$/,
  ],
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
  // "From (unit / pin)", "Signal (name)": a bracket after the column's name says how its cells are
  // written, not what the column holds.
  const bare = h.replace(/\s*\([^()]*\)$/, '').trim();
  if (bare && bare !== h) for (const [role, re] of SYNONYMS) if (re.test(bare)) return role;
  // Headers spelt some other way still say what they hold by a word in them.
  for (const [role, re] of LOOSE) if (re.test(h)) return role;
  return undefined;
}

const LOOSE: [ColumnRole, RegExp][] = [
  ['refdes', /\b(designators?|ref\.? ?des\w*|reference designators?)\b/],
  ['mpn', /\b(mpn|part (number|no\.?|#)|p\/n)\b/],
  ['qty', /\b(qty|quantity)\b/],
  ['manufacturer', /\b(manufacturer|maker|vendor|supplier)\b/],
  ['description', /\bdescription\b/],
];

const NET_HEADER = /^(net|net name)$/i;

export interface HeaderMatch {
  /** The header's last row: the body starts below it. */
  index: number;
  /** The column names, one per column (a two-row header's rows combined). */
  cells: string[];
  columns: Map<ColumnRole, number>;
}

function rolesOf(cells: string[]): Map<ColumnRole, number> {
  const columns = new Map<ColumnRole, number>();
  cells.forEach((cell, c) => {
    let role = roleOf(cell);
    // "Signal" then "Net": the signal is named in words and the second column is its net.
    if (role === 'signal' && columns.has('signal') && NET_HEADER.test(cell.trim())) role = 'net';
    if (role && !columns.has(role)) columns.set(role, c);
  });
  // "Between | And": the two ends written in two columns, the second headed by the conjunction.
  const between = columns.get('ends');
  if (
    between !== undefined &&
    /^between$/i.test(cells[between]!.trim()) &&
    /^and$/i.test(cells[between + 1]?.trim() ?? '') &&
    !columns.has('endA') &&
    !columns.has('endB')
  ) {
    columns.delete('ends');
    columns.set('endA', between);
    columns.set('endB', between + 1);
  }
  // "Message | CAN ID | Signal | …": a message carries the signals the Signal column names; the
  // signal is the item, the message its container (a CAN frame is no signal of its own).
  const first = columns.get('signal');
  if (first !== undefined && /^message( name)?$/i.test(cells[first]!.trim())) {
    const signalColumn = cells.findIndex((c, i) => i !== first && /^signal( name)?$/i.test(c.trim()));
    if (signalColumn >= 0) columns.set('signal', signalColumn);
  }
  // "Supply | Net | Provided by | Consumers": the supply is named in words and "Net" is its label,
  // as "Signal | Net" names a signal; the row is a rail, not a signal named after its net.
  const signal = columns.get('signal');
  if (
    columns.has('rail') &&
    signal !== undefined &&
    NET_HEADER.test(cells[signal]!.trim()) &&
    !columns.has('net')
  ) {
    columns.delete('signal');
    columns.set('net', signal);
  }
  return columns;
}

/**
 * A header written on two rows with merged cells: group labels over spans in the first ("Part" over
 * "Number | Rev", "Manufacturer" over "Name | Part No."), the column names in the second, and the
 * columns that need no group merged down (the first row's label, nothing under it). Returns one name
 * per column ("Part Number", "Manufacturer Part No.", "Line"), or undefined when the rows show no
 * span: a label with a blank to its right over two or more filled cells.
 */
export function twoRowHeader(top: string[], sub: string[]): string[] | undefined {
  const width = Math.max(top.length, sub.length);
  const cells: string[] = [];
  let group = '';
  let spans = false;
  for (let c = 0; c < width; c++) {
    const label = (top[c] ?? '').trim();
    const name = (sub[c] ?? '').trim();
    if (label) group = name ? label : '';
    else if (!name) group = '';
    else if (group) spans = true;
    cells.push(name ? combineHeader(label || group, name) : label);
  }
  return spans ? cells : undefined;
}

/**
 * "Parent" over "P/N" is "Parent P/N" and "Manufacturer" over "Name" the maker, not the line's name:
 * the group word qualifies the column name whenever the two read together as a known column; under a
 * group word that adds nothing known ("Item" over "Rev") the column name stands alone.
 */
function combineHeader(group: string, name: string): string {
  const combined = `${group} ${name}`;
  return group && roleOf(combined) !== undefined ? combined : name;
}

/**
 * The header among the first rows: the row (or pair of rows, for a two-row merged header) with the
 * most recognised column names (at least two).
 */
export function findHeader(rows: string[][]): HeaderMatch | undefined {
  let best: HeaderMatch | undefined;
  const better = (columns: Map<ColumnRole, number>): boolean =>
    columns.size >= 2 && (!best || columns.size > best.columns.size);
  for (let i = 0; i < Math.min(rows.length, 20); i++) {
    const columns = rolesOf(rows[i]!);
    if (better(columns)) best = { index: i, cells: rows[i]!, columns };
    const next = rows[i + 1];
    const cells = next && columns.size > 0 ? twoRowHeader(rows[i]!, next) : undefined;
    if (!cells) continue;
    // The pair is the header only when together they name more columns than either row alone.
    const paired = rolesOf(cells);
    if (paired.size > Math.max(columns.size, rolesOf(next!).size) && better(paired))
      best = { index: i + 1, cells, columns: paired };
  }
  if (best) {
    nameColumnsByContent(rows, best);
    designatorsByContent(rows, best);
    commentsByContent(rows, best);
    unitsByContent(rows, best);
  }
  return best;
}

/**
 * "Ref" heads a designator column in a BOM and an id column in an ICD ("I-01", "IF-3"): a column whose
 * cells are mostly not designators ("U1", "C1-C4", "R1, R2") is an id column.
 */
function designatorsByContent(rows: string[][], header: HeaderMatch): void {
  const c = header.columns.get('refdes');
  if (c === undefined) return;
  // "Ref | Interface | From | To": a table naming interfaces and the two ends each joins, with no
  // quantity, part number or maker, lists links, not parts; its "IF1", "IF2" are the links' ids,
  // however much they look like designators.
  const cols = header.columns;
  if (
    cols.has('interface') &&
    ((cols.has('endA') && cols.has('endB')) || cols.has('ends')) &&
    !cols.has('qty') &&
    !cols.has('mpn') &&
    !cols.has('manufacturer')
  ) {
    cols.delete('refdes');
    if (!cols.has('ifaceId')) cols.set('ifaceId', c);
    return;
  }
  const values = rows
    .slice(header.index + 1, header.index + 201)
    .map((r) => (r[c] ?? '').trim())
    .filter((v) => v);
  if (values.length === 0) return;
  // IEC 81346 device tags carry a prefix sign ("-K1", "-Q1, -Q2", "=A1").
  const refs = values.filter((v) =>
    /^[-=+]?[A-Z]{1,4}\d{1,4}[A-Z]?([-–,\s]+[-=+]?[A-Z]{0,4}\d{1,4}[A-Z]?)*$/i.test(v),
  );
  if (refs.length >= 0.5 * values.length) return;
  header.columns.delete('refdes');
  if (!header.columns.has('ifaceId')) header.columns.set('ifaceId', c);
}

/**
 * Altium's "Comment | Description": where the comments are part values ("DRV8323RH", "10k") the
 * description names the part; where they are names ("Brew Heater") they do, as read.
 */
function commentsByContent(rows: string[][], header: HeaderMatch): void {
  const comment = header.cells.findIndex((c) => /^comment$/i.test(c.trim()));
  const description = header.cells.findIndex((c) => /^description$/i.test(c.trim()));
  if (comment < 0 || description < 0 || header.columns.get('description') !== comment) return;
  const values = rows
    .slice(header.index + 1, header.index + 201)
    .map((r) => (r[comment] ?? '').trim())
    .filter((v) => v);
  const codes = values.filter((v) => looksLikeCode(v) || /^\d[\d.,]*\s*[pnuµmkMG]?[A-Za-zΩ]*$/.test(v));
  if (values.length === 0 || codes.length < 0.5 * values.length) return;
  header.columns.set('description', description);
  if (!header.columns.has('value')) header.columns.set('value', comment);
}

/** An order code: one token with a digit ("FAS-41-100", "463012", "S32K144HFT0VLLT", "DT04-4P"). */
const looksLikeCode = (v: string): boolean =>
  /^\S{3,}$/.test(v) && /\d/.test(v) && !/^[A-Z]{1,3}\d{1,4}$/.test(v);
/** A descriptive name: words ("Flow Meter", "Tractor"), not a code. */
const looksLikeWords = (v: string): boolean =>
  /[A-Za-z]{3,}/.test(v) && (/\s/.test(v) || /^[A-Z]?[a-z]{2,}$/.test(v)) && !looksLikeCode(v);

/**
 * Header words do not say which column names the line: ERP exports head their part-number column
 * "Component" or "Item" and the descriptive one "Part Name" or "Item Description", and "Part" may
 * hold either. Among the columns whose header says name or part number, the one holding codes is the
 * part number and the one holding words is the name, whatever their headers say.
 */
function nameColumnsByContent(rows: string[][], header: HeaderMatch): void {
  const body = rows.slice(header.index + 1, header.index + 201);
  const candidates: { c: number; code: number; words: number }[] = [];
  header.cells.forEach((cell, c) => {
    const role = roleOf(cell);
    if (role !== 'name' && role !== 'mpn') return;
    const values = body.map((r) => (r[c] ?? '').trim()).filter((v) => v);
    if (values.length === 0) return;
    const share = (f: (v: string) => boolean): number => values.filter(f).length / values.length;
    candidates.push({ c, code: share(looksLikeCode), words: share(looksLikeWords) });
  });
  if (candidates.length < 2 && !candidates.some((k) => k.c === header.columns.get('name') && k.code > 0.6))
    return;
  const codes = candidates.filter((k) => k.code >= 0.6).sort((a, b) => b.code - a.code);
  const names = candidates.filter((k) => k.words >= 0.6).sort((a, b) => b.words - a.words);
  const mpn = codes[0];
  const name = names.find((k) => k !== mpn);
  if (!mpn && !name) return;
  if (mpn) header.columns.set('mpn', mpn.c);
  if (name) {
    header.columns.set('name', name.c);
    if (header.columns.get('mpn') === name.c) header.columns.delete('mpn');
  } else if (header.columns.get('name') === mpn?.c) header.columns.delete('name');
}

/**
 * Splits a cell naming several things ("OBC, COMMS / ADCS"). Refdes ranges stay whole, and so does a
 * name the documents know that has "and" or "&" in it ("Temperature and Humidity Sensor").
 */
export function splitList(cell: string, known?: Set<string>): string[] {
  const isKnown = (t: string): boolean => !!known?.has(normaliseName(t));
  // "Energy Meter (PM1) Electric Vehicle": a PDF cell wrapped after a designator lost its comma; a
  // bracketed designator followed by another name ends a list item.
  const unwrapped = cell.replace(/(\([-=+]?[A-Z]{1,3}\d{1,4}[A-Z]?\))\s+(?=[A-Z][a-z])/g, '$1, ');
  // "E-Stop Button (-S1, -S2), Safety Relay": a bracket's list belongs to the name before it.
  const { text, restore } = shieldBrackets(unwrapped);
  return (
    text
      // "HV Converter (PS1) + Tether Power Relay": a plus between names joins a list of loads.
      .split(/\s*[,;\n]\s*|\s+\/\s+|\s+\+\s+/)
      .flatMap((piece) => (isKnown(restore(piece)) ? [piece] : piece.split(/\s+&\s+|\s+and\s+/)))
      .map((s) => restore(s).trim())
      .filter((s) => s.length > 0 && !/^(-|—|n\/a|none|tbd)$/i.test(s))
  );
}

/** The cell with the list separators inside brackets replaced, and how to put them back. */
function shieldBrackets(cell: string): { text: string; restore: (s: string) => string } {
  let depth = 0;
  let text = '';
  for (const ch of cell) {
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    text += depth > 0 && (ch === ',' || ch === ';' || ch === '/' || ch === '&') ? SHIELD[ch] : ch;
  }
  return { text, restore: (s) => s.replace(/[\uE001-\uE004]/g, (c) => UNSHIELD[c]!) };
}
const SHIELD: Record<string, string> = { ',': '\uE001', ';': '\uE002', '/': '\uE003', '&': '\uE004' };
const UNSHIELD: Record<string, string> = Object.fromEntries(Object.entries(SHIELD).map(([k, v]) => [v, k]));

// What an N² cell says: "IF-01: Speed Command (SPD_CMD); 48V Bus (+48V)" is interface IF-01 carrying
// two items, each with its net label in brackets. The id before the colon is the interface the row and
// column elements are both on; an item in lower case ("three-phase drive") describes what passes, it
// names no item; "-" is no interface.
import { splitList } from './columns.js';
import { normaliseName, splitAcronym } from './normalise.js';

export interface N2Cell {
  /** The interface id the cell opens with ("IF-01"), if any. */
  iface?: string;
  items: { name: string; alias?: string; connector?: string }[];
}

// "28V Power Bus (J1)": a connector's designator in brackets says where the item crosses, not its net.
const CONNECTOR = /^(J|P|X|CN|XS|XP)\d{1,3}$/;

const IFACE_PREFIX = /^([A-Z]{1,5}-?\d{1,4}[A-Z]?)\s*:\s*(.*)$/;
// "(SPD_CMD)", "(+48V)": a net or signal label in capitals, digits, "_" and signs.
const LABEL = /^(.*?\S)\s*\(([+-]?[A-Z0-9][A-Z0-9_+\-/]{1,15})\)$/;

/** "Speed Command (SPD_CMD)", "48V Bus (+48V)", "Electronic Control Unit (ECU)": name and label. */
export function labelled(text: string): { name: string; alias?: string } {
  const label = LABEL.exec(text.trim());
  if (label) return { name: label[1]!.trim(), alias: label[2]! };
  const { name, acronym } = splitAcronym(text);
  return acronym ? { name, alias: acronym } : { name };
}

// "Hoist Position Cue [DMX Control Link]": the link an item travels on, named in square brackets.
const LINK = /\s*\[([^\]]*[A-Za-z][^\]]*)\]/g;
// "3V3 Rail (excitation)": a note in lower case words after a name the other documents give.
const NOTE = /^(.*?\S)\s*\(([a-z][a-z ,/-]*)\)$/;

export function n2Cell(cell: string, known?: Set<string>): N2Cell {
  let text = cell.trim();
  const links = [...text.matchAll(LINK)].map((m) => m[1]!.trim());
  text = text.replace(LINK, '').trim();
  const prefixed = IFACE_PREFIX.exec(text);
  const rest = prefixed ? prefixed[2]! : text;
  const items: N2Cell['items'] = [];
  for (const piece of splitList(rest, known)) {
    // A description in lower case says what passes on the interface; it is not an item's name.
    if (prefixed && !/[A-Z]/.test(piece)) continue;
    const note = NOTE.exec(piece.trim());
    const item = labelled(note && known?.has(normaliseName(note[1]!)) ? note[1]! : piece);
    items.push(item.alias && CONNECTOR.test(item.alias) ? { name: item.name, connector: item.alias } : item);
  }
  const iface = prefixed?.[1] ?? links[0];
  return iface ? { iface, items } : { items };
}

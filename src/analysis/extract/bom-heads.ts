// What a BOM line is, read from its head noun. English names put the head noun last ("Drive Unit
// Housing" is a housing, "Cable Harness Kit" a kit); ERP descriptions put it first, before a comma
// ("PCB, Pitch Control Unit"). A word further in only qualifies the head, so "Unit" in "Drive Unit
// Housing" does not make the housing an assembly.

// What may follow the head noun: "(MCB)", "Rev B", a model code ("RF-60", "TM-250").
const QUALIFIERS =
  /\s*(\([^)]*\)|\b(rev\.?|revision)\s*[a-z0-9]+|\s(?=[a-z0-9./-]*\d)[a-z0-9][a-z0-9./-]*)\s*$/i;

/** The head of a line's name: the words before a comma, less a trailing "(MCB)", "Rev B" or "RF-60". */
export function headOf(name: string): string {
  let head = name.split(',')[0]!.trim();
  while (QUALIFIERS.test(head) && head.replace(QUALIFIERS, '').trim())
    head = head.replace(QUALIFIERS, '').trim();
  return head;
}

/** The noun a line's name ends on ("Housing" in "Drive Unit Housing"). */
export function headNoun(name: string): string {
  const words = headOf(name).split(/\s+/);
  return words[words.length - 1] ?? '';
}

const ASSEMBLY_NOUN = /^(assembly|assy|board|module|harness|subsystem|unit|pcba)$/i;

/** A line named as an assembly by its head noun ("Motor Controller Board", "Drive Unit (DU)"). */
export const namedAsAssembly = (name: string): boolean => ASSEMBLY_NOUN.test(headNoun(name));

// Documents listed in a BOM for reference (drawings, specifications) are not parts of the product.
const DOCUMENT_NOUN =
  /^(drawings?|specifications?|specs?|documents?|documentation|manuals?|datasheets?|procedures?|instructions?|certificates?|reports?|schematics?)$/i;

/** A line that lists a document ("MCB assembly drawing", "Wiring Harness Specification"). */
export const namedAsDocument = (name: string): boolean => DOCUMENT_NOUN.test(headNoun(name));

/**
 * ERP descriptions write the head noun first and the specifications after commas: "Pump, Coolant"
 * is the Coolant Pump, "MCU, Autopilot, Cortex-M4" the Autopilot MCU, "Reversing Gear Pump, 0.8 l/min"
 * the Reversing Gear Pump. The plain name is an alias, so the line meets the other documents'
 * mentions of it; a single word ("Capacitors, ceramic" → "Capacitors") is too loose to be one.
 */
export function nounQualifierAlias(description: string, uniqueHead = false): string | undefined {
  // "Wheel Control MCU - Arm Cortex-M4, rad-hard": an Altium description names the part before a
  // spaced dash and specifies it after.
  const dashed = /^([A-Za-z0-9][^,]*?)\s+[-–—]\s+\S/.exec(description.trim());
  if (dashed && /[A-Za-z]{2}/.test(dashed[1]!) && dashed[1]!.split(/\s+/).length <= 6)
    return dashed[1]!.trim();
  const parts = description
    .replace(/\([^()]*\)/g, ' ')
    .split(',')
    .map((t) => t.replace(/\s+/g, ' ').trim());
  if (parts.length < 2 || !parts[0]) return undefined;
  const [head, qualifier] = [parts[0], parts[1] ?? ''];
  if (head.split(' ').length >= 2) return head;
  // A one-word noun takes the words of its first qualifier in front, not a specification ("60 V").
  if (/^[A-Za-z][A-Za-z-]*( [A-Za-z][A-Za-z-]*){0,2}$/.test(qualifier)) return `${qualifier} ${head}`;
  // "Housing, Al 6061, alodine": followed by specifications only, a noun no other line of the list
  // starts with is that line's name; shared ("Capacitor, 100 nF", "Capacitor, 10 uF") it names none.
  if (uniqueHead && /\d/.test(qualifier) && /^[A-Za-z][A-Za-z-]+$/.test(head)) return head;
  return undefined;
}

/** The head nouns ("Housing" of "Housing, Al 6061") that more than one line of a list starts with. */
export function sharedHeads(names: string[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const n of names) {
    const head = n.split(',')[0]!.trim().toLowerCase();
    if (seen.has(head)) shared.add(head);
    seen.add(head);
  }
  return shared;
}

/**
 * "Blower, BLDC", "Capacitor, MLCC": a one-word noun whose qualifier is a technology's acronym reads
 * "BLDC Blower", but the other documents call the product's only blower "the Blower". When no other line
 * of the list starts with that noun, the bare noun is a name of the line too.
 */
export function acronymQualifiedHead(description: string, uniqueHead: boolean): string | undefined {
  const parts = description.split(',').map((t) => t.trim());
  if (!uniqueHead || parts.length < 2) return undefined;
  const [head, qualifier] = [parts[0]!, parts[1]!];
  return /^[A-Za-z][a-z-]+$/.test(head) && /^[A-Z][A-Z0-9]{1,5}$/.test(qualifier) ? head : undefined;
}

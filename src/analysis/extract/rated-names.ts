// A BOM line names a part by its description, and a PLM description appends the part's ratings to its
// name ("IGBT Power Module 750V 380A", "DC Link Capacitor 500uF 800V", "Controller Enclosure IP66"),
// where the design description and the model say "IGBT Power Module". The ratings say which part was
// bought, not another part: the line is the part named without them. Only when one line claims that
// name, so "Buck Converter 5V" and "Buck Converter 3V3" are never folded into one "Buck Converter".
import type { EntityMention } from './builder.js';
import type { UnionFind } from './joins.js';

/** A part: prose names it as a unit or a part before any structure types it. */
const PART_TYPES = new Set<string>(['COMPONENT', 'SUBSYSTEM']);

/**
 * A value with its unit (750V, 500uF, 120 kW, 16kHz), a size (a display's 15.6in or 7"), an ingress
 * code (IP66) or a type acronym after it.
 */
const RATING =
  /^(\d+(?:[.,]\d+)?\s?(?:[munpkMG]|µ|u)?(?:V|A|W|F|Hz|Ω|ohm|Ah|Wh|VA|rpm|Nm|bar|mm|cm|in|inch|")|IP\d{2}|\d+(?:[.,]\d+)?)$/;
const UNIT = /^(?:[munpkMG]|µ|u)?(?:V|A|W|F|Hz|Ω|ohm|Ah|Wh|VA|rpm|Nm|bar|mm|cm|in|inch|")$/;

/** "IGBT Power Module 750V 380A" -> "IGBT Power Module"; undefined when no rating ends the name. */
export function withoutRatings(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  const first = words.findIndex((w) => /\d/.test(w) && RATING.test(w));
  if (first < 2) return undefined;
  const tail = words.slice(first);
  // After the first rating: more ratings, a unit written apart ("120 kW") or an acronym (PMSM).
  if (!tail.every((w) => RATING.test(w) || UNIT.test(w) || /^[A-Z]{2,6}$/.test(w))) return undefined;
  return words.slice(0, first).join(' ');
}

/**
 * "Alarm Buzzer Driver MOSFET", "Heater Switch Transistor": a name that says the part's role and then
 * the kind of device that fills it. The other documents name the role ("the Alarm Buzzer Driver"); the
 * device kind says which was bought, as a rating does.
 */
const ROLE_NOUN =
  /^(driver|switch|amplifier|buffer|regulator|sensor|detector|protection|clamp|isolator|reference|oscillator|transceiver|interface|controller)$/i;
const DEVICE_KIND = /^(mosfets?|fets?|transistors?|bjts?|igbts?|ics?|chips?|diodes?|op-?amps?)$/i;

export function withoutDeviceKind(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  if (words.length < 3 || !DEVICE_KIND.test(words.at(-1)!) || !ROLE_NOUN.test(words.at(-2)!))
    return undefined;
  return words.slice(0, -1).join(' ');
}

const bareName = (name: string): string | undefined => withoutRatings(name) ?? withoutDeviceKind(name);

/** Joins a part named with its ratings to the part named without them, when it alone claims that name. */
export function joinRatedNames(mentions: EntityMention[], uf: UnionFind): void {
  const claimants = new Map<number, Set<number>>();
  mentions.forEach((m, i) => {
    if (m.entityType !== 'COMPONENT') return;
    const bare = bareName(m.name);
    const j = bare === undefined ? undefined : uf.indexOf(bare);
    if (j === undefined || uf.find(j) === uf.find(i) || !PART_TYPES.has(mentions[j]!.entityType)) return;
    claimants.set(uf.find(j), (claimants.get(uf.find(j)) ?? new Set()).add(uf.find(i)));
  });
  for (const [named, rated] of claimants) {
    if (rated.size !== 1) continue;
    uf.union([...rated][0]!, named);
    // The part keeps the name without its ratings; the rated description stays an alias.
    for (const m of mentions) {
      const bare = m.entityType === 'COMPONENT' ? bareName(m.name) : undefined;
      if (bare === undefined || uf.indexOf(bare) === undefined) continue;
      if (uf.find(uf.indexOf(bare)!) !== uf.find(named)) continue;
      m.aliases = [...m.aliases, m.name];
      m.name = bare;
    }
  }
}

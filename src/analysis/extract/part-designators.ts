// A sentence may type a part as an interface by the word its name ends in ("the RTD Interface (U4)",
// "the Sensor Interface Board (A3)"), but a component's designator names a part. Left an interface,
// its name's interface key ("rtd") joined it to the SPI bus a netlist named by its nets' prefix
// ("RTD_SCK"), and the ICD's link between the same parts went with it into the part.
import type { EntityMention } from './builder.js';
import { busKind, normaliseName } from './normalise.js';

/**
 * "U4", "IC3", "K1": a component's designator. Connectors and cables (J, P, X, CN, W) carry links,
 * so "(J4)" after a link says where it runs; a link's own codes ("CAN1", "IF2", "N2K") are none.
 */
export function isPartDesignator(text: string): boolean {
  const t = text.trim();
  return /^[A-Z]{1,3}\d{1,4}$/.test(t) && !/^(J|P|X|XS|XP|CN|CON|W|IF)\d/.test(t) && !busKind(t);
}

/**
 * Makes an interface mention that carries a component's designator a component, and with it every
 * other interface mention of the same name: "provides the 3V3 Rail for the RTD Interface (U4)" names
 * the part once with its designator and once more, as a recipient, without it.
 */
export function partsByDesignator(mentions: EntityMention[]): void {
  const parts = new Set<string>();
  for (const m of mentions)
    if (m.entityType === 'INTERFACE' && m.aliases.some((a) => !!a && isPartDesignator(a)))
      parts.add(normaliseName(m.name));
  for (const m of mentions)
    if (m.entityType === 'INTERFACE' && parts.has(normaliseName(m.name))) m.entityType = 'COMPONENT';
}

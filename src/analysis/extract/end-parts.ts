// An interface summary's end written "Inverter Assembly (Gate Driver Board)" names the unit the link
// reaches and, in brackets, the part inside it where the link lands: both are ends of the link. Read
// whole, it was a third thing named like neither. Brackets holding a designator ("Safety MCU (U1)"), an
// acronym ("EPS (Electrical Power System)") or a route ("(via J1)") are left to endpoint().

/** "Unit (Part)" as its two names, when both are worded names; undefined otherwise. */
export function unitAndPart(text: string): { unit: string; part: string } | undefined {
  const m = /^([A-Za-z][^()]*?)\s*\(([^()]+)\)\s*$/.exec(text.trim());
  if (!m) return undefined;
  const [unit, part] = [m[1]!.trim(), m[2]!.trim()];
  const worded = (s: string): boolean => /^[A-Za-z][\w-]*(\s+[\w-]+)+$/.test(s) && /[a-z]/.test(s);
  if (!worded(unit) || !worded(part) || /^(via|through|thru|pins?|see|on)\b/i.test(part)) return undefined;
  return { unit, part };
}

/** The ends an end cell names: the unit and its part, or the cell itself. */
export function endNames(text: string): string[] {
  const split = unitAndPart(text);
  return split ? [split.unit, split.part] : [text];
}

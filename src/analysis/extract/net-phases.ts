// A three-phase drive names one quantity once per phase: "/PWM_U", "/PWM_V", "/PWM_W", "IU_ADC",
// "IV_ADC", "IW_ADC", "PHASE_A".."PHASE_C". Teams model the three as one signal (the "Phase PWM", the
// "Motor Phase Power") unless their documents name each phase as a signal of its own (a pin list's
// "Hall A", "Hall B", "Hall C"). A family whose phases only the netlist names is one signal.

const PHASE_SETS = ['UVW', 'ABC'];

/**
 * Families of three nets that differ only in one phase letter (U/V/W or A/B/C), at the end of a word
 * ("PWM_U", "IU_ADC"), as [the nets in phase order]. Each net is in at most one family.
 */
export function phaseFamilies(nets: string[]): string[][] {
  const byKey = new Map<string, Map<string, string>>();
  for (const net of nets)
    for (const m of net.matchAll(/[A-Za-z](?=[_\-./]|$)/g)) {
      const at = m.index;
      const letter = net[at]!.toUpperCase();
      const key = `${net.slice(0, at)}*${net.slice(at + 1)}`.toUpperCase();
      const members = byKey.get(key) ?? byKey.set(key, new Map()).get(key)!;
      members.set(letter, net);
    }
  const families: string[][] = [];
  const used = new Set<string>();
  for (const members of byKey.values())
    for (const set of PHASE_SETS) {
      const family = [...set].map((l) => members.get(l));
      if (family.some((n) => n === undefined || used.has(n))) continue;
      // "UVW" must be all three; one more member of the same set ("PWM_X") would make it no phase family.
      if (members.size !== 3) continue;
      family.forEach((n) => used.add(n!));
      families.push(family as string[]);
    }
  return families;
}

// Merges that names alone cannot make: a rail's net label and its worded name ("+12V_SW" and "12V
// Switched Supply"), and a schematic net and the named item it carries ("FLOW_PULSE" and "Flow Meter
// Pulses", "STO_OK" and "STO Status"). Both are decided on the mentions after the name merge, by
// evidence that has to single out one partner: an abbreviation, shared words, shared ends.
import type { EntityMention, RelationshipMention } from './builder.js';
import { normaliseName } from './normalise.js';

export interface UnionFind {
  find: (i: number) => number;
  union: (a: number, b: number) => void;
  /** The mention a name stands for, through names and aliases. */
  indexOf: (name: string) => number | undefined;
}

/** The mentions as the joins so far group them, by the index of their group's root. */
export function mentionGroups(mentions: EntityMention[], uf: UnionFind): Map<number, EntityMention[]> {
  const groups = new Map<number, EntityMention[]>();
  mentions.forEach((m, i) => {
    const r = uf.find(i);
    const group = groups.get(r);
    if (group) group.push(m);
    else groups.set(r, [m]);
  });
  return groups;
}

/** "sw" abbreviates "switched", "mot" "motor", "aux" "auxiliary": same first letter, letters in order. */
export function abbreviates(abbr: string, word: string): boolean {
  const a = abbr.toLowerCase();
  const w = word.toLowerCase();
  if (a.length < 2 || a[0] !== w[0] || a.length > w.length) return false;
  let j = 0;
  for (const ch of w) if (ch === a[j]) j++;
  return j === a.length;
}

const RAIL_WORD = /^(rail|bus|supply|power|line|voltage|output|out)$/i;

/** "+12V_SW" → 12v/sw, "VMOT" → /mot; undefined for a worded name. */
function railLabel(name: string): { volt: string; abbr: string } | undefined {
  const t = name.trim();
  const m = /^\+?(\d+V\d*)_([A-Z]{2,})$/i.exec(t) ?? /^\+?()V([A-Z]{2,})$/.exec(t);
  return m ? { volt: m[1]!.toLowerCase(), abbr: m[2]!.toLowerCase() } : undefined;
}

/** "12V Switched Supply" → 12v/switched, "Motor Supply" → /motor; one word plus rail words only. */
function railWords(name: string): { volt: string; word: string } | undefined {
  const words = name.trim().split(/\s+/);
  const v = /^(\d+V\d*)$/i.exec(words[0] ?? '');
  const rest = v ? words.slice(1) : words;
  if (rest.length < 2 || !/^[A-Za-z]{3,}$/.test(rest[0]!) || !rest.slice(1).every((w) => RAIL_WORD.test(w)))
    return undefined;
  return { volt: v ? v[1]!.toLowerCase() : '', word: rest[0]!.toLowerCase() };
}

/**
 * A net label meets the one worded rail of its voltage whose word it abbreviates: "+12V_SW" is the
 * "12V Switched Supply", "+VMTR" the "Motor Supply". Two worded rails the label could stand for (a
 * "12V Switched Supply" and a "12V Sensor Supply" for "+12V_S") leave it alone.
 */
export function joinRailsByAbbreviation(mentions: EntityMention[], uf: UnionFind): void {
  const worded = new Map<number, { volt: string; word: string }>();
  mentions.forEach((m, i) => {
    if (m.entityType !== 'RESOURCE') return;
    const w = railWords(m.name);
    if (w) worded.set(i, w);
  });
  mentions.forEach((m, i) => {
    if (m.entityType !== 'RESOURCE') return;
    const label = railLabel(m.name);
    if (!label) return;
    const roots = new Set<number>();
    for (const [j, w] of worded)
      if (w.volt === label.volt && abbreviates(label.abbr, w.word)) roots.add(uf.find(j));
    if (roots.size === 1) uf.union(i, [...roots][0]!);
  });
}

// Words of a net name that say how a line is used, not what it carries.
const NET_FILLER = /^(sense|sns|sig|signal|det|detect|mon|meas|line|in|out|io|input|output|buf|raw|3v3|5v)$/;

/** "nVALVE_FAULT" → valve, fault; "PRESS_SENSE" → press. Only names written like nets. */
export function netTokens(name: string): string[] | undefined {
  // KiCad writes an active-low name with an overbar: "~{FAULT}" is nFAULT.
  const t = name
    .trim()
    .replace(/^\//, '')
    .replace(/~\{([^}]*)\}/g, 'n$1');
  if (/\s/.test(t) || !/^[A-Za-z0-9+_-]+$/.test(t) || !(/_/.test(t) || /^[A-Z0-9+]+$/.test(t)))
    return undefined;
  return t
    .replace(/^n(?=[A-Z])/, '')
    .toLowerCase()
    .split(/[_-]+/)
    .filter((w) => w.length >= 2 && !NET_FILLER.test(w) && !/^\d+$/.test(w));
}

const isWorded = (name: string): boolean => /\s/.test(name.trim()) || /^[A-Z][a-z]{2,}$/.test(name.trim());

const wordMatch = (token: string, word: string): boolean =>
  token === word ||
  (token.length >= 3 && word.startsWith(token)) ||
  (abbreviates(token, word) && word.length <= token.length * 3);

/** "gd" of "Gate Driver Enable": a two- or three-letter token that is the initials of words in a row. */
export const initialsMatch = (token: string, words: string[]): boolean =>
  token.length >= 2 &&
  token.length <= 3 &&
  words.some(
    (_, i) =>
      words
        .slice(i, i + token.length)
        .map((w) => w[0])
        .join('') === token,
  );

type Role = 'PROVIDES' | 'CONSUMES' | 'CONNECTS';

/**
 * A schematic net and the named item it carries are one signal ("a net that carries exactly one named
 * item is merged with it"). Evidence, each piece worth points: the net's words name the item (all of
 * them: 2, some: 1) — "PRESS_SENSE" and "Boom Pressure"; both have the same driver and receiver (2) or
 * share a part on either end (1), with no part driving one and receiving the other. Words are needed:
 * ends alone do not tell a per-line net ("I_SENSE_U") from the aggregate item ("Phase Currents") or
 * from another item between the same parts. A net joins the best item with 2 points or more when no
 * other item scores as well, and an item claimed by two nets is left to neither.
 */
export function joinNetsToItems(
  mentions: EntityMention[],
  relationships: RelationshipMention[],
  uf: UnionFind,
): void {
  joinNets('SIGNAL', mentions, relationships, uf);
  joinNets('RESOURCE', mentions, relationships, uf);
}

/** "3.3 V", "+3V3", "24V Traction Bus" → 3v3, 3v3, 24v; undefined when the name gives no voltage. */
function voltageOf(name: string): string | undefined {
  const m = /(?:^|[^A-Za-z0-9.])\+?(\d+)(?:[.,V](\d+))?\s?V(?![A-Za-z]{2})/i.exec(` ${name}`);
  return m ? `${m[1]}v${m[2] && m[2] !== '0' ? m[2] : ''}` : undefined;
}

/**
 * Signals need words in common (see above). A rail's net label often shares none with its worded
 * name ("VBATT" and "24V Traction Bus"), so for rails the parts are the evidence: one worded rail that
 * shares a maker or a user with the net, none of them making one and using the other, and no voltage
 * that differs.
 */
function joinNets(
  type: 'SIGNAL' | 'RESOURCE',
  mentions: EntityMention[],
  relationships: RelationshipMention[],
  uf: UnionFind,
): void {
  const groups = mentionGroups(mentions, uf);
  const nets = new Map<number, string[]>();
  const items = new Map<number, string[]>();
  // "RLY_EN_A" and "Relay Enable A": a channel letter the net and the item both end in must agree.
  const letters = new Map<number, Set<string>>();
  const volts = new Map<number, Set<string>>();
  const sameVoltage = (a: number, b: number): boolean => {
    const va = volts.get(a);
    const vb = volts.get(b);
    return !va?.size || !vb?.size || [...va].some((v) => vb.has(v));
  };
  for (const [root, group] of groups) {
    if (!group.some((m) => m.entityType === type)) continue;
    if (group.some((m) => m.entityType !== type && m.weight >= 2)) continue;
    const names = group.flatMap((m) => [m.name, ...m.aliases]);
    volts.set(root, new Set(names.map(voltageOf).filter((v): v is string => !!v)));
    const fromNetlist = group.some((m) => m.provenance.extractor === 'netlist');
    // A side is a letter too: "PWM_L" is the "Left Motor PWM", not the "Right Motor PWM".
    letters.set(
      root,
      new Set(
        names.flatMap((n) => [
          ...[/(?:[_-]|\s)([A-Z])$/.exec(n.trim())?.[1]].filter((l): l is string => !!l),
          ...(/\bleft\b/i.test(n) ? ['L'] : []),
          ...(/\bright\b/i.test(n) ? ['R'] : []),
        ]),
      ),
    );
    if (fromNetlist && !names.some(isWorded)) {
      const tokens = [...new Set(names.flatMap((n) => netTokens(n) ?? []))];
      nets.set(root, tokens);
    } else if (!fromNetlist && names.some(isWorded)) {
      items.set(root, [...new Set(names.filter(isWorded).flatMap((n) => normaliseName(n).split(' ')))]);
    }
  }
  if (nets.size === 0 || items.size === 0) return;
  const roles = flowRoles(relationships, uf, (f) => nets.has(f) || items.has(f), type !== 'RESOURCE');
  const endsCache = new Map<string, Set<number>>();
  const ends = (root: number, role: Role): Set<number> => {
    const key = `${root}:${role}`;
    let set = endsCache.get(key);
    if (!set) endsCache.set(key, (set = endsOf(roles, root, role)));
    return set;
  };
  const choice = new Map<number, number>();
  const claims = new Map<number, number>();
  // Only items a net could join are scored: those with a word its tokens match (signals) or a part
  // in common (rails), found through indexes rather than by trying every item against every net.
  const byLetter = new Map<string, Map<string, number[]>>();
  for (const [item, words] of items)
    for (const w of words) {
      const letter = byLetter.get(w[0] ?? '') ?? new Map<string, number[]>();
      letter.set(w, [...(letter.get(w) ?? []), item]);
      byLetter.set(w[0] ?? '', letter);
    }
  const byPart = new Map<number, number[]>();
  for (const item of items.keys())
    for (const part of roles.get(item)?.keys() ?? []) byPart.set(part, [...(byPart.get(part) ?? []), item]);
  for (const [net, tokens] of nets) {
    const scored: { item: number; score: number }[] = [];
    const netParts = roles.get(net) ?? new Map<number, Set<Role>>();
    const candidates = new Set<number>();
    if (type === 'SIGNAL') {
      for (const t of tokens)
        for (const [w, hits] of byLetter.get(t[0] ?? '') ?? [])
          if (wordMatch(t, w) || (t.length <= 3 && tokens.length > 1)) hits.forEach((h) => candidates.add(h));
    } else for (const part of netParts.keys()) for (const h of byPart.get(part) ?? []) candidates.add(h);
    for (const item of candidates) {
      const words = items.get(item)!;
      // A lone two-letter token ("485_RO": "ro") is an abbreviation of too many words to name an
      // item by itself ("Rotor Position"); it counts only when it is the item's word.
      const lone = tokens.length === 1 && tokens[0]!.length <= 2 && !words.includes(tokens[0]!);
      // Initials count only beside another matched word ("GD_EN": gate driver, enable).
      const byWord = lone ? [] : tokens.filter((t) => words.some((w) => wordMatch(t, w)));
      const matched =
        byWord.length > 0 ? tokens.filter((t) => byWord.includes(t) || initialsMatch(t, words)) : byWord;
      const wordScore =
        tokens.length > 0 && matched.length === tokens.length
          ? 2
          : // Some words only: at least one must be spelt out ("press" in "pressure"); a lone
            // consonant abbreviation ("drv" in "drive") is too weak when other words went unmatched.
            matched.some((t) => t.length >= 3 && words.some((w) => w === t || w.startsWith(t)))
            ? 1
            : 0;
      const itemParts = roles.get(item) ?? new Map<number, Set<Role>>();
      const shared = [...netParts.keys()].filter((p) => itemParts.has(p));
      const conflict = shared.some((p) => {
        const a = netParts.get(p)!;
        const b = itemParts.get(p)!;
        return (a.has('PROVIDES') && b.has('CONSUMES')) || (a.has('CONSUMES') && b.has('PROVIDES'));
      });
      if (conflict) continue;
      const [netLetters, itemLetters] = [letters.get(net)!, letters.get(item)!];
      if (netLetters.size > 0 && itemLetters.size > 0 && ![...netLetters].some((l) => itemLetters.has(l)))
        continue;
      const pair = [...ends(net, 'PROVIDES')].some(
        (s) =>
          ends(item, 'PROVIDES').has(s) &&
          [...ends(net, 'CONSUMES')].some((c) => ends(item, 'CONSUMES').has(c)),
      );
      const endScore = pair ? 2 : shared.length > 0 ? 1 : 0;
      if (
        type === 'SIGNAL'
          ? wordScore > 0 && wordScore + endScore >= 2
          : endScore > 0 && sameVoltage(net, item)
      )
        scored.push({ item, score: wordScore + endScore });
    }
    scored.sort((a, b) => b.score - a.score);
    if (scored.length === 0 || (scored.length > 1 && scored[1]!.score === scored[0]!.score)) continue;
    const item = scored[0]!.item;
    choice.set(net, item);
    claims.set(item, (claims.get(item) ?? 0) + 1);
  }
  for (const [net, item] of choice) if (claims.get(item) === 1) uf.union(net, item);
}

/** For each flow (by root), the parts (by root) that provide, consume or connect to it. */
function flowRoles(
  relationships: RelationshipMention[],
  uf: UnionFind,
  isFlow: (root: number) => boolean,
  withConnects: boolean,
): Map<number, Map<number, Set<Role>>> {
  const roles = new Map<number, Map<number, Set<Role>>>();
  for (const r of relationships) {
    // A connector passes every rail through: only makers and users say which rail is which.
    if (
      r.relationshipType !== 'PROVIDES' &&
      r.relationshipType !== 'CONSUMES' &&
      (r.relationshipType !== 'CONNECTS' || !withConnects)
    )
      continue;
    const s = uf.indexOf(r.source);
    const t = uf.indexOf(r.target);
    if (s === undefined || t === undefined) continue;
    const [part, flow] = isFlow(uf.find(s)) ? [t, s] : [s, t];
    const f = uf.find(flow);
    if (!isFlow(f)) continue;
    const byPart = roles.get(f) ?? new Map<number, Set<Role>>();
    const p = uf.find(part);
    byPart.set(p, (byPart.get(p) ?? new Set()).add(r.relationshipType));
    roles.set(f, byPart);
  }
  return roles;
}

const endsOf = (roles: Map<number, Map<number, Set<Role>>>, root: number, role: Role): Set<number> =>
  new Set([...(roles.get(root) ?? [])].filter(([, rs]) => rs.has(role)).map(([p]) => p));

/**
 * One item under a short and a long name: an N² chart's "Housekeeping telemetry" and the signal
 * list's "EPS Housekeeping Telemetry", sent by the same part to the same part. Every word of the
 * short name is in the long one and the two have a sender and a receiver in common; a short name that
 * fits several long ones, or a long one that several short ones fit, is left alone.
 */
export function joinItemsByWords(
  mentions: EntityMention[],
  relationships: RelationshipMention[],
  uf: UnionFind,
): void {
  const words = new Map<number, Set<string>>();
  mentions.forEach((m, i) => {
    if (m.entityType !== 'SIGNAL' || m.provenance.extractor === 'netlist' || !/\s/.test(m.name.trim()))
      return;
    const r = uf.find(i);
    const set = words.get(r) ?? new Set<string>();
    for (const w of normaliseName(m.name).split(' ')) set.add(w);
    words.set(r, set);
  });
  const roles = flowRoles(relationships, uf, (f) => words.has(f), false);
  const choice = new Map<number, number>();
  const claims = new Map<number, number>();
  for (const [a, wa] of words) {
    const hits = [...words].filter(
      ([b, wb]) =>
        b !== a &&
        wb.size > wa.size &&
        [...wa].every((w) => wb.has(w)) &&
        [...endsOf(roles, a, 'PROVIDES')].some((p) => endsOf(roles, b, 'PROVIDES').has(p)) &&
        [...endsOf(roles, a, 'CONSUMES')].some((c) => endsOf(roles, b, 'CONSUMES').has(c)),
    );
    if (hits.length !== 1) continue;
    choice.set(a, hits[0]![0]);
    claims.set(hits[0]![0], (claims.get(hits[0]![0]) ?? 0) + 1);
  }
  for (const [a, b] of choice) if (claims.get(b) === 1) uf.union(a, b);
}

const GENERIC_WORDS = new Set(['the', 'and', 'for', 'with', 'unit', 'module', 'device', 'part', 'assembly']);
const sharesStem = (a: string, b: string): boolean => {
  if (a === b) return true;
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k >= 5 && k >= Math.min(a.length, b.length) - 3;
};

/**
 * A block model or prose often names a part by its function ("IMU", "Barometer") where the BOM and
 * the netlist name it by its part number ("BMI088", description "6-axis IMU"). Under the same parent,
 * a part known only by such a name is the one designated part whose description carries every word
 * of it (a shared stem counts: "Barometer", "Barometric pressure sensor") — when exactly one does,
 * and that part has no functional name of its own yet.
 */
export function joinPartsByDescription(mentions: EntityMention[], uf: UnionFind): void {
  const groups = mentionGroups(mentions, uf);
  const parentOf = (group: EntityMention[]): number | undefined => {
    const name = group.find((m) => m.parentName)?.parentName;
    const i = name ? uf.indexOf(name) : undefined;
    return i === undefined ? undefined : uf.find(i);
  };
  const designated = new Map<number, { parent?: number; words: string[] }>();
  const functional = new Map<number, { parent?: number; words: string[] }>();
  for (const [root, group] of groups) {
    if (!group.some((m) => m.entityType === 'COMPONENT')) continue;
    const structured = group.some(
      (m) => m.provenance.extractor === 'netlist' || m.provenance.extractor === 'bom_table',
    );
    const parent = parentOf(group);
    if (structured) {
      if (group.some((m) => m.provenance.extractor === 'json_model' || m.provenance.extractor === 'prose'))
        continue;
      // A line the BOM already names in words ("Battery Charger") is not a part known only by number.
      if (group.some((m) => m.provenance.extractor === 'bom_table' && isWorded(m.name))) continue;
      const text = group.flatMap((m) => [m.name, ...m.aliases, m.description ?? '']).join(' ');
      designated.set(root, {
        ...(parent !== undefined ? { parent } : {}),
        words: normaliseName(text).split(' '),
      });
    } else if (group.some((m) => m.provenance.extractor === 'json_model')) {
      const words = normaliseName(group[0]!.name)
        .split(' ')
        .filter((w) => w.length >= 3 && !GENERIC_WORDS.has(w));
      if (words.length > 0 && words.length <= 3 && parent !== undefined)
        functional.set(root, { parent, words });
    }
  }
  const choice = new Map<number, number>();
  const claims = new Map<number, number>();
  for (const [f, fx] of functional) {
    const hits = [...designated].filter(
      ([, d]) => d.parent === fx.parent && fx.words.every((w) => d.words.some((x) => sharesStem(w, x))),
    );
    if (hits.length !== 1) continue;
    choice.set(f, hits[0]![0]);
    claims.set(hits[0]![0], (claims.get(hits[0]![0]) ?? 0) + 1);
  }
  for (const [f, d] of choice) if (claims.get(d) === 1) uf.union(f, d);
}

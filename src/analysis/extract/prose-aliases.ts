// Prose: the names a text gives one thing — "Ground Support Equipment (GSE)", "the Valve SPI
// (LPSPI0)", "the ISOBUS is CAN0" — proposed as aliases, so the verbs' relations land on one entity.
import { saysNotUsed } from './prose-negated.js';
import type { MentionSink } from './builder.js';
import { initials, isRefdes, normaliseName } from './normalise.js';
import { isDeterminer, isExcludedName, isNameToken, typeFromName } from './prose-names.js';
import { phraseAfter, phraseBefore } from './prose-phrases.js';
import type { Provenance } from './types.js';

/** "Ground Support Equipment (GSE)": the full name with the acronym as its alias. */
export function defineAcronyms(text: string, p: Provenance, sink: MentionSink): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/((?:[A-Za-z0-9][\w\-/²]*\s+){1,7})\(([A-Z][A-Za-z0-9\-&]{1,10})\)/g)) {
    const words = m[1]!.trim().split(/\s+/);
    const acronym = m[2]!;
    const letters = acronym.replace(/[^A-Za-z]/g, '').toUpperCase();
    for (let k = 1; k <= words.length; k++) {
      let phrase = words.slice(words.length - k).join(' ');
      if (initials(phrase).replace(/[^A-Z]/g, '') === letters && isNameToken(words[words.length - k]!)) {
        // A tag with a number ("PT-101") is an instrument's or unit's id, whose letters say its kind
        // (Pressure Transmitter), not the whole name: "the Discharge Pressure Transmitter (PT-101)"
        // is named by every capitalised word before the tag.
        if (/\d/.test(acronym))
          while (
            k < words.length &&
            /^[A-Z]/.test(words[words.length - k - 1]!) &&
            isNameToken(words[words.length - k - 1]!)
          )
            k++;
        phrase = words.slice(words.length - k).join(' ');
        if (!isExcludedName(phrase) && !saysNotUsed(text.slice(m.index + m[0].length))) {
          found.push(
            sink.entity(phrase, typeFromName(phrase), p, { aliases: [acronym], weight: 0.5 }),
            acronym,
          );
        }
        break;
      }
    }
  }
  return found;
}

/** A schematic or firmware designator: "LPSPI0", "CAN0", "U1", "+12V_SW" — a digit or an underscore. */
const DESIGNATOR = /^[+A-Z][A-Za-z0-9_+]{0,15}$/;
const isDesignator = (t: string): boolean => DESIGNATOR.test(t) && /[\d_]/.test(t) && /[A-Za-z]/.test(t);

/**
 * "the Valve SPI (LPSPI0)", "the GNSS Serial Link (LPUART1)": a designator in brackets after a name a
 * document gave is that thing's name in the schematic or firmware. Acronyms are defineAcronyms' job;
 * requirement ids ("REQ-AS-012") have hyphens and are not designators.
 */
export function defineDesignators(text: string, p: Provenance, sink: MentionSink, known: Set<string>): void {
  for (const m of text.matchAll(/((?:(?:-(?=\d))?[A-Za-z0-9+][\w\-/²+]*\s+){1,6})\(([^()\s]{2,16})\)/g)) {
    const designator = m[2]!;
    // Or a short capitalised name ("(PSU)", "(SPIX)") whose letters are not the phrase's initials.
    if (!isDesignator(designator) && !/^[A-Z]{2,8}$/.test(designator)) continue;
    const words = m[1]!.trim().split(/\s+/);
    // "the DC-DC Converter (U5)" where the BOM's line is "DC-DC Converter 24V/5V": a capitalised name
    // before a designator the other documents give is that part's name in this document.
    const named = isRefdes(designator) && known.has(normaliseName(designator)) ? titleRun(words) : undefined;
    let found = false;
    for (let k = words.length; k >= 1; k--) {
      const phrase = words.slice(words.length - k).join(' ');
      if (isDeterminer(words[words.length - k]!) || !known.has(normaliseName(phrase))) continue;
      // "the Service USB (X6)": a connector's designator after a link's name says where the link is
      // reached, not what it is called; only a connector's own name ("Motor Connector (X3)") takes it.
      // "chip selects /ACC_CS (U4) and /RTD_CS (U5)": a part's designator after a net label says
      // which part the net reaches, not another name of the net.
      if (isRefdes(designator) && /_/.test(phrase) && !/[a-z]/.test(phrase)) break;
      const connectorRef = /^(X|J|P|CN|CON)\d{1,3}$/.test(designator);
      if (connectorRef && !/\b(connector|plug|socket|receptacle|header|jack|terminal)s?$/i.test(phrase))
        break;
      if (normaliseName(phrase) !== normaliseName(designator))
        sink.entity(phrase, typeFromName(phrase), p, { aliases: [designator], weight: 0.1 });
      found = true;
      break;
    }
    // Only a part's own name: a connector's designator after a unit's name ("Sonar Electronics Board
    // (J1)") says where the unit is reached.
    const connectorRef = /^(X|J|P|CN|CON)\d{1,3}$/.test(designator);
    if (
      !found &&
      named &&
      (!connectorRef || /\b(connector|plug|socket|receptacle|header|jack|terminal)s?$/i.test(named))
    )
      sink.entity(named, typeFromName(named), p, { aliases: [designator], weight: 0.1 });
  }
}

/** The capitalised words ending a phrase ("… the DC-DC Converter" → "DC-DC Converter"), two or more. */
function titleRun(words: string[]): string | undefined {
  let k = words.length;
  const capital = (w: string | undefined): boolean => !!w && /^[A-Z0-9]/.test(w) && !isDeterminer(w);
  // "24V to 5V Regulator": a small word between capitalised ones is inside the name.
  while (
    k > 0 &&
    (capital(words[k - 1]) || (/^(to|of|and|for)$/.test(words[k - 1]!) && capital(words[k - 2])))
  )
    k--;
  const run = words.slice(k);
  while (run.length > 0 && SENTENCE_OPENER.test(run[0]!)) run.shift();
  return run.length >= 2 ? run.join(' ') : undefined;
}
const SENTENCE_OPENER =
  /^(then|on|in|at|each|both|its|their|when|after|before|while|from|to|via|with|and|or)$/i;

/**
 * "On the RCM the ISOBUS is CAN0 of the MCU": a name a document gave, "is", and a designator another
 * document gave are one thing under two names. Both must be known, so "the PDU is fed from…" or "the
 * bus is 250 kbit/s" say nothing of the kind.
 */
export function aliasByCopula(tokens: string[], p: Provenance, sink: MentionSink, known: Set<string>): void {
  const isKnown = (n: string): boolean => known.has(normaliseName(n));
  const ends = (t: string | undefined): boolean => t === undefined || /^([,.;:]|of|on|in|at|for)$/.test(t);
  tokens.forEach((tok, k) => {
    if (!/^(is|are)$/.test(tok) || k === 0) return;
    let j = k + 1;
    if (/^(called|named|labelled|labeled|known)$/.test(tokens[j] ?? '')) j += tokens[j] === 'known' ? 2 : 1;
    while (isDeterminer(tokens[j] ?? '')) j++;
    const left = phraseBefore(tokens, k, known);
    if (!left || !isKnown(left.name)) return;
    const right = tokens[j] ?? '';
    if (
      isDesignator(right) &&
      isKnown(right) &&
      ends(tokens[j + 1]) &&
      normaliseName(right) !== normaliseName(left.name)
    ) {
      sink.entity(left.name, typeFromName(left.name), p, { aliases: [right], weight: 0.1 });
      return;
    }
    // "CAN0 is the ISOBUS": the designator first.
    const after = phraseAfter(tokens, k + 1, known);
    if (
      isDesignator(left.name) &&
      after &&
      isKnown(after.name) &&
      ends(tokens[after.end]) &&
      normaliseName(after.name) !== normaliseName(left.name)
    )
      sink.entity(after.name, typeFromName(after.name), p, { aliases: [left.name], weight: 0.1 });
  });
}

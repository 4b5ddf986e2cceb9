// Prose: entities from defined acronyms and from the names that verbs of supply, power, control,
// dependency and connection link. A capitalised phrase alone is not proposed: prose is full of
// headings, people and products, and a name that takes part in no relation is rarely worth a proposal.
import type { TextBlock } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { normaliseName } from './normalise.js';
import { aliasByCopula, defineAcronyms, defineDesignators } from './prose-aliases.js';
import { appositive, compoundSubjects, relateAppositive } from './prose-appositive.js';
import { relateFlow } from './prose-flow.js';
import { mention, properName } from './prose-mention.js';
import { capitalisedByPosition } from './prose-opening-word.js';
import { withoutClauseNumber } from './prose-numbering.js';
import { pairedMembers } from './prose-pairs.js';
import { sentAfterLink } from './prose-sent-on.js';
import { phraseAfter, phraseBefore, phrasesAfter, tokenize, type Phrase } from './prose-phrases.js';
import { typeFromName } from './prose-names.js';
import { nameEndBeforeAside, tailAfterAside } from './prose-tails.js';
import { VERBS } from './prose-verbs.js';
import { activeVoice } from './prose-voice.js';
import type { EntityType, Provenance } from './types.js';

const ENERGISES = /^energi[sz]es?$/i;

export function extractProse(
  blocks: TextBlock[],
  documentName: string,
  sink: MentionSink,
  known: Set<string>,
): void {
  for (const block of blocks) {
    if (block.kind === 'heading') continue;
    const p: Provenance = { documentName, location: block.location, extractor: 'prose' };
    const defined = defineAcronyms(block.text, p, sink);
    for (const d of defined) known.add(normaliseName(d));
    defineDesignators(block.text, p, sink, known);
    const ctx: Context = {};
    for (const sentence of withoutClauseNumber(block.text).split(/(?<=[.!?])\s+(?=[A-Z(])|(?<=;)\s+/)) {
      aliasByCopula(tokenize(sentence), p, sink, known);
      relateSentence(sentence, p, sink, known, ctx);
    }
  }
}

/** What a sentence leaves for the next one to refer to ("It", "it", ", which"). */
interface Context {
  subject?: string;
  object?: string;
}

const PRONOUN = /^(it|they)$/i;
const JOINING_PART = /\b(connectors?|harness|cable|plug|socket|header|terminal block|backplane)$/i;
const CONVERT = /^(converts?|steps?|transforms?)$/i;

function relateSentence(
  sentence: string,
  p: Provenance,
  sink: MentionSink,
  known: Set<string>,
  ctx: Context,
): void {
  const tokens = activeVoice(tokenize(sentence), known);
  const say = (name: string, type?: EntityType): string | undefined => mention(name, p, sink, known, type);
  let lastSubject: Phrase | undefined;
  // The subject of the sentence's main clause, which a relative clause (", which drives Z") does not
  // change: "X drives Y, which drives Z, and activates W" — W is activated by X.
  let mainSubject: Phrase | undefined;
  // "3.1 The Door Controller CPU runs the state machine. It commands…": a sentence that opens with a
  // known name makes it what "It" refers to next, whatever its own verb says.
  let opening = 0;
  while (/^\d+(\.\d+)*\.?$/.test(tokens[opening] ?? '')) opening++;
  const opener = phraseAfter(tokens, opening, known);
  // A bracketed aside after the name ("The Processor (U1, an i.MX RT1062) is…") is skipped over.
  let afterOpener = opener?.end ?? 0;
  if (tokens[afterOpener] === '(') {
    const close = tokens.indexOf(')', afterOpener);
    if (close > 0) afterOpener = close + 1;
  }
  if (opener && known.has(normaliseName(opener.name)) && /^[a-z]/.test(tokens[afterOpener] ?? ''))
    ctx.subject = properName(opener.name, known) ?? ctx.subject;
  for (let i = 1; i < tokens.length; i++) {
    for (let len = 5; len >= 1; len--) {
      // Verbs are lower case in running text: "the Drive Motor" is a name, "drives" a verb.
      if (/^[A-Z]/.test(tokens[i]!)) break;
      const verb = tokens
        .slice(i, i + len)
        .join(' ')
        .toLowerCase();
      const rule = VERBS.find((v) => v.re.test(verb));
      if (!rule) continue;
      // Skip adverbs and modal verbs between the subject and the verb.
      let subjEnd = i;
      // "in turn" is one adverb of two words ("the Switch in turn switches the Brakes").
      for (;;) {
        if (
          subjEnd > 0 &&
          /^(also|only|directly|shall|will|must|then|each|both|which|that|thus|therefore|normally|always|continuously|independently)$/i.test(
            tokens[subjEnd - 1]!,
          )
        )
          subjEnd--;
        else if (subjEnd > 1 && /^turn$/i.test(tokens[subjEnd - 1]!) && /^in$/i.test(tokens[subjEnd - 2]!))
          subjEnd -= 2;
        else break;
      }
      // A bare participle is a verb only as a reduced relative clause, right after a comma.
      if (rule.reduced && tokens[subjEnd - 1] !== ',') continue;
      const relative = /^(which|that)$/i.test(tokens[subjEnd] ?? '') && tokens[subjEnd - 1] === ',';
      // "X is powered from Y and supplies Z": after "and" the verb keeps the sentence's subject;
      // "…the Y, which powers Z": Y; "It …": the previous sentence's subject.
      let subjects: string[] = [];
      // ", which" refers to the name just before the comma when a document named it ("…over the
      // Valve SPI, which leaves…"), else to what the sentence last named as an object.
      const antecedent = relative || rule.reduced ? phraseBefore(tokens, subjEnd - 1, known) : undefined;
      if (antecedent && (rule.reduced || known.has(normaliseName(antecedent.name)))) {
        subjects = [antecedent.name];
        lastSubject = antecedent;
      } else if (relative && ctx.object) subjects = [ctx.object];
      else if (PRONOUN.test(tokens[subjEnd - 1] ?? '') && ctx.subject) {
        subjects = [ctx.subject];
        // "It reads X … and commands Y": the second verb keeps the pronoun's referent.
        lastSubject = { name: ctx.subject, start: subjEnd - 1, end: subjEnd };
      } else {
        const aside = !relative ? appositive(tokens, subjEnd, known) : undefined;
        if (aside) relateAppositive(aside, p, sink, known);
        // "X switches Y off, drives Z": a verb right after a comma goes on with the subject, as one
        // after "and" does; ", and" after a relative clause goes back to the main clause's subject.
        const before = tokens[subjEnd - 1];
        const continued =
          before === 'and' && tokens[subjEnd - 2] === ',' && mainSubject
            ? mainSubject
            : (before === 'and' || (before === ',' && !aside)) && lastSubject
              ? lastSubject
              : undefined;
        const found =
          continued ?? aside?.subject ?? phraseBefore(tokens, nameEndBeforeAside(tokens, subjEnd), known);
        // "Ventilation depends on …": the opening word's capital is the sentence's, not a name's.
        const subject =
          found && capitalisedByPosition(tokens, found.start, found.end, known, normaliseName)
            ? undefined
            : found;
        if (subject) {
          if (!continued) mainSubject = subject;
          lastSubject = subject;
          subjects = [subject.name, ...compoundSubjects(tokens, subject, known)];
        }
      }
      // "sends it a Heartbeat": the recipient is what the sentence last named.
      let from = i + len;
      const recipient = PRONOUN.test(tokens[from] ?? '') ? ctx.object : undefined;
      if (recipient) from++;
      let objects = phrasesAfter(tokens, from, known);
      // "…through the LTE Modem, which it drives across the UART": the relative pronoun is the object,
      // the name before the comma.
      const objectRelative = objectOfRelative(tokens, subjEnd, known);
      if (objects.length === 0 && objectRelative) objects = [{ ...objectRelative, end: from }];
      // "The MCU closes the position loop. It reads…": a known subject is what "It" refers to next,
      // even when its own verb's object names nothing.
      if (objects.length === 0 && subjects.length === 1 && known.has(normaliseName(subjects[0]!)))
        ctx.subject = properName(subjects[0]!, known) ?? ctx.subject;
      if (subjects.length === 0 || objects.length === 0) continue;
      const last = objects[objects.length - 1]!;
      // "X supplies Y to Z": Z consumes Y. "X communicates with Y over Z": both connect to Z.
      let tailAt = tailAfterAside(tokens, last.end);
      if (/^(down|up|back|onward|on|available)$/i.test(tokens[tailAt] ?? '')) tailAt++;
      if (rule.availableOnly && !/^available$/i.test(tokens[tailAt - 1] ?? '')) continue;
      let tail = tokens[tailAt]?.toLowerCase();
      // "generates X for Y" says what "to Y" says: Y takes X.
      if (rule.type === 'PROVIDES' && !rule.reverse && tail === 'for') tail = 'to';
      const toIt = tail === 'to' && PRONOUN.test(tokens[tailAt + 1] ?? '') ? ctx.object : undefined;
      let extra =
        tail && (/^(to|into|over|via|through|using|from)$/.test(tail) || (rule.route && tail === 'at'))
          ? phrasesAfter(tokens, tailAt + 1, known)
          : [];
      // "feeds the MCU with the 3V3 Rail": the object takes what follows "with".
      if (rule.type === 'PROVIDES' && !rule.reverse && tail === 'with') {
        const given = phrasesAfter(tokens, tailAt + 1, known);
        if (given.length > 0) [objects, extra, tail] = [given, objects, 'to'];
      }
      // "sends X to Y and Z to W": a phrase of the list after "to" followed by its own "to" is the next
      // thing sent, to the recipients after it, not one more recipient of X. So with "from": "receives
      // X from Y and Z from W".
      const sentOn: { item: Phrase; to: Phrase[] }[] = [];
      if (tail === 'to' || tail === 'from') {
        const k = extra.findIndex((e, n) => n > 0 && tokens[tailAfterAside(tokens, e.end)] === tail);
        if (k > 0) {
          const at = tailAfterAside(tokens, extra[k]!.end);
          sentOn.push({ item: extra[k]!, to: phrasesAfter(tokens, at + 1, known) });
          extra = extra.slice(0, k);
        } else if (extra.length > 0)
          sentOn.push(...sentAfterLink(tokens, extra[extra.length - 1]!.end, tail, known));
      }
      const verbWord = tokens[i]!;
      const pairs = pairedMembers(
        subjects,
        objects.map((o) => o.name),
        tokens.some((t) => /^respectively$/i.test(t)),
      );
      for (const subjectName of subjects) {
        // "An Auxiliary Supply derives the 24V Bus": what acts is a unit, whatever "Supply" suggests.
        // The mains or a supply named by its voltage ("the Mains Supply feeds…") is energy, not a unit.
        const actingSupply =
          !rule.reverse &&
          !known.has(normaliseName(subjectName)) &&
          /\bsupply$/i.test(subjectName.trim()) &&
          !/\b(mains|grid)\b|^[+-]?\d+(\.\d+)?\s?v\d*\b/i.test(subjectName.trim());
        // The subject is proposed only once the clause relates it: "REQ-21 Observations shall reach
        // the Cloud Data Service within 10 minutes" names a requirement's wording, not a part.
        const s = properName(subjectName, known);
        if (!s) continue;
        ctx.subject = s;
        if (rule.viaOnly && !/^(over|via|through|using)$/.test(tail ?? '')) continue;
        const routedPoints =
          rule.route === 'object' ? objects : /^(at|through|via)$/.test(tail ?? '') ? extra : [];
        if (rule.route && routedPoints.length === 0) continue;
        // Without "into/to Y" a conversion verb says nothing about what flows ("steps the rail").
        if (CONVERT.test(verbWord) && !/^(into|to)$/.test(tail ?? '')) continue;
        say(s, actingSupply ? 'COMPONENT' : undefined);
        // "X leaves the RCM at the J3 Connector" / "X passes through the J3 Connector": the point it
        // is routed through connects to X; the region it leaves or enters says nothing more.
        if (rule.route) {
          for (const pt of routedPoints) {
            const c = say(pt.name);
            if (c) sink.relate(c, s, 'CONNECTS', p);
          }
          continue;
        }
        // "converts X into Y" / "steps X down to Y": X is consumed and Y provided.
        if (rule.type === 'PROVIDES' && CONVERT.test(verbWord)) {
          for (const o of objects) {
            const x = say(o.name);
            if (x) sink.relate(s, x, 'CONSUMES', p);
          }
          for (const e of extra) {
            const y = say(e.name);
            if (y) sink.relate(s, y, 'PROVIDES', p);
            if (y) ctx.object = y;
          }
          continue;
        }
        for (const o of objects) {
          if (pairs && pairs.get(subjectName) !== o.name) continue;
          const t = say(o.name, rule.data && !known.has(normaliseName(o.name)) ? 'SIGNAL' : undefined);
          if (!t) continue;
          ctx.object = t;
          if (rule.type === 'CONNECTS' && extra.length > 0 && tail !== 'to') {
            for (const via of extra) {
              // "through the Sensor Connector": a part the two are joined through links them directly.
              if (JOINING_PART.test(via.name)) {
                sink.relate(s, t, 'CONNECTS', p);
                continue;
              }
              // "via the X bus/link" is an interface; "via the Trigger Line" a single signal.
              const viaType = typeFromName(via.name);
              const bus = say(
                via.name,
                viaType === 'SIGNAL' || viaType === 'RESOURCE' ? viaType : 'INTERFACE',
              );
              if (!bus) continue;
              sink.relate(s, bus, 'CONNECTS', p);
              sink.relate(t, bus, 'CONNECTS', p);
            }
            continue;
          }
          // "The Controller energises the Contactor": a unit that energises a coil switches it on;
          // a supply's or a line's energising ("LOOP_EN energises the relay") is what the object takes.
          // A board or module that energises a coil is a unit as a driver is.
          if (ENERGISES.test(verbWord) && /[a-z]/.test(s) && /^(COMPONENT|SUBSYSTEM)$/.test(typeFromName(s)))
            sink.relate(s, t, 'INFLUENCES', p);
          else if (rule.reverse) relateFlow(sink, t, s, rule.type, p);
          else relateFlow(sink, s, t, rule.type, p);
          // "receives Y from Z": Z provides Y.
          if (rule.type === 'CONSUMES' && !rule.reverse && tail === 'from')
            for (const e of extra) {
              const z = say(e.name);
              if (z) sink.relate(z, t, 'PROVIDES', p);
            }
          if (rule.type !== 'PROVIDES') continue;
          const consumers = [
            ...(recipient ? [recipient] : []),
            ...(toIt ? [toIt] : []),
            ...(tail === 'to' ? extra.map((c) => say(c.name)) : []),
          ];
          for (const c of consumers) if (c) sink.relate(c, t, 'CONSUMES', p);
          // "derives Y from X": the subject consumes X.
          if (tail === 'from')
            for (const e of extra) {
              const x = say(e.name);
              if (x) sink.relate(s, x, 'CONSUMES', p);
            }
        }
        if ((rule.type === 'PROVIDES' || rule.type === 'CONSUMES') && !rule.reverse)
          for (const { item, to } of sentOn) {
            const t = say(
              item.name,
              rule.data && !known.has(normaliseName(item.name)) ? 'SIGNAL' : undefined,
            );
            if (!t) continue;
            sink.relate(s, t, rule.type, p);
            for (const c of to) {
              const r = say(c.name);
              if (!r) continue;
              // To a recipient, who takes it; from a source, which provides it (or, for what the
              // subject derives, which the subject takes).
              if (tail === 'to') sink.relate(r, t, 'CONSUMES', p);
              else if (rule.type === 'CONSUMES') sink.relate(r, t, 'PROVIDES', p);
              else sink.relate(s, r, 'CONSUMES', p);
            }
          }
        if (tail === 'to' && extra.length > 0) ctx.object = say(extra[extra.length - 1]!.name) ?? ctx.object;
      }
      i += len - 1;
      break;
    }
  }
}

/** ", which it drives": the name before ", which" when a pronoun subject stands between it and the verb. */
function objectOfRelative(tokens: string[], verbAt: number, known: Set<string>): Phrase | undefined {
  if (!PRONOUN.test(tokens[verbAt - 1] ?? '') || !/^(which|that)$/i.test(tokens[verbAt - 2] ?? ''))
    return undefined;
  if (tokens[verbAt - 3] !== ',') return undefined;
  const before = phraseBefore(tokens, nameEndBeforeAside(tokens, verbAt - 3), known);
  return before && known.has(normaliseName(before.name)) ? before : undefined;
}

// Paraphrases of design-description prose, for the perturbation quality test: the same facts in the
// words and sentence shapes other engineers use ("draws its power from", "feeds Y with X", passive
// voice, relative clauses). A hidden product's prose states its relations its own way; the model read
// from a paraphrased document should be the one read from the original. Each family rewrites one
// kind of wording; a family cycles through its variants so that every variant is met.

/** One family: a name and a rewrite of a block's text (`pick` chooses among variants in turn). */
export interface ParaphraseFamily {
  name: string;
  rewrite: (text: string, pick: <T>(variants: T[]) => T) => string;
}

// A name as design descriptions write one: capitalised words (a lower-case head noun may close it:
// "the Lid Closed signal"), an optional bracketed designator; a list of them joined by commas/"and".
const NAME = String.raw`(?:the |a |an )?(?!It\b|They\b)(?=[^\s]*[A-Za-z])(?:[A-Z0-9+](?:[\w+/-]|\.(?=\w))*\s)*[A-Z0-9+](?:[\w+/-]|\.(?=\w))*(?:\s(?:signal|signals|rail|bus|line|supply|power|pulses|data|stream|link))?(?:\s\([^()]{1,40}\))?`;
const NAMES = String.raw`${NAME}(?:(?:,\s|\sand\s|,\sand\s)${NAME})*`;
const plural = (np: string): boolean => / and /.test(np) || /[^su]s$/.test(np.trim());
const lowerFirst = (s: string): string => (/^(The|A|An) /.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

/** The sentences of a block, so a rewrite can work on one sentence at a time. */
const bySentence = (text: string, f: (s: string, next: string) => string): string =>
  text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9[])/)
    .map((s, i, all) => f(s, all[i + 1] ?? ''))
    .join(' ');

const SUPPLY_FROM_ONE = [
  'draws its power from',
  'receives power from',
  'is supplied by',
  'takes its supply from',
  'gets its power from',
];
const SUPPLY_FROM_MANY = [
  'draw their power from',
  'receive power from',
  'are supplied by',
  'take their supply from',
];

/** "is powered from Y" → "draws its power from Y", "receives power from Y", "is supplied by Y" … */
const supplyFrom: ParaphraseFamily = {
  name: 'supplied from',
  rewrite: (text, pick) =>
    text.replace(
      /\b(is|are)(\s+\w+ly)?\s+(powered|fed|energi[sz]ed|supplied)\s+(from|by)\b/g,
      (_m, be: string) => pick(be === 'is' ? SUPPLY_FROM_ONE : SUPPLY_FROM_MANY),
    ),
};

/** "provides X to Y" → "delivers X to Y", "feeds Y with X", "generates X for Y", "supplies Y with X". */
const providesTo: ParaphraseFamily = {
  name: 'provides X to Y',
  rewrite: (text, pick) =>
    text.replace(
      new RegExp(String.raw`\b(provides|supplies|delivers)\s(${NAMES})\sto\s(${NAMES})(?=\s?[.;]|$)`, 'g'),
      (_m, _v, x: string, y: string) =>
        pick([
          `delivers ${x} to ${y}`,
          `feeds ${y} with ${x}`,
          `generates ${x} for ${y}`,
          `supplies ${y} with ${x}`,
          `makes ${x} available to ${y}`,
        ]),
    ),
};

/** "sends X to Y" → "transmits / reports / passes / forwards X to Y", "sends Y X". */
const sendsTo: ParaphraseFamily = {
  name: 'sends X to Y',
  rewrite: (text, pick) =>
    text.replace(/\b(sends|reports|transmits|passes|forwards)\s+(?=\S+\s+[^.;]*?\bto\b)/g, () =>
      pick(['transmits ', 'reports ', 'passes ', 'forwards ', 'communicates ', 'outputs ']),
    ),
};

/** "consists of" → "comprises", "is made up of", "includes", "contains", "is composed of". */
const consistsOf: ParaphraseFamily = {
  name: 'consists of',
  rewrite: (text, pick) =>
    text
      .replace(/\bconsists of\b/g, () =>
        pick(['comprises', 'is made up of', 'includes', 'contains', 'is composed of', 'is built up from']),
      )
      .replace(/\bconsist of\b/g, () => pick(['comprise', 'are made up of', 'include', 'contain'])),
};

/** "drives" → "actuates", "commands", "operates"; "controls" → "regulates", "governs". */
const drives: ParaphraseFamily = {
  name: 'drives / controls',
  rewrite: (text, pick) =>
    text
      .replace(/\bdrives\b/g, () => pick(['actuates', 'commands', 'operates', 'energises']))
      .replace(/\bcontrols\b/g, () => pick(['regulates', 'governs', 'commands', 'steers'])),
};

/** "depends on" → "relies on", "requires", "is dependent on", "needs". */
const dependsOn: ParaphraseFamily = {
  name: 'depends on',
  rewrite: (text, pick) =>
    text
      .replace(/\bdepends on\b/g, () =>
        pick(['relies on', 'requires', 'is dependent on', 'needs', 'relies upon']),
      )
      .replace(/\bdepend on\b/g, () => pick(['rely on', 'require', 'are dependent on', 'need'])),
};

// Verbs a passive rewrite turns round, with their participle ("Y is monitored by X").
const PARTICIPLE: Record<string, string> = {
  supplies: 'supplied',
  provides: 'provided',
  powers: 'powered',
  drives: 'driven',
  controls: 'controlled',
  commands: 'commanded',
  monitors: 'monitored',
  reads: 'read',
  sends: 'sent',
  reports: 'reported',
  switches: 'switched',
  feeds: 'fed',
  generates: 'generated',
  measures: 'measured',
  senses: 'sensed',
  transmits: 'transmitted',
  energises: 'energised',
  triggers: 'triggered',
  regulates: 'regulated',
  samples: 'sampled',
  produces: 'produced',
  contains: 'contained in',
  houses: 'housed in',
};
const ACTIVE = Object.keys(PARTICIPLE).join('|');
const PREFIX = String.raw`((?:[A-Z]?\d+(?:\.\d+)*\.?\s+|[A-Z]\.\d+(?:\.\d+)*\.?\s+|\[[^\]]*\]\s+)?)`;

const TAIL = String.raw`(?:\s(?:to|over|via|through|from|into|on)\s${NAMES})*`;

/** "X supplies Y to Z." → "Y is supplied to Z by X." — one-clause sentences only. */
const passive: ParaphraseFamily = {
  name: 'passive voice',
  rewrite: (text) =>
    bySentence(text, (s, next) => {
      // "It …" next refers to the subject; turned round, the sentence would leave it ambiguous.
      if (/^(It|They)\b/.test(next)) return s;
      const m = new RegExp(String.raw`^${PREFIX}(${NAMES})\s(${ACTIVE})\s(${NAMES})(${TAIL})\s*([.!])$`).exec(
        s,
      );
      if (!m) return s;
      const [, prefix, subject, verb, object, tail, stop] = m;
      const part = PARTICIPLE[verb!]!;
      const agent = part.endsWith(' in') ? '' : ' by';
      const be = plural(object!) ? 'are' : 'is';
      return `${prefix}${upperFirst(object!)} ${be} ${part}${tail}${agent} ${lowerFirst(subject!)}${stop}`;
    }),
};

// Verbs that open a clause's predicate, for the relative-clause rewrite.
const PREDICATE = String.raw`(?:is|are|provides|supplies|sends|drives|controls|commands|reports|reads|receives|switches|monitors|measures|generates|feeds|delivers|depends on|consists of|runs|passes|powers|contains|houses|carries|hosts|regulates|triggers|energises)`;

/**
 * "X is powered from Y and sends Z to W." → "X, which is powered from Y, sends Z to W." (or the
 * participle: "X, powered from Y, sends …"); "X does A. It does B." → "X, which does A, does B."
 */
const relativeClause: ParaphraseFamily = {
  name: 'relative clause',
  rewrite: (text, pick) => {
    const withAnd = text.replace(
      new RegExp(
        String.raw`(^|[.;]\s+)${PREFIX}((?:The |the )[^,;:.]*?)\s+((?:is|are) (?:powered|fed|supplied) from [^,;:.]+?) and (${PREDICATE}\b)`,
        'g',
      ),
      (_m, lead: string, prefix: string, subject: string, first: string, next: string) =>
        pick([
          `${lead}${prefix}${subject}, which ${first}, ${next}`,
          `${lead}${prefix}${subject}, ${first.replace(/^(is|are) /, '')}, ${next}`,
        ]),
    );
    // Two sentences about one subject, the second by "It": one sentence with a relative clause.
    return withAnd.replace(
      new RegExp(
        String.raw`(^|[.;]\s+)${PREFIX}((?:The )[A-Z][^,;:.()]*?)\s+(${PREDICATE}\b[^,;:.]*?)\.\s+It\s+(${PREDICATE}\b)`,
        'g',
      ),
      (_m, lead: string, prefix: string, subject: string, first: string, next: string) =>
        `${lead}${prefix}${subject}, which ${first}, ${next}`,
    );
  },
};

/** "Y receives X from Z" for "Z sends X to Y": the recipient as the subject. */
const recipientFirst: ParaphraseFamily = {
  name: 'recipient first',
  rewrite: (text) =>
    bySentence(text, (s) => {
      const m = new RegExp(
        String.raw`^${PREFIX}(${NAMES})\s(sends|reports|transmits|provides|supplies)\s(${NAMES})\sto\s(${NAMES})((?:\s(?:over|via|through)\s${NAMES})?)\s*([.!])$`,
      ).exec(s);
      if (!m) return s;
      const [, prefix, subject, , object, recipient, via, stop] = m;
      const verb = plural(recipient!) ? 'receive' : 'receives';
      return `${prefix}${upperFirst(recipient!)} ${verb} ${object} from ${lowerFirst(subject!)}${via}${stop}`;
    }),
};

/** Nominal forms: "is the source of X for Y", "has a dependency on", "is built from". */
const nominal: ParaphraseFamily = {
  name: 'nominal forms',
  rewrite: (text, pick) =>
    text
      .replace(
        new RegExp(String.raw`\b(provides|supplies|generates)\s(${NAMES})\sto\s(${NAMES})(?=\s?[.;]|$)`, 'g'),
        (_m, _v, x: string, y: string) =>
          pick([
            `is the source of ${x} for ${y}`,
            `acts as the source of ${x} for ${y}`,
            `is the supplier of ${x} to ${y}`,
          ]),
      )
      .replace(/\bdepends on\b/g, () => pick(['has a dependency on', 'is reliant on']))
      .replace(/\bconsists of\b/g, () => pick(['is built from', 'is assembled from'])),
};

/** Control said of the controlled part or as a noun: "Y is under the control of X", "X has control over Y". */
const controlNouns: ParaphraseFamily = {
  name: 'control nouns',
  rewrite: (text, pick) =>
    bySentence(text, (s, next) => {
      // "It …" next refers to the subject; turned round, the sentence would leave it ambiguous.
      if (/^(It|They)\b/.test(next)) return s;
      const m = new RegExp(
        String.raw`^${PREFIX}(${NAMES})\s(controls|drives|commands)\s(${NAMES})\s*([.!])$`,
      ).exec(s);
      if (!m) return s;
      const [, prefix, x, , y, stop] = m;
      const be = plural(y!) ? 'are' : 'is';
      return pick([
        `${prefix}${upperFirst(y!)} ${be} under the control of ${lowerFirst(x!)}${stop}`,
        `${prefix}${x} has control over ${y}${stop}`,
        `${prefix}${x} is in charge of ${y}${stop}`,
      ]);
    }),
};

export const PARAPHRASE_FAMILIES: ParaphraseFamily[] = [
  supplyFrom,
  providesTo,
  sendsTo,
  consistsOf,
  drives,
  dependsOn,
  passive,
  relativeClause,
  recipientFirst,
  nominal,
  controlNouns,
];

/** A family's rewrite of a document's blocks, the variants taken in turn across the document. */
export function paraphraser(family: ParaphraseFamily): (text: string) => string {
  let n = 0;
  const pick = <T>(variants: T[]): T => variants[n++ % variants.length]!;
  return (text) => family.rewrite(text, pick);
}

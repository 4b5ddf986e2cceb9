// The verbs prose links named things with, by the relationship each states. Longest phrases first:
// "is powered from" must win over "powered".
import type { RelationshipType } from './types.js';

export interface VerbRule {
  re: RegExp;
  type: RelationshipType;
  /** The subject is the target (passive voice: "X is powered by Y" → X CONSUMES Y keeps subject first). */
  reverse?: boolean;
  /** Only a relation when the object is followed by "over/via X". */
  viaOnly?: boolean;
  /**
   * Routing: the subject is routed through a point — the object itself ("passes through Y") or the
   * place after "at/through" ("leaves the board at Y").
   */
  route?: 'object' | 'at';
  /** The object is information sent (a signal) unless a document named it as something else. */
  data?: boolean;
  /**
   * A participle after a comma ("the Regulator, powered from the 5V Rail, provides…"): a reduced
   * relative clause whose subject is the name before the comma; elsewhere it is no verb.
   */
  reduced?: boolean;
  /** Only a relation when the object is followed by "available" ("makes X available to Y"). */
  availableOnly?: boolean;
}

// "drives/controls/commands/triggers" are INFLUENCES, not DEPENDS_ON: the controller changes the
// controlled part's behaviour; DEPENDS_ON is kept for what the text says outright ("depends on",
// "relies on", "requires"). Longest phrases first: "is powered from" must win over "powered".
export const VERBS: VerbRule[] = [
  { re: /^(is|are)( \w+ly)? (powered|supplied|fed|energi[sz]ed) (from|by)$/, type: 'CONSUMES' },
  { re: /^(runs?|operates?) (on|from)$/, type: 'CONSUMES' },
  { re: /^(powered|supplied|fed|energi[sz]ed) (from|by)$/, type: 'CONSUMES', reduced: true },
  // "the supply, which powers the drivers": the drivers consume it.
  { re: /^(powers?|energi[sz]es?)$/, type: 'CONSUMES', reverse: true },
  // "receives its supply from the 15V Rail": a supply is power, as "power" is; so is a qualified one
  // ("takes its I/O supply from", "its logic power"): the qualifier says which pins, not a thing.
  {
    re: /^(draws?|takes?|receives?|gets?)( (its|their))?( [a-z0-9/-]+)? (power|supply) from$/i,
    type: 'CONSUMES',
  },
  { re: /^(draws?|takes?) from$/, type: 'CONSUMES' },
  { re: /^(consumes?|uses?|draws?|takes?)$/, type: 'CONSUMES' },
  // "X receives Y from Z": X consumes Y and Z provides it.
  {
    re: /^((shall|will) )?(receives?|accepts?|samples?|monitors?|counts?|listens to|subscribes to)$/,
    type: 'CONSUMES',
  },
  { re: /^(is|are) (provided|supplied|generated) by$/, type: 'PROVIDES', reverse: true },
  // "Rotor Speed comes from the Encoder": the encoder provides it.
  { re: /^(comes?|originates?|is sourced|are sourced) from$/, type: 'PROVIDES', reverse: true },
  {
    re: /^((shall|will|must) )?(provides?|supplies|supply|delivers?|generates?|produces?|outputs?|feeds?|sources?|distributes?|derives?|charges?|passes|converts?|steps?)$/,
    type: 'PROVIDES',
  },
  { re: /^makes?$/, type: 'PROVIDES', availableOnly: true },
  // Nominal: "is the source of X for Y", "acts as the supplier of X to Y".
  {
    re: /^((is|are|acts? as|serves? as) )?the (main |sole |primary )?(source|supplier|provider)s? of$/,
    type: 'PROVIDES',
  },
  // What is sent is information: "reports Depth" names a signal whatever its head word.
  {
    re: /^((shall|will|must) )?(sends?|transmits?|returns?|reports?|forwards?|publishes?|broadcasts?|streams?|relays?|communicates?)$/,
    type: 'PROVIDES',
    data: true,
  },
  {
    re: /^(is|are) (driven|controlled|commanded|regulated|switched|triggered|activated|enabled|managed) by$/,
    type: 'INFLUENCES',
    reverse: true,
  },
  {
    re: /^((shall|will) )?(drives?|controls?|commands?|regulates?|governs?|switches|switch|actuates?|steers?|triggers?|manages?|turns?|rotates?|moves?|enables?|disables?|spins?|opens?|closes?|positions?|adjusts?|modulates?|throttles?|operates?|fires?|heats?|cools?|resets?|activates?|deactivates?|starts?|stops?)( off| on)?$/,
    type: 'INFLUENCES',
  },
  // Control as a noun: "Y is under the control of X", "X has control over Y", "X is in charge of Y".
  { re: /^(is|are) under the (\w+ )?control of$/, type: 'INFLUENCES', reverse: true },
  { re: /^(has|have|takes?|keeps?) (full |sole )?control (of|over)$/, type: 'INFLUENCES' },
  { re: /^(is|are) in charge of$/, type: 'INFLUENCES' },
  { re: /^((shall|will) )?(depends?|relies?|relying|depending) (on|upon)$/, type: 'DEPENDS_ON' },
  { re: /^(is|are) (\w+ly )?(dependent|reliant) (on|upon)$/, type: 'DEPENDS_ON' },
  { re: /^(has|have) an? (\w+ )?dependency (on|upon)$/, type: 'DEPENDS_ON' },
  { re: /^((shall|will) )?(requires?|needs?)$/, type: 'DEPENDS_ON' },
  { re: /^(is|are) (connected|linked|wired|attached) (to|with)$/, type: 'CONNECTS' },
  { re: /^((shall|will) )?(connects?|interfaces?|communicates?|talks?|links?) (to|with)$/, type: 'CONNECTS' },
  { re: /^((shall|will) )?(connects?|interfaces?)$/, type: 'CONNECTS' },
  // "reads the gauge over the I2C bus": only with "over/via" does it say how parts are linked.
  { re: /^(reads?|polls?|queries|query|accesses?|addresses?)$/, type: 'CONNECTS', viaOnly: true },
  {
    re: /^((is|are) )?(routed|brought out|taken) (through|via)$|^(passes|pass|runs?|goes|go) (through|via)$/,
    type: 'CONNECTS',
    route: 'object',
  },
  {
    re: /^(leaves?|enters?|exits?|reaches|reach|arrives? (on|in)|is brought out on)$/,
    type: 'CONNECTS',
    route: 'at',
  },
  { re: /^((shall|will) )?(contains?|includes?|comprises?|houses?|incorporates?) ?$/, type: 'CONTAINS' },
  { re: /^(consists?) of$/, type: 'CONTAINS' },
  // "is made up of", "is composed of", "is built up from": what a thing is assembled from.
  { re: /^(is|are) (made up|composed|built( up)?|assembled) (of|from)$/, type: 'CONTAINS' },
  { re: /^(is|are) (part) of$/, type: 'CONTAINS', reverse: true },
];

// Signal lists write a pair or a group of nets as one combined mnemonic: "MOT_IN1/2" for MOT_IN1 and
// MOT_IN2, "HALL_A/B/C" for HALL_A, HALL_B, HALL_C. The schematic has one net per member, so each member
// is a name of the row's item.

// A name ending on a number or on one letter after "_", then "/n" or "/X" alternatives of that ending.
const COMBINED = /^(.*?[A-Za-z_])(\d{1,2}|(?<=_)[A-Za-z])((?:\/(?:\d{1,2}|[A-Za-z]))+)$/;

/** "MOT_IN1/2" → MOT_IN1, MOT_IN2; "HALL_A/B" → HALL_A, HALL_B; any other token as it is. */
export function expandMnemonic(token: string): string[] {
  const m = COMBINED.exec(token);
  if (!m) return [token];
  const first = m[2]!;
  const rest = m[3]!.slice(1).split('/');
  // The alternatives replace an ending of the same kind: digits for digits, a letter for a letter.
  const sameKind = (x: string): boolean => /^\d+$/.test(x) === /^\d+$/.test(first);
  if (!rest.every(sameKind)) return [token];
  return [first, ...rest].map((end) => `${m[1]}${end}`);
}

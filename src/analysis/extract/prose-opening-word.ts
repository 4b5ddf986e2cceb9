// "Ventilation depends on the Safety MCU": a sentence's first word is written with a capital whatever
// it is, so a single ordinary word there ("Ventilation", "Telemetry", "Charging") is no evidence of a
// name. It names a part only when a document has named it so; otherwise it is a function or a topic.

/** Tokens that may come before a sentence's first word: clause numbers and bracketed ids ("[REQ-031]"). */
const PREFIX = /^(\d+(\.\d+)*[.)]?|\[[^\]]*\]|[A-Z]{1,3}-?\d+(\.\d+)*[.)]?)$/;

/** The phrase tokens[start..end) is one plain word capitalised only because it opens the sentence. */
export function capitalisedByPosition(
  tokens: string[],
  start: number,
  end: number,
  known: Set<string>,
  normalise: (name: string) => string,
): boolean {
  if (end - start !== 1) return false;
  const word = tokens[start]!;
  if (!/^[A-Z][a-z]{2,}$/.test(word) || known.has(normalise(word))) return false;
  return tokens.slice(0, start).every((t) => PREFIX.test(t));
}

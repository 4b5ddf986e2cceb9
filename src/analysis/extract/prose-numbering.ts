// Specifications number their paragraphs: "C.2 The Backup Battery and …", "3.1.4 The Pump …",
// "4) The Valve …". The number is no word of the sentence, and left in front it hides that the sentence
// opens with its subject (a list of subjects is only read at the start of a sentence).

// A lettered or numbered clause ("C.2", "3.1.4", "A.1.2.") or a list number ("4)", "12."), then a word
// that starts a sentence (a capital and a small letter: "3.3 V rail" keeps its value).
const CLAUSE_NUMBER = /^\s*(?:(?:[A-Z]|\d{1,3})(?:\.\d{1,3})+\.?|\d{1,3}[.)])\s+(?=[A-Z][a-z])/;

/** The paragraph without its clause number. */
export const withoutClauseNumber = (text: string): string => text.replace(CLAUSE_NUMBER, '');

// A small S-expression reader for KiCad netlists: lists, bare atoms and quoted strings with
// backslash escapes. Iterative with an explicit stack, so a deeply nested or hostile file cannot
// overflow the call stack, and one pass over the text, so the work is linear in its size.
import { DocumentReadError } from './types.js';

export type SExpr = string | SExpr[];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"' };

export function parseSExpr(text: string): SExpr[] {
  const root: SExpr[] = [];
  const stack: SExpr[][] = [root];
  let i = 0;
  const top = () => stack[stack.length - 1] ?? root;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '(') {
      const list: SExpr[] = [];
      top().push(list);
      stack.push(list);
      i++;
    } else if (ch === ')') {
      if (stack.length === 1) throw corrupt(`an unmatched ")" at character ${i + 1}`);
      stack.pop();
      i++;
    } else if (ch === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length) {
          const next = text[++j] ?? '';
          value += ESCAPES[next] ?? next;
        } else value += text[j];
      }
      if (j >= text.length) throw corrupt(`a string that never ends, from character ${i + 1}`);
      top().push(value);
      i = j + 1;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
    } else {
      let j = i;
      while (j < text.length && !' \t\r\n()"'.includes(text[j] ?? ' ')) j++;
      top().push(text.slice(i, j));
      i = j;
    }
  }
  if (stack.length > 1) throw corrupt(`${stack.length - 1} list(s) never closed`);
  return root;
}

function corrupt(detail: string): DocumentReadError {
  return new DocumentReadError('corrupt', `This netlist cannot be parsed: ${detail}.`);
}

/** The children of `list` that are lists headed by `name`, e.g. every `(comp …)` of `(components …)`. */
export function children(list: SExpr, name: string): SExpr[][] {
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is SExpr[] => Array.isArray(item) && item[0] === name);
}

export function child(list: SExpr, name: string): SExpr[] | undefined {
  return children(list, name)[0];
}

/** The first atom after the head of `(name value …)`, e.g. "R1" for `(ref "R1")`. */
export function atom(list: SExpr | undefined, name: string): string | undefined {
  const found = list === undefined ? undefined : child(list, name);
  const value = found?.[1];
  return typeof value === 'string' ? value : undefined;
}

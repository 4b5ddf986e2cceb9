// Reads README.md as test/readme.test.ts runs it. The conventions, for whoever edits the README:
//
// - A fenced block with info string `sh` runs, in order with every other `sh` block, in one bash
//   process (variables carry over, as in the reader's terminal). `sh norun` shows commands that must
//   not run in the test (`npm start`, PostgreSQL set-up); `text`, `json` and the like are not shell.
//   `bash`, `shell`, `console` and `zsh` are refused, so that no block is skipped by accident.
// - A comment line `# -> <answer>` right after a command is what that command prints on stdout; the
//   command is the lines above, up to the previous blank line or comment. Lines that follow it and
//   start with `#` and three or more spaces continue the answer.
// - An answer that is JSON is checked as a subset: every key shown must be there with that value,
//   other keys may be there too. `…` stands for what changes from run to run: the string "…" or a bare
//   … as a value matches any value, a … inside a string matches any text, a bare … in an array
//   matches any further elements, and a bare … between an object's members is just for the reader.
//   An answer that is not JSON is compared as text, with the same … wildcard.

export interface Block {
  /** README line of the block's first code line. */
  line: number;
  lines: string[];
}

export interface Expectation {
  id: number;
  /** README line of the `# ->` comment. */
  line: number;
  command: string;
  answer: string;
}

const REFUSED_LANGUAGES = new Set(['bash', 'shell', 'console', 'zsh', 'shell-session']);

/** The `sh` blocks that run, in README order. */
export function runnableBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!fence) continue;
    const [language, ...flags] = [fence[1]!, ...fence[2]!.trim().split(/\s+/).filter(Boolean)];
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`README.md:${i + 1}: a code block is never closed`);
    if (REFUSED_LANGUAGES.has(language)) {
      throw new Error(
        `README.md:${i + 1}: write \`\`\`sh (runs in the README test) or \`\`\`sh norun, not ${language}`,
      );
    }
    if (language === 'sh' && !flags.includes('norun'))
      blocks.push({ line: i + 2, lines: lines.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

const ANSWER = /^# -> ?(.*)$/;
const ANSWER_CONTINUED = /^# {3,}\S/;
const marker = (kind: 'begin' | 'end', id: number) => `printf '\\n@@readme-${kind} ${id}@@\\n'`;

/**
 * One bash script for all blocks: each expectation's command is framed by printed markers, so its
 * stdout can be cut out of the whole. Returns, for error messages, the README line of each script line.
 */
export function instrument(blocks: Block[]): {
  script: string;
  expectations: Expectation[];
  readmeLine: number[];
} {
  const out: string[] = [];
  const readmeLine: number[] = [];
  const expectations: Expectation[] = [];
  const emit = (text: string, line: number) => {
    out.push(text);
    readmeLine.push(line);
  };
  for (const block of blocks) {
    let commandStart = out.length;
    for (let i = 0; i < block.lines.length; i++) {
      const text = block.lines[i]!;
      const line = block.line + i;
      const answer = ANSWER.exec(text);
      if (answer) {
        const parts = [answer[1]!];
        while (ANSWER_CONTINUED.test(block.lines[i + 1] ?? '')) parts.push(block.lines[++i]!.slice(1).trim());
        const command = out.slice(commandStart).join('\n').trim();
        if (!command) throw new Error(`README.md:${line}: an answer (# ->) with no command above it`);
        const id = expectations.length;
        expectations.push({ id, line, command, answer: parts.join('\n') });
        out.splice(commandStart, 0, marker('begin', id));
        readmeLine.splice(commandStart, 0, line);
        emit(marker('end', id), line);
        commandStart = out.length;
        continue;
      }
      emit(text, line);
      if (text.trim() === '' || text.trimStart().startsWith('#')) commandStart = out.length;
    }
  }
  return { script: out.join('\n') + '\n', expectations, readmeLine };
}

/** The stdout each expectation's command printed, by id. */
export function answersIn(stdout: string): Map<number, string> {
  const found = new Map<number, string>();
  const pattern = /@@readme-begin (\d+)@@\n([\s\S]*?)\n@@readme-end \1@@/g;
  for (const match of stdout.matchAll(pattern)) found.set(Number(match[1]), match[2]!.trim());
  return found;
}

const ANY = '…';
const REST = '\u0000rest';

/** The answer as JSON, with bare … made into markers; undefined when it is not JSON. */
export function parseAnswer(text: string): unknown {
  let json = '';
  const containers: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      json += c;
      if (c === '\\') json += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') containers.push(c);
    else if (c === '}' || c === ']') containers.pop();
    if (c !== ANY) {
      json += c;
      continue;
    }
    const container = containers.at(-1);
    const before = json.trimEnd();
    if (container === '[') json += JSON.stringify(REST);
    else if (container === '{' && !before.endsWith(':')) {
      // "…" between members: drop it with one neighbouring comma.
      if (before.endsWith(',')) json = before.slice(0, -1);
      else if (/^\s*,/.test(text.slice(i + 1))) i = text.indexOf(',', i);
    } else json += JSON.stringify(ANY);
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split(ANY)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  );

/** Where `actual` differs from `expected`; empty when it matches. */
export function differences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (expected === ANY) return [];
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return [`${at}: expected a string, got ${JSON.stringify(actual)}`];
    return wildcard(expected).test(actual)
      ? []
      : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${JSON.stringify(actual)}`];
    const rest = expected.indexOf(REST);
    if (rest >= 0 && rest !== expected.length - 1)
      throw new Error(`${at}: a bare … in an array must come last`);
    const shown = rest >= 0 ? expected.slice(0, -1) : expected;
    if (rest >= 0 ? actual.length < shown.length : actual.length !== shown.length) {
      return [`${at}: expected ${rest >= 0 ? 'at least ' : ''}${shown.length} items, got ${actual.length}`];
    }
    return shown.flatMap((item, i) => differences(item, actual[i], `${at}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${at}: expected an object, got ${JSON.stringify(actual)}`];
    }
    return Object.entries(expected).flatMap(([key, value]) =>
      Object.hasOwn(actual, key)
        ? differences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key}: missing`],
    );
  }
  return expected === actual
    ? []
    : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** Where a command's stdout differs from the answer the README shows; empty when it matches. */
export function checkAnswer(answer: string, stdout: string): string[] {
  const expected = parseAnswer(answer);
  if (expected === undefined) {
    return wildcard(answer.trim()).test(stdout)
      ? []
      : [`expected ${JSON.stringify(answer)}, got ${JSON.stringify(stdout)}`];
  }
  let actual: unknown;
  try {
    actual = JSON.parse(stdout);
  } catch {
    return [`expected JSON, got ${JSON.stringify(stdout)}`];
  }
  return differences(expected, actual);
}

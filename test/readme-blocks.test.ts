// The README test is only as good as its reading of the README: these pin down which blocks run, which
// command an answer belongs to, and that an answer unlike the one shown fails.
import { describe, expect, it } from 'vitest';
import { answersIn, checkAnswer, instrument, runnableBlocks } from './readme-blocks.js';

const fence = '```';

describe('runnableBlocks', () => {
  it('takes the sh blocks in order, with their README lines, and skips sh norun and other languages', () => {
    const markdown = [
      '# Title', // 1
      `${fence}sh`, // 2
      'echo one', // 3
      fence, // 4
      `${fence}sh norun`,
      'npm start',
      fence,
      `${fence}text`,
      'output',
      fence,
      `${fence}sh`, // 11
      'echo two', // 12
      fence,
    ].join('\n');
    expect(runnableBlocks(markdown)).toEqual([
      { line: 3, lines: ['echo one'] },
      { line: 12, lines: ['echo two'] },
    ]);
  });

  it.each(['bash', 'shell', 'console', 'zsh'])('refuses a %s block, naming its line', (language) => {
    expect(() => runnableBlocks(`x\n${fence}${language}\nls\n${fence}\n`)).toThrow(
      /README\.md:2: .*sh norun/,
    );
  });

  it('refuses a block that is never closed', () => {
    expect(() => runnableBlocks(`${fence}sh\necho\n`)).toThrow(/never closed/);
  });
});

describe('instrument', () => {
  const block = (...lines: string[]) => [{ line: 10, lines }];

  it('frames the command above an answer, up to the previous blank line or comment', () => {
    const { script, expectations } = instrument(
      block(
        'A=1',
        '',
        '# a comment',
        "curl -d '{",
        '  "a": 1}\'',
        '# -> {"a":1,',
        '#     "b":2}',
        'echo after',
      ),
    );
    expect(expectations).toEqual([
      { id: 0, line: 15, command: 'curl -d \'{\n  "a": 1}\'', answer: '{"a":1,\n"b":2}' },
    ]);
    expect(script).toBe(
      [
        'A=1',
        '',
        '# a comment',
        "printf '\\n@@readme-begin 0@@\\n'",
        "curl -d '{",
        '  "a": 1}\'',
        "printf '\\n@@readme-end 0@@\\n'",
        'echo after',
        '',
      ].join('\n'),
    );
  });

  it('starts the next command after an answer', () => {
    const { expectations } = instrument(block('echo 1', '# -> 1', 'echo 2', '# -> 2'));
    expect(expectations.map((e) => e.command)).toEqual(['echo 1', 'echo 2']);
  });

  it('refuses an answer with no command above it', () => {
    expect(() => instrument(block('# intro', '# -> 1'))).toThrow(/README\.md:11: an answer/);
  });

  it('cuts each command’s output out of the whole stdout', () => {
    const stdout =
      'noise\n\n@@readme-begin 0@@\n{"a":1}\n\n@@readme-end 0@@\nmore\n\n@@readme-begin 1@@\nx\n@@readme-end 1@@\n';
    expect([...answersIn(stdout)]).toEqual([
      [0, '{"a":1}'],
      [1, 'x'],
    ]);
  });
});

describe('checkAnswer', () => {
  it.each([
    ['the same JSON', '{"a":1,"b":"x"}', '{"b":"x","a":1}'],
    ['a subset of the keys', '{"a":1}', '{"a":1,"b":2}'],
    ['"…" for any value', '{"a":"…","b":"…"}', '{"a":{"deep":[1]},"b":null}'],
    ['a bare … value', '{"count":…}', '{"count":7}'],
    ['… inside a string', '{"url":"http://h/d/…?e=…&s=…"}', '{"url":"http://h/d/42?e=9&s=ab"}'],
    ['a bare … member', '{"a":1,…}', '{"a":1,"z":0}'],
    ['a bare … member first', '{…, "a":1}', '{"a":1}'],
    ['[…] for any array', '{"items":[…]}', '{"items":[1,2,3]}'],
    ['[…] for an empty array', '{"items":[…]}', '{"items":[]}'],
    ['shown items then any more', '[{"n":1},…]', '[{"n":1,"m":0},{"n":2}]'],
    [
      'text with … wildcards',
      'http://127.0.0.1:1/downloads/…?expires=…',
      'http://127.0.0.1:1/downloads/x?expires=5',
    ],
    ['a … inside a quoted string is text', '{"s":"a … b"}', '{"s":"a and b"}'],
  ])('accepts %s', (_what, answer, stdout) => {
    expect(checkAnswer(answer, stdout)).toEqual([]);
  });

  it.each([
    ['another value', '{"a":1}', '{"a":2}', /\$\.a: expected 1, got 2/],
    ['a missing key', '{"a":1,"b":2}', '{"a":1}', /\$\.b: missing/],
    ['another type', '{"a":"1"}', '{"a":1}', /expected a string/],
    ['fewer items than shown', '[1,2]', '[1]', /expected 2 items, got 1/],
    ['more items than shown without …', '[1]', '[1,2]', /expected 1 items, got 2/],
    ['a string unlike the pattern', '{"u":"http://…/x"}', '{"u":"ftp://h/x"}', /\$\.u/],
    ['not JSON where JSON is shown', '{"a":1}', 'curl: (7) Failed to connect', /expected JSON/],
    ['other text', 'same bytes', 'differ: byte 1', /expected "same bytes"/],
    ['nested differences', '{"items":[{"name":"A"},…]}', '{"items":[{"name":"B"}]}', /\$\.items\[0\]\.name/],
  ])('refuses %s', (_what, answer, stdout, why) => {
    const found = checkAnswer(answer, stdout);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(why);
  });

  it('refuses a README whose bare … in an array is not last', () => {
    expect(() => checkAnswer('[…, 1]', '[1]')).toThrow(/must come last/);
  });
});

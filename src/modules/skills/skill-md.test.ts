// SKILL.md written and read as pure functions: the Agent Skills layout, exact round trips of the
// instructions, hwa's power command under `metadata`, and every refusal naming its place in the file.
import { describe, expect, it } from 'vitest';
import { parseSkillMd, toSkillMd, type SkillMdFields } from './skill-md.js';

const skill: SkillMdFields = {
  name: 'thermal-derating',
  description: 'Derate parts for temperature',
  power_command: 'derate',
  instructions: '# Thermal derating\n\n1. Find the hottest part.\n',
};

function parsed(text: string): SkillMdFields {
  const result = parseSkillMd(text);
  if (!result.ok) throw new Error(`expected a skill, got ${JSON.stringify(result.errors)}`);
  return result.skill;
}

function refused(text: string): { path: string; message: string }[] {
  const result = parseSkillMd(text);
  if (result.ok) throw new Error('expected a refusal');
  return result.errors;
}

describe('toSkillMd', () => {
  it('writes YAML front matter, a blank line, then the instructions as stored', () => {
    expect(toSkillMd(skill)).toBe(
      '---\n' +
        'name: thermal-derating\n' +
        'description: Derate parts for temperature\n' +
        'metadata:\n' +
        '  power_command: derate\n' +
        '---\n' +
        '\n' +
        '# Thermal derating\n\n1. Find the hottest part.\n',
    );
  });

  it('quotes what YAML would misread, and never folds a long description', () => {
    const tricky = { ...skill, description: `Derate: "85 °C" # not a comment, ${'x'.repeat(200)}` };
    const text = toSkillMd(tricky);
    expect(text.split('\n').filter((l) => l.startsWith('description:'))).toHaveLength(1);
    expect(parsed(text)).toEqual(tricky);
  });
});

describe('parseSkillMd', () => {
  it.each([
    ['ends with a newline', 'steps\n'],
    ['has none', 'steps'],
    ['starts with a blank line of its own', '\n\nsteps'],
    ['holds --- lines', 'a\n---\nb\n'],
    ['is long', 'i'.repeat(100_000)],
  ])('gives back what toSkillMd wrote when the instructions %s', (_label, instructions) => {
    const fields = { ...skill, instructions };
    expect(parsed(toSkillMd(fields))).toEqual(fields);
  });

  it('reads a file written by hand: no blank line, CRLF lines, a byte-order mark, spaces after a fence', () => {
    expect(parsed('---\nname: a\ndescription: b\n---\nsteps\n')).toEqual({
      name: 'a',
      description: 'b',
      power_command: 'a',
      instructions: 'steps\n',
    });
    expect(
      parsed('\uFEFF---\r\nname: a\r\ndescription: b\r\n--- \r\n\r\nstep 1\r\nstep 2\r\n'),
    ).toMatchObject({
      instructions: 'step 1\nstep 2\n',
    });
  });

  it('takes the command from metadata.power_command, else the name', () => {
    expect(parsed(toSkillMd(skill)).power_command).toBe('derate');
    expect(
      parsed('---\nname: tvac-checklist\ndescription: d\nmetadata:\n  owner: thermal\n---\ni').power_command,
    ).toBe('tvac-checklist');
  });

  it('accepts the Agent Skills fields hwa does not keep', () => {
    const text =
      '---\nname: a\ndescription: b\nlicense: MIT\ncompatibility: any\nallowed-tools: Read Grep\n---\ni';
    expect(parsed(text)).toEqual({ name: 'a', description: 'b', power_command: 'a', instructions: 'i' });
  });

  it('refuses a file without front matter, or whose front matter never ends', () => {
    expect(refused('# Just markdown\n')).toEqual([
      { path: 'body', message: expect.stringContaining('start with a `---`') },
    ]);
    expect(refused('---\nname: a\ndescription: b\n')).toEqual([
      { path: 'body', message: expect.stringContaining('no `---` line closing') },
    ]);
    expect(refused('')[0]!.path).toBe('body');
  });

  it('refuses front matter that is not a YAML mapping, naming the line', () => {
    const [bad] = refused('---\nname: a\ndescription: [unclosed\n---\ni');
    expect(bad!.path).toBe('body');
    expect(bad!.message).toMatch(/^front matter is not valid YAML: .*\(line \d+\)$/);
    expect(refused('---\n- a\n- b\n---\ni')[0]!.message).toContain('mapping');
    expect(refused('---\n---\ni')[0]!.message).toContain('mapping');
    // The second `name` is on line 3 of the file.
    expect(refused('---\nname: a\nname: b\ndescription: c\n---\ni')[0]!.message).toBe(
      'front matter is not valid YAML: Map keys must be unique (line 3)',
    );
  });

  it('refuses YAML aliases and unknown tags', () => {
    expect(refused('---\nname: &n a\ndescription: *n\n---\ni')[0]!.message).toContain('aliases');
    expect(refused('---\nname: !!js/function a\ndescription: b\n---\ni')[0]!.path).toBe('body');
  });

  it('refuses a key the format does not have, and metadata that is not a mapping', () => {
    expect(
      refused('---\nname: a\ndescription: b\nscope: global\nmodel: x\n---\ni').map((e) => e.path),
    ).toEqual(['body.scope', 'body.model']);
    expect(refused('---\nname: a\ndescription: b\nmetadata: x\n---\ni').map((e) => e.path)).toEqual([
      'body.metadata',
    ]);
  });

  it('checks the fields as POST /skills does, each named by its place in the file', () => {
    const paths = (text: string) => {
      const result = parseSkillMd(text);
      return result.ok ? [] : [...new Set(result.errors.map((e) => e.path))];
    };
    expect(paths('---\ndescription: b\n---\ni')).toEqual(['body.name']);
    expect(paths('---\nname: a\n---\ni')).toEqual(['body.description']);
    expect(paths('---\nname: Not Kebab\ndescription: b\n---\ni')).toEqual(['body.name']);
    expect(paths(`---\nname: a\ndescription: ${'d'.repeat(1025)}\n---\ni`)).toEqual(['body.description']);
    expect(paths(`---\nname: a\ndescription: ${'d'.repeat(1024)}\n---\ni`)).toEqual([]);
    expect(paths('---\nname: 5\ndescription: true\n---\ni')).toEqual(['body.name', 'body.description']);
    expect(paths('---\nname: a\ndescription: b\n---\n')).toEqual(['body.instructions']);
    expect(paths('---\nname: a\ndescription: b\n---\n\n  \n')).toEqual(['body.instructions']);
    expect(paths(`---\nname: a\ndescription: b\n---\n${'i'.repeat(100_001)}`)).toEqual(['body.instructions']);
    expect(paths('---\nname: a\ndescription: b\nmetadata:\n  power_command: 7\n---\ni')).toEqual([
      'body.metadata.power_command',
    ]);
  });

  it('says to drop the slash from metadata.power_command', () => {
    const [error] = refused('---\nname: a\ndescription: b\nmetadata:\n  power_command: /derate\n---\ni');
    expect(error).toEqual({
      path: 'body.metadata.power_command',
      message: 'must not start with "/": drop the leading slash and send "derate"',
    });
  });
});

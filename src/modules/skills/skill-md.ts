// SKILL.md, the Agent Skills format (agentskills.io): YAML front matter between `---` lines, then
// the instructions in markdown. Teams keep skills in git this way. hwa writes and reads:
//
//   ---
//   name: thermal-derating
//   description: Derate parts for temperature
//   metadata:
//     power_command: thermal-derating
//   ---
//
//   # Thermal derating
//   …
//
// `metadata.power_command` is hwa's (the format lets tools keep their own keys under `metadata`);
// without it a file's command is its `name`, as Agent Skills clients invoke a skill by name. The
// format's other fields (`license`, `compatibility`, `allowed-tools`) are accepted and not kept; any
// other key is refused by name. Pure functions: no I/O.
import { parseDocument, stringify } from 'yaml';
import { Type } from 'typebox';
import type { FieldError } from '../../core/errors.js';
import { fieldErrors } from '../../core/error-handler.js';
import { validatorCompiler } from '../../core/validation.js';
import { explainLeadingSlash, type ValidationIssue } from './skills.rules.js';
import { PowerCommand, SkillDescription, SkillInstructions, SkillName } from './skills.schemas.js';

/** The fields a SKILL.md carries, by their API names. */
export interface SkillMdFields {
  name: string;
  description: string;
  power_command: string;
  instructions: string;
}

export type ParsedSkillMd = { ok: true; skill: SkillMdFields } | { ok: false; errors: FieldError[] };

const FRONT_MATTER_KEYS = new Set([
  'name',
  'description',
  'metadata',
  'license',
  'compatibility',
  'allowed-tools',
]);

/**
 * The file for `skill`: one blank line after the front matter, then the instructions exactly as
 * stored, so importing the file gives them back unchanged. `lineWidth: 0` keeps each value on one
 * line (no folding), which diffs well in git.
 */
export function toSkillMd(skill: SkillMdFields): string {
  const frontMatter = stringify(
    {
      name: skill.name,
      description: skill.description,
      metadata: { power_command: skill.power_command },
    },
    { lineWidth: 0 },
  );
  return `---\n${frontMatter}---\n\n${skill.instructions}`;
}

/** The same checks as POST /skills, on the fields read from the file. */
const checkFields = validatorCompiler({
  schema: Type.Object({
    name: SkillName,
    description: SkillDescription,
    power_command: PowerCommand,
    instructions: SkillInstructions,
  }),
  method: 'POST',
  url: '/skills/import',
  httpPart: 'body',
}) as ((data: unknown) => boolean) & {
  errors?: (ValidationIssue & { params: Record<string, unknown> })[] | null;
};

const refuse = (path: string, message: string): ParsedSkillMd => ({ ok: false, errors: [{ path, message }] });

const FENCE = /^---[ \t]*$/;

/** Reads a SKILL.md: either the skill's fields or every refusal, each naming its place in the file. */
export function parseSkillMd(text: string): ParsedSkillMd {
  // A Windows checkout (core.autocrlf) gives CRLF lines and some editors a byte-order mark.
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  if (!FENCE.test(lines[0] ?? '')) {
    return refuse('body', 'must start with a `---` line opening the YAML front matter (name, description)');
  }
  const close = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (close < 0) return refuse('body', 'has no `---` line closing the YAML front matter');

  const yaml = lines.slice(1, close).join('\n');
  const document = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true });
  const problems = [...document.errors, ...document.warnings];
  if (problems.length > 0) {
    return {
      ok: false,
      errors: problems.map((p) => ({
        path: 'body',
        // The line in the file: the front matter starts on line 2.
        message: `front matter is not valid YAML: ${p.message} (line ${lineOf(yaml, p.pos[0]) + 1})`,
      })),
    };
  }
  let front: unknown;
  try {
    // Aliases are refused outright: a SKILL.md has no use for them, and they can expand exponentially.
    front = document.toJS({ maxAliasCount: 0 });
  } catch {
    return refuse('body', 'front matter may not use YAML aliases (*name)');
  }
  if (typeof front !== 'object' || front === null || Array.isArray(front)) {
    return refuse('body', 'front matter must be a YAML mapping with at least name and description');
  }
  const fields = front as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(fields)
    .filter((key) => !FRONT_MATTER_KEYS.has(key))
    .map((key) => ({ path: `body.${key}`, message: 'is not a field of a SKILL.md front matter' }));

  const metadata = fields.metadata;
  if (
    metadata !== undefined &&
    (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
  ) {
    errors.push({ path: 'body.metadata', message: 'must be a mapping of keys to strings' });
  }
  const given = (metadata as Record<string, unknown> | undefined)?.power_command;
  const skill = {
    name: fields.name,
    description: fields.description,
    power_command: given ?? fields.name,
    // One blank line after the front matter separates it from the instructions (toSkillMd writes it).
    instructions: lines
      .slice(close + 1)
      .join('\n')
      .replace(/^\n/, ''),
  };
  if (!checkFields(skill)) {
    const issues = explainLeadingSlash(checkFields.errors ?? [], skill)
      // Without metadata.power_command the command is the name, whose own error says what is wrong.
      .filter((issue) => given !== undefined || !isAbout(issue, 'power_command'));
    for (const error of fieldErrors('body', issues)) {
      errors.push({
        ...error,
        path: error.path.replace(/^body\.power_command/, 'body.metadata.power_command'),
      });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, skill: skill as SkillMdFields };
}

function isAbout(issue: ValidationIssue & { params: Record<string, unknown> }, field: string): boolean {
  return issue.instancePath === `/${field}` || issue.params.missingProperty === field;
}

/** 1-based line of `offset` in `text`. */
const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

// The generate_issue job type: files one issue per distinct failure of a test run — a failed step, a
// report finding of high or medium severity — as the service ("Assistant"), with the evidence in its
// description, the run's data files and the finding's chart attached, and a test_run_issues row so the
// run (and the report, for a finding) lists it. What it covers is read in generate-issue.scope.ts,
// how each failure is written in generate-issue.writer.ts.
import { Type, type Static } from 'typebox';
import type { JobContext, JobType } from '../../jobs/registry.js';
import type { StoragePlace } from '../../storage/port.js';
import { resolveScope, ScopeError } from './generate-issue.scope.js';
import { IssueWriter } from './generate-issue.writer.js';

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const GenerateIssueConfig = Type.Object(
  {
    job_type: Type.Literal('generate_issue'),
    system_id: Type.String({ format: 'uuid', description: 'the system whose test run failed' }),
    test_run_id: Type.Optional(
      Type.String({
        pattern: `^(${UUID_PATTERN}|[Tt][Rr]-[0-9]{1,9})$`,
        description:
          "the run's uuid or its `test_run_id` (TR-0042) within the system; alone, the job files the " +
          "run's failed steps and the high and medium findings of all its completed reports",
      }),
    ),
    report_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "a completed report of the system's runs: only its findings are filed",
      }),
    ),
    finding_ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        minItems: 1,
        maxItems: 1000,
        uniqueItems: true,
        description: 'only these findings (their `id` in the report `findings`), and no failed steps',
      }),
    ),
    additional_context: Type.Optional(
      Type.String({ maxLength: 20_000, description: 'added to each issue filed, under its own heading' }),
    ),
  },
  {
    additionalProperties: false,
    // One test run at a time: by its id, or through one of its reports.
    anyOf: [{ required: ['test_run_id'] }, { required: ['report_id'] }],
  },
);
export type GenerateIssueConfig = Static<typeof GenerateIssueConfig>;

export interface GenerateIssueDeps {
  /** Where the configured storage keeps objects: a data file's storage_url is located there. */
  storagePlace(): StoragePlace;
}

interface Saved {
  /** How many failures were handled (filed or commented) and referenced before the checkpoint. */
  done: number;
}

export function generateIssueJobType(deps: GenerateIssueDeps): JobType<typeof GenerateIssueConfig> {
  return {
    jobType: 'generate_issue',
    displayName: 'File issues from a test run',
    description:
      'Files one issue (created_by Assistant) per failed step and per high or medium report finding of a ' +
      'test run, with the evidence, data files and chart; a failure already filed gets a comment instead.',
    userFacingDescription:
      "Turns a test run's failed steps and its report's significant findings into issues, one per " +
      'failure, each citing its evidence. Running it again comments on the issues it filed before.',
    configSchema: GenerateIssueConfig,
    creatableOnUi: true,
    creatableByAgent: true,
    visibleOnUi: true,
    maxAttempts: 3,
    timeLimitSeconds: 600,
    async handler(ctx) {
      await ctx.progress(5, 'reading the test run');
      const scope = await resolveScope(ctx.db, ctx.config).catch((err: unknown) => {
        // A config naming the wrong thing will not get better by retrying: a plain Error fails the run.
        if (err instanceof ScopeError) throw new Error(err.message);
        throw err;
      });
      await handle(ctx, deps, scope);
    },
  };
}

async function handle(
  ctx: JobContext<GenerateIssueConfig>,
  deps: GenerateIssueDeps,
  scope: Awaited<ReturnType<typeof resolveScope>>,
): Promise<void> {
  const { failures } = scope;
  const writer = new IssueWriter(ctx.db, deps.storagePlace(), {
    jobRunId: ctx.run.id,
    systemId: ctx.config.system_id.toLowerCase(),
    additionalContext: ctx.config.additional_context,
  });
  const start = (ctx.saved as Saved | undefined)?.done ?? 0;
  let filed = 0;
  let commented = 0;
  for (let i = start; i < failures.length; i++) {
    await ctx.progress(10 + (85 * i) / failures.length, `failure ${i + 1} of ${failures.length}`);
    const outcome = await writer.write(failures[i]!);
    if (outcome.filed) filed++;
    else commented++;
    await ctx.addOutputReference({
      type: 'issue',
      id: outcome.issueId,
      title: outcome.filed ? outcome.title : `commented: ${outcome.title}`,
    });
    await ctx.checkpoint({ done: i + 1 } satisfies Saved);
  }
  const low = scope.lowFindings ? `; ${scope.lowFindings} low-severity finding(s) not filed` : '';
  await ctx.progress(
    100,
    failures.length === 0
      ? `no failed step or high/medium finding to file${low}`
      : `${filed} issue(s) filed, ${commented} seen again and commented${low}`,
  );
}

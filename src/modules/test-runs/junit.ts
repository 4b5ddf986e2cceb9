// JUnit XML -> a RunPlan (POST /test-runs/import). Pure: text in, plan out, no database; the import
// service creates the run from the plan in one transaction. Written against what pytest 8 (xunit2),
// Google Test, CTest (--output-junit) and NUnit's JUnit transform really write (test/fixtures/junit/).
//
// Mapping, and the choices the format leaves open:
// - each <testsuite> (nested ones flattened, in document order) is a card titled by its `name`; a
//   root <testsuite> without <testsuites> (CTest) is the one card. Suite <properties> become lines of
//   the card's description, since a measurement needs a step.
// - each <testcase> is a step titled `classname.name`, or `name` alone when classname is empty or
//   equal to it (CTest repeats the name). Titles over 100 characters keep their END, after "…": the
//   test's own name is at the end, a long package path at the start.
// - <failure> or <error> -> `failed` with the message as `exception` (an error's prefixed "error: ");
//   <skipped>, gtest `result="skipped"`, and `status="notrun"|"disabled"` -> `todo` with exception
//   "skipped: <message>": the test did not run, so it is neither pass nor fail (first-pass yield
//   counts it as pending); anything else -> `passed`.
// - <system-out>, <system-err> and the text of a failure (the traceback) -> observations, each cut
//   to 10,000 characters. pytest's section banners ("----- Captured Out -----") are dropped, and an
//   output with nothing else is no observation (junit_logging=all writes empty ones for every test).
// - <property name value> of a test case: a numeric value -> a measurement (no limits: JUnit has
//   none), any other -> an observation "name: value".
// - started_at: the case's own `timestamp` (gtest), else the suite's `timestamp` plus the times of
//   the cases before it (cases run one after another); ended_at = started_at + `time`. A timestamp
//   without a zone (gtest, CTest, older pytest) is read as UTC. No timestamp, or a test that did not
//   run (gtest writes 1970-01-01 for those): both null.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Errors } from '../../core/errors.js';
import {
  MAX_STEP_TITLE,
  type CardPlan,
  type MeasurementInput,
  type RunPlan,
  type StepPlan,
} from './test-runs.schemas.js';

export const MAX_OBSERVATION = 10_000;
export const MAX_CARD_TITLE = 200;

/** Elements that may repeat: always arrays, so one and many read alike. */
const LISTS = new Set([
  'testsuite',
  'testcase',
  'property',
  'failure',
  'error',
  'skipped',
  'system-out',
  'system-err',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // &#x0A; in gtest's messages: numeric references are decoded only with htmlEntities.
  htmlEntities: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Child elements as a list, whatever the parser made of them (one object, a list, or bare text). */
const nodes = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) =>
    typeof x === 'object' && x !== null ? (x as Node) : { '#text': str(x) },
  );
const text = (n: Node): string => str(n['#text']).trim();

/** Keeps the end of `s` when too long: "…" and the last max-1 characters. */
export function keepEnd(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `…${chars.slice(chars.length - max + 1).join('')}`;
}

/** Captured output without pytest's banners; '' when nothing else is left. */
const captured = (s: string) =>
  s
    .split('\n')
    .filter((line) => !/^-+ Captured (Log|Out|Err|stdout|stderr)[\w ]* -+$/.test(line.trim()))
    .join('\n')
    .trim();

const clip = (s: string) =>
  [...s].length <= MAX_OBSERVATION ? s : `${[...s].slice(0, MAX_OBSERVATION - 1).join('')}…`;

/** A JUnit number: `0.012`, gtest's `0.`; null when absent or not a finite number. */
function numberOf(v: unknown): number | null {
  const s = str(v).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** An ISO 8601 timestamp as ms since the epoch; no zone = UTC. */
function timeOf(v: unknown): number | null {
  const s = str(v).trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s)) return null;
  const ms = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}Z`);
  return Number.isNaN(ms) ? null : ms;
}

function stepTitle(c: Node): string {
  const name = str(c.name).trim();
  const cls = str(c.classname).trim();
  const title = cls === '' || cls === name ? name : name === '' ? cls : `${cls}.${name}`;
  return keepEnd(title === '' ? 'unnamed test' : title, MAX_STEP_TITLE);
}

function verdict(c: Node): Pick<StepPlan, 'execution_status' | 'exception'> {
  const failures = nodes(c.failure);
  const errors = nodes(c.error);
  if (failures.length + errors.length > 0) {
    const reasons = [
      ...failures.map(
        (f) => str(f.message).trim() || str(f.type).trim() || text(f).split('\n')[0] || 'failed',
      ),
      ...errors.map(
        (e) => `error: ${str(e.message).trim() || str(e.type).trim() || text(e).split('\n')[0] || 'error'}`,
      ),
    ];
    return { execution_status: 'failed', exception: clip(reasons.join('\n')) };
  }
  const skipped = nodes(c.skipped);
  const status = str(c.status).toLowerCase();
  if (skipped.length > 0 || str(c.result) === 'skipped' || status === 'notrun' || status === 'disabled') {
    const why =
      skipped.map((s) => str(s.message).trim() || text(s)).find((m) => m !== '') ?? (status || 'not run');
    return { execution_status: 'todo', exception: clip(`skipped: ${why}`) };
  }
  return { execution_status: 'passed', exception: null };
}

function caseToStep(c: Node, startMs: number | null): { step: StepPlan; seconds: number } {
  const seconds = numberOf(c.time) ?? 0;
  const started = timeOf(c.timestamp) ?? startMs;
  const measurements: MeasurementInput[] = [];
  const observations: string[] = [];
  for (const props of nodes(c.properties)) {
    for (const p of nodes(props.property)) {
      const name = str(p.name).trim();
      const value = str(p.value) || text(p);
      const n = numberOf(value);
      if (name !== '' && n !== null) measurements.push({ name, value: n });
      else if (name !== '') observations.push(clip(`${name}: ${value}`));
    }
  }
  for (const f of [...nodes(c.failure), ...nodes(c.error)])
    if (text(f) !== '') observations.push(clip(text(f)));
  for (const tag of ['system-out', 'system-err'] as const) {
    for (const out of nodes(c[tag])) {
      const kept = captured(text(out));
      if (kept !== '') observations.push(clip(`${tag}:\n${kept}`));
    }
  }
  const outcome = verdict(c);
  const ran = started !== null && outcome.execution_status !== 'todo';
  const step: StepPlan = {
    title: stepTitle(c),
    step_type: measurements.length > 0 ? 'measurement' : 'passfail',
    ...outcome,
    started_at: ran ? new Date(started).toISOString() : null,
    ended_at: ran ? new Date(started + seconds * 1000).toISOString() : null,
    measurements,
    observations,
  };
  return { step, seconds };
}

function suiteToCard(s: Node, index: number): CardPlan {
  const lines: string[] = [];
  for (const props of nodes(s.properties)) {
    for (const p of nodes(props.property)) lines.push(`${str(p.name)}: ${str(p.value) || text(p)}`);
  }
  let clock = timeOf(s.timestamp);
  const steps = nodes(s.testcase).map((c) => {
    const { step, seconds } = caseToStep(c, clock);
    if (clock !== null) clock += seconds * 1000;
    return step;
  });
  const suiteOut = [...nodes(s['system-out']), ...nodes(s['system-err'])]
    .map((n) => captured(text(n)))
    .filter((t) => t !== '');
  if (suiteOut.length > 0) lines.push(...suiteOut);
  return {
    title: keepEnd(str(s.name).trim() || `Test suite ${index + 1}`, MAX_CARD_TITLE),
    description: clip(lines.join('\n')),
    steps,
  };
}

/** Every suite holding test cases, nested ones after their parent, in document order. */
function flatten(suites: Node[]): Node[] {
  return suites.flatMap((s) => [
    ...(nodes(s.testcase).length > 0 ? [s] : []),
    ...flatten(nodes(s.testsuite)),
  ]);
}

/**
 * The plan for `xml`; a 400 naming `body.file` with the line and column when it is not well-formed
 * XML, and when it is XML but not JUnit.
 */
export function junitToPlan(
  xml: string,
  opts: { systemId: string; title?: string; fileName?: string },
): RunPlan {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw Errors.invalidField('body.file', `is not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  const doc = parser.parse(xml) as Node;
  // An empty <testsuites/> parses as '': a report of no tests.
  const root: Node | undefined =
    doc.testsuites !== undefined
      ? typeof doc.testsuites === 'object' && doc.testsuites !== null
        ? (doc.testsuites as Node)
        : {}
      : doc.testsuite !== undefined
        ? { testsuite: doc.testsuite }
        : undefined;
  if (root === undefined) {
    const found = Object.keys(doc).find((k) => !k.startsWith('?')) ?? 'nothing';
    throw Errors.invalidField(
      'body.file',
      `is not JUnit XML: the root element must be <testsuites> or <testsuite>, not <${found}>`,
    );
  }
  const suites = flatten(nodes(root.testsuite));
  const cards = suites.map(suiteToCard);
  const steps = cards.flatMap((c) => c.steps);
  const count = (status: string) => steps.filter((s) => s.execution_status === status).length;
  const from = opts.fileName ? ` ${opts.fileName}` : '';
  return {
    system_id: opts.systemId,
    title:
      opts.title?.trim() || str(root.name).trim() || cards[0]?.title || opts.fileName || 'Imported JUnit run',
    description:
      `Imported from JUnit XML${from}: ${steps.length} tests, ${count('passed')} passed, ` +
      `${count('failed')} failed, ${count('todo')} skipped.`,
    cards,
  };
}

// Description blocks: every block type accepted and returned as sent, each refusal naming the block
// and field, images limited to attachments the filer can see, and the plain text search reads.
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { PNG, file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import { MAX_BLOCKS, plainText, type Block } from './issues.blocks.js';
import type { Issue } from './issues.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let plotId: string;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  const [plot] = await ctx.upload(ann, await ctx.newSession(ann), [file('plot.png', PNG)]);
  plotId = plot!.attachment_id;
});

const text = (t: string) => [{ text: t }];
const every = (): Block[] => [
  { type: 'heading', level: 2, text: text('Thermal-vacuum cycle 3') },
  {
    type: 'paragraph',
    text: [
      { text: 'Zone 2 ', marks: ['bold'] },
      { text: 'overshot', href: 'https://wiki.example/tvac' },
    ],
  },
  { type: 'bullet_list', items: [text('heater A'), text('heater B')] },
  { type: 'ordered_list', items: [text('cool down'), text('re-run')] },
  { type: 'code', code: 'Kp=1.2 Ki=0.3', language: 'text' },
  { type: 'quote', text: text('It ran hot at dwell.') },
  {
    type: 'table',
    header: [text('zone'), text('max °C')],
    rows: [
      [text('1'), text('41.5')],
      [text('2'), text('47.0')],
    ],
  },
  { type: 'image', attachment_id: plotId, caption: text('Zone temperatures') },
  { type: 'link', url: 'https://jira.example/TV-12', title: 'Test report' },
];
const post = (description: unknown, as = ann) =>
  as.call<Issue>('POST', '/issues', { title: 'Blocks', description });

describe('description blocks', () => {
  it('accepts every block type and answers them as sent', async () => {
    const issue = ok(await post(every()), 201);
    expect(issue.description).toEqual(every());
    const patched = ok(await ann.call<Issue>('PATCH', `/issues/${issue.uuid}`, { description: [] }));
    expect(patched.description).toEqual([]);
  });

  it('refuses an unknown block type, naming its type', async () => {
    expectProblem(await post([every()[0], { type: 'video', url: 'x' }]), 400, ['body.description[1].type']);
    expectProblem(await post([{ text: text('no type') }]), 400, ['body.description[0].type']);
    expectProblem(await post([{ type: 7 }]), 400, ['body.description[0].type']);
  });

  it('refuses a bad block naming the field inside it', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'heading', level: 4, text: text('h') }, 'body.description[0].level'],
      [{ type: 'heading', text: text('h') }, 'body.description[0].level'],
      [{ type: 'paragraph', text: 'plain string' }, 'body.description[0].text'],
      [
        { type: 'paragraph', text: [{ text: 'x', marks: ['blink'] }] },
        'body.description[0].text[0].marks[0]',
      ],
      [{ type: 'paragraph', text: text('x'), colour: 'red' }, 'body.description[0].colour'],
      [{ type: 'table', header: [], rows: [] }, 'body.description[0].header'],
      [{ type: 'table', header: [text('a')], rows: [['x']] }, 'body.description[0].rows[0][0]'],
      [{ type: 'image', attachment_id: 'nope' }, 'body.description[0].attachment_id'],
      [{ type: 'link', url: 'javascript:alert(1)' }, 'body.description[0].url'],
      [{ type: 'code' }, 'body.description[0].code'],
      [{ type: 'bullet_list', items: [[{ txt: 'x' }]] }, 'body.description[0].items[0][0].text'],
    ];
    for (const [block, path] of cases) {
      const res = await post([block]);
      const problem = expectProblem(res, 400);
      expect(
        problem.errors.map((e) => e.path),
        JSON.stringify(block),
      ).toContain(path);
      expect(
        problem.errors.every((e) => e.path.startsWith('body.description[0]')),
        res.res.body,
      ).toBe(true);
    }
  });

  it(`takes ${MAX_BLOCKS} blocks and refuses one more`, async () => {
    const block = { type: 'paragraph', text: text('x') };
    ok(await post(Array(MAX_BLOCKS).fill(block)), 201);
    expectProblem(await post(Array(MAX_BLOCKS + 1).fill(block)), 400, ['body.description']);
  });

  it('refuses an image of an attachment the filer cannot see, naming the block', async () => {
    const res = await post(
      [
        { type: 'paragraph', text: text('see plot') },
        { type: 'image', attachment_id: plotId },
      ],
      bob,
    );
    expectProblem(res, 400, ['body.description[1].attachment_id']);
    const created = ok(await post([{ type: 'paragraph', text: [] }]), 201);
    const patched = await bob.call('PATCH', `/issues/${created.uuid}`, {
      description: [{ type: 'image', attachment_id: plotId }],
    });
    expectProblem(patched, 400, ['body.description[0].attachment_id']);
  });

  it('lets a colleague edit a description that keeps an image they cannot see', async () => {
    const created = ok(await post([{ type: 'image', attachment_id: plotId }]), 201);
    const edited = [
      { type: 'paragraph', text: text('Added by Bob') },
      { type: 'image', attachment_id: plotId },
    ];
    const patched = ok(await bob.call<Issue>('PATCH', `/issues/${created.uuid}`, { description: edited }));
    expect(patched.description).toEqual(edited);
  });

  it('finds an issue by words in any block', async () => {
    const issue = ok(await post(every()), 201);
    for (const q of ['"Zone temperatures"', 'dwell', 'Kp', 'heater', '47.0']) {
      const page = ok(await ann.call<{ items: Issue[] }>('GET', '/issues', undefined, { query: { q } }));
      expect(
        page.items.map((i) => i.uuid),
        q,
      ).toContain(issue.uuid);
    }
  });
});

describe('plainText', () => {
  it('keeps the words, one block a line, cells split by tabs, without marks or structure', () => {
    expect(plainText(every())).toBe(
      [
        'Thermal-vacuum cycle 3',
        'Zone 2 overshot',
        'heater A',
        'heater B',
        'cool down',
        're-run',
        'Kp=1.2 Ki=0.3',
        'It ran hot at dwell.',
        'zone\tmax °C',
        '1\t41.5',
        '2\t47.0',
        'Zone temperatures',
        'Test report https://jira.example/TV-12',
      ].join('\n'),
    );
    expect(plainText([])).toBe('');
    expect(plainText([{ type: 'image', attachment_id: plotId }])).toBe('');
  });
});

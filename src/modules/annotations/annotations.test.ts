// Annotations as a client sees them: marking bbox and path regions on an attachment, listing them,
// correcting (PATCH, validated against the annotation's own type) and removing them; every rule of
// annotation_content on both sides of its bound, each refusal naming the field under
// body.annotation_content; and another user's attachment and annotations reading as absent (404).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { PDF, file } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import type { Annotation, Bbox, CreatedAnnotation, PathItem } from './annotations.schemas.js';

const C = 'body.annotation_content';

/** Sent as the other type, a first item is refused naming every field the two types do not share. */
const OTHER_TYPE = ['points', 'x', 'y', 'width', 'height'].map((field) => `${C}.content[0].${field}`);

type Tags = Bbox['tags'];

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
/** Ann's PDF, annotated throughout; tests that list make their own attachment. */
let pdf: string;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
  pdf = await newAttachment(ann);
});

async function newAttachment(user: TestUser): Promise<string> {
  const [schematic] = await ctx.upload(user, await ctx.newSession(user), [file('schematic.pdf', PDF)]);
  return schematic!.attachment_id;
}

const bbox = (over: Partial<Bbox> = {}): Bbox => ({
  label: 'U1',
  tags: { critical: true, part: 'TPS54331' },
  x: 10,
  y: 20,
  width: 30,
  height: 40,
  ...over,
});
const pathItem = (over: Partial<PathItem> = {}): PathItem => ({
  label: 'VBUS trace',
  tags: { net: 'VBUS', checked: false },
  points: [
    { x: 0, y: 0 },
    { x: 12.5, y: 7.25 },
    { x: 40, y: 7.25 },
  ],
  ...over,
});
const page = (content: unknown[], over: Record<string, unknown> = {}) => ({
  page_width: 612,
  page_height: 792,
  page_number: 0,
  content,
  ...over,
});

const post = (body: object, user = ann) => user.call<CreatedAnnotation>('POST', '/annotations', body);
const postBbox = (content: unknown, attachmentId = pdf, user = ann) =>
  post({ attachment_id: attachmentId, annotation_type: 'bbox', annotation_content: content }, user);
const postPath = (content: unknown, attachmentId = pdf, user = ann) =>
  post({ attachment_id: attachmentId, annotation_type: 'path', annotation_content: content }, user);
const listOf = (attachmentId: string, user = ann) =>
  user.call<Annotation[]>('GET', `/attachments/${attachmentId}/annotations`);
const patch = (id: string, body: object, user = ann) =>
  user.call<Annotation>('PATCH', `/annotations/${id}`, body);
const del = (id: string, user = ann) => user.call('DELETE', `/annotations/${id}`);

const annotations = async (attachmentId: string) => ok(await listOf(attachmentId));

async function created(type: 'bbox' | 'path', content: unknown, attachmentId = pdf): Promise<string> {
  return ok(await (type === 'bbox' ? postBbox : postPath)(content, attachmentId), 201).annotation_id;
}

/** The content is accepted: 201 and stored as sent. */
async function expectAccepted(type: 'bbox' | 'path', content: unknown) {
  const body = ok(await (type === 'bbox' ? postBbox : postPath)(content), 201);
  expect(body.annotation_content).toEqual(content);
}

describe('POST /annotations', () => {
  it('marks a bbox on page 0 and answers what was stored', async () => {
    const content = page([bbox(), bbox({ label: 'C3', tags: {}, x: 0, y: 0, width: 0.5, height: 1e-3 })]);
    const body = ok(await postBbox(content), 201);
    expect(Object.keys(body).sort()).toEqual([
      'annotation_content',
      'annotation_id',
      'annotation_type',
      'attachment_id',
    ]);
    expect(body).toMatchObject({ attachment_id: pdf, annotation_type: 'bbox', annotation_content: content });
    expect(body.annotation_id).toMatch(UUID);
  });

  it('marks a path: a label, tags and points in page coordinates', async () => {
    const content = page([pathItem()], { page_number: 3 });
    expect(ok(await postPath(content), 201)).toMatchObject({
      attachment_id: pdf,
      annotation_type: 'path',
      annotation_content: content,
    });
  });

  it('takes a page with no marks yet', async () => {
    await expectAccepted('bbox', page([]));
    await expectAccepted('path', page([]));
  });

  it('refuses a missing or unknown annotation_type, attachment_id or content by name', async () => {
    expectProblem(
      await post({ attachment_id: pdf, annotation_type: 'circle', annotation_content: page([]) }),
      400,
      ['body.annotation_type'],
    );
    expectProblem(await post({ attachment_id: pdf, annotation_content: page([]) }), 400, [
      'body.annotation_type',
    ]);
    expectProblem(await post({ annotation_type: 'bbox', annotation_content: page([]) }), 400, [
      'body.attachment_id',
    ]);
    expectProblem(
      await post({ attachment_id: 'nope', annotation_type: 'bbox', annotation_content: page([]) }),
      400,
      ['body.attachment_id'],
    );
    expectProblem(await post({ attachment_id: pdf, annotation_type: 'bbox' }), 400, [C]);
    expectProblem(await postBbox([]), 400, [C]);
    expectProblem(await postBbox('page 1'), 400, [C]);
    expectProblem(
      await post({ attachment_id: pdf, annotation_type: 'bbox', annotation_content: page([]), by: 'x' }),
      400,
      ['body.by'],
    );
  });

  it('answers 404 for an attachment that does not exist', async () => {
    expectProblem(await postBbox(page([bbox()]), randomUUID()), 404);
  });
});

describe('annotation_content: the page', () => {
  it.each([
    ['page_width', 0.1, 0],
    ['page_width', 1e-9, -612],
    ['page_height', 0.1, 0],
    ['page_height', 1e-9, -1],
    ['page_number', 0, -1],
    ['page_number', 9999, 1.5],
  ])('%s: %d is accepted, %d refused', async (name, good, bad) => {
    await expectAccepted('bbox', page([bbox()], { [name]: good }));
    expectProblem(await postBbox(page([bbox()], { [name]: bad })), 400, [`${C}.${name}`]);
  });

  it.each(['page_width', 'page_height', 'page_number', 'content'])('requires %s', async (name) => {
    const content: Record<string, unknown> = page([bbox()]);
    delete content[name];
    expectProblem(await postBbox(content), 400, [`${C}.${name}`]);
  });

  it('refuses wrong types and unknown page fields by name', async () => {
    expectProblem(await postBbox(page([bbox()], { page_width: '612' })), 400, [`${C}.page_width`]);
    expectProblem(await postBbox(page([bbox()], { page_number: '0' })), 400, [`${C}.page_number`]);
    expectProblem(await postBbox(page([bbox()], { rotation: 90 })), 400, [`${C}.rotation`]);
    expectProblem(await postBbox(page([bbox()], { content: bbox() })), 400, [`${C}.content`]);
  });

  it('takes up to 1000 marks on a page and refuses 1001', async () => {
    await expectAccepted('bbox', page(Array.from({ length: 1000 }, (_, i) => bbox({ label: `R${i}` }))));
    expectProblem(await postBbox(page(Array.from({ length: 1001 }, () => bbox()))), 400, [`${C}.content`]);
    await expectAccepted('path', page(Array.from({ length: 1000 }, () => pathItem())));
    expectProblem(await postPath(page(Array.from({ length: 1001 }, () => pathItem()))), 400, [
      `${C}.content`,
    ]);
  });

  it('names every invalid field at once', async () => {
    const content = {
      page_width: 0,
      page_number: -1,
      content: [
        bbox(),
        bbox({ width: 0, label: 7 as unknown as string }),
        { label: 'x', tags: {}, x: 1, y: 1 },
      ],
    };
    expectProblem(await postBbox(content), 400, [
      `${C}.page_width`,
      `${C}.page_height`,
      `${C}.page_number`,
      `${C}.content[1].width`,
      `${C}.content[1].label`,
      `${C}.content[2].width`,
      `${C}.content[2].height`,
    ]);
  });
});

describe('annotation_content: a bbox', () => {
  it.each([
    ['x', 0, -1],
    ['x', 1e6, -0.001],
    ['y', 0, -1],
    ['width', 0.1, 0],
    ['width', 1e-9, -5],
    ['height', 0.1, 0],
  ])('%s: %d is accepted, %d refused', async (name, good, bad) => {
    await expectAccepted('bbox', page([bbox({ [name]: good })]));
    expectProblem(await postBbox(page([bbox(), bbox({ [name]: bad })])), 400, [`${C}.content[1].${name}`]);
  });

  it.each(['label', 'tags', 'x', 'y', 'width', 'height'])('requires %s', async (name) => {
    const item: Record<string, unknown> = { ...bbox() };
    delete item[name];
    expectProblem(await postBbox(page([item])), 400, [`${C}.content[0].${name}`]);
  });

  it('takes a label up to 500 characters and refuses 501', async () => {
    await expectAccepted('bbox', page([bbox({ label: 'L'.repeat(500) })]));
    await expectAccepted('bbox', page([bbox({ label: '' })]));
    expectProblem(await postBbox(page([bbox({ label: 'L'.repeat(501) })])), 400, [`${C}.content[0].label`]);
  });

  it('takes tags with string or boolean values only', async () => {
    await expectAccepted(
      'bbox',
      page([bbox({ tags: { critical: true, reviewed: false, ref: 'R12', note: '' } })]),
    );
    for (const value of [1, null, ['a'], { nested: true }]) {
      const res = await postBbox(page([bbox({ tags: { bad: value as unknown as string } })]));
      expectProblem(res, 400, [`${C}.content[0].tags.bad`]);
    }
    expectProblem(await postBbox(page([bbox({ tags: ['critical'] as unknown as Tags })])), 400, [
      `${C}.content[0].tags`,
    ]);
  });

  it('takes tag values up to 1000 characters and tag names up to 100, refusing one more', async () => {
    await expectAccepted('bbox', page([bbox({ tags: { ['k'.repeat(100)]: 'v'.repeat(1000) } })]));
    expectProblem(await postBbox(page([bbox({ tags: { note: 'v'.repeat(1001) } })])), 400, [
      `${C}.content[0].tags.note`,
    ]);
    expectProblem(await postBbox(page([bbox({ tags: { ['k'.repeat(101)]: true } })])), 400, [
      `${C}.content[0].tags`,
    ]);
  });

  it('refuses unknown fields and path points in a bbox', async () => {
    expectProblem(await postBbox(page([{ ...bbox(), colour: 'red' }])), 400, [`${C}.content[0].colour`]);
    expectProblem(await postBbox(page([pathItem()])), 400, OTHER_TYPE);
  });
});

describe('annotation_content: a path', () => {
  const points = (n: number) => Array.from({ length: n }, (_, i) => ({ x: i, y: i / 2 }));

  it('takes 2 to 10,000 points and refuses 1 or 10,001', async () => {
    await expectAccepted('path', page([pathItem({ points: points(2) })]));
    await expectAccepted('path', page([pathItem({ points: points(10_000) })]));
    expectProblem(await postPath(page([pathItem({ points: points(1) })])), 400, [`${C}.content[0].points`]);
    expectProblem(await postPath(page([pathItem({ points: [] })])), 400, [`${C}.content[0].points`]);
    expectProblem(await postPath(page([pathItem({ points: points(10_001) })])), 400, [
      `${C}.content[0].points`,
    ]);
  });

  it('takes points at 0 and refuses negative or incomplete ones by index', async () => {
    await expectAccepted(
      'path',
      page([
        pathItem({
          points: [
            { x: 0, y: 0 },
            { x: 0, y: 0.5 },
          ],
        }),
      ]),
    );
    const bad = [{ x: 1, y: 1 }, { x: -1, y: 2 }, { x: 3 }, { x: 4, y: -0.5, z: 1 }] as {
      x: number;
      y: number;
    }[];
    expectProblem(await postPath(page([pathItem({ points: bad })])), 400, [
      `${C}.content[0].points[1].x`,
      `${C}.content[0].points[2].y`,
      `${C}.content[0].points[3].y`,
      `${C}.content[0].points[3].z`,
    ]);
  });

  it.each(['label', 'tags', 'points'])('requires %s', async (name) => {
    const item: Record<string, unknown> = { ...pathItem() };
    delete item[name];
    expectProblem(await postPath(page([item])), 400, [`${C}.content[0].${name}`]);
  });

  it('validates label and tags as a bbox does', async () => {
    await expectAccepted('path', page([pathItem({ label: 'P'.repeat(500) })]));
    expectProblem(
      await postPath(page([pathItem({ label: 'P'.repeat(501), tags: { n: 3 as unknown as string } })])),
      400,
      [`${C}.content[0].label`, `${C}.content[0].tags.n`],
    );
  });

  it('refuses a bbox posted as a path', async () => {
    expectProblem(await postPath(page([bbox()])), 400, OTHER_TYPE);
  });
});

describe('GET /attachments/{id}/annotations', () => {
  it('lists the annotations of the attachment, oldest first, in the documented shape', async () => {
    const attachmentId = await newAttachment(ann);
    expect(await annotations(attachmentId)).toEqual([]);
    const first = page([bbox()]);
    const second = page([pathItem()], { page_number: 1 });
    const a = await created('bbox', first, attachmentId);
    const b = await created('path', second, attachmentId);
    await created('bbox', page([bbox()])); // on another attachment
    expect(await annotations(attachmentId)).toEqual([
      { uuid: a, annotation_type: 'bbox', annotation_content: first, attachment_id: attachmentId },
      { uuid: b, annotation_type: 'path', annotation_content: second, attachment_id: attachmentId },
    ]);
  });

  it('answers 404 for an unknown attachment', async () => {
    expectProblem(await listOf(randomUUID()), 404);
  });
});

describe('PATCH /annotations/{id}', () => {
  it('replaces the content; the type stays', async () => {
    const attachmentId = await newAttachment(ann);
    const id = await created('bbox', page([bbox()]), attachmentId);
    const corrected = page([bbox({ x: 11, width: 28 }), bbox({ label: 'U2' })], { page_number: 2 });
    const answer = ok(await patch(id, { annotation_content: corrected }));
    const expected = {
      uuid: id,
      annotation_type: 'bbox',
      annotation_content: corrected,
      attachment_id: attachmentId,
    };
    expect(answer).toEqual(expected);
    expect(await annotations(attachmentId)).toEqual([expected]);
  });

  it("validates against the annotation's own type and changes nothing when refused", async () => {
    const attachmentId = await newAttachment(ann);
    const boxId = await created('bbox', page([bbox()]), attachmentId);
    const pathId = await created('path', page([pathItem()]), attachmentId);
    const before = await annotations(attachmentId);

    expectProblem(await patch(boxId, { annotation_content: page([pathItem()]) }), 400, OTHER_TYPE);
    expectProblem(
      await patch(pathId, { annotation_content: page([pathItem({ points: [{ x: 1, y: 1 }] })]) }),
      400,
      [`${C}.content[0].points`],
    );
    expectProblem(
      await patch(boxId, { annotation_content: page([bbox({ height: 0 })], { page_height: 0 }) }),
      400,
      [`${C}.page_height`, `${C}.content[0].height`],
    );
    expectProblem(
      await patch(boxId, { annotation_type: 'path', annotation_content: page([pathItem()]) }),
      400,
      ['body.annotation_type'],
    );
    expectProblem(await patch(boxId, {}), 400, [C]);
    expect(await annotations(attachmentId)).toEqual(before);

    // The path annotation takes path content.
    ok(await patch(pathId, { annotation_content: page([pathItem({ label: 'GND return' })]) }));
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await patch(randomUUID(), { annotation_content: page([bbox()]) }), 404);
    expectProblem(await patch('nope', { annotation_content: page([bbox()]) }), 404);
  });
});

describe('DELETE /annotations/{id}', () => {
  it('answers 204 with no body; the annotation is gone', async () => {
    const attachmentId = await newAttachment(ann);
    const keep = await created('bbox', page([bbox()]), attachmentId);
    const drop = await created('path', page([pathItem()]), attachmentId);
    expect(ok(await del(drop), 204)).toBe('');
    expect((await annotations(attachmentId)).map((a) => a.uuid)).toEqual([keep]);
    expectProblem(await del(drop), 404);
    expectProblem(await patch(drop, { annotation_content: page([pathItem()]) }), 404);
  });

  it('answers 404 for an unknown id', async () => {
    expectProblem(await del(randomUUID()), 404);
  });
});

describe('isolation between users', () => {
  it("another user cannot annotate, list, correct or delete on someone's attachment (404)", async () => {
    const attachmentId = await newAttachment(ann);
    const id = await created('bbox', page([bbox()]), attachmentId);
    const before = await annotations(attachmentId);

    expectProblem(await postBbox(page([bbox()]), attachmentId, bob), 404);
    expectProblem(await listOf(attachmentId, bob), 404);
    expectProblem(await patch(id, { annotation_content: page([bbox({ label: 'pwned' })]) }, bob), 404);
    // Even invalid content: the annotation is not there for bob, so nothing about it is said.
    expectProblem(await patch(id, { annotation_content: page([], { page_width: 0 }) }, bob), 404);
    expectProblem(await del(id, bob), 404);

    expect(await annotations(attachmentId)).toEqual(before);
  });

  it('a user annotates their own attachment independently', async () => {
    const bobs = await newAttachment(bob);
    ok(await postBbox(page([bbox()]), bobs, bob), 201);
    expectProblem(await listOf(bobs, ann), 404);
  });
});

// The signed download link as a client uses it: POST /attachments/{id}/export hands out a link under
// HWA_PUBLIC_URL that lives HWA_SIGNED_URL_TTL seconds; fetching it needs no token and gives the exact
// bytes with the stored content type, `nosniff` and a safe Content-Disposition; an altered, foreign or
// expired signature is 403, a link missing its parameters 400. Expiry is tested with links signed
// here for a moment already past, never by waiting.
import { randomBytes, randomUUID } from 'node:crypto';
import contentDisposition from 'content-disposition';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { PDF, PNG, file, type FilePart } from '../../../test/multipart.js';
import { expectProblem } from '../../../test/problems.js';
import { DownloadSigner } from '../../storage/signed-urls.js';
import type { ExportResult } from './attachments.schemas.js';

const PUBLIC_URL = 'https://hwa.example.com';
const TTL = 600;
/** HWA_SECRET of testConfig(): links signed with it are the server's own. */
const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_PUBLIC_URL: `${PUBLIC_URL}/`, HWA_SIGNED_URL_TTL: String(TTL) } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
});

/** The id of `part` uploaded by Ann into a new session of hers. */
async function upload(part: FilePart): Promise<string> {
  return (await ctx.upload(ann, await ctx.newSession(ann), [part]))[0]!.attachment_id;
}

/** The download link the API hands `user` for attachment `id`. */
async function exported(id: string, user = ann): Promise<URL> {
  const { presigned_url } = ok(await user.call<ExportResult>('POST', `/attachments/${id}/export`));
  return new URL(presigned_url!);
}

/** GET the link's path and query on the app, with no token. */
const fetchLink = (link: URL | string): Promise<LightMyRequestResponse> => {
  const url = typeof link === 'string' ? new URL(link, PUBLIC_URL) : link;
  return ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
};

/** `link` with query parameter `name` set to `value` (or removed when undefined). */
function withParam(link: URL, name: string, value: string | undefined): URL {
  const copy = new URL(link);
  if (value === undefined) copy.searchParams.delete(name);
  else copy.searchParams.set(name, value);
  return copy;
}

/** A refusal that must not carry the file. */
function expectRefused(
  res: LightMyRequestResponse,
  status: number,
  secret: Buffer | string,
  paths?: string[],
) {
  expectProblem(res, status, paths);
  expect(res.rawPayload.includes(secret)).toBe(false);
}

describe('the exported link', () => {
  it('points at HWA_PUBLIC_URL and lives HWA_SIGNED_URL_TTL seconds', async () => {
    const id = await upload(file('scope.csv', 'a,b\n1,2\n'));
    const before = Math.floor(Date.now() / 1000);
    const link = await exported(id);
    const after = Math.floor(Date.now() / 1000);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/downloads/${id}`);
    expect([...link.searchParams.keys()].sort()).toEqual(['expires', 'signature']);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + TTL);
    expect(expires).toBeLessThanOrEqual(after + TTL);
  });

  it('downloads the exact bytes with no token, as an attachment that the browser may not sniff', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
    const id = await upload(file('capture.bin', bytes));
    const res = await fetchLink(await exported(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('attachment; filename="capture.bin"');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('can be used more than once while it lives', async () => {
    const id = await upload(file('again.csv', 'x\n1\n'));
    const link = await exported(id);
    expect((await fetchLink(link)).body).toBe('x\n1\n');
    expect((await fetchLink(link)).body).toBe('x\n1\n');
  });

  it.each([
    ['a CSV', file('t.csv', 'time,v\n0,1\n'), 'text/csv'],
    ['a JSON file', file('c.json', '{"a":1}'), 'application/json'],
    ['a PDF', file('d.pdf', PDF), 'application/pdf'],
    ['a PDF named .txt', file('d.txt', PDF), 'application/pdf'],
    ['a PNG', file('p.png', PNG), 'image/png'],
    [
      'HTML the client called text/html',
      file('page.html', '<script>alert(1)</script>', 'text/html'),
      'application/octet-stream',
    ],
  ])('serves %s with the content type hwa stored (%s)', async (_label, part, type) => {
    const id = await upload(part);
    const res = await fetchLink(await exported(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body))).toBe(true);
  });

  it.each([
    ['quotes and non-ASCII', 'Prüfbericht "Rev C" – 90 °C.pdf'],
    ['Latin-1 letters only', 'Prüf.pdf'],
    ['a semicolon, an equals sign and a quote', 'a;b=c"d.csv'],
    ['no ASCII letters at all', '測定データ.csv'],
  ])('names the file safely in Content-Disposition (%s)', async (_label, name) => {
    const id = await upload(file(name, 'a\n'));
    const res = await fetchLink(await exported(id));
    expect(res.statusCode, res.body).toBe(200);
    const header = res.headers['content-disposition'] as string;
    expect(header).toMatch(/^[\x20-\x7e]+$/); // a header value a client can read: printable ASCII
    const parsed = contentDisposition.parse(header);
    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters.filename).toBe(name);
  });
});

describe('a link that is not the one handed out', () => {
  let id: string;
  let other: string;
  let link: URL;
  const body = `secret-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    id = await upload(file('guarded.txt', body));
    other = await upload(file('other.txt', 'other'));
    link = await exported(id);
    expect((await fetchLink(link)).body).toBe(body); // the untouched link works
  });

  it('refuses an altered signature with 403', async () => {
    const signature = link.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expectRefused(await fetchLink(withParam(link, 'signature', flipped)), 403, body);
    expectRefused(await fetchLink(withParam(link, 'signature', signature.slice(0, -1))), 403, body);
    expectRefused(await fetchLink(withParam(link, 'signature', '')), 403, body);
  });

  it("refuses the signature of one attachment on another's id with 403", async () => {
    const moved = new URL(link);
    moved.pathname = `/downloads/${other}`;
    expectRefused(await fetchLink(moved), 403, 'other');
  });

  it('refuses an altered expiry with 403', async () => {
    const expires = Number(link.searchParams.get('expires'));
    expectRefused(await fetchLink(withParam(link, 'expires', String(expires + 1))), 403, body);
    expectRefused(await fetchLink(withParam(link, 'expires', String(expires + 365 * 24 * 3600))), 403, body);
    expectRefused(await fetchLink(withParam(link, 'expires', String(expires - 1))), 403, body);
  });

  it('refuses an expired link with 403', async () => {
    const signer = new DownloadSigner(TEST_SECRET);
    // Signed by the server's own secret now: accepted (so the refusal below is the expiry alone).
    expect((await fetchLink(signer.sign(PUBLIC_URL, id, 60))).body).toBe(body);
    const anHourAgo = Date.now() - 3600_000;
    expectRefused(await fetchLink(signer.sign(PUBLIC_URL, id, 60, anHourAgo)), 403, body);
    const justPast = Date.now() - 2000;
    expectRefused(await fetchLink(signer.sign(PUBLIC_URL, id, 1, justPast)), 403, body);
  });

  it('refuses a link signed with another secret with 403', async () => {
    const forger = new DownloadSigner('another-secret-0123456789abcdef0123456789');
    expectRefused(await fetchLink(forger.sign(PUBLIC_URL, id, 600)), 403, body);
  });

  it('answers 404 for a well-signed link to no attachment, or a malformed id', async () => {
    const signer = new DownloadSigner(TEST_SECRET);
    expectProblem(await fetchLink(signer.sign(PUBLIC_URL, randomUUID(), 600)), 404);
    const malformed = new URL(link);
    malformed.pathname = '/downloads/not-a-uuid';
    expectProblem(await fetchLink(malformed), 404);
  });

  it('refuses a link missing its signature or expiry with 400 naming them', async () => {
    expectRefused(await fetchLink(withParam(link, 'signature', undefined)), 400, body, ['query.signature']);
    expectRefused(await fetchLink(withParam(link, 'expires', undefined)), 400, body, ['query.expires']);
    const bare = new URL(link);
    bare.search = '';
    expectRefused(await fetchLink(bare), 400, body, ['query.expires', 'query.signature']);
    expectRefused(await fetchLink(withParam(link, 'expires', 'tomorrow')), 400, body, ['query.expires']);
  });
});

describe('request logs', () => {
  it('never show a download link’s signature (it is a credential until it expires)', async () => {
    const lines: string[] = [];
    const logged = await testApp({
      logStream: { write: (line: string) => lines.push(line) },
      env: { LOG_LEVEL: 'info', HWA_PUBLIC_URL: PUBLIC_URL },
    });
    const user = await logged.newUser({ email: 'ann@example.com' });
    const [attachment] = await logged.upload(user, await logged.newSession(user), [
      file('log.csv', 'a\n1\n'),
    ]);
    const attachmentId = attachment!.attachment_id;
    const link = await exported(attachmentId, user);
    const signature = link.searchParams.get('signature')!;
    const download = await logged.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));

    const text = lines.join('');
    // The download was logged, with its path and expiry: the check below means something.
    expect(text).toContain(`/downloads/${attachmentId}?expires=`);
    expect(text).toContain('signature=[redacted]');
    expect(text).not.toContain(signature);
    expect(text).not.toContain(encodeURIComponent(signature));
  });
});

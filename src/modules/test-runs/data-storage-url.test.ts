// Where a registered file's storage_url may point, on the filesystem storage (spec Errors rule 8;
// design: no SSRF, storage URLs cannot escape storage): only at a regular file inside HWA_STORAGE_DIR
// whose size is file_size to the byte. Refused: a missing file, a directory, traversal spelled or
// percent-encoded, symlinks that lead out (one that stays inside is fine), another host, /etc/passwd,
// and every URL hwa would have to fetch, with no request made.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { insertRun } from '../../../test/test-run-rows.js';
import type { TestDataFile } from './test-runs.schemas.js';

const CSV = 'time,temp_c\n0,21.5\n60,59.8\n';
let ctx: TestContext;
let ann: TestUser;
let root: string;
let outside: string;
let run: string;

/** A file written into the storage root at `rel`; its file:// URL. */
async function stored(rel: string, body: string | Buffer = CSV): Promise<string> {
  const file = path.join(root, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  return pathToFileURL(file).href;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-data-root-'));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-data-outside-'));
  await fs.writeFile(path.join(outside, 'secret.csv'), CSV);
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  ({ runId: run } = await insertRun(ctx, ann));
});

afterAll(async () => {
  await fs.rm(outside, { recursive: true, force: true });
});

const register = (body: object) => ann.call<TestDataFile>('POST', `/test-runs/${run}/data`, body);

describe('POST /test-runs/{run_id}/data: storage_url and file_size', () => {
  it('takes file_size equal to the stored bytes and refuses one byte more or less, naming file_size', async () => {
    const storage_url = await stored('size.bin', Buffer.alloc(1000, 7));
    const at = (file_size: number) => register({ file_name: 'size.bin', storage_url, file_size });
    for (const size of [999, 1001, 0]) {
      const problem = expectProblem(await at(size), 400, ['body.file_size']);
      expect(problem.detail).toContain('1000 bytes');
    }
    expect(ok(await at(1000), 201).file_size).toBe(1000);
    const empty = await stored('empty.log', '');
    expect(ok(await register({ file_name: 'empty', storage_url: empty, file_size: 0 }), 201).file_size).toBe(
      0,
    );
  });

  it('refuses a storage_url with no file behind it (rule 8), and a directory', async () => {
    const missing = pathToFileURL(path.join(root, 'tvac/never-uploaded.csv')).href;
    const problem = expectProblem(
      await register({ file_name: 'x', storage_url: missing, file_size: 1 }),
      400,
      ['body.storage_url'],
    );
    expect(problem.detail).toMatch(/names no file/);
    await fs.mkdir(path.join(root, 'a-directory'), { recursive: true });
    for (const storage_url of [
      pathToFileURL(path.join(root, 'a-directory')).href,
      `file://${root}/a-directory/`,
    ]) {
      expectProblem(await register({ file_name: 'x', storage_url, file_size: 0 }), 400, ['body.storage_url']);
    }
  });

  it('refuses storage_urls that lead out of HWA_STORAGE_DIR, spelled, encoded or through symlinks', async () => {
    const secretSize = CSV.length;
    await fs.symlink(path.join(outside, 'secret.csv'), path.join(root, 'link-out.csv'));
    await fs.symlink(outside, path.join(root, 'dir-out'));
    const relOutside = path.relative(root, path.join(outside, 'secret.csv'));
    for (const storage_url of [
      `file://${root}/${relOutside}`,
      `file://${root}/tvac/../../${path.basename(outside)}/secret.csv`,
      `file://${root}/%2e%2e/${path.basename(outside)}/secret.csv`,
      `file://${root}/%2E%2E%2f${path.basename(outside)}%2Fsecret.csv`,
      pathToFileURL(path.join(outside, 'secret.csv')).href,
      `file://${root}/link-out.csv`,
      `file://${root}/dir-out/secret.csv`,
      `file://otherhost${root}/tvac/run-3.csv`,
      'file:///etc/passwd',
      `file://${root}-evil/secret.csv`,
    ]) {
      const res = await register({ file_name: 'secret', storage_url, file_size: secretSize });
      expectProblem(res, 400, ['body.storage_url']);
    }
  });

  it('accepts a symlink inside the root to a file inside the root, sized as the file', async () => {
    const target = await stored('real/target.csv', 'x'.repeat(42));
    await fs.symlink(path.join(root, 'real/target.csv'), path.join(root, 'link-in.csv'));
    const storage_url = pathToFileURL(path.join(root, 'link-in.csv')).href;
    expect(ok(await register({ file_name: 'in', storage_url, file_size: 42 }), 201).storage_url).toBe(
      storage_url,
    );
    expect(target).not.toBe(storage_url);
  });

  it('refuses http(s), ftp, data and s3 URLs without ever fetching them (no SSRF)', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end(CSV);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const storage_url of [
        `http://127.0.0.1:${port}/tvac.csv`,
        `https://127.0.0.1:${port}/tvac.csv`,
        'http://169.254.169.254/latest/meta-data/',
        `ftp://127.0.0.1:${port}/tvac.csv`,
        'data:text/csv,time%2Ctemp',
        's3://hwa-test/tvac.csv',
        `${root}/tvac/run-3.csv`,
      ]) {
        const problem = expectProblem(
          await register({ file_name: 'x', storage_url, file_size: CSV.length }),
          400,
          ['body.storage_url'],
        );
        expect(problem.detail).toMatch(/configured storage/);
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

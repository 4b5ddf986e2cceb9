// storage_url resolution as text: what names a key of the configured storage, and every way a URL
// could lead elsewhere (traversal spelled or percent-encoded, another host, bucket or prefix, a
// scheme hwa would have to fetch). Symlinks are the adapter's (stat) and tested with the routes.
import { describe, expect, it } from 'vitest';
import { locateStorageUrl } from './locations.js';
import type { StoragePlace } from './port.js';

const FILES: StoragePlace = { scheme: 'file', root: '/srv/hwa/objects' };
const BUCKET: StoragePlace = { scheme: 's3', bucket: 'lab-data', prefix: 'hwa' };
const BARE_BUCKET: StoragePlace = { scheme: 's3', bucket: 'lab-data', prefix: '' };

const keyOf = (url: string, place: StoragePlace = FILES) => {
  const located = locateStorageUrl(url, place);
  expect(located, url).toHaveProperty('key');
  return (located as { key: string }).key;
};
const refusal = (url: string, place: StoragePlace = FILES) => {
  const located = locateStorageUrl(url, place);
  expect(located, url).toHaveProperty('refused');
  return (located as { refused: string }).refused;
};

describe('file:// URLs', () => {
  it('names the key under the root, with or without localhost, escapes decoded', () => {
    expect(keyOf('file:///srv/hwa/objects/runs/tvac.csv')).toBe('runs/tvac.csv');
    expect(keyOf('FILE://localhost/srv/hwa/objects/a.bin')).toBe('a.bin');
    expect(keyOf('file:///srv/hwa/objects/TVAC%20run%203.csv')).toBe('TVAC run 3.csv');
    expect(keyOf('file:///srv/hwa/objects/%C3%A9t%C3%A9.log')).toBe('été.log');
    expect(keyOf('file:///srv/hwa/objects/a/..b/c..')).toBe('a/..b/c..');
  });

  it.each([
    'file:///srv/hwa/objects/../../etc/passwd',
    'file:///srv/hwa/objects/runs/../../objects-other/x',
    'file:///srv/hwa/objects/./a.csv',
    'file:///srv/hwa/objects/%2e%2e/%2e%2e/etc/passwd',
    'file:///srv/hwa/objects/%2E%2E/secret',
    'file:///srv/hwa/objects/.%2e/secret',
    'file:///srv/hwa/objects/a%2f..%2f..%2fetc/passwd',
    'file:///srv/hwa/objects/a%5c..%5csecret',
    'file:///srv/hwa/objects/%zz.csv',
  ])('refuses traversal or a bad escape: %s', (url) => {
    expect(refusal(url)).toMatch(/`\.`|`\/`|escape/);
  });

  it.each([
    'file:///etc/passwd',
    'file:///srv/hwa/objects',
    'file:///srv/hwa/objects-evil/a.csv',
    'file:///srv/hwa/objects%2fa.csv',
  ])('refuses a path outside the root: %s', (url) => {
    expect(refusal(url)).toMatch(/outside|`\/`/);
  });

  it('refuses another host, a relative form, directories and odd characters', () => {
    expect(refusal('file://fileserver/srv/hwa/objects/a.csv')).toMatch(/host/);
    expect(refusal('file://127.0.0.1/srv/hwa/objects/a.csv')).toMatch(/host/);
    expect(refusal('file:/srv/hwa/objects/a.csv')).toMatch(/file:\/\/\//);
    expect(refusal('file:srv/hwa/objects/a.csv')).toMatch(/file:\/\/\//);
    expect(refusal('file:///srv/hwa/objects/runs/')).toMatch(/name a file/);
    expect(refusal('file:///srv/hwa/objects//a.csv')).toMatch(/name a file/);
    expect(refusal('file:///srv/hwa/objects/a.csv?x=1')).toMatch(/query/);
    expect(refusal('file:///srv/hwa/objects/a.csv#x')).toMatch(/fragment/);
    expect(refusal('file:///srv/hwa/objects/a\\..\\b')).toMatch(/`\\`/);
    expect(refusal('file:///srv/hwa/objects/a%00.csv')).toMatch(/control/);
    expect(refusal('file:///srv/hwa/objects/a\tb.csv')).toMatch(/control/);
    expect(refusal('file:///srv/hwa/objects/a\u2028b.csv')).toMatch(/control/);
    expect(keyOf('file:///srv/hwa/objects/a b.csv')).toBe('a b.csv');
  });
});

describe('s3:// URLs', () => {
  it('names the key under the configured bucket and prefix', () => {
    expect(keyOf('s3://lab-data/hwa/runs/tvac.csv', BUCKET)).toBe('runs/tvac.csv');
    expect(keyOf('s3://lab-data/tvac.csv', BARE_BUCKET)).toBe('tvac.csv');
    expect(keyOf('s3://lab-data/hwa/TVAC run 3.csv', BUCKET)).toBe('TVAC run 3.csv');
  });

  it('refuses another bucket, another prefix, traversal and escapes', () => {
    expect(refusal('s3://other-bucket/hwa/runs/tvac.csv', BUCKET)).toMatch(/configured bucket lab-data/);
    expect(refusal('s3://lab-data-2/hwa/a.csv', BUCKET)).toMatch(/configured bucket/);
    expect(refusal('s3://lab-data/other/a.csv', BUCKET)).toMatch(/prefix/);
    expect(refusal('s3://lab-data/hwaX/a.csv', BUCKET)).toMatch(/prefix/);
    expect(refusal('s3://lab-data/hwa/../other/a.csv', BUCKET)).toMatch(/name a file/);
    expect(refusal('s3://lab-data/hwa/%2e%2e/other/a.csv', BUCKET)).toMatch(/percent/);
    expect(refusal('s3://lab-data/hwa/', BUCKET)).toMatch(/name a file/);
    expect(refusal('s3://lab-data', BUCKET)).toMatch(/s3:\/\/lab-data/);
  });

  it('refuses file:// URLs when the storage is S3, and s3:// when it is the filesystem', () => {
    expect(refusal('file:///srv/hwa/objects/a.csv', BUCKET)).toMatch(/s3:\/\/lab-data/);
    expect(refusal('s3://lab-data/hwa/a.csv', FILES)).toMatch(/HWA_STORAGE_DIR/);
  });
});

describe('URLs hwa would have to fetch', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://example.com/tvac.csv',
    'HTTPS://example.com/tvac.csv',
    'ftp://example.com/tvac.csv',
    'data:text/csv;base64,YSxiCg==',
    'gopher://localhost:6379/_INFO',
    '/srv/hwa/objects/a.csv',
    'objects/a.csv',
    '',
  ])('refuses %s on both storages', (url) => {
    expect(refusal(url, FILES)).toMatch(/configured storage/);
    expect(refusal(url, BUCKET)).toMatch(/configured storage/);
  });
});

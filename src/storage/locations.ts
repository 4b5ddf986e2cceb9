// A `storage_url` a client names (registering a test data file), turned into a key of the configured
// storage, or refused with the reason. Pure text: nothing is fetched or opened here, so no URL can
// make hwa reach another host (SSRF), and what the text cannot prove safe is refused rather than
// normalised. The object itself is then looked up through the storage port (stat), which also
// follows symlinks to their real path and refuses one that leads out of the root.
//
// Accepted: `file://` (empty host or `localhost`) + an absolute path inside the filesystem root, and
// `s3://<configured bucket>/<configured prefix>/<key>`. Anything else (http, https, ftp, data, file
// URLs of another host, another bucket, a path outside the root) is refused.
import path from 'node:path';
import { assertLookupKey, type StoragePlace } from './port.js';

export type Located = { key: string } | { refused: string };

const refuse = (refused: string): Located => ({ refused });

/**
 * The segments of a URL path, percent-decoded one by one. A segment that decodes to `.`, `..`, or
 * holds a `/` or `\` once decoded (`%2e%2e`, `%2f`, `%5c`) is refused, as is a malformed escape.
 */
function decodeSegments(rawPath: string): string[] | string {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 'holds a malformed percent-escape';
    }
    if (segment === '.' || segment === '..') return 'must not hold `.` or `..` segments (encoded or not)';
    if (/[/\\]/.test(segment)) return 'must not hold an encoded `/` or `\\`';
    segments.push(segment);
  }
  return segments;
}

function locateFile(url: string, root: string): Located {
  const match = /^file:\/\/([^/]*)(\/.*)$/i.exec(url);
  if (!match) return refuse('must be file:///<absolute path> inside the storage directory');
  const host = match[1]!.toLowerCase();
  if (host !== '' && host !== 'localhost') return refuse('must name this machine (file:///…), not a host');
  const segments = decodeSegments(match[2]!.slice(1));
  if (typeof segments === 'string') return refuse(segments);
  const absolute = `/${segments.join('/')}`;
  // Textual containment: the path as spelled must be under the root as configured. Symlinks are the
  // storage adapter's to resolve (stat), with the real paths of both.
  const base = root.endsWith(path.sep) ? root : root + path.sep;
  if (!absolute.startsWith(base)) return refuse('is outside the storage directory (HWA_STORAGE_DIR)');
  return keyOf(absolute.slice(base.length));
}

function locateS3(url: string, bucket: string, prefix: string): Located {
  const match = /^s3:\/\/([^/]*)\/(.*)$/i.exec(url);
  if (!match) return refuse(`must be s3://${bucket}/<key>`);
  if (match[1] !== bucket) return refuse(`must be in the configured bucket ${bucket}`);
  const fullKey = match[2]!;
  // hwa writes s3:// URLs with the key as it is; an escape would be ambiguous (literal or encoded?).
  if (fullKey.includes('%')) return refuse('must spell the key as it is, without percent-escapes');
  const base = prefix ? `${prefix}/` : '';
  if (!fullKey.startsWith(base)) return refuse(`must be under the configured prefix s3://${bucket}/${base}`);
  return keyOf(fullKey.slice(base.length));
}

function keyOf(key: string): Located {
  try {
    assertLookupKey(key);
  } catch {
    return refuse('must name a file: no empty, `.` or `..` segments, no control characters or `\\`');
  }
  return { key };
}

/** The key `url` names in the storage at `place`, or why it names none there. */
export function locateStorageUrl(url: string, place: StoragePlace): Located {
  // A plain space is let through: S3 keys written by other tools often hold one, spelled as it is.
  // eslint-disable-next-line no-control-regex -- control characters never belong in a URL we accept
  if (/[\u0000-\u001f\u007f\u0085\u00a0\u2028\u2029\ufeff?#\\]/.test(url)) {
    return refuse('must not hold control characters, `\\`, a query or a fragment');
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (place.scheme === 'file' && scheme === 'file') return locateFile(url, place.root);
  if (place.scheme === 's3' && scheme === 's3') return locateS3(url, place.bucket, place.prefix);
  const accepted = place.scheme === 'file' ? 'file:///… inside HWA_STORAGE_DIR' : `s3://${place.bucket}/…`;
  return refuse(
    `must name a file in the configured storage (${accepted}); hwa never fetches ${scheme ?? 'other'} URLs`,
  );
}

// Signed download links for the filesystem adapter: hwa serves the file itself at
// GET /downloads/{attachment_id}?expires=<unix seconds>&signature=<HMAC-SHA256>, no bearer token.
// The signature covers the id and the expiry, so neither can be changed; comparison is constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class DownloadSigner {
  constructor(private readonly secret: string) {}

  private mac(attachmentId: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`download:${attachmentId}:${expires}`).digest();
  }

  sign(baseUrl: string, attachmentId: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const signature = this.mac(attachmentId, expires).toString('base64url');
    return `${baseUrl}/downloads/${attachmentId}?expires=${expires}&signature=${signature}`;
  }

  /** True when the signature is ours for this id and expiry and the expiry has not passed. */
  verify(attachmentId: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
    const given = Buffer.from(signature, 'base64url');
    // Decoding skips stray characters ("=", "!") and the spare bits of the last character: accept only
    // the exact text we issue, so no altered link verifies (4 spellings decoded to each signature).
    if (given.toString('base64url') !== signature) return false;
    const expected = this.mac(attachmentId, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

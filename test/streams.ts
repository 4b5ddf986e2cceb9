// Generated file contents for the storage tests: deterministic pseudo-random bytes (an AES-CTR key
// stream, so a corrupt or reordered chunk changes the hash) made chunk by chunk on demand, hashed as
// they are made, so a test can move hundreds of MiB without ever holding them.
import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export const KiB = 1024;
export const MiB = 1024 * KiB;

export interface Generated {
  stream: Readable;
  /** sha256 (hex) of every byte the stream produced; complete once the stream has ended. */
  sha256(): string;
}

/**
 * `size` bytes in chunks of `chunkSize`, from `seed`. With `failAfter`, the stream errors with
 * `new Error('source failed')` once that many bytes have been produced, as a cut upload would.
 */
export function generatedStream(
  size: number,
  options: { seed?: string; chunkSize?: number; failAfter?: number } = {},
): Generated {
  const chunkSize = options.chunkSize ?? 64 * KiB;
  const key = createHash('sha256')
    .update(options.seed ?? 'hwa')
    .digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const hash = createHash('sha256');
  const zeros = Buffer.alloc(chunkSize);
  let produced = 0;
  let digest: string | undefined;
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && produced >= options.failAfter) {
        this.destroy(new Error('source failed'));
        return;
      }
      if (produced >= size) {
        digest = hash.digest('hex');
        this.push(null);
        return;
      }
      const chunk = cipher.update(zeros.subarray(0, Math.min(chunkSize, size - produced)));
      produced += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return {
    stream,
    sha256() {
      if (digest === undefined) throw new Error('the generated stream has not ended');
      return digest;
    },
  };
}

/** sha256 (hex) and length of everything `source` yields. */
export async function hashOf(source: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

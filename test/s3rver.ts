// An S3 server for the storage tests: s3rver in this process, on a loopback port the OS picks, with
// its data in a temporary directory removed on stop. s3rver ships no types; this is the part we use.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const TEST_BUCKET = 'hwa-test';
/** s3rver's built-in credentials: any other key is refused (InvalidAccessKeyId). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RunningS3 {
  endpoint: string;
  /** A client for the bucket with s3rver's credentials, path-style. */
  client: S3Client;
  /** Every key in the bucket (all prefixes). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A client for the running s3rver that also records the name of every command it sends. */
export function recordingClient(s3: RunningS3): { client: S3Client; commands: string[] } {
  const commands: string[] = [];
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
  return { client, commands };
}

export async function startS3(): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    endpoint,
    client,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: TEST_BUCKET, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async stop() {
      client.destroy();
      // The SDK keeps sockets alive; close() would wait for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

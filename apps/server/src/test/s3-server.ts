import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The app's settings for this bucket (path style, the server's default keys). */
  env: Record<string, string>;
  /**
   * Makes the server report `etag` for an object, as AWS does for a multipart or KMS-encrypted
   * one (an ETag that is not the object's MD5); s3rver keeps it beside the object.
   */
  setEtag(key: string, etag: string): void;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server in this process (s3rver, objects in a throwaway folder) on a
 * local port. It speaks the S3 wire protocol the SDK and the browser use — presigned PUTs,
 * HEAD with the MD5 ETag, GET, DELETE, ListObjectsV2, multipart uploads — but, like some
 * S3-compatible services, checks neither SigV4 signatures nor Content-MD5: what the app must
 * not rely on the bucket for, these tests show it checks itself.
 */
export async function startS3Server(bucket = 'fitcoach-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fitcoach-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    setEtag(key, etag) {
      writeFileSync(path.join(directory, bucket, `${key}._S3rver_object.md5`), etag);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The one S3 client and the object operations the modules use. Its own module, imported only by
 * the code that touches S3 (and there with `await import()` where a group reaches S3 only
 * sometimes), so a function that never does carries none of the S3 client's weight.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

let client: S3Client | undefined;

function s3(): S3Client {
  client ??= new S3Client({
    region: config.region,
    // The local emulator (and LocalStack) want path-style addresses; AWS takes either.
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {}),
  });
  return client;
}

/** The object's bytes, or null when there is no such object. */
export async function getObjectBytes(bucket: string, key: string): Promise<Uint8Array | null> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await out.Body?.transformToByteArray()) ?? null;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array,
  headers: { contentType: string; contentEncoding?: string },
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: headers.contentType,
      ContentEncoding: headers.contentEncoding,
    }),
  );
}

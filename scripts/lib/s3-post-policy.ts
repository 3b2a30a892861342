/**
 * S3's checks of browser-based uploads (POST Object with a policy), for the local S3.
 *
 * s3rver stores a POST upload without reading its policy: no signature check, no expiry, no
 * `content-length-range`. S3 itself refuses such uploads before storing anything, and the product
 * relies on it (the size limit of a presigned POST). This middleware, put in front of s3rver's
 * routes, does what S3 does with the form: checks the Signature Version 4 signature of the policy
 * with the local credentials, the expiry, and every condition (exact matches, `starts-with`,
 * `content-length-range`), and answers S3's XML errors (AccessDenied, EntityTooLarge,
 * EntityTooSmall) when one fails. An upload that passes goes on to s3rver unchanged.
 *
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';

interface KoaContext {
  method: string;
  path: string;
  req: NodeJS.ReadableStream & { headers: Record<string, string | string[] | undefined> };
  request: { req: unknown };
  status: number;
  body: unknown;
  type: string;
  get(name: string): string;
}

type Next = () => Promise<void>;

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The Signature Version 4 signature of a base64 policy. */
function policySignature(secret: string, date: string, region: string, policy: string): string {
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(policy).digest('hex');
}

function s3Error(ctx: KoaContext, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

type Condition = Record<string, string> | [string, string | number, string | number];

/** The first failed condition's error, or null when the form satisfies the policy. */
function failedCondition(
  conditions: Condition[],
  fields: Map<string, string>,
  size: number,
): { status: number; code: string; message: string } | null {
  const field = (name: string) => fields.get(name.replace(/^\$/, '').toLowerCase()) ?? '';
  const denied = (detail: string) => ({
    status: 403,
    code: 'AccessDenied',
    message: `Invalid according to Policy: Policy Condition failed: ${detail}`,
  });
  for (const condition of conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        if (field(name) !== value) return denied(`["eq", "$${name}", "${value}"]`);
      }
      continue;
    }
    const [op, a, b] = condition;
    const kind = String(op).toLowerCase();
    if (kind === 'content-length-range') {
      if (size > Number(b)) {
        return {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
        };
      }
      if (size < Number(a)) {
        return {
          status: 400,
          code: 'EntityTooSmall',
          message: 'Your proposed upload is smaller than the minimum allowed size',
        };
      }
    } else if (kind === 'eq') {
      if (field(String(a)) !== String(b)) return denied(JSON.stringify(condition));
    } else if (kind === 'starts-with') {
      if (!field(String(a)).startsWith(String(b))) return denied(JSON.stringify(condition));
    }
  }
  return null;
}

/** Koa middleware for an s3rver instance with one account's `secret` (and its region). */
export function postPolicyGate(secret: string) {
  return async (ctx: KoaContext, next: Next): Promise<void> => {
    // Only POST Object: POST to the bucket itself with a multipart form (not ?delete, not uploads).
    const isPostObject =
      ctx.method === 'POST' &&
      /^\/[^/]+\/?$/.test(ctx.path) &&
      ctx.get('content-type').toLowerCase().startsWith('multipart/form-data');
    if (!isPostObject) return next();

    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(Buffer.from(chunk as Buffer));
    const raw = Buffer.concat(chunks);
    const form = await new Response(raw, { headers: { 'content-type': ctx.get('content-type') } }).formData();
    const fields = new Map<string, string>();
    let size = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields.set(name.toLowerCase(), value);
      else if (name === 'file') size = value.size;
    }
    fields.set('bucket', ctx.path.replace(/^\/|\/$/g, ''));

    const policy = fields.get('policy');
    if (policy) {
      const credential = fields.get('x-amz-credential') ?? '';
      const [, date = '', region = ''] = credential.split('/');
      if (fields.get('x-amz-signature') !== policySignature(secret, date, region, policy)) {
        return s3Error(
          ctx,
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided',
        );
      }
      let parsed: { expiration?: string; conditions?: Condition[] };
      try {
        parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
      } catch {
        return s3Error(ctx, 400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
      }
      if (!parsed.expiration || Date.parse(parsed.expiration) < Date.now()) {
        return s3Error(ctx, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
      }
      const failed = failedCondition(parsed.conditions ?? [], fields, size);
      if (failed) return s3Error(ctx, failed.status, failed.code, failed.message);
    }

    // s3rver reads the form again from the request stream: hand it the bytes read here.
    const original = ctx.req as unknown as Record<string, unknown>;
    const replay = Object.assign(Readable.from([raw]), {
      headers: original.headers,
      url: original.url,
      method: original.method,
      httpVersion: original.httpVersion,
      socket: original.socket,
      connection: original.socket,
    });
    ctx.req = replay as unknown as KoaContext['req'];
    ctx.request.req = replay;
    return next();
  };
}

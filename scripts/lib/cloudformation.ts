/**
 * Reads a stack's outputs from CloudFormation (DescribeStacks) at an endpoint, a LocalStack in
 * practice. The AWS SDK's CloudFormation client is not among the dependencies, and one query-API
 * call does not justify adding it: this signs the request (SigV4) with node:crypto.
 */
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
}

/** From the environment; LocalStack accepts any keys, so `test` is the default. */
export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): AwsCredentials {
  return {
    accessKeyId: env.AWS_ACCESS_KEY_ID || 'test',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY || 'test',
    ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
  };
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Signature Version 4 headers for a POST of a form body to `service` at `url` (the query APIs);
 * `contentType` and `extra` headers (signed too) for the JSON APIs.
 */
export function signedFormHeaders(
  url: URL,
  body: string,
  service: string,
  credentials: AwsCredentials,
  now = new Date(),
  contentType = 'application/x-www-form-urlencoded; charset=utf-8',
  extra: Record<string, string> = {},
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...extra,
    'content-type': contentType,
    host: url.host,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    'POST',
    url.pathname || '/',
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    sha256(body),
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const element = (xml: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

/** The `Outputs` of a DescribeStacks answer, by key. */
export function parseStackOutputs(xml: string): Record<string, string> {
  const outputs = element(xml, 'Outputs') ?? '';
  const entries = [...outputs.matchAll(/<member>([\s\S]*?)<\/member>/g)].map((m) => {
    const member = m[1] ?? '';
    return [
      unescapeXml(element(member, 'OutputKey') ?? ''),
      unescapeXml(element(member, 'OutputValue') ?? ''),
    ];
  });
  return Object.fromEntries(entries.filter(([key]) => key));
}

/**
 * The outputs of a deployed stack, or null when there is no such stack.
 * Throws with the endpoint's message on any other failure (unreachable, refused credentials).
 */
export async function describeStackOutputs(
  endpoint: string,
  stackName: string,
  credentials = credentialsFromEnv(),
): Promise<Record<string, string> | null> {
  const url = new URL(endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  const body = new URLSearchParams({
    Action: 'DescribeStacks',
    StackName: stackName,
    Version: '2010-05-15',
  }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: signedFormHeaders(url, body, 'cloudformation', credentials),
      body,
    });
  } catch (error) {
    throw new Error(`CloudFormation at ${endpoint} is unreachable: ${(error as Error).message}`);
  }
  const xml = await response.text();
  if (response.ok) return parseStackOutputs(xml);
  const message = unescapeXml(element(xml, 'Message') ?? xml.slice(0, 300));
  if (/does not exist/i.test(message)) return null;
  throw new Error(`CloudFormation DescribeStacks ${stackName} at ${endpoint}: ${response.status} ${message}`);
}

/**
 * A secret's value from Secrets Manager at an endpoint (its JSON API, signed like the above): the
 * front door's secret of a deployed stack, which the API tests send as CloudFront would.
 */
export async function getSecretValue(
  endpoint: string,
  secretId: string,
  credentials = credentialsFromEnv(),
): Promise<string> {
  const url = new URL(endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  const body = JSON.stringify({ SecretId: secretId });
  const headers = signedFormHeaders(
    url,
    body,
    'secretsmanager',
    credentials,
    new Date(),
    'application/x-amz-json-1.1',
    {
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
  );
  const response = await fetch(url, { method: 'POST', headers, body });
  const answer = (await response.json().catch(() => ({}))) as { SecretString?: string; message?: string };
  if (!response.ok || answer.SecretString === undefined) {
    throw new Error(
      `Secrets Manager GetSecretValue at ${endpoint}: ${response.status} ${answer.message ?? ''}`,
    );
  }
  return answer.SecretString;
}

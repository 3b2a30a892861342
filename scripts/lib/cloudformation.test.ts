import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStackOutputs, parseStackOutputs, signedFormHeaders } from './cloudformation';

const CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'secret', region: 'eu-west-1' };
const BODY = 'Action=DescribeStacks&StackName=Workspace-dev&Version=2010-05-15';

const describeAnswer = (
  outputs: [string, string][],
) => `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeStacksResult><Stacks><member>
    <StackName>Workspace-dev</StackName>
    <Outputs>
${outputs
  .map(
    ([key, value]) =>
      `      <member><Description>about ${key}</Description><OutputKey>${key}</OutputKey><OutputValue>${value}</OutputValue></member>`,
  )
  .join('\n')}
    </Outputs>
  </member></Stacks></DescribeStacksResult>
</DescribeStacksResponse>`;

describe('signedFormHeaders', () => {
  it('signs like the AWS SDK (@smithy/signature-v4 gives this signature for the same request)', () => {
    const headers = signedFormHeaders(
      new URL('http://localhost:4566/'),
      BODY,
      'cloudformation',
      CREDENTIALS,
      new Date('2024-05-01T12:34:56Z'),
    );
    expect(headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      host: 'localhost:4566',
      'x-amz-date': '20240501T123456Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=test/20240501/eu-west-1/cloudformation/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=b55e4d84223ad89316c11d1bebcebed74110ddc2d0d38800871ccf4707e7bf5d',
    });
  });

  it('signs the session token when there is one', () => {
    const headers = signedFormHeaders(
      new URL('https://cloudformation.eu-west-1.amazonaws.com/'),
      BODY,
      'cloudformation',
      {
        ...CREDENTIALS,
        sessionToken: 'token',
      },
    );
    expect(headers['x-amz-security-token']).toBe('token');
    expect(headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-date;x-amz-security-token,',
    );
  });
});

describe('parseStackOutputs', () => {
  it('reads every output by key, unescaping XML', () => {
    expect(
      parseStackOutputs(
        describeAnswer([
          ['SiteUrl', 'https://d111.cloudfront.net'],
          ['Query', 'https://x.test/?a=1&amp;b=2'],
        ]),
      ),
    ).toEqual({ SiteUrl: 'https://d111.cloudfront.net', Query: 'https://x.test/?a=1&b=2' });
  });

  it('answers no outputs for a stack without any', () => {
    expect(
      parseStackOutputs('<DescribeStacksResponse><Stacks><member/></Stacks></DescribeStacksResponse>'),
    ).toEqual({});
  });
});

describe('describeStackOutputs', () => {
  let server: Server;
  let endpoint: string;
  const requests: { body: string; authorization: string | undefined }[] = [];
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = await readBody(request);
      requests.push({ body, authorization: request.headers.authorization });
      const stackName = new URLSearchParams(body).get('StackName');
      if (stackName === 'Workspace-dev') {
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(
          describeAnswer([['ApiGatewayUrl', 'https://abc.execute-api.localhost.localstack.cloud:4566']]),
        );
        return;
      }
      response.writeHead(400, { 'content-type': 'text/xml' });
      response.end(
        `<ErrorResponse><Error><Code>ValidationError</Code><Message>Stack with id ${stackName} does not exist</Message></Error></ErrorResponse>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts a signed DescribeStacks and returns the outputs', async () => {
    expect(await describeStackOutputs(endpoint, 'Workspace-dev', CREDENTIALS)).toEqual({
      ApiGatewayUrl: 'https://abc.execute-api.localhost.localstack.cloud:4566',
    });
    expect(requests.at(-1)).toEqual({
      body: BODY,
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/eu-west-1\/cloudformation\//,
      ),
    });
  });

  it('answers null for a stack that does not exist', async () => {
    expect(await describeStackOutputs(endpoint, 'CDKToolkit', CREDENTIALS)).toBeNull();
  });

  it('says which endpoint it could not reach', async () => {
    await expect(describeStackOutputs('http://127.0.0.1:1', 'Workspace-dev', CREDENTIALS)).rejects.toThrow(
      'CloudFormation at http://127.0.0.1:1 is unreachable',
    );
  });
});

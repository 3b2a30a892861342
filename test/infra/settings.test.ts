import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readStageSettings } from '../../infra/lib/settings';

const read = (context: Record<string, unknown>) => readStageSettings(new App({ context }).node);
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

describe('stage settings from CDK context', () => {
  it('defaults to dev without a domain', () => {
    expect(read({})).toEqual({ stage: 'dev' });
  });

  it('reads a domain with its certificate and zone', () => {
    expect(
      read({ stage: 'prod', domainName: 'Example.com', certificateArn: CERTIFICATE, hostedZoneId: 'Z0ABC' }),
    ).toEqual({
      stage: 'prod',
      domain: { domainName: 'example.com', certificateArn: CERTIFICATE, hostedZoneId: 'Z0ABC' },
    });
  });

  it('treats empty values as absent', () => {
    expect(read({ stage: 'dev', domainName: '', certificateArn: '' })).toEqual({ stage: 'dev' });
  });

  it.each([
    [{ stage: 'staging' }, /stage/],
    [{ domainName: 'example.com' }, /certificateArn: required/],
    [{ domainName: 'not a domain', certificateArn: CERTIFICATE }, /domainName/],
    [
      { domainName: 'example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      /us-east-1/,
    ],
    [{ domainName: 'example.com', certificateArn: CERTIFICATE, hostedZoneId: 'zone' }, /hostedZoneId/],
    [{ certificateArn: CERTIFICATE }, /only meaningful with domainName/],
  ])('rejects %j', (context, message) => {
    expect(() => read(context)).toThrow(message);
  });
});

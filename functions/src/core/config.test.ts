import { describe, expect, it } from 'vitest';
import { LOCAL_NAMES } from '../../../infra/lib/definitions';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to the local stack names and the documented session limits', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      tableName: LOCAL_NAMES.table,
      filesBucket: LOCAL_NAMES.buckets.files,
      artifactsBucket: LOCAL_NAMES.buckets.artifacts,
      dynamoEndpoint: undefined,
      allowedOrigins: [],
      sessionIdleMs: 120 * 60_000,
      sessionMaxMs: 14 * 24 * 3_600_000,
      signInMaxFailures: 5,
      signInMaxFailuresPerAddress: 50,
      signInWindowMs: 15 * 60_000,
      bodyLimitBytes: 1024 * 1024,
      signUpOpen: true,
    });
  });

  it('uses AWS_ENDPOINT_URL for both services unless a specific endpoint is set', () => {
    const shared = parseConfig({ AWS_ENDPOINT_URL: 'http://localstack:4566' });
    expect([shared.dynamoEndpoint, shared.s3Endpoint]).toEqual([
      'http://localstack:4566',
      'http://localstack:4566',
    ]);
    const specific = parseConfig({
      AWS_ENDPOINT_URL: 'http://localstack:4566',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
    });
    expect(specific.dynamoEndpoint).toBe('http://127.0.0.1:8000');
  });

  it('reads lists and numbers', () => {
    const config = parseConfig({
      ALLOWED_ORIGINS: ' https://a.example , https://b.example/ ,',
      PUBLIC_ORIGIN: 'https://pm.example/',
      SESSION_IDLE_MINUTES: '30',
      SIGN_UP_OPEN: 'false',
    });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicOrigin).toBe('https://pm.example');
    expect(config.sessionIdleMs).toBe(30 * 60_000);
    expect(config.signUpOpen).toBe(false);
  });

  it('fails at start-up naming the bad variable', () => {
    expect(() => parseConfig({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => parseConfig({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

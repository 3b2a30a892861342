import { describe, expect, it } from 'vitest';
import { presentedSecret } from './access';
import { compareVersions, isMavenMetadata } from './maven';

describe('the credentials a client presents', () => {
  it('reads a Bearer token and the password of Basic auth, whatever the user name', () => {
    expect(presentedSecret('Bearer art_abc')).toBe('art_abc');
    expect(presentedSecret(`Basic ${Buffer.from('ci:art_abc').toString('base64')}`)).toBe('art_abc');
    expect(presentedSecret(`basic ${Buffer.from('__token__:art_a:b').toString('base64')}`)).toBe('art_a:b');
  });

  it('reads nothing from another scheme or Basic without a colon', () => {
    expect(presentedSecret('Digest abc')).toBeNull();
    expect(presentedSecret(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeNull();
  });
});

describe('Maven versions and metadata paths', () => {
  it('orders versions as Maven does: numbers as numbers, a qualifier before its release', () => {
    const sorted = ['1.10.0', '1.2.0', '1.9.0', '1.2.0-alpha', '2.0-SNAPSHOT', '1.2'].sort(compareVersions);
    expect(sorted).toEqual(['1.2', '1.2.0-alpha', '1.2.0', '1.9.0', '1.10.0', '2.0-SNAPSHOT']);
  });

  it('knows metadata and its checksums by name', () => {
    expect(isMavenMetadata('org/acme/core/maven-metadata.xml')).toBe(true);
    expect(isMavenMetadata('org/acme/core/1.0-SNAPSHOT/maven-metadata.xml.sha1')).toBe(true);
    expect(isMavenMetadata('org/acme/core/1.0/core-1.0.xml')).toBe(false);
  });
});

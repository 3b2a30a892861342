import { describe, expect, it } from 'vitest';
import { checkPath, componentIdOf, FORMATS } from '.';

const strict = { layoutPolicy: 'strict', versionPolicy: 'mixed' } as const;
const permissive = { layoutPolicy: 'permissive', versionPolicy: 'mixed' } as const;

describe('Maven 2 layout', () => {
  const maven = FORMATS.maven2;

  it('reads group, artifact and version, with classifiers and checksums', () => {
    expect(maven.coordinates('org/acme/core/1.2.0/core-1.2.0.jar', strict)).toEqual({
      group: 'org.acme',
      name: 'core',
      version: '1.2.0',
    });
    expect(maven.coordinates('org/acme/core/1.2.0/core-1.2.0-sources.jar.sha1', strict)).toMatchObject({
      version: '1.2.0',
    });
  });

  it('takes timestamped builds of a SNAPSHOT, and metadata as no component', () => {
    expect(
      maven.coordinates('org/acme/core/1.3-SNAPSHOT/core-1.3-20260101.120000-4.pom', strict),
    ).toMatchObject({ version: '1.3-SNAPSHOT' });
    expect(maven.coordinates('org/acme/core/maven-metadata.xml', strict)).toBeNull();
    expect(maven.coordinates('org/acme/core/1.3-SNAPSHOT/maven-metadata.xml.sha1', strict)).toBeNull();
  });

  it('refuses a file that names another artifact or version under strict, not under permissive', () => {
    expect(() => maven.coordinates('org/acme/core/1.2.0/other-1.2.0.jar', strict)).toThrow(
      /start with core-/,
    );
    expect(() => maven.coordinates('org/acme/core/1.2.0/core-1.1.jar', strict)).toThrow(/version 1.2.0/);
    expect(() => maven.coordinates('core-1.0.jar', strict)).toThrow(/layout/);
    expect(maven.coordinates('org/acme/core/1.2.0/other-1.2.0.jar', permissive)).toMatchObject({
      name: 'core',
    });
  });

  it('keeps the version policy', () => {
    const release = { layoutPolicy: 'strict', versionPolicy: 'release' } as const;
    const snapshot = { layoutPolicy: 'strict', versionPolicy: 'snapshot' } as const;
    expect(() => maven.coordinates('a/b/1.0-SNAPSHOT/b-1.0-SNAPSHOT.jar', release)).toThrow(
      /release versions only/,
    );
    expect(() => maven.coordinates('a/b/1.0/b-1.0.jar', snapshot)).toThrow(/-SNAPSHOT versions only/);
  });
});

describe('npm, PyPI and raw paths', () => {
  it('reads scoped and plain npm tarballs', () => {
    expect(FORMATS.npm.coordinates('@acme/ui/-/ui-2.0.1.tgz', strict)).toEqual({
      name: '@acme/ui',
      group: 'acme',
      version: '2.0.1',
    });
    expect(FORMATS.npm.coordinates('left-pad/-/left-pad-1.0.0.tgz', strict)).toMatchObject({
      version: '1.0.0',
    });
    expect(() => FORMATS.npm.coordinates('Left/-/Left-1.0.0.tgz', strict)).toThrow(/npm tarball/);
  });

  it('reads PyPI files under their normalized name', () => {
    expect(FORMATS.pypi.coordinates('packages/my-lib/1.0/my_lib-1.0-py3-none-any.whl', strict)).toEqual({
      name: 'my-lib',
      group: '',
      version: '1.0',
    });
    expect(() => FORMATS.pypi.coordinates('packages/My_Lib/1.0/x.whl', strict)).toThrow(/PyPI/);
  });

  it('names a raw component by its path', () => {
    expect(FORMATS.raw.coordinates('a/b.txt', strict)).toEqual({ name: 'a/b.txt', group: '', version: '' });
  });
});

describe('paths', () => {
  it('refuses paths that climb out or name one file two ways', () => {
    for (const path of ['../x', 'a/../x', 'a/./x', '/x', 'x/', 'a//x', 'a\\x', 'a\u0000x']) {
      expect(() => checkPath(path), path).toThrow();
    }
    expect(checkPath('a/b-1.0.jar')).toBe('a/b-1.0.jar');
  });

  it('gives one version one component id', async () => {
    const id = await componentIdOf({ group: 'g', name: 'n', version: '1' });
    expect(await componentIdOf({ group: 'g', name: 'n', version: '1' })).toBe(id);
    expect(await componentIdOf({ group: 'g', name: 'n', version: '2' })).not.toBe(id);
  });
});

import { describe, expect, it } from 'vitest';
import { branchMatches, branchOfRef, checkRunParameters } from './pipeline-run';

describe('branchMatches', () => {
  it.each([
    ['main', 'main', true],
    ['main', 'main2', false],
    ['release/*', 'release/1.0', true],
    ['release/*', 'release/1.0/hotfix', false],
    ['release/**', 'release/1.0/hotfix', true],
    ['feature/?', 'feature/a', true],
    ['feature/?', 'feature/ab', false],
    ['v1.0', 'v1x0', false],
    ['*', 'feature/x', false],
    ['**', 'feature/x', true],
  ])('%s matches %s: %s', (pattern, branch, expected) => {
    expect(branchMatches(pattern, branch)).toBe(expected);
  });

  it('reads branches of refs only', () => {
    expect(branchOfRef('refs/heads/release/1.0')).toBe('release/1.0');
    expect(branchOfRef('refs/tags/v1')).toBeNull();
  });
});

describe('checkRunParameters', () => {
  const definition = {
    parameters: [
      { name: 'TARGET', type: 'select' as const, options: ['staging', 'production'] },
      { name: 'COUNT', type: 'number' as const, default: 1 },
      { name: 'DRY', type: 'boolean' as const, default: false },
    ],
  };

  it('takes given values, reads text as numbers and booleans, and fills defaults', () => {
    expect(checkRunParameters(definition, { TARGET: 'staging', COUNT: '3', DRY: 'true' })).toEqual({
      values: { TARGET: 'staging', COUNT: 3, DRY: true },
      problems: [],
    });
    expect(checkRunParameters(definition, { TARGET: 'production' }).values).toEqual({
      TARGET: 'production',
      COUNT: 1,
      DRY: false,
    });
  });

  it('names each parameter at fault', () => {
    const { problems } = checkRunParameters(definition, { COUNT: 'many', DRY: 'maybe', EXTRA: 1 });
    expect(problems).toEqual([
      { field: 'parameters.EXTRA', message: 'the pipeline has no parameter EXTRA' },
      { field: 'parameters.TARGET', message: 'TARGET is required' },
      { field: 'parameters.COUNT', message: 'COUNT must be a number' },
      { field: 'parameters.DRY', message: 'DRY must be true or false' },
    ]);
  });
});

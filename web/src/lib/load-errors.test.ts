import { describe, expect, it } from 'vitest';
import { classifyLoadError, PAGE_LOAD_TIMEOUT_MS } from './load-errors';

describe('page load failures (spec sections 2 and 8)', () => {
  it('allows a page 120 s to load', () => {
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('recognises a failed script chunk as a load error', () => {
    expect(
      classifyLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    ).toBe('script');
    expect(classifyLoadError(new TypeError('error loading dynamically imported module'))).toBe('script');
    expect(classifyLoadError(new TypeError('Importing a module script failed.'))).toBe('script');
  });

  it('recognises a failed style chunk as a style load error', () => {
    expect(classifyLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe('style');
  });

  it('leaves other errors alone', () => {
    expect(classifyLoadError(new Error('The enterprise does not exist'))).toBeNull();
    expect(classifyLoadError('x')).toBeNull();
  });
});

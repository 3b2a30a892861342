import { describe, expect, it } from 'vitest';
import { httpUrlOrNull, isHttpUrl } from './http-url';

describe('isHttpUrl', () => {
  it('accepts absolute http and https addresses', () => {
    for (const url of [
      'https://git.example.test',
      'http://localhost:3000/x',
      'HTTPS://Git.Example.Test/a?b#c',
    ]) {
      expect(isHttpUrl(url), url).toBe(true);
    }
  });

  it('refuses every other scheme, however it is spelled, and what is not an address', () => {
    const refused = [
      'javascript:alert(7)//',
      'JavaScript:alert(7)',
      ' javascript:alert(7)',
      'java\tscript:alert(7)',
      'java\nscript:alert(7)',
      'data:text/html,<script>alert(7)</script>',
      'vbscript:msgbox(7)',
      'ftp://files.example.test',
      'ssh://git@github.com/acme/api.git',
      '//evil.example.test',
      '/relative/path',
      'not a url',
      '',
      null,
      undefined,
      42,
    ];
    for (const value of refused) expect(isHttpUrl(value), String(value)).toBe(false);
    expect(httpUrlOrNull('javascript:alert(7)//')).toBeNull();
    expect(httpUrlOrNull('https://git.example.test')).toBe('https://git.example.test');
  });
});

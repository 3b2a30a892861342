import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_DEFAULT, safeGoPage } from './go-page';

const origin = 'http://localhost:3000';

describe('safeGoPage', () => {
  it('honours a same-origin relative path', () => {
    expect(safeGoPage('/acme/members?pageNum=2', origin)).toBe('/acme/members?pageNum=2');
    expect(safeGoPage('/', origin)).toBe('/');
  });

  it('honours an absolute address of this origin (what the 401 rule sends)', () => {
    expect(safeGoPage('http://localhost:3000/acme/admin#x', origin)).toBe('/acme/admin#x');
  });

  it('refuses other origins and protocol-relative or odd addresses', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'acme',
    ]) {
      expect(safeGoPage(bad, origin)).toBe(AFTER_SIGN_IN_DEFAULT);
    }
  });

  it('goes to the enterprise switcher without go_page or back to the sign-in pages', () => {
    expect(safeGoPage(undefined, origin)).toBe('/enterprises');
    expect(safeGoPage('', origin)).toBe('/enterprises');
    expect(safeGoPage('/login?go_page=/x', origin)).toBe('/enterprises');
    expect(safeGoPage('/signup', origin)).toBe('/enterprises');
  });
});

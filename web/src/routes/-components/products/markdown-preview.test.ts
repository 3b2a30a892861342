import { describe, expect, it } from 'vitest';
import { markdownPreview } from './markdown-preview';

describe('markdown preview', () => {
  it('keeps the words and drops the marks', () => {
    expect(markdownPreview('First public release: **sign-in**, orders and _invoices_.')).toBe(
      'First public release: sign-in, orders and invoices.',
    );
    expect(markdownPreview('Payment methods.\n\n- Cards\n- [ ] SEPA\n1. Later')).toBe(
      'Payment methods. Cards SEPA Later',
    );
    expect(markdownPreview('# Goal\n> Ship it, see [the doc](https://x.example/a) and `npm start`')).toBe(
      'Goal Ship it, see the doc and npm start',
    );
  });

  it('leaves snake_case and arithmetic alone', () => {
    expect(markdownPreview('Rename user_id to owner_id; 2 * 3 = 6')).toBe(
      'Rename user_id to owner_id; 2 * 3 = 6',
    );
  });
});

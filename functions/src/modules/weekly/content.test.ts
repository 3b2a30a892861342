import { BUILT_IN_TEMPLATES } from '@shared/domain/weekly';
import { describe, expect, it } from 'vitest';
import { contentFor, itemsFor, sameItems } from './content';

const [simple, form] = BUILT_IN_TEMPLATES;

describe("a report's content against its template", () => {
  it('fills in every section, empty when not given', () => {
    expect(contentFor(simple!.sections, { thisWeek: 'Shipped' })).toEqual({
      thisWeek: 'Shipped',
      nextWeek: '',
      support: '',
    });
    expect(contentFor(form!.sections)).toEqual({ thisWeek: [], nextWeek: [] });
  });

  it('names the section that does not fit', () => {
    expect(() => contentFor(simple!.sections, { risks: 'x' })).toThrow(
      'content.risks: The template has no section risks',
    );
    expect(() => contentFor(form!.sections, { thisWeek: 'text' })).toThrow(
      'content.thisWeek: Must be a list of table rows',
    );
    expect(() => contentFor(simple!.sections, { support: [] })).toThrow('content.support: Must be text');
  });
});

describe("a report's items", () => {
  const inProject = (id: string) => id !== 'elsewhere';

  it('refuses an item of another project, or one listed twice', () => {
    expect(() =>
      itemsFor([{ issueId: 'elsewhere', list: 'thisWeek', completion: 0 }], inProject, 'Fleet'),
    ).toThrow('items.0.issueId: Work item elsewhere is not in project Fleet');
    const twice = [
      { issueId: 'a', list: 'thisWeek' as const, completion: 0 },
      { issueId: 'a', list: 'nextWeek' as const, completion: 0 },
    ];
    expect(() => itemsFor(twice, inProject, 'Fleet')).toThrow('items.1.issueId: Work item a is listed twice');
  });

  it('compares lists by item and list, not completion', () => {
    const a = [{ issueId: 'a', list: 'thisWeek' as const, completion: 10 }];
    expect(sameItems(a, [{ issueId: 'a', list: 'thisWeek', completion: 90 }])).toBe(true);
    expect(sameItems(a, [{ issueId: 'a', list: 'nextWeek', completion: 10 }])).toBe(false);
  });
});

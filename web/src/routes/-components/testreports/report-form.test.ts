import { describe, expect, it } from 'vitest';
import { defaultReportName, reportBody, validateReportForm } from './report-form';

describe('report form', () => {
  it('names a report after its sheet and the day', () => {
    expect(defaultReportName('Release 2.4 regression', '2026-11-21')).toBe(
      'Release 2.4 regression report 2026-11-21',
    );
    const long = defaultReportName('x'.repeat(100), '2026-11-21');
    expect(long).toHaveLength(80);
    expect(long.endsWith(' report 2026-11-21')).toBe(true);
  });

  it('asks to choose a sheet and enter a name', () => {
    expect(validateReportForm({ projectTestsheetId: null, name: ' ', summary: '' })).toEqual({
      projectTestsheetId: 'Please choose a sheet',
      name: 'Please enter report name',
    });
    expect(validateReportForm({ projectTestsheetId: 'p1.3', name: 'Done', summary: '# Fine' })).toEqual({});
  });

  it('sends the sheet, the name and the summary', () => {
    expect(reportBody({ projectTestsheetId: 'p1.3', name: 'Done', summary: 'ok' })).toEqual({
      projectTestsheetId: 'p1.3',
      name: 'Done',
      summary: 'ok',
    });
  });
});

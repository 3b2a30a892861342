import type { Sprint } from '@shared/schemas/sprints';
import { describe, expect, it } from 'vitest';
import { sprintBody, sprintFormValues, sprintUpdateBody, validateSprintForm } from './sprint-form';

const sprint = {
  id: 'p1.1',
  pmsProjectId: 'p1',
  name: 'Sprint 1',
  goal: 'Ship it',
  startDate: '2026-03-02',
  endDate: '2026-03-15',
  version: 4,
} as Sprint;

describe('sprint form', () => {
  it('asks for the name and both dates with section-5 messages', () => {
    expect(validateSprintForm(sprintFormValues(), 'p1')).toEqual({
      name: 'Please enter sprint name',
      startDate: 'Please enter start date',
      endDate: 'Please enter end date',
    });
  });

  it('refuses an end before the start or more than 90 days on, under the end date', () => {
    const values = { name: 'S', goal: '', startDate: '2026-03-10', endDate: '2026-03-09' };
    expect(validateSprintForm(values, 'p1')).toEqual({
      endDate: 'endDate must be on or after startDate, at most 90 days on',
    });
    expect(validateSprintForm({ ...values, endDate: '2026-06-08' }, 'p1')).toHaveProperty('endDate');
    expect(validateSprintForm({ ...values, endDate: '2026-06-07' }, 'p1')).toEqual({});
  });

  it('checks the name length with the shared message', () => {
    const values = { name: 'x'.repeat(81), goal: '', startDate: '2026-03-10', endDate: '2026-03-12' };
    expect(validateSprintForm(values, 'p1')).toEqual({ name: 'sprint name must be at most 80 characters' });
  });

  it('builds the create body and an edit body with only the changes', () => {
    expect(sprintBody(sprintFormValues(sprint), 'p1')).toEqual({
      pmsProjectId: 'p1',
      name: 'Sprint 1',
      goal: 'Ship it',
      startDate: '2026-03-02',
      endDate: '2026-03-15',
    });
    expect(sprintUpdateBody({ ...sprintFormValues(sprint), endDate: '2026-03-20' }, sprint)).toEqual({
      version: 4,
      endDate: '2026-03-20',
    });
  });
});

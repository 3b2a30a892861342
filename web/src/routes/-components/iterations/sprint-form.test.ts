import type { Sprint } from '@shared/schemas/sprints';
import { describe, expect, it } from 'vitest';
import {
  nextSprintDates,
  sprintBody,
  sprintFormValues,
  sprintUpdateBody,
  validateSprintForm,
} from './sprint-form';

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
      endDate: 'EndDate must be on or after startDate, at most 90 days on',
    });
    expect(validateSprintForm({ ...values, endDate: '2026-06-08' }, 'p1')).toHaveProperty('endDate');
    expect(validateSprintForm({ ...values, endDate: '2026-06-07' }, 'p1')).toEqual({});
  });

  it('checks the name length with the shared message', () => {
    const values = { name: 'x'.repeat(81), goal: '', startDate: '2026-03-10', endDate: '2026-03-12' };
    expect(validateSprintForm(values, 'p1')).toEqual({ name: 'Sprint name must be at most 80 characters' });
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

describe('nextSprintDates', () => {
  it('starts the day after the last sprint ends, for its length', () => {
    const sprints = [
      { startDate: '2026-03-02', endDate: '2026-03-15' },
      { startDate: '2026-03-16', endDate: '2026-03-22' },
    ];
    expect(nextSprintDates(sprints, '2026-01-01')).toEqual({
      startDate: '2026-03-23',
      endDate: '2026-03-29',
    });
  });

  it('starts today for 14 days when there is no sprint yet', () => {
    expect(nextSprintDates([], '2026-11-26')).toEqual({ startDate: '2026-11-26', endDate: '2026-12-09' });
  });
});

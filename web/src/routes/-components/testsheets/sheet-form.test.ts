import { describe, expect, it } from 'vitest';
import { bob } from '../../../test/project';
import { makeSheet } from './sheet-fixtures';
import { sheetBody, sheetFormValues, sheetUpdateBody, validateSheetForm } from './sheet-form';

const sheet = makeSheet({
  id: 'p1.4',
  name: 'Regression',
  description: 'Everything before 2.4',
  sprintId: 'p1.2',
  sprintName: 'Sprint 2',
  owner: bob,
  startDate: '2026-11-02',
  endDate: '2026-11-09',
  status: 1,
  statusName: 'In progress',
  counts: { total: 2, notExecuted: 1, passed: 1, failed: 0, blocked: 0, skipped: 0, passRate: 1 },
  version: 3,
});

describe('sheet form', () => {
  it('starts a new sheet empty, under the parent it was asked for', () => {
    expect(sheetFormValues(null, 'p1.1')).toEqual({
      name: '',
      description: '',
      root_id: 'p1.1',
      sprintId: null,
      ownerId: null,
      startDate: null,
      endDate: null,
    });
  });

  it('sends a new sheet with its project, and leaves out dates not given', () => {
    const values = { ...sheetFormValues(), name: 'Smoke', ownerId: 'u-bob', startDate: '2026-11-02' };
    expect(sheetBody(values, 'p1')).toEqual({
      pmsProjectId: 'p1',
      name: 'Smoke',
      description: '',
      root_id: null,
      sprintId: null,
      ownerId: 'u-bob',
      startDate: '2026-11-02',
    });
  });

  it('sends only what changed, with the version read', () => {
    const values = { ...sheetFormValues(sheet), name: 'Regression 2.4', sprintId: null, root_id: 'p1.1' };
    expect(sheetUpdateBody(values, sheet)).toEqual({
      version: 3,
      name: 'Regression 2.4',
      sprintId: null,
      root_id: 'p1.1',
    });
    expect(sheetUpdateBody(sheetFormValues(sheet), sheet)).toEqual({ version: 3 });
  });

  it('keeps a date the user emptied (the API cannot clear one)', () => {
    expect(sheetUpdateBody({ ...sheetFormValues(sheet), endDate: null }, sheet)).toEqual({ version: 3 });
  });

  it('asks for a name, and an end no earlier than the start', () => {
    expect(validateSheetForm(sheetFormValues(), 'p1')).toEqual({ name: 'Please enter sheet name' });
    expect(
      validateSheetForm({ ...sheetFormValues(sheet), startDate: '2026-11-09', endDate: '2026-11-02' }, 'p1'),
    ).toEqual({ endDate: 'The end date must not be before the start date' });
    expect(validateSheetForm({ ...sheetFormValues(), name: 'x'.repeat(81) }, 'p1').name).toBe(
      'Sheet name must be at most 80 characters',
    );
    expect(validateSheetForm(sheetFormValues(sheet), 'p1')).toEqual({});
  });
});

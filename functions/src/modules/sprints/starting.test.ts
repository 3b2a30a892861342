import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import { describe, expect, it } from 'vitest';
import { startNeedsConfirmation } from './starting';

const sprint = { name: 'Sprint 2', startDate: '2026-03-10' };
const running = { name: 'Sprint 1', status: ITERATION_STATE.inProgress };
const planned = { name: 'Sprint 3', status: ITERATION_STATE.notStarted };

describe('startNeedsConfirmation', () => {
  it('asks nothing on the start date, a day early (time zones) or late', () => {
    expect(startNeedsConfirmation(sprint, [planned], '2026-03-10')).toEqual([]);
    expect(startNeedsConfirmation(sprint, [], '2026-03-09')).toEqual([]);
    expect(startNeedsConfirmation(sprint, [], '2026-03-20')).toEqual([]);
  });

  it('names a running sprint and a start two days or more early', () => {
    expect(startNeedsConfirmation(sprint, [running, planned], '2026-03-08')).toEqual([
      'Sprint 1 is in progress and would stay running beside it',
      'it is planned to start on 2026-03-10, 2 days from now',
    ]);
  });
});

import { groupHandler } from '@core/lambda/group-handler';
import { pipelinesApp } from './app';
import { pipelinesBackground } from './background';

const group = groupHandler('pipelines', pipelinesApp, pipelinesBackground);

/**
 * The group's function: its API, jobs and schedules, and the cloud engine's build and execution
 * state changes (EventBridge rules of the stack, executor/cloud-events.ts), loaded only for those.
 */
export const handler = async (event: unknown, context: unknown): Promise<unknown> => {
  const source = (event as { source?: unknown } | null)?.source;
  if (source === 'aws.codebuild' || source === 'aws.states') {
    const { isEngineEvent, recordEngineEvent } = await import('./executor/cloud-events');
    if (isEngineEvent(event)) return recordEngineEvent(event);
  }
  return group(event, context);
};

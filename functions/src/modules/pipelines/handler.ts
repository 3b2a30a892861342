import { groupHandler } from '@core/lambda/group-handler';
import { pipelinesApp } from './app';
import { pipelinesBackground } from './background';

export const handler = groupHandler('pipelines', pipelinesApp, pipelinesBackground);

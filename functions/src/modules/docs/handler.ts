import { groupHandler } from '@core/lambda/group-handler';
import { docsApp } from './app';
import { docsBackground } from './background';

export const handler = groupHandler('docs', docsApp, docsBackground);

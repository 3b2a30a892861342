import { groupHandler } from '@core/lambda/group-handler';
import { issuesApp } from './app';
import { issuesBackground } from './background';

export const handler = groupHandler('issues', issuesApp, issuesBackground);

import { groupHandler } from '@core/lambda/group-handler';
import { enterpriseApp } from './app';
import { enterpriseBackground } from './background';

export const handler = groupHandler('enterprise', enterpriseApp, enterpriseBackground);

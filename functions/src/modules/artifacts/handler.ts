import { groupHandler } from '@core/lambda/group-handler';
import { artifactsApp } from './app';
import { artifactsBackground } from './background';

export const handler = groupHandler('artifacts', artifactsApp, artifactsBackground);

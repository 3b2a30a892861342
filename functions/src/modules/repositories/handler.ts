import { groupHandler } from '@core/lambda/group-handler';
import { repositoriesApp } from './app';
import { repositoriesBackground } from './background';

export const handler = groupHandler('repositories', repositoriesApp, repositoriesBackground);

import { groupHandler } from '@core/lambda/group-handler';
import { mailBackground } from '@core/mail';
import { authApp } from './app';

// The auth group's function also runs the mail queue (core/mail).
export const handler = groupHandler('auth', authApp, mailBackground);

/** Email flows of an account: forgotten password, reset from the link, address verification. */

import { createRouter } from '@core/http/group';
import { callerOf } from '@core/http/handlers';
import { clientAddress, publicOrigin } from '@core/http/origin';
import { failures, jsonBody, ok, ok200, publicRoutes, userRoutes } from '@core/http/route';
import {
  EmailStatusSchema,
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  LinkTokenBodySchema,
  ResetPasswordBodySchema,
} from '@shared/schemas/email';
import * as z from 'zod';
import { requireAccount } from './accounts';
import { requestPasswordReset, resetPassword } from './password-reset';
import { emailStatus, resendVerification, verifyEmail } from './verification';

const tags = ['auth'];

const anyone = publicRoutes(tags);
const signedIn = userRoutes(tags);

const forgotRoute = anyone.post('/api/auth/password/forgot', {
  summary: 'Mail a password reset link; the same answer whether or not the address has an account',
  request: { body: jsonBody(ForgotPasswordBodySchema) },
  responses: { ...ok200(ForgotPasswordResultSchema, 'Queued if the account exists'), ...failures(400, 429) },
});

const resetRoute = anyone.post('/api/auth/password/reset', {
  summary: 'Choose a new password from a reset link (once); every session of the account ends',
  request: { body: jsonBody(ResetPasswordBodySchema) },
  responses: { ...ok200(z.null(), 'Changed; sign in with the new password'), ...failures(400, 409) },
});

const emailStatusRoute = signedIn.get('/api/auth/email', {
  summary: "The signed-in user's address and whether it is verified",
  responses: { ...ok200(EmailStatusSchema, 'The address'), ...failures(401) },
});

const resendRoute = signedIn.post('/api/auth/email/verification', {
  summary: 'Mail the verification link again (the body is an empty object)',
  request: { body: jsonBody(z.object({})) },
  responses: { ...ok200(z.null(), 'Queued'), ...failures(401, 403, 409, 429) },
});

const verifyRoute = anyone.post('/api/auth/email/verify', {
  summary: 'Confirm the address from the mailed link (once)',
  request: { body: jsonBody(LinkTokenBodySchema) },
  responses: { ...ok200(EmailStatusSchema, 'Verified'), ...failures(400) },
});

export const authEmailRoutes = createRouter()
  .openapi(forgotRoute, async (c) =>
    ok(c, await requestPasswordReset(c.req.valid('json'), clientAddress(c), publicOrigin(c))),
  )
  .openapi(resetRoute, async (c) => {
    await resetPassword(c.req.valid('json'));
    return ok(c, null);
  })
  .openapi(emailStatusRoute, async (c) => ok(c, await emailStatus(await requireAccount(callerOf(c)))))
  .openapi(resendRoute, async (c) => {
    await resendVerification(await requireAccount(callerOf(c)), publicOrigin(c));
    return ok(c, null);
  })
  .openapi(verifyRoute, async (c) => ok(c, await verifyEmail(c.req.valid('json').token)));

/** The signed-in user's access tokens for the package clients: list, create (secret shown once), revoke. */
import { createRouter } from '@core/http/group';
import { created, created201, failures, jsonBody, ok, ok200, userRoutes } from '@core/http/route';
import { AccessTokenSchema, NewAccessTokenSchema, TokenCreateSchema } from '@shared/schemas/artifacts';
import * as z from 'zod';
import { createToken, listTokens, revokeToken } from '../tokens';

export const TOKENS = '/api/artifactTokens';
const tags = ['artifact library'];

const signedIn = userRoutes(tags);

const listRoute = signedIn.get(TOKENS, {
  summary: 'Your access tokens for npm, Maven, pip and curl (never their secrets), newest first',
  responses: { ...ok200(z.array(AccessTokenSchema), 'The tokens'), ...failures(401) },
});

const createRoute = signedIn.post(TOKENS, {
  summary: 'Create a token with read or write scope; its secret is in this answer only',
  request: { body: jsonBody(TokenCreateSchema) },
  responses: { ...created201(NewAccessTokenSchema, 'The token and its secret'), ...failures(400, 401, 409) },
});

const revokeRoute = signedIn.delete(`${TOKENS}/{id}`, {
  summary: 'Revoke a token: clients using it are refused from now on',
  request: { params: z.object({ id: z.string().min(1).max(64).meta({ description: 'A token id' }) }) },
  responses: { ...ok200(z.null(), 'Revoked'), ...failures(401, 404) },
});

export const tokenRoutes = createRouter()
  .openapi(listRoute, async (c) => ok(c, await listTokens(c.var.session.userId)))
  .openapi(createRoute, async (c) => created(c, await createToken(c.var.session.userId, c.req.valid('json'))))
  .openapi(revokeRoute, async (c) => {
    await revokeToken(c.var.session.userId, c.req.valid('param').id);
    return ok(c, null);
  });

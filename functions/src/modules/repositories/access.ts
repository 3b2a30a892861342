/**
 * A repository's remote access (its URL and opened token) and the translation of remote
 * failures into answers: while connecting, 400 naming the field at fault; later, 409 saying
 * what to fix.
 */
import { type AppError, badRequest, conflict, notFound } from '@core/errors';
import { type RemoteAccess, RemoteError } from './git/remote';
import { SecretUnreadableError, secretBox } from './secrets';
import type { RepositoryRecord } from './store/repositories';

export const repositoryNotFound = (repositoryId: string) =>
  notFound(`Repository ${repositoryId} does not exist`);

/**
 * The repository's URL and opened token. A stored token that does not open (sealed for another
 * repository, or with a key since replaced) is a credentials failure (`RemoteError` `auth`):
 * the person is asked for the token again, as for one the host refuses.
 */
export async function remoteOf(repository: RepositoryRecord): Promise<RemoteAccess> {
  let token: string;
  try {
    token = await secretBox().open(repository.tokenSealed, {
      enterpriseId: repository.enterpriseId,
      repositoryId: repository.repositoryId,
      purpose: 'token',
    });
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new RemoteError(
      'auth',
      'the stored token cannot be opened (it was sealed for another repository or with another key)',
    );
  }
  return { url: repository.cloneUrl, username: repository.username, token };
}

/**
 * The repository's opened webhook secret, or null when the stored one does not open (sealed for
 * another repository, or with a key since replaced): no delivery can be verified against it.
 */
export async function webhookSecretOf(repository: RepositoryRecord): Promise<string | null> {
  try {
    return await secretBox().open(repository.webhookSecretSealed, {
      enterpriseId: repository.enterpriseId,
      repositoryId: repository.repositoryId,
      purpose: 'webhook',
    });
  } catch (error) {
    if (error instanceof SecretUnreadableError) return null;
    throw error;
  }
}

/** A failure while connecting or changing the token: 400 naming `cloneUrl` or `token`. */
export function connectFailure(error: RemoteError): AppError {
  switch (error.failure) {
    case 'auth':
      return badRequest('token', `${error.message}; check the token and its read access to the repository`);
    case 'forbiddenAddress':
      return badRequest('cloneUrl', `${error.message}; only public hosts can be connected`);
    case 'tooLarge':
      return badRequest('cloneUrl', error.message);
    default:
      return badRequest('cloneUrl', error.message);
  }
}

/** A failure of a connected repository: 409 saying what to fix. */
export function remoteFailure(repository: RepositoryRecord, error: RemoteError): AppError {
  if (error.failure === 'auth')
    return conflict(`Repository ${repository.name}: ${error.message}; update the repository's token`);
  return conflict(`Repository ${repository.name}: ${error.message}`);
}

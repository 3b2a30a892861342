/**
 * Repository secrets (access tokens, webhook secrets) are stored sealed, behind one small
 * interface: AWS KMS in the cloud (the stack's key, which only this group's function may use),
 * AES-256-GCM with a local key in the embedded default. Either way the sealed value is bound to
 * its enterprise and repository (KMS encryption context / GCM additional data), so a sealed
 * token copied onto another repository's item does not open. Plain values never leave the
 * service layer: no view carries them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from '@core/config';

export interface SecretContext {
  enterpriseId: string;
  repositoryId: string;
  /** What the secret is: `token` or `webhook`. */
  purpose: string;
}

export interface SecretBox {
  seal(plain: string, context: SecretContext): Promise<string>;
  open(sealed: string, context: SecretContext): Promise<string>;
}

/**
 * Thrown when a sealed value does not open with its context: sealed for another repository,
 * enterprise or purpose, with another key, or not a sealed value at all. Not thrown for a key
 * service that fails to answer (that may work on a retry).
 */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SecretUnreadableError';
  }
}

const aad = (c: SecretContext) => Buffer.from(`${c.enterpriseId}/${c.repositoryId}/${c.purpose}`);

/** AES-256-GCM with a 32-byte key: `local:` + base64(iv 12 | tag 16 | ciphertext). */
export function localSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The repository token key must be 32 bytes');
  return {
    async seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `local:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    async open(sealed, context) {
      if (!sealed?.startsWith('local:')) throw new SecretUnreadableError('not a locally sealed secret');
      const raw = Buffer.from(sealed.slice(6), 'base64');
      if (raw.length < 28) throw new SecretUnreadableError('a sealed secret too short to be one');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(aad(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        // GCM's tag check: another context, another key, or changed bytes.
        throw new SecretUnreadableError('the sealed secret does not open with this key and context');
      }
    },
  };
}

/** KMS Encrypt / Decrypt with the context as encryption context: `kms:` + base64(blob). */
export function kmsSecretBox(keyId: string): SecretBox {
  // The KMS client is loaded on first use: reading a repository list never needs it.
  const client = (async () => {
    const { KMSClient } = await import('@aws-sdk/client-kms');
    return new KMSClient({ region: config.region });
  })();
  const context = (c: SecretContext) => ({
    enterpriseId: c.enterpriseId,
    repositoryId: c.repositoryId,
    purpose: c.purpose,
  });
  return {
    async seal(plain, c) {
      const { EncryptCommand } = await import('@aws-sdk/client-kms');
      const out = await (await client).send(
        new EncryptCommand({
          KeyId: keyId,
          Plaintext: Buffer.from(plain, 'utf8'),
          EncryptionContext: context(c),
        }),
      );
      return `kms:${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
    },
    async open(sealed, c) {
      if (!sealed?.startsWith('kms:')) throw new SecretUnreadableError('not a KMS-sealed secret');
      const { DecryptCommand } = await import('@aws-sdk/client-kms');
      try {
        const out = await (await client).send(
          new DecryptCommand({
            KeyId: keyId,
            CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'),
            EncryptionContext: context(c),
          }),
        );
        return Buffer.from(out.Plaintext!).toString('utf8');
      } catch (error) {
        // Another context or key: KMS says InvalidCiphertext (or IncorrectKey); anything else
        // (throttling, a network error, a disabled key) is passed on as it is.
        const name = (error as { name?: string }).name;
        if (name === 'InvalidCiphertextException' || name === 'IncorrectKeyException')
          throw new SecretUnreadableError(`KMS refused the sealed secret (${name})`);
        throw error;
      }
    },
  };
}

let box: SecretBox | undefined;

/** The configured box: KMS when the stack set a key, else the local key; neither is a set-up error. */
export function secretBox(): SecretBox {
  if (box) return box;
  if (config.repositoryKmsKeyId) box = kmsSecretBox(config.repositoryKmsKeyId);
  else if (config.repositoryTokenKey) box = localSecretBox(Buffer.from(config.repositoryTokenKey, 'base64'));
  else
    throw new Error(
      'Repository tokens cannot be stored: set REPOSITORY_KMS_KEY_ID (cloud) or REPOSITORY_TOKEN_KEY (32 bytes, base64)',
    );
  return box;
}

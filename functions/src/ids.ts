import { randomBytes } from 'node:crypto';
import { clock } from './clock';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[Number(rest % 32n)] + out;
    rest /= 32n;
  }
  return out;
}

/**
 * A new id: 10 characters of time then 16 random ones (Crockford base32, lowercase), so ids sort
 * by creation time and are safe in paths and keys. 80 random bits make guessing one hopeless.
 */
export function newId(): string {
  const time = encode(BigInt(clock.now()), 10);
  const random = encode(BigInt(`0x${randomBytes(10).toString('hex')}`), 16);
  return time + random;
}

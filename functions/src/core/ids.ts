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

/**
 * Ids of things inside a product (modules, plans, requirements, specs) are `{productId}.{localId}`,
 * and a comment's is `{objectId}.{localId}`: the id alone says which partition holds the item, so
 * `GET .../{id}` needs no pointer read. Keys use the local part; clients see the whole id.
 */
export function scopedId(parentId: string, localId: string = newId()): string {
  return `${parentId}.${localId}`;
}

/** Splits a scoped id at its last dot: `{ parentId, localId }`, or null when it is not one. */
export function parseScopedId(id: string): { parentId: string; localId: string } | null {
  const dot = id.lastIndexOf('.');
  if (dot <= 0 || dot === id.length - 1) return null;
  return { parentId: id.slice(0, dot), localId: id.slice(dot + 1) };
}

let lastJournalId = '';

/** The id after `id` in the ids' alphabet (same length), so it sorts right after. */
function successor(id: string): string {
  const chars = id.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    const at = ALPHABET.indexOf(chars[i]!);
    if (at < ALPHABET.length - 1) {
      chars[i] = ALPHABET[at + 1]!;
      return chars.join('');
    }
    chars[i] = ALPHABET[0]!;
  }
  return `${id}0`;
}

/**
 * A journal id (work-item history and comments, requirement comments and tracking records):
 * time-ordered like every id, and strictly increasing within this process, so entries written in
 * the same millisecond (or with the clock held still in tests) keep their order.
 */
export function newJournalId(): string {
  let id = newId();
  if (id <= lastJournalId) id = successor(lastJournalId);
  lastJournalId = id;
  return id;
}

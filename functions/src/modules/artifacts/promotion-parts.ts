/** How a promotion's files are split into transactions (promotion.ts). */
import { MAX_FILES_PER_COMMIT, type StoredFile } from './store/contents';

/**
 * The copies in parts of whole components: each part lands in one transaction, so a component's
 * files are all promoted or none. A promotion of up to MAX_FILES_PER_COMMIT files is one part.
 */
export function partsOf<F extends Pick<StoredFile, 'path' | 'componentId'>>(copies: readonly F[]): F[][] {
  const byComponent = new Map<string, F[]>();
  for (const copy of copies) {
    const key = copy.componentId ?? `path:${copy.path}`;
    byComponent.set(key, [...(byComponent.get(key) ?? []), copy]);
  }
  const parts: F[][] = [];
  let part: F[] = [];
  for (const files of byComponent.values()) {
    if (part.length > 0 && part.length + files.length > MAX_FILES_PER_COMMIT) {
      parts.push(part);
      part = [];
    }
    part.push(...files);
    // A component of more files than a transaction holds (rare: a Maven artifact with many
    // classifiers) is the one thing that lands in several parts.
    while (part.length > MAX_FILES_PER_COMMIT) parts.push(part.splice(0, MAX_FILES_PER_COMMIT));
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

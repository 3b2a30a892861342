/**
 * What `npm deprecate` changes: the `deprecated` field of versions' manifests, kept on their
 * components (`ENT#{e}#ART#{r}` / `COMP#{componentId}`, `attributes`). One transaction per 90
 * versions, conditional on the repository being unlocked and each component still holding the
 * manifest that was read (a publish of the version meanwhile is not overwritten).
 */
import { artifactKeys } from '@core/db/keys';
import { MAX_TRANSACTION_WRITES, type TxOp, transact } from '@core/db/operations';
import type { ComponentRecord } from './contents';
import { repositoryUnlocked } from './npm-tags';

export interface Deprecation {
  component: ComponentRecord;
  /** The message, or null to take the deprecation back. */
  deprecated: string | null;
}

const PER_TRANSACTION = Math.min(90, MAX_TRANSACTION_WRITES - 1);

/** `ConditionFailedError('locked' | 'changed')` when the repository or a component changed. */
export async function setDeprecations(
  enterpriseId: string,
  repositoryId: string,
  changes: readonly Deprecation[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += PER_TRANSACTION) {
    const ops: TxOp[] = [repositoryUnlocked(enterpriseId, repositoryId)];
    for (const { component, deprecated } of changes.slice(i, i + PER_TRANSACTION)) {
      const { deprecated: _old, ...rest } = component.attributes ?? {};
      ops.push({
        update: artifactKeys.component(enterpriseId, repositoryId, component.componentId),
        set: { attributes: deprecated === null ? rest : { ...rest, deprecated } },
        condition: { expression: 'publishedAt = :at', values: { ':at': component.publishedAt } },
        label: 'changed',
      });
    }
    await transact(ops);
  }
}

/**
 * Weekly-report templates an administrator added: `WEEKLYTPL#{templateId}` in the enterprise
 * partition. The two defaults of spec section 9 are constants (shared/src/domain/weekly.ts).
 */
import { enterprisePartition, keys, SK } from '@core/db/keys';
import { conditions, type Item, transact } from '@core/db/operations';
import { getRecord, queryRecords, readRecord } from '@core/db/records';
import type { TemplateSection } from '@shared/domain/weekly';

export interface TemplateRecord {
  enterpriseId: string;
  templateId: string;
  name: string;
  sections: TemplateSection[];
  creatorId: string;
  createdAt: string;
}

function fromItem(item: Item): TemplateRecord {
  return readRecord(item, ['enterpriseId', 'templateId', 'name', 'creatorId', 'createdAt'], { sections: [] });
}

// Access pattern: an enterprise's templates (ENT#{e}, begins_with WEEKLYTPL#).
export function listTemplates(enterpriseId: string): Promise<TemplateRecord[]> {
  return queryRecords(enterprisePartition(enterpriseId), SK.weeklyTemplatePrefix, fromItem);
}

// Access pattern: one template (ENT#{e} / WEEKLYTPL#{templateId}).
export function getTemplate(enterpriseId: string, templateId: string): Promise<TemplateRecord | null> {
  return getRecord(keys.weeklyTemplate(enterpriseId, templateId), fromItem);
}

export async function createTemplate(template: TemplateRecord): Promise<void> {
  await transact([
    {
      put: {
        ...keys.weeklyTemplate(template.enterpriseId, template.templateId),
        entity: 'WeeklyTemplate',
        ...template,
      },
      condition: conditions.notExists,
      label: 'exists',
    },
  ]);
}

/** `ConditionFailedError('missing')` when there is no such template. */
export async function deleteTemplate(enterpriseId: string, templateId: string): Promise<void> {
  await transact([
    { delete: keys.weeklyTemplate(enterpriseId, templateId), condition: conditions.exists, label: 'missing' },
  ]);
}

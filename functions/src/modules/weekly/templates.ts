/**
 * Report templates: the two defaults of spec section 9 for every enterprise, and the ones its
 * administrators add. A report copies its template's sections when it is begun, so deleting a
 * template never changes a report written from it.
 */
import { nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import { newId } from '@core/ids';
import { BUILT_IN_TEMPLATES, WEEKLY_LIMITS } from '@shared/domain/weekly';
import type { Template, TemplateBody } from '@shared/schemas/weekly';
import * as db from './store/templates';
import { templateView } from './views';

const builtIn = (): Template[] =>
  BUILT_IN_TEMPLATES.map((t) => ({ id: t.id, name: t.name, builtIn: true, sections: [...t.sections] }));

/** The defaults first, then the enterprise's by name. */
export async function listTemplates(enterpriseId: string): Promise<Template[]> {
  const own = await db.listTemplates(enterpriseId);
  return [...builtIn(), ...own.sort((a, b) => a.name.localeCompare(b.name)).map(templateView)];
}

/** The template a report is written from; 400 naming `templateId` when there is none. */
export async function resolveTemplate(enterpriseId: string, templateId: string): Promise<Template> {
  const found = builtIn().find((t) => t.id === templateId);
  if (found) return found;
  const stored = await db.getTemplate(enterpriseId, templateId);
  if (!stored) throw badRequest('templateId', `There is no template ${templateId}`);
  return templateView(stored);
}

/** 400 naming the section whose key repeats, or whose list of items another section shows already. */
function checkSections(body: TemplateBody): void {
  const keys = new Set<string>();
  const lists = new Set<string>();
  body.sections.forEach((section, index) => {
    if (keys.has(section.key)) throw badRequest(`sections.${index}.key`, `${section.key} is used twice`);
    keys.add(section.key);
    if (!section.items) return;
    if (lists.has(section.items)) {
      throw badRequest(`sections.${index}.items`, `Another section already shows the ${section.items} items`);
    }
    lists.add(section.items);
  });
}

export async function addTemplate(
  enterpriseId: string,
  userId: string,
  body: TemplateBody,
): Promise<Template> {
  checkSections(body);
  const existing = await db.listTemplates(enterpriseId);
  if (existing.length >= WEEKLY_LIMITS.enterpriseTemplates) {
    throw conflict(
      `An enterprise has at most ${WEEKLY_LIMITS.enterpriseTemplates} templates; delete one first`,
    );
  }
  if (
    existing.some((t) => t.name.toLowerCase() === body.name.toLowerCase()) ||
    builtIn().some((t) => t.name === body.name)
  ) {
    throw conflict(`name: A template named ${body.name} exists`);
  }
  const record: db.TemplateRecord = {
    enterpriseId,
    templateId: newId(),
    name: body.name,
    sections: body.sections,
    creatorId: userId,
    createdAt: nowIso(),
  };
  await db.createTemplate(record);
  return templateView(record);
}

export async function removeTemplate(enterpriseId: string, templateId: string): Promise<void> {
  if (builtIn().some((t) => t.id === templateId)) {
    throw conflict(`The default template ${templateId} cannot be deleted`);
  }
  await onConditionFailed(db.deleteTemplate(enterpriseId, templateId), {
    missing: () => notFound(`Template ${templateId} does not exist`),
  });
}

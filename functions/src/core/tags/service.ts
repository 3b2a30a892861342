/**
 * The service of one tag vocabulary (work-item, requirement and case tags, each over its own
 * store of core/tags/store.ts): list by name, create, rename or recolour at a version, delete.
 * Names are unique in the enterprise ignoring case (the store's uniqueness item). Deleting a tag
 * leaves whatever carried it alone: readers resolve tag ids when they show them and skip ids that
 * no longer name a tag.
 */
import type { IssueTag, IssueTagBody, IssueTagUpdateBody } from '@shared/schemas/issues';
import { firstVersion, nowIso } from '../clock';
import { onConditionFailed } from '../db/operations';
import { conflict, notFound, staleVersion } from '../errors';
import { newId } from '../ids';
import type { TagChanges, TagRecord, tagVocabulary } from './store';

type TagStore = ReturnType<typeof tagVocabulary>;

export function tagView(tag: TagRecord): IssueTag {
  return { id: tag.tagId, name: tag.name, color: tag.color, createdAt: tag.createdAt, version: tag.version };
}

const byName = (a: TagRecord, b: TagRecord) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.tagId.localeCompare(b.tagId);

/** `label` names one tag of the vocabulary in messages: 'Tag', 'Requirement tag', 'Case tag'. */
export function tagService(store: TagStore, label: string) {
  const tagNotFound = (tagId: string) => notFound(`${label} ${tagId} does not exist`);
  const nameTaken = (name: string) => conflict(`name: A ${label.toLowerCase()} named ${name} exists already`);

  async function requireTag(enterpriseId: string, tagId: string): Promise<TagRecord> {
    const tag = await store.get(enterpriseId, tagId);
    if (!tag) throw tagNotFound(tagId);
    return tag;
  }

  return {
    /** The enterprise's tags, by name. */
    async list(enterpriseId: string): Promise<IssueTag[]> {
      return (await store.list(enterpriseId)).sort(byName).map(tagView);
    },

    async create(enterpriseId: string, body: IssueTagBody): Promise<IssueTag> {
      const now = nowIso();
      const tag: TagRecord = {
        enterpriseId,
        tagId: newId(),
        name: body.name,
        color: body.color,
        ...firstVersion(now),
      };
      await onConditionFailed(store.create(tag), { name: () => nameTaken(body.name) });
      return tagView(tag);
    },

    async update(enterpriseId: string, tagId: string, body: IssueTagUpdateBody): Promise<IssueTag> {
      const tag = await requireTag(enterpriseId, tagId);
      const stale = () => staleVersion(`${label} ${tag.name}`);
      if (tag.version !== body.version) throw stale();
      const changes: TagChanges = {};
      if (body.name !== undefined && body.name !== tag.name) changes.name = body.name;
      if (body.color !== undefined && body.color !== tag.color) changes.color = body.color;
      if (Object.keys(changes).length === 0) return tagView(tag);
      const updated = await onConditionFailed(store.update(tag, changes, nowIso()), {
        stale,
        name: () => nameTaken(body.name ?? ''),
      });
      return tagView(updated);
    },

    async remove(enterpriseId: string, tagId: string): Promise<void> {
      const tag = await requireTag(enterpriseId, tagId);
      await onConditionFailed(store.remove(tag), { missing: () => tagNotFound(tagId) });
    },
  };
}

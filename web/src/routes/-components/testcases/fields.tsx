import { Badge, Group, Text } from '@mantine/core';
import { CASE_TYPES, caseCode } from '@shared/domain/testing';
import type { CaseTag } from '@shared/schemas/testcases';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { caseTagsQueryOptions } from '../../../queries/testcases';
import { TagBadges } from '../work-items/WorkItemBadges';

/** The pickers' options shared by the filters, the form and the batch edit. */

export const CASE_TYPE_OPTIONS = CASE_TYPES.map((type) => ({ value: String(type.id), label: type.name }));

/** The enterprise's case tags as options, their colours, and a lookup by id for rendering. */
export function useCaseTagOptions() {
  const tags = useQuery(caseTagsQueryOptions());
  return useMemo(() => {
    const list = tags.data ?? [];
    return {
      tags: list,
      byId: new Map(list.map((tag) => [tag.id, tag])),
      options: list.map((tag) => ({ value: tag.id, label: tag.name })),
      colors: Object.fromEntries(list.map((tag) => [tag.id, tag.color])),
      loading: tags.isPending,
    };
  }, [tags.data, tags.isPending]);
}

/** A case's tags (ids) as coloured badges; ids the vocabulary no longer has are left out. */
export function CaseTagBadges({
  tagIds,
  byId,
  max = 3,
}: {
  tagIds: readonly string[];
  byId: ReadonlyMap<string, CaseTag>;
  max?: number;
}) {
  const tags = tagIds.flatMap((id) => {
    const tag = byId.get(id);
    return tag ? [tag] : [];
  });
  return <TagBadges tags={tags} max={max} />;
}

/** The yellow flag of a case whose covered spec changed. */
export function NeedsConfirmationBadge() {
  return (
    <Badge size="sm" variant="light" color="yellow" tt="none" style={{ flexShrink: 0 }}>
      Needs confirmation
    </Badge>
  );
}

/** A case drawer's title: "TC-12" and the case's title, or "Loading…" until the case is there. */
export function CaseDrawerTitle({ item }: { item: { caseNumber: number; title: string } | undefined }) {
  return item ? (
    <Group gap="xs" wrap="nowrap">
      <Text c="dimmed" ff="monospace" fz="lg">
        {caseCode(item.caseNumber)}
      </Text>
      <Text fw={650} fz="lg" lineClamp={2}>
        {item.title}
      </Text>
    </Group>
  ) : (
    <Text fw={600}>Loading…</Text>
  );
}

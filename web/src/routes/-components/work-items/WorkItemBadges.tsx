import { Avatar, Badge, type BadgeProps, Group, Text } from '@mantine/core';
import { PRIORITIES } from '@shared/domain/priorities';
import { type IssueKind, issueStatusName } from '@shared/domain/work-item-workflow';
import type { IssueTag } from '@shared/schemas/issues';
import type { UserSummary } from '@shared/schemas/projects';
import { initials } from '../../../components/UserMenu/UserMenu';
import { statusColor } from './status-options';

export function StatusBadge({ kind, status, ...props }: BadgeProps & { kind: IssueKind; status: number }) {
  return (
    <Badge variant="light" color={statusColor(kind, status)} {...props}>
      {issueStatusName(kind, status)}
    </Badge>
  );
}

export function priorityOf(id: number) {
  return PRIORITIES.find((priority) => priority.id === id);
}

/** Urgent red, high orange, normal blue, low green (spec section 9). */
export function PriorityBadge({ priority, ...props }: BadgeProps & { priority: number }) {
  const level = priorityOf(priority);
  return (
    <Badge variant="dot" color={level?.color ?? 'gray'} {...props}>
      {level?.label ?? `Priority ${priority}`}
    </Badge>
  );
}

/** Tags as coloured badges, at most `max` and "+N" with the others' names on hover. */
export function TagBadges({
  tags,
  max = 3,
}: {
  tags: readonly Pick<IssueTag, 'id' | 'name' | 'color'>[];
  max?: number;
}) {
  if (tags.length === 0) return null;
  const more = tags.length - max;
  return (
    <Group gap={4} wrap="nowrap">
      {tags.slice(0, max).map((tag) => (
        <Badge key={tag.id} size="sm" variant="light" color={tag.color} tt="none">
          {tag.name}
        </Badge>
      ))}
      {more > 0 && (
        <Badge
          size="sm"
          variant="outline"
          color="gray"
          title={tags
            .slice(max)
            .map((t) => t.name)
            .join(', ')}
        >
          +{more}
        </Badge>
      )}
    </Group>
  );
}

export function displayName(user: Pick<UserSummary, 'nickname' | 'login'>): string {
  return user.nickname || user.login;
}

export function UserChip({ user, empty = 'Unassigned' }: { user: UserSummary | null; empty?: string }) {
  if (!user) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Avatar size={22} radius="xl" color="brand">
        {initials(displayName(user))}
      </Avatar>
      <Text size="sm" truncate>
        {displayName(user)}
      </Text>
    </Group>
  );
}

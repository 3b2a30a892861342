import { Badge, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { DeskTodo, ReviewTodo, SheetTodo, Todo } from '@shared/schemas/dashboard';
import { IconChecks, IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { DayInput } from '../../../kit/FormModal/fields';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { DeleteAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { deskTodoQueryOptions, useAddTodo, useDeleteTodo, useUpdateTodo } from '../../../queries/dashboard';
import { BlockCount, DeskBlock, RowLabel } from './DeskBlock';
import { DueBadge } from './DueBadge';
import { ReviewLink } from './ReviewLink';

function AddTodo() {
  const add = useAddTodo();
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { title, dueDate },
      {
        onSuccess: () => {
          setTitle('');
          setDueDate(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a todo">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="New todo"
          placeholder="Add a todo…"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <DayInput
          aria-label="Due date"
          placeholder="Due date"
          value={dueDate}
          onChange={setDueDate}
          clearable
          w={128}
        />
        <Button type="submit" variant="light" loading={add.isPending} disabled={title.trim() === ''}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function OwnTodo({ todo }: { todo: Todo }) {
  const update = useUpdateTodo();
  const remove = useDeleteTodo();
  // The tick shows at once and stays until the list's refetch brings the new version (without
  // that wait it would flick back between the answer and the refetch); a refusal's refetch settles it.
  const awaitingList = update.isSuccess && update.variables?.version === todo.version;
  const done = update.isPending || awaitingList ? Boolean(update.variables?.done) : todo.done;
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="desk-todo">
      <Checkbox
        label={
          <Text size="sm" td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
            {todo.title}
          </Text>
        }
        checked={done}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({ id: todo.id, version: todo.version, done: event.currentTarget.checked })
        }
        styles={{ body: { alignItems: 'center' } }}
        style={{ minWidth: 0 }}
      />
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <DueBadge due={todo.due} />
        {todo.dueDate && !todo.done && (
          <Text size="xs" c="dimmed">
            {formatShortDate(todo.dueDate)}
          </Text>
        )}
        <DeleteAction label={`Delete todo ${todo.title}`} onClick={() => remove.mutate(todo.id)} />
      </Group>
    </Group>
  );
}

function ReviewRow({ review }: { review: ReviewTodo }) {
  const label = `${review.product.identifier} ${review.number} ${review.title}`;
  const link = (
    <ReviewLink spec={review.kind === 'spec'} productId={review.product.id} id={review.id} size="sm">
      {label}
    </ReviewLink>
  );
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="desk-review">
      {link}
      <Badge
        size="sm"
        variant="light"
        color={review.status === 6 ? 'orange' : 'yellow'}
        style={{ flexShrink: 0 }}
      >
        {review.statusName}
      </Badge>
    </Group>
  );
}

function SheetRow({ sheet }: { sheet: SheetTodo }) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="desk-sheet">
      <RowLabel
        detail={`${sheet.project.name}${sheet.endDate ? ` · ends ${formatShortDate(sheet.endDate)}` : ''}`}
      >
        <LinkAnchor
          to="/$identifier/projects/$projectId/test/$testType/$menuId"
          params={{
            identifier: enterprise.enterpriseIdentifier,
            projectId: sheet.project.id,
            testType: 'sheet',
            menuId: sheet.id,
          }}
          size="sm"
          truncate
        >
          {sheet.name}
        </LinkAnchor>
      </RowLabel>
      <DueBadge due={sheet.due} />
    </Group>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (count === 0) return null;
  return (
    <Stack gap={6}>
      <Divider label={`${title} · ${count}`} labelPosition="left" />
      {children}
    </Stack>
  );
}

const isEmpty = (data: DeskTodo) => data.own.length + data.reviews.length + data.testSheets.length === 0;

/** What waits for me: my own todos, reviews I may give, my test sheets. */
export function TodoBlock() {
  const query = useQuery(deskTodoQueryOptions());
  const { data } = query;
  const open = data?.own.filter((t) => !t.done).length ?? 0;
  return (
    <DeskBlock
      title="To do"
      what="your todo list"
      icon={IconListCheck}
      aside={data && open > 0 && <BlockCount>{open} open</BlockCount>}
      query={query}
      isEmpty={!data}
      testId="desk-todo-block"
    >
      {data && (
        <Stack gap="sm">
          <AddTodo />
          {isEmpty(data) ? (
            <NothingYet
              icon={<IconChecks size={28} />}
              title="Nothing waits for you"
              description="Add a todo with a date above. Reviews you may give and test sheets you own show here too."
              testId="desk-todo-empty"
            />
          ) : (
            <>
              <Stack gap={4}>
                {data.own.map((todo) => (
                  <OwnTodo key={todo.id} todo={todo} />
                ))}
              </Stack>
              <Section title="Reviews waiting for you" count={data.reviews.length}>
                {data.reviews.map((review) => (
                  <ReviewRow key={review.id} review={review} />
                ))}
              </Section>
              <Section title="Test sheets you own" count={data.testSheets.length}>
                {data.testSheets.map((sheet) => (
                  <SheetRow key={sheet.id} sheet={sheet} />
                ))}
              </Section>
            </>
          )}
        </Stack>
      )}
    </DeskBlock>
  );
}

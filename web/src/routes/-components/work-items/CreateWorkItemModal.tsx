import { Alert, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ISSUE_KIND_LABELS, ISSUE_KINDS, type IssueKind } from '@shared/domain/work-item-workflow';
import { maxLengthOf } from '@shared/schemas/common';
import {
  DEFAULT_ISSUE_PRIORITY,
  type IssueCreateBody,
  IssueCreateBodySchema,
  type IssueRef,
} from '@shared/schemas/issues';
import { IconSubtask } from '@tabler/icons-react';
import { useMemo } from 'react';
import { showCreated } from '../../../kit/FormModal/created-notice';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { DateRangeInputs, MarkdownTextarea, TagsSelect, TitleInput } from '../../../kit/FormModal/fields';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateIssue } from '../../../queries/issues';
import { AssigneeSelect, colorOption, EstimateInput, PrioritySelect, useTagOptions } from './fields';
import { kindWord } from './kinds';

interface CreateValues {
  pmIssueType: IssueKind;
  title: string;
  description: string;
  priority: number;
  assigneeId: string | null;
  tagIds: string[];
  startDate: string | null;
  endDate: string | null;
  /** NumberInput gives '' while empty. */
  estimatedHours: number | string;
}

/** The request body for the form's values (also what the shared schema validates). */
export function createBody(
  values: CreateValues,
  projectId: string,
  parentId: string | null,
): IssueCreateBody {
  return {
    pmsProjectId: projectId,
    pmIssueType: values.pmIssueType,
    title: values.title,
    description: values.description,
    priority: values.priority as IssueCreateBody['priority'],
    assigneeId: values.assigneeId,
    tagIds: values.tagIds,
    startDate: values.startDate,
    endDate: values.endDate,
    estimatedHours: typeof values.estimatedHours === 'number' ? values.estimatedHours : null,
    parentId,
  };
}

interface CreateWorkItemModalProps {
  projectId: string;
  kind: IssueKind;
  /** Set when adding a child: the new item goes under it. */
  parent: IssueRef | null;
  onClose: () => void;
  /** Opens the new item (the "created" notification offers it). */
  onOpen: (id: string, kind: IssueKind) => void;
}

/** "New demand/task/bug" and "Add child": the new item's fields, validated by IssueCreateBodySchema. */
export function CreateWorkItemModal({ projectId, kind, parent, onClose, onOpen }: CreateWorkItemModalProps) {
  const create = useCreateIssue(projectId);
  const tags = useTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const parentId = parent?.id ?? null;

  const form = useForm<CreateValues>({
    initialValues: {
      pmIssueType: kind,
      title: '',
      description: '',
      priority: DEFAULT_ISSUE_PRIORITY,
      assigneeId: null,
      tagIds: [],
      startDate: null,
      endDate: null,
      estimatedHours: '',
    },
    validate: (values) => zodResolver(IssueCreateBodySchema)(createBody(values, projectId, parentId)),
    validateInputOnBlur: ['title'],
  });
  const values = form.getValues();
  const word = kindWord(values.pmIssueType);

  const submit = form.onSubmit((submitted) => {
    const body = IssueCreateBodySchema.parse(createBody(submitted, projectId, parentId));
    create.mutate(body, {
      onSuccess: (issue) => {
        showCreated(`${ISSUE_KIND_LABELS[submitted.pmIssueType].one} #${issue.issueNumber} created`, () =>
          onOpen(issue.id, submitted.pmIssueType),
        );
        onClose();
      },
      onError: (error) => showServerFieldError(form, error),
    });
  });

  return (
    <FormModal
      title={parent ? 'Add child' : `New ${kindWord(kind)}`}
      onClose={onClose}
      pending={create.isPending}
      onSubmit={submit}
      submitLabel="Create"
      size="xl"
    >
      {parent && (
        <Alert variant="light" icon={<IconSubtask size={18} />} p="xs">
          <Text size="sm">
            Under #{parent.issueNumber} {parent.title}
          </Text>
        </Alert>
      )}
      {parent && (
        <SegmentedControl
          aria-label="Kind"
          data={ISSUE_KINDS.map((k) => ({ value: String(k), label: ISSUE_KIND_LABELS[k].one }))}
          value={String(values.pmIssueType)}
          onChange={(value) => form.setFieldValue('pmIssueType', Number(value) as IssueKind)}
        />
      )}
      <TitleInput
        placeholder={`What the ${word} is about`}
        maxLength={maxLengthOf(IssueCreateBodySchema.shape.title)}
        {...form.getInputProps('title')}
      />
      <MarkdownTextarea label="Description" {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PrioritySelect form={form} />
        <AssigneeSelect projectId={projectId} form={form} />
        <DateRangeInputs form={form} />
        <EstimateInput {...form.getInputProps('estimatedHours')} />
        <TagsSelect tags={tags} max={10} renderOption={renderTag} {...form.getInputProps('tagIds')} />
      </SimpleGrid>
    </FormModal>
  );
}

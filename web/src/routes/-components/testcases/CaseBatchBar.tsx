import { Button, MultiSelect, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_BATCH_CASES, MAX_CASE_TAGS } from '@shared/domain/testing';
import { CaseBatchBodySchema, type CaseRow } from '@shared/schemas/testcases';
import { IconCheck, IconCopy, IconDownload, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { BatchBar } from '../../../kit/BatchBar/BatchBar';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectListQueryOptions } from '../../../queries/projects';
import {
  caseModuleTreeQueryOptions,
  useBatchEditCases,
  useConfirmCases,
  useCopyCases,
  useDeleteCases,
  useDownloadCases,
} from '../../../queries/testcases';
import { COMBOBOX_PROPS, colorOption, PRIORITY_OPTIONS, renderPriorityOption } from '../work-items/fields';
import { moduleOptions } from './case-module-tree';
import { CASE_TYPE_OPTIONS, useCaseTagOptions } from './fields';

interface CaseBatchBarProps {
  projectId: string;
  selected: CaseRow[];
  onClear: () => void;
  /** Called with the ids deleted, so an open drawer on one of them can close. */
  onDeleted: (ids: string[]) => void;
}

type Dialog = 'edit' | 'copy' | null;

const plural = (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`;

/**
 * What can be done with the selected cases: export them, batch edit, copy to a module (of this or
 * another project), confirm the flagged ones and delete. Writes take MAX_BATCH_CASES at a time.
 */
export function CaseBatchBar({ projectId, selected, onClear, onDeleted }: CaseBatchBarProps) {
  const { can } = useCurrentEnterprise();
  const [dialog, setDialog] = useState<Dialog>(null);
  const exporter = useDownloadCases(projectId);
  const confirm = useConfirmCases(projectId);
  const remove = useDeleteCases(projectId);
  const ids = selected.map((row) => row.id);
  const flagged = selected.filter((row) => row.needsConfirmation).map((row) => row.id);
  const tooMany = selected.length > MAX_BATCH_CASES;
  const limitNote = `At most ${MAX_BATCH_CASES} cases at once: ${selected.length} are selected`;

  /** A write button, disabled with the reason while the selection is over the batch limit. */
  function writeButton(label: string, icon: ReactNode, onClick: () => void, extra: object = {}) {
    const button = (
      <Button variant="default" size="xs" leftSection={icon} disabled={tooMany} onClick={onClick} {...extra}>
        {label}
      </Button>
    );
    return tooMany ? (
      <Tooltip label={limitNote}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  }

  return (
    <BatchBar count={selected.length} noun={['case', 'cases']} onClear={onClear} testId="case-batch-bar">
      {can('test:case:import') && (
        <ActionButton icon={IconDownload} loading={exporter.isPending} onClick={() => exporter.mutate(ids)}>
          Export selected
        </ActionButton>
      )}
      {can('test:case:edit') && writeButton('Batch edit', <IconEdit size={14} />, () => setDialog('edit'))}
      {can('test:case:add') && writeButton('Copy to…', <IconCopy size={14} />, () => setDialog('copy'))}
      {can('test:case:edit') &&
        flagged.length > 0 &&
        writeButton(
          `Confirm ${flagged.length}`,
          <IconCheck size={14} />,
          () =>
            confirm.mutate(flagged, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `${plural(flagged.length)} confirmed` });
                onClear();
              },
            }),
          { loading: confirm.isPending, color: 'yellow' },
        )}
      {can('test:case:remove') && (
        <ConfirmedAction
          trigger={(open) => writeButton('Delete', <IconTrash size={14} />, open, { color: 'red' })}
          title={`Delete ${plural(ids.length)}?`}
          confirmLabel={`Delete ${plural(ids.length)}`}
          loading={remove.isPending}
          onConfirm={(close) =>
            remove.mutate(ids, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `${plural(ids.length)} deleted` });
                onDeleted(ids);
                onClear();
                close();
              },
            })
          }
        >
          <Text size="sm">
            The {plural(ids.length)} leave the library, all together or not at all. Test sheets that ran them
            keep what they were.
          </Text>
        </ConfirmedAction>
      )}
      {dialog === 'edit' && (
        <BatchEditModal projectId={projectId} ids={ids} onClose={() => setDialog(null)} onDone={onClear} />
      )}
      {dialog === 'copy' && (
        <CopyCasesModal projectId={projectId} ids={ids} onClose={() => setDialog(null)} onDone={onClear} />
      )}
    </BatchBar>
  );
}

/** A dialog over the selected cases, mounted while open: each opening starts afresh. */
interface BatchDialogProps {
  projectId: string;
  /** The cases to act on. */
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}

/** A module choice that can also mean "no module" (unlike Select's cleared value, "leave as is"). */
const NO_MODULE_OPTION = { value: '__none__', label: 'No module' };

/** After a batch write: say what it did, let the page drop the selection, close. */
function finish({ onDone, onClose }: BatchDialogProps, message: string) {
  notifications.show({ color: 'green', message });
  onDone();
  onClose();
}

function BatchEditModal(props: BatchDialogProps) {
  const { projectId, ids, onClose } = props;
  const edit = useBatchEditCases(projectId);
  const modules = useQuery(caseModuleTreeQueryOptions(projectId));
  const tags = useCaseTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [priority, setPriority] = useState<string | null>(null);
  const [addTagIds, setAddTagIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  function save() {
    const parsed = CaseBatchBodySchema.safeParse({
      ids,
      moduleId: moduleId === null ? undefined : moduleId === NO_MODULE_OPTION.value ? null : moduleId,
      type: type ? Number(type) : undefined,
      priority: priority ? Number(priority) : undefined,
      addTagIds: addTagIds.length > 0 ? addTagIds : undefined,
    });
    if (!parsed.success) return setError('Pick at least one change: module, type, priority or tags');
    edit.mutate(parsed.data, { onSuccess: (rows) => finish(props, `${plural(rows.length)} updated`) });
  }

  return (
    <BusyModal opened busy={edit.isPending} onClose={onClose} title={`Edit ${plural(ids.length)}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Only the fields you set change; the rest stay as each case has them.
        </Text>
        <Select
          label="Module"
          placeholder="Leave as is"
          data={[NO_MODULE_OPTION, ...moduleOptions(modules.data ?? [])]}
          value={moduleId}
          onChange={setModuleId}
          searchable
          clearable
          comboboxProps={COMBOBOX_PROPS}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Type"
            placeholder="Leave as is"
            data={CASE_TYPE_OPTIONS}
            value={type}
            onChange={setType}
            clearable
            comboboxProps={COMBOBOX_PROPS}
          />
          <Select
            label="Priority"
            placeholder="Leave as is"
            data={PRIORITY_OPTIONS}
            renderOption={renderPriorityOption}
            value={priority}
            onChange={setPriority}
            clearable
            comboboxProps={COMBOBOX_PROPS}
          />
        </SimpleGrid>
        <MultiSelect
          label="Add tags"
          description={`Added to the tags each case has (a case keeps at most ${MAX_CASE_TAGS})`}
          placeholder={addTagIds.length === 0 ? 'None' : undefined}
          data={tags.options}
          renderOption={renderTag}
          value={addTagIds}
          onChange={setAddTagIds}
          searchable
          maxValues={MAX_CASE_TAGS}
          comboboxProps={COMBOBOX_PROPS}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <ModalActions onCancel={onClose} pending={edit.isPending} label="Apply" onConfirm={save} />
      </Stack>
    </BusyModal>
  );
}

/** The most projects the copy target picker lists. */
const PROJECT_PICKER_SIZE = 100;

function CopyCasesModal(props: BatchDialogProps) {
  const { projectId, ids, onClose } = props;
  const copy = useCopyCases(projectId);
  const [target, setTarget] = useState<string>(projectId);
  const [moduleId, setModuleId] = useState<string | null>(null);
  const projects = useQuery(
    projectListQueryOptions({ pageNum: 1, pageSize: PROJECT_PICKER_SIZE, mine: true }),
  );
  const modules = useQuery(caseModuleTreeQueryOptions(target));
  const projectOptions = useMemo(() => {
    const rows = projects.data?.rows ?? [];
    const options = rows.map((project) => ({
      value: project.id,
      label: project.id === projectId ? `${project.name} (this project)` : project.name,
    }));
    // The source project is always a choice, even when it is not on the first page of "mine".
    return options.some((option) => option.value === projectId)
      ? options
      : [{ value: projectId, label: 'This project' }, ...options];
  }, [projects.data, projectId]);

  function save() {
    const here = target === projectId;
    const targetName = here
      ? 'this project'
      : (projectOptions.find((option) => option.value === target)?.label ?? 'the project');
    copy.mutate(
      { ids, pmsProjectId: here ? undefined : target, moduleId },
      { onSuccess: (rows) => finish(props, `${plural(rows.length)} copied to ${targetName}`) },
    );
  }

  return (
    <BusyModal opened busy={copy.isPending} onClose={onClose} title={`Copy ${plural(ids.length)}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The copies get new numbers; links to work items are not copied.
        </Text>
        <Select
          label="Project"
          data={projectOptions}
          value={target}
          onChange={(value) => {
            setTarget(value ?? projectId);
            setModuleId(null);
          }}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No project matches"
          comboboxProps={COMBOBOX_PROPS}
        />
        <Select
          label="Module"
          placeholder="No module"
          data={moduleOptions(modules.data ?? [])}
          value={moduleId}
          onChange={setModuleId}
          searchable
          clearable
          disabled={modules.isPending}
          nothingFoundMessage="No module matches"
          comboboxProps={COMBOBOX_PROPS}
        />
        <ModalActions onCancel={onClose} pending={copy.isPending} label="Copy" onConfirm={save} />
      </Stack>
    </BusyModal>
  );
}

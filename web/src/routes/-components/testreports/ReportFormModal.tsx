import { Select, Text, TextInput } from '@mantine/core';
import type { ReportDetail } from '@shared/schemas/testruns';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { useCreateReport } from '../../../queries/testreports';
import { sheetTreeQueryOptions } from '../../../queries/testsheets';
import { localToday } from '../products/plan-dates';
import { flattenSheets } from '../testsheets/sheet-tree';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { MarkdownField } from './MarkdownField';
import { defaultReportName, type ReportFormValues, reportBody, validateReportForm } from './report-form';

interface ReportFormModalProps {
  projectId: string;
  onClose: () => void;
  onCreated: (report: ReportDetail) => void;
}

const EMPTY: ReportFormValues = { projectTestsheetId: null, name: '', summary: '' };

/**
 * New report: a sheet (its results are copied now, for good), a name and a markdown summary.
 * Mounted while open: each opening starts empty.
 */
export function ReportFormModal({ projectId, onClose, onCreated }: ReportFormModalProps) {
  const create = useCreateReport(projectId);
  const sheets = useQuery(sheetTreeQueryOptions(projectId));
  const flat = useMemo(() => flattenSheets(sheets.data ?? []), [sheets.data]);
  const options = flat.map((entry) => ({
    value: entry.sheet.id,
    label: `${entry.path.join(' / ')} (${entry.sheet.counts.total} ${entry.sheet.counts.total === 1 ? 'case' : 'cases'})`,
  }));
  const { form, modal } = useEditForm({
    opened: true,
    onClose,
    onCreated,
    item: null,
    values: () => EMPTY,
    key: [],
    validate: validateReportForm,
    noun: 'test report',
    createLabel: 'Create report',
    label: (saved: ReportDetail) => `“${saved.name}”`,
    create,
    createBody: reportBody,
  });
  // The name follows the chosen sheet until the user writes one of their own.
  const suggested = useRef('');

  function chooseSheet(id: string | null) {
    form.setFieldValue('projectTestsheetId', id);
    const sheet = flat.find((entry) => entry.sheet.id === id)?.sheet;
    const name = form.getValues().name;
    if (sheet && (name === '' || name === suggested.current)) {
      suggested.current = defaultReportName(sheet.name, localToday());
      form.setFieldValue('name', suggested.current);
    }
  }

  return (
    <FormModal {...modal} size="lg">
      <Select
        data-autofocus
        label="Test sheet"
        description="The report keeps the sheet's results as they are now; later runs do not change it."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder={sheets.isPending ? 'Loading…' : 'Choose a sheet'}
        data={options}
        searchable
        withAsterisk
        nothingFoundMessage={flat.length === 0 ? 'The project has no test sheets yet' : 'No sheet matches'}
        comboboxProps={COMBOBOX_PROPS}
        {...form.getInputProps('projectTestsheetId')}
        onChange={chooseSheet}
      />
      <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
      <MarkdownField
        label="Summary"
        placeholder="Conclusions, risks, what is left to test (optional)"
        {...form.getInputProps('summary')}
      />
      {flat.length === 0 && !sheets.isPending && (
        <Text size="sm" c="dimmed">
          Reports are made from test sheets: create a sheet and record some results first.
        </Text>
      )}
    </FormModal>
  );
}

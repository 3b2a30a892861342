import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_CASE_SPECS } from '@shared/domain/testing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { specListQueryOptions } from '../../../queries/requirements';
import { COMBOBOX_PROPS } from '../work-items/fields';

interface SpecPickerProps {
  productId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Labels of specs already chosen (the case's covered specs), which a search may not list. */
  known: readonly { id: string; title: string }[];
  error?: React.ReactNode;
}

const RESULTS = 20;

/**
 * Picks the requirement specs a case covers among the project's product's specs: typing searches
 * the spec list on the server; chosen ones keep their labels.
 */
export function SpecPicker({ productId, value, onChange, known, error }: SpecPickerProps) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const results = useQuery(
    specListQueryOptions({ productId, keyword: keyword || undefined, pageNum: 1, pageSize: RESULTS }),
  );
  // Every label seen, so a chosen spec keeps its name when a later search no longer lists it.
  const [labels, setLabels] = useState<Map<string, string>>(
    () => new Map(known.map((spec) => [spec.id, spec.title])),
  );
  useEffect(() => {
    const rows = results.data?.rows;
    if (!rows) return;
    setLabels((prev) => {
      const next = new Map(prev);
      for (const spec of rows) next.set(spec.id, `SR-${spec.number} ${spec.title}`);
      return next;
    });
  }, [results.data]);

  const data = useMemo(() => {
    const ids = [...value, ...(results.data?.rows ?? []).map((spec) => spec.id)];
    return [...new Set(ids)].map((id) => ({ value: id, label: labels.get(id) ?? id }));
  }, [value, results.data, labels]);

  return (
    <MultiSelect
      label="Covered specs"
      description={`Requirement specs of the project's product this case tests (at most ${MAX_CASE_SPECS})`}
      placeholder={value.length === 0 ? 'Search specs by title' : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the keyword; a local filter would second-guess it.
      filter={({ options }) => options}
      maxValues={MAX_CASE_SPECS}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No spec matches'}
      comboboxProps={COMBOBOX_PROPS}
      clearable
      error={error}
    />
  );
}

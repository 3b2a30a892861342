import { AUDIT_ACTIONS, AUDIT_AREAS } from '@shared/domain/audit';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bindFilters } from '../../../kit/FilterBar/bind-filters';
import { FilterBar, KeywordFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { DayInput } from '../../../kit/FormModal/fields';
import { memberListQueryOptions } from '../../../queries/members';
import { areaLabel } from './AuditTable';
import { type AuditSearch, hasAuditFilters } from './audit-search';

const AREA_OPTIONS = AUDIT_AREAS.map((area) => ({ value: area, label: areaLabel(area) }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: action }));
/** The people a picker offers: the members, as many as one page holds. */
const MEMBERS_PAGE = { pageNum: 1, pageSize: 100 };
/** Clearing the bar: every filter let go. */
const NO_FILTERS: { [K in keyof Required<AuditSearch>]: undefined } = {
  actorId: undefined,
  area: undefined,
  action: undefined,
  objectId: undefined,
  from: undefined,
  to: undefined,
};
const DAY_STYLE = { flex: '0 1 150px', minWidth: 0 };

/** The two ends of the day range: how each is named, and which end bounds it. */
const DAY_ENDS = {
  from: { label: 'From day', placeholder: 'From', max: 'to' },
  to: { label: 'To day', placeholder: 'To', min: 'from' },
} as const;

/**
 * One end of the day range, typed or picked (`YYYY-MM-DD`), or none: the start can be no later
 * than the end, the end no earlier than the start.
 */
function DayFilter({
  end,
  search,
  onChange,
}: {
  end: keyof typeof DAY_ENDS;
  search: AuditSearch;
  onChange: (change: Partial<AuditSearch>) => void;
}) {
  const named: { label: string; placeholder: string; min?: 'from'; max?: 'to' } = DAY_ENDS[end];
  return (
    <DayInput
      aria-label={named.label}
      placeholder={named.placeholder}
      clearable
      minDate={named.min && search[named.min]}
      maxDate={named.max && search[named.max]}
      value={search[end] ?? null}
      onChange={(day) => onChange({ [end]: day ?? undefined })}
      style={DAY_STYLE}
    />
  );
}

/** Who (a member), area, action, object id and days; all kept in the URL. */
export function AuditFilters({
  identifier,
  search,
  onChange,
}: {
  identifier: string;
  search: AuditSearch;
  /** Merges a change into the URL's search params. */
  onChange: (change: Partial<AuditSearch>) => void;
}) {
  const members = useQuery(memberListQueryOptions(identifier, MEMBERS_PAGE));
  const people = useMemo(
    () => (members.data?.rows ?? []).map((m) => ({ value: m.userId, label: `${m.nickname} (@${m.login})` })),
    [members.data],
  );
  const field = bindFilters(search, onChange);
  return (
    <FilterBar testId="audit-filters" filtered={hasAuditFilters(search)} onClear={() => onChange(NO_FILTERS)}>
      <SelectFilter
        label="Filter by person"
        placeholder="Who"
        data={people}
        value={search.actorId}
        onChange={(actorId) => onChange({ actorId })}
        nothingFoundMessage="No member matches"
      />
      <SelectFilter {...field('area', 'Area')} data={AREA_OPTIONS} />
      <SelectFilter {...field('action', 'Action')} searchable={false} data={ACTION_OPTIONS} />
      <KeywordFilter
        label="Filter by object id"
        placeholder="Object id"
        width={200}
        value={search.objectId}
        onChange={(objectId) => onChange({ objectId })}
      />
      <DayFilter end="from" search={search} onChange={onChange} />
      <DayFilter end="to" search={search} onChange={onChange} />
    </FilterBar>
  );
}

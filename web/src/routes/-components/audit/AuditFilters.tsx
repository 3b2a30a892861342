import { AUDIT_ACTIONS, AUDIT_AREAS } from '@shared/domain/audit';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FilterBar, KeywordFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { DayInput } from '../../../kit/FormModal/fields';
import { memberListQueryOptions } from '../../../queries/members';
import { areaLabel } from './AuditTable';
import { type AuditSearch, hasAuditFilters } from './audit-search';

const AREA_OPTIONS = AUDIT_AREAS.map((area) => ({ value: area, label: areaLabel(area) }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: action }));
/** The people a picker offers: the members, as many as one page holds. */
const MEMBERS_PAGE = { pageNum: 1, pageSize: 100 };
const DAY_STYLE = { flex: '0 1 150px', minWidth: 0 };

/** A day typed or picked (`YYYY-MM-DD`), or none; between `min` and `max` when they are set. */
function DayFilter({
  label,
  placeholder,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <DayInput
      aria-label={label}
      placeholder={placeholder}
      clearable
      minDate={min}
      maxDate={max}
      value={value ?? null}
      onChange={(day) => onChange(day ?? undefined)}
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
  return (
    <FilterBar
      testId="audit-filters"
      filtered={hasAuditFilters(search)}
      onClear={() =>
        onChange({
          actorId: undefined,
          area: undefined,
          action: undefined,
          objectId: undefined,
          from: undefined,
          to: undefined,
        })
      }
    >
      <SelectFilter
        label="Filter by person"
        placeholder="Who"
        data={people}
        value={search.actorId}
        onChange={(actorId) => onChange({ actorId })}
        nothingFoundMessage="No member matches"
      />
      <SelectFilter
        label="Filter by area"
        placeholder="Area"
        data={AREA_OPTIONS}
        value={search.area}
        onChange={(area) => onChange({ area: area as AuditSearch['area'] })}
      />
      <SelectFilter
        label="Filter by action"
        placeholder="Action"
        searchable={false}
        data={ACTION_OPTIONS}
        value={search.action}
        onChange={(action) => onChange({ action: action as AuditSearch['action'] })}
      />
      <KeywordFilter
        label="Filter by object id"
        placeholder="Object id"
        width={200}
        value={search.objectId}
        onChange={(objectId) => onChange({ objectId })}
      />
      <DayFilter
        label="From day"
        placeholder="From"
        value={search.from}
        max={search.to}
        onChange={(from) => onChange({ from })}
      />
      <DayFilter
        label="To day"
        placeholder="To"
        value={search.to}
        min={search.from}
        onChange={(to) => onChange({ to })}
      />
    </FilterBar>
  );
}

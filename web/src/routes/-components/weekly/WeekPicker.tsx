import { ActionIcon, Badge, Button, Group, Popover, Text, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { mondayOf } from '@shared/domain/weekly';
import type { WeekInfo } from '@shared/schemas/weekly';
import { IconCalendarWeek, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';

const STATE = {
  current: { label: 'This week', color: 'blue' },
  open: { label: 'Open for reports', color: 'teal' },
  closed: { label: 'Closed', color: 'gray' },
} as const;

/**
 * The week being looked at: back, forward (never past this week), back to this week, or any week
 * from a calendar. `onChange(undefined)` means this week.
 */
export function WeekPicker({ week, onChange }: { week: WeekInfo; onChange: (weekStart?: string) => void }) {
  const [calendar, setCalendar] = useState(false);
  const state = STATE[week.state];
  return (
    <Group gap="xs" wrap="nowrap" className="weekly-no-print" data-testid="week-picker">
      <ActionIcon variant="default" aria-label="Previous week" onClick={() => onChange(week.previous)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Popover opened={calendar} onChange={setCalendar} position="bottom-start" shadow="md">
        <Popover.Target>
          <ActionButton
            size="sm"
            icon={IconCalendarWeek}
            onClick={() => setCalendar((open) => !open)}
            aria-label={`Week of ${week.label}; pick another week`}
          >
            <Text size="sm" span data-testid="week-label">
              {week.label}
            </Text>
          </ActionButton>
        </Popover.Target>
        <Popover.Dropdown>
          <DatePicker
            firstDayOfWeek={1}
            maxDate={dayjs().endOf('week').add(1, 'day').toDate()}
            defaultDate={week.weekStart}
            onChange={(value) => {
              if (!value) return;
              setCalendar(false);
              onChange(mondayOf(dayjs(value).format('YYYY-MM-DD')));
            }}
          />
        </Popover.Dropdown>
      </Popover>
      <Tooltip label={week.next ? 'Next week' : 'This is the latest week'}>
        <ActionIcon
          variant="default"
          aria-label="Next week"
          disabled={!week.next}
          onClick={() => week.next && onChange(week.next)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
      <Badge variant="light" color={state.color}>
        {state.label}
      </Badge>
      {week.state !== 'current' && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(undefined)}>
          Back to this week
        </Button>
      )}
      <Text size="xs" c="dimmed" visibleFrom="md">
        {week.timeZone}
      </Text>
    </Group>
  );
}

import type { AuditEntry } from '@shared/schemas/audit';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AuditTable } from './AuditTable';

const update: AuditEntry = {
  id: 'a1',
  at: '2026-03-02T09:30:00.000Z',
  actor: { userId: 'u1', login: 'alice', nickname: 'Alice' },
  sourceAddress: '203.0.113.7',
  requestId: 'r1',
  route: 'PUT /api/pms/{identifier}/pmsProject/{id}',
  area: 'projects',
  action: 'update',
  objects: [
    {
      type: 'project',
      id: 'p1',
      action: 'update',
      changes: [
        { field: 'description', before: 'Old words', after: 'New words' },
        { field: 'memberIds', after: ['u1', 'u2'] },
      ],
    },
  ],
  query: null,
  truncated: false,
};

const read: AuditEntry = {
  ...update,
  id: 'a2',
  actor: null,
  sourceAddress: null,
  route: 'GET /api/pms/pmsEnterprise/{identifier}/audit',
  area: 'enterprise',
  action: 'read',
  objects: [],
  query: { area: 'docs' },
};

describe('AuditTable', () => {
  it('shows who, where, the area, the action and what', () => {
    renderWithProviders(<AuditTable rows={[update, read]} />);
    const row = within(screen.getByTestId('audit-row-a1'));
    for (const text of [
      'Alice',
      '@alice',
      '203.0.113.7',
      'Projects',
      'update',
      'Project p1',
      'PUT /api/pms/{identifier}/pmsProject/{id}',
    ]) {
      expect(row.getByText(text)).toBeTruthy();
    }
    const other = within(screen.getByTestId('audit-row-a2'));
    expect(other.getByText('Read the audit log (area: docs)')).toBeTruthy();
    expect(other.getByText('No session (a webhook)')).toBeTruthy();
    expect(other.queryByRole('button')).toBeNull();
  });

  it('opens an entry to its fields before and after, and closes it again', () => {
    renderWithProviders(<AuditTable rows={[update]} />);
    expect(screen.queryByTestId('audit-changes-a1')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show changes (2 fields)' });
    fireEvent.click(toggle);
    const changes = within(screen.getByTestId('audit-changes-a1'));
    const description = changes.getByText('description').closest('tr')!;
    expect(within(description).getByText('Old words')).toBeTruthy();
    expect(within(description).getByText('New words')).toBeTruthy();
    const members = changes.getByText('memberIds').closest('tr')!;
    expect(within(members).getByText('none')).toBeTruthy();
    expect(within(members).getByText('["u1","u2"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide changes' }));
    expect(screen.queryByTestId('audit-changes-a1')).toBeNull();
  });
});

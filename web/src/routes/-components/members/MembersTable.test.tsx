import type { Member } from '@shared/schemas/enterprise';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MembersTable } from './MembersTable';

const member = (login: string, extra: Partial<Member> = {}): Member => ({
  userId: `u-${login}`,
  gitlinkUserId: `u-${login}`,
  login,
  nickname: `${login[0]!.toUpperCase()}${login.slice(1)}`,
  email: `${login}@acme.example`,
  roles: [{ roleId: 'r-member', roleKey: 'member', roleName: 'Member' }],
  isOwner: false,
  joinedAt: '2026-01-05T10:00:00.000Z',
  ...extra,
});

const alice = member('alice', {
  isOwner: true,
  roles: [{ roleId: 'r-admin', roleKey: 'admin', roleName: 'Admin' }],
});
const bob = member('bob');

describe('MembersTable', () => {
  it('shows roles as badges and marks the owner', () => {
    renderWithProviders(<MembersTable members={[alice, bob]} currentUserId="u-alice" />);
    const aliceRow = screen.getByTestId('member-row-alice');
    expect(within(aliceRow).getByTestId('owner-badge')).toBeTruthy();
    expect(within(aliceRow).getByText('Admin')).toBeTruthy();
    expect(within(aliceRow).getByText('You')).toBeTruthy();
    expect(within(screen.getByTestId('member-row-bob')).queryByTestId('owner-badge')).toBeNull();
  });

  it('has no actions without the permissions', () => {
    renderWithProviders(<MembersTable members={[alice, bob]} currentUserId="u-alice" />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('offers removal for others but not for the owner or oneself', () => {
    const onRemove = vi.fn();
    const onEditRoles = vi.fn();
    renderWithProviders(
      <MembersTable
        members={[alice, bob]}
        currentUserId="u-alice"
        onRemove={onRemove}
        onEditRoles={onEditRoles}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Remove alice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove bob' }));
    expect(onRemove).toHaveBeenCalledWith(bob);
    fireEvent.click(screen.getByRole('button', { name: 'Change roles of alice' }));
    expect(onEditRoles).toHaveBeenCalledWith(alice);
  });
});

import type { MenuNode } from '@shared/permissions/catalogue';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PermissionTree } from './PermissionTree';
import { roleMenu } from './test-menus';

const menus: MenuNode[] = [
  roleMenu,
  {
    id: 'docs',
    label: 'Knowledge base',
    children: [{ id: 'docs:doc:list', label: 'View documents', perms: 'docs:doc:list' }],
  },
];

function Controlled({ initial, onChange }: { initial: string[]; onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTree
      menus={menus}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const groupBox = (label: string) =>
  screen.getByRole('checkbox', { name: `All of ${label}` }) as HTMLInputElement;
const leafBox = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('PermissionTree', () => {
  it('shows a group with some permissions as indeterminate', () => {
    renderWithProviders(<Controlled initial={['system:role:add']} />);
    expect(groupBox('Roles and permissions').indeterminate).toBe(true);
    expect(groupBox('Roles and permissions').checked).toBe(false);
    expect(leafBox('Create roles').checked).toBe(true);
    expect(leafBox('View roles').checked).toBe(false);
    expect(screen.getByText('1 of 3 permissions')).toBeTruthy();
  });

  it('checks a whole group with its checkbox, and clears it again', () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled initial={['docs:doc:list']} onChange={onChange} />);
    fireEvent.click(groupBox('Roles and permissions'));
    expect(onChange).toHaveBeenLastCalledWith(['system:role:list', 'system:role:add', 'docs:doc:list']);
    expect(groupBox('Roles and permissions').checked).toBe(true);
    expect(groupBox('Roles and permissions').indeterminate).toBe(false);
    fireEvent.click(groupBox('Roles and permissions'));
    expect(onChange).toHaveBeenLastCalledWith(['docs:doc:list']);
  });

  it('toggles single permissions', () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled initial={[]} onChange={onChange} />);
    fireEvent.click(leafBox('View documents'));
    expect(onChange).toHaveBeenLastCalledWith(['docs:doc:list']);
    expect(groupBox('Knowledge base').checked).toBe(true);
  });

  it('shows the wildcard as everything checked, read-only', () => {
    renderWithProviders(<PermissionTree menus={menus} value={['*:*:*']} onChange={vi.fn()} disabled />);
    for (const box of screen.getAllByRole('checkbox') as HTMLInputElement[]) {
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
    }
    expect(screen.queryByRole('button', { name: 'Select all' })).toBeNull();
  });
});

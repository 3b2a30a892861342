import { Button } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ConfirmedAction } from './ConfirmedAction';

const trigger = (open: () => void) => <Button onClick={open}>Export data</Button>;

describe('ConfirmedAction', () => {
  it('asks first, runs the action on confirming and closes when the action says so', () => {
    const onConfirm = vi.fn((close: () => void) => close());
    renderWithProviders(
      <ConfirmedAction
        trigger={trigger}
        title="Export all data?"
        confirmLabel="Start export"
        onConfirm={onConfirm}
      >
        It may take a while.
      </ConfirmedAction>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export data' }));
    const dialog = screen.getByRole('dialog', { name: 'Export all data?' });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with typeToConfirm, confirms only once the name is typed', () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmedAction
        trigger={trigger}
        title="Delete enterprise"
        typeToConfirm={{ expected: 'acme', inputLabel: 'Type the identifier to confirm' }}
        onConfirm={onConfirm}
      >
        This deletes Acme.
      </ConfirmedAction>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export data' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete enterprise' }));
    const confirm = dialog.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Type the identifier to confirm'), { target: { value: 'acme' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

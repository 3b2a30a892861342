import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/errors';
import { renderWithRouter } from '../../test/render';
import { RouteError } from './RouteError';

describe('RouteError', () => {
  it('a failed script chunk: a load error with a retry', async () => {
    const error = new TypeError('Failed to fetch dynamically imported module: http://x/assets/members-1.js');
    renderWithRouter(<RouteError error={error} reset={vi.fn()} />);
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText(/script file .* \(load error\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('a failed style chunk: a style load error with a retry', async () => {
    renderWithRouter(
      <RouteError error={new Error('Unable to preload CSS for /assets/a.css')} reset={vi.fn()} />,
    );
    expect(await screen.findByText(/style load error/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('an API failure: its message and a way to try again', async () => {
    const error = new HttpError(500, { errorMessage: 'Database unavailable' });
    renderWithRouter(<RouteError error={error} reset={vi.fn()} />);
    expect(await screen.findByText('The data of this page could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

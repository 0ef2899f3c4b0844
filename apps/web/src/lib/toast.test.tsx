import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { showToast } from './toast';

describe('showToast', () => {
  it('replaces the toast on screen instead of queueing behind it', async () => {
    renderWithProviders(<div />);

    act(() =>
      showToast({ title: 'Registration successful', message: 'Your account has been created.' }),
    );
    expect(await screen.findByText('Registration successful')).toBeTruthy();

    act(() =>
      showToast({ title: 'Logged out', message: 'You have been logged out successfully.' }),
    );
    expect(await screen.findByText('Logged out')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Registration successful')).toBeNull());
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { modelInfo } from '../../testing/flowFixtures';
import { renderWithProviders } from '../../testing/render';
import { DEFAULT_RUN_SETTINGS } from './aiSettings';
import { ModelCard } from './ModelCard';

describe('ModelCard', () => {
  it('shows the run settings, that the server answers and the models it offers', () => {
    const onOpenSettings = vi.fn();
    renderWithProviders(
      <ModelCard
        settings={DEFAULT_RUN_SETTINGS}
        model={modelInfo({ demo: false, models: ['qwen3-8b', 'llama-3.2-3b'] })}
        onOpenSettings={onOpenSettings}
      />,
    );

    const card = screen.getByRole('region', { name: 'Current Model' });
    expect(within(card).getByText('local-model')).toBeTruthy();
    expect(within(card).getByText('Online')).toBeTruthy();
    expect(within(card).queryByText('Demo model')).toBeNull();
    const offered = within(card).getByRole('list', { name: 'Models on this server' });
    expect(
      within(offered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['qwen3-8b', 'llama-3.2-3b']);
    fireEvent.click(within(card).getByRole('button', { name: 'AI Settings' }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
  });

  it('says when the model server does not answer, without a list of models', () => {
    renderWithProviders(
      <ModelCard
        settings={DEFAULT_RUN_SETTINGS}
        model={modelInfo({ reachable: false, models: [] })}
        onOpenSettings={() => {}}
      />,
    );

    const card = screen.getByRole('region', { name: 'Current Model' });
    expect(within(card).getByText('Not reachable')).toBeTruthy();
    expect(within(card).queryByText('Online')).toBeNull();
    expect(within(card).queryByRole('list')).toBeNull();
  });
});

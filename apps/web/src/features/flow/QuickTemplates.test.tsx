import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { QuickTemplates } from './QuickTemplates';

const template = {
  id: 't1',
  name: 'Research Assistant',
  description: 'Collect and summarise sources on a topic',
  prompt: 'Research the history of lighthouses and summarise the key facts',
};

describe('QuickTemplates', () => {
  it('says when templates are loading and when there are none', () => {
    const { unmount } = renderWithProviders(
      <QuickTemplates templates={undefined} loading onPick={vi.fn()} />,
    );
    expect(screen.getByText('Loading templates...')).toBeTruthy();
    unmount();
    renderWithProviders(<QuickTemplates templates={[]} loading={false} onPick={vi.fn()} />);
    expect(screen.getByText('No templates available')).toBeTruthy();
  });

  it('lists name and description, and picking one hands over its template', () => {
    const onPick = vi.fn();
    renderWithProviders(<QuickTemplates templates={[template]} loading={false} onPick={onPick} />);
    expect(screen.getByRole('heading', { name: 'Quick Templates' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Research Assistant/ }));
    expect(onPick).toHaveBeenCalledWith(template);
    expect(screen.getByText('Collect and summarise sources on a topic')).toBeTruthy();
  });
});

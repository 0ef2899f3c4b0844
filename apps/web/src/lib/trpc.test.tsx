import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { mockServer } from '../testing/restServer';
import { trpc } from './trpc';

function TemplateNames() {
  const templates = trpc.template.list.useQuery();
  return <p>{templates.data?.map((template) => template.name).join(', ') ?? 'loading'}</p>;
}

describe('trpc client', () => {
  it('batches queries to /trpc with the XMLHttpRequest marker and cookies', async () => {
    const template = { id: 't1', name: 'Write a story', description: 'd', prompt: 'p' };
    const calls = mockServer({
      'GET /trpc/template.list': { json: [{ result: { data: [template] } }] },
    });
    renderWithProviders(<TemplateNames />);

    expect(await screen.findByText('Write a story')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]?.credentials).toBe('include');
  });
});

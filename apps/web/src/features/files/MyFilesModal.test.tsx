import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { mockTrpc, TrpcMockError } from '../../testing/trpcServer';
import { MyFilesModal } from './MyFilesModal';

const ada = { id: 'u1', username: 'ada', email: 'ada@example.com', displayName: null };

const file = (id: string, originalFilename: string, extra: object = {}) => ({
  id,
  filename: originalFilename,
  originalFilename,
  mimeType: 'text/plain',
  size: 2048,
  description: null,
  taskId: null,
  kind: 'document',
  textLength: 100,
  extractionNote: null,
  createdAt: '2024-03-02T12:00:00.000Z',
  ...extra,
});

const notes = file('f1', 'notes.txt', { taskId: 'task-1' });
const photo = file('f2', 'photo.png', { kind: 'image', mimeType: 'image/png', textLength: 0 });

/** The list entry showing `name`. */
const entry = (name: string) => screen.getByText(name).closest('li')!;

function renderFiles() {
  const onUse = vi.fn();
  renderWithProviders(<MyFilesModal opened onClose={() => {}} onUse={onUse} />, {
    session: { user: ada },
  });
  return onUse;
}

describe('MyFilesModal', () => {
  it('lists the uploads with size, kind, time and whether a run used them', async () => {
    mockTrpc({ 'file.list': () => [notes, photo] });
    renderFiles();
    expect(screen.getByText('Loading files...')).toBeTruthy();
    await screen.findByText('notes.txt');
    expect(
      within(entry('notes.txt')).getByText(/^2 KB · document · .+ · used in a run$/),
    ).toBeTruthy();
    expect(within(entry('photo.png')).getByText(/^2 KB · image · [^·]+$/)).toBeTruthy();
    expect(
      within(entry('photo.png')).getByRole('link', { name: 'Download' }).getAttribute('href'),
    ).toBe('/api/files/f2/content');
  });

  it('attaches an earlier file with Use', async () => {
    mockTrpc({ 'file.list': () => [notes, photo] });
    const onUse = renderFiles();
    await screen.findByText('photo.png');
    fireEvent.click(within(entry('photo.png')).getByRole('button', { name: 'Use' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ id: 'f2' }));
  });

  it('deletes a file after confirmation, and says so', async () => {
    let stored = [notes, photo];
    const { calls } = mockTrpc({
      'file.list': () => stored,
      'file.delete': (input: unknown) => {
        stored = stored.filter((one) => one.id !== (input as { id: string }).id);
        return { success: true };
      },
    });
    renderFiles();
    await screen.findByText('notes.txt');
    fireEvent.click(within(entry('notes.txt')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(within(confirm).getByText(/delete notes\.txt\? Runs that used it/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('notes.txt')).toBeNull());
    expect(screen.getByText('photo.png')).toBeTruthy();
    expect(calls.find((call) => call.path === 'file.delete')?.input).toEqual({ id: 'f1' });
  });

  it('keeps the file and shows the error when deleting fails', async () => {
    mockTrpc({
      'file.list': () => [notes],
      'file.delete': () => {
        throw new TrpcMockError(404, 'File not found');
      },
    });
    renderFiles();
    await screen.findByText('notes.txt');
    fireEvent.click(within(entry('notes.txt')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete File' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File not found')).toBeTruthy();
    expect(screen.getByText('notes.txt')).toBeTruthy();
  });

  it('says when the files could not be loaded', async () => {
    mockTrpc({
      'file.list': () => {
        throw new TrpcMockError(500);
      },
    });
    renderFiles();
    expect(await screen.findByText('Your files could not be loaded.')).toBeTruthy();
  });

  it('says when there are no files yet', async () => {
    mockTrpc({ 'file.list': () => [] });
    renderFiles();
    expect(
      await screen.findByText('No files yet. Attach a file to a goal to upload it.'),
    ).toBeTruthy();
  });
});

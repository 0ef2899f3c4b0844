import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { AttachmentChips, useFileDrop } from './Attachments';
import type { Attachment, AttachmentsControl } from './useAttachments';

const item = (change: Partial<Attachment>): Attachment => ({
  key: 'k',
  name: 'contract.pdf',
  size: 2048,
  progress: 0,
  status: 'ready',
  fileId: 'f',
  error: null,
  ...change,
});

function control(attachments: Attachment[]): AttachmentsControl {
  return {
    attachments,
    add: vi.fn(),
    reuse: vi.fn(),
    remove: vi.fn(),
    clear: vi.fn(),
    uploading: attachments.some((a) => a.status === 'uploading'),
    failed: attachments.filter((a) => a.status === 'failed'),
    fileIds: attachments.flatMap((a) => (a.fileId ? [a.fileId] : [])),
  };
}

describe('AttachmentChips', () => {
  it('shows each file with its size, its upload progress or refusal, and removes it', () => {
    const files = control([
      item({ key: 'a', name: 'contract.pdf', size: 2048 }),
      item({
        key: 'b',
        name: 'photo.png',
        size: 5 * 1024 * 1024,
        status: 'uploading',
        progress: 0.4,
      }),
      item({
        key: 'c',
        name: 'tool.exe',
        size: 12,
        status: 'failed',
        error: 'Flows cannot read this file.',
      }),
    ]);
    renderWithProviders(<AttachmentChips control={files} />);
    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('5 MB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading photo.png' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Flows cannot read this file.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(files.remove).toHaveBeenCalledWith('b');
  });

  it('shows nothing without files', () => {
    const { container } = renderWithProviders(<AttachmentChips control={control([])} />);
    expect(container.querySelector('ul')).toBeNull();
  });
});

function DropTarget({ files }: { files: AttachmentsControl }) {
  const drop = useFileDrop(files);
  return (
    <div data-testid="target" data-dragging={drop.dragging} {...drop.handlers}>
      drop here
    </div>
  );
}

describe('useFileDrop', () => {
  it('attaches dropped files and marks the target while files are over it', () => {
    const files = control([]);
    renderWithProviders(<DropTarget files={files} />);
    const target = screen.getByTestId('target');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(target, { dataTransfer });
    expect(target.getAttribute('data-dragging')).toBe('true');
    fireEvent.drop(target, { dataTransfer });
    expect(target.getAttribute('data-dragging')).toBe('false');
    expect(files.add).toHaveBeenCalledWith([file]);
    // Dragging text, not files, is left alone.
    fireEvent.drop(target, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(files.add).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { projectWriter, type StoredProject } from './storage';

const project = (name: string): StoredProject => ({
  files: [{ id: name, name, content: '', language: 'javascript' }],
  openIds: [],
  activeId: null,
  siteId: null,
  deployUrl: null,
});

describe('projectWriter', () => {
  it('writes one project at a time, then only the newest of those given meanwhile', async () => {
    const written: string[] = [];
    let finish = () => {};
    const write = projectWriter(async (stored) => {
      written.push(stored.files[0]!.id);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return true;
    });
    const first = write(project('a'));
    const second = write(project('b'));
    const third = write(project('c'));
    expect(written).toEqual(['a']);
    finish();
    await first;
    await Promise.resolve();
    expect(written).toEqual(['a', 'c']);
    finish();
    expect(await second).toBe(true);
    expect(await third).toBe(true);
    expect(written).toEqual(['a', 'c']);
  });
});

import { describe, expect, it } from 'vitest';
import { trpcPaths, trpcPathsAsParsed } from './origin-check';

const origin = 'http://127.0.0.1:3000';

describe('trpcPaths', () => {
  it.each([
    ['/trpc/flow.assist', ['flow.assist']],
    ['/trpc/flow.assist/?input=%7B%7D', ['flow.assist']],
    ['//trpc//system.model,flow.assist//#x', ['system.model', 'flow.assist']],
    ['/trpc/flow%2Eassist', ['flow.assist']],
    ['/trpc/x/../flow.assist', ['flow.assist']],
    ['/trpc/./flow.assist', ['flow.assist']],
    ['/trpc/flow.assist\\', ['flow.assist']],
    ['/trpc/%E0%A4%A', []],
    ['/trpc/', []],
    ['/api/tasks', []],
  ])('reads %s as tRPC does', (path, names) => {
    expect(trpcPaths(`${origin}${path}`)).toEqual(names);
  });

  it('decides every spelling as the URL parser does', () => {
    // Every path of up to three pieces from the characters that change how a path is read.
    const pieces = [...'/.\\\t ,aé?#~', '..', '%2e', '%2F', '%'];
    const paths = [''];
    for (let length = 0; length < 3; length++) {
      for (const path of paths.splice(0)) {
        paths.push(path, ...pieces.map((piece) => path + piece));
      }
    }
    for (const tail of paths) {
      for (const head of ['/trpc/', '/trpc', '//trpc//x', '/trpc/flow.assist']) {
        const url = `${origin}${head}${tail}`;
        expect(trpcPaths(url), url).toEqual(trpcPathsAsParsed(url));
      }
    }
  });
});

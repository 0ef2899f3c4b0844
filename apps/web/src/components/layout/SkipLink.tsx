import { Anchor } from '@mantine/core';

/** A keyboard user's first Tab stop: jumps past the header to the page content. */
export function SkipLink() {
  return (
    <Anchor href="#main-content" className="flows-skip-link">
      Skip to content
    </Anchor>
  );
}

import { UI_TIMING } from '@flows/engine';
import { useCallback, useEffect, useRef } from 'react';

/** How close to the bottom (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 48;

/**
 * Keeps a scroll viewport at its bottom as content arrives (`contentKey` changes), and again after
 * 100 and 500 ms for content that grows late (previews, fonts), unless the reader scrolled up.
 */
export function useStickToBottom(contentKey: unknown) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // Where this hook last scrolled to. A scroll event can arrive after more content was added, far
  // from the new bottom; only a position above this one means the reader scrolled up.
  const autoScrollTop = useRef(0);

  const onScroll = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const fromBottom = viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight;
    if (fromBottom <= BOTTOM_SLACK) atBottom.current = true;
    else if (viewport.scrollTop < autoScrollTop.current - BOTTOM_SLACK) atBottom.current = false;
  }, []);

  // contentKey is the trigger: new content to follow.
  useEffect(() => {
    const toBottom = () => {
      const viewport = viewportRef.current;
      if (!viewport || !atBottom.current) return;
      viewport.scrollTop = viewport.scrollHeight;
      autoScrollTop.current = viewport.scrollTop;
    };
    toBottom();
    const timers = UI_TIMING.scrollRepeatMs.map((ms) => setTimeout(toBottom, ms));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [contentKey]);

  return { viewportRef, onScroll };
}

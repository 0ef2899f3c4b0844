import { Box, Loader, Title, VisuallyHidden } from '@mantine/core';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { ModelUnreachableNotice } from '../../features/flow/ModelUnreachableNotice';
import { useHydrated } from '../../hydration';
import { lazyPage } from '../../lazyPage';
import { trpc } from '../../lib/trpc';

/** How often the model server is asked again while it does not answer. */
export const MODEL_RECHECK_MS = 10_000;

/** How long the workspace waits for the model server's answer before it shows without it. */
export const MODEL_WAIT_MS = 2_000;

const DashboardPage = lazyPage(() => import('./DashboardPage'), 'DashboardPage');

/**
 * Shown until the workspace is, placed from the top of the dashboard (which is a screen tall
 * meanwhile, so the footer stays below the fold): the notice appearing above moves nothing.
 */
function WorkspaceLoader() {
  return (
    <Loader
      aria-label="Loading page"
      pos="absolute"
      top="calc(50dvh - 18px)"
      left="50%"
      style={{ transform: 'translateX(-50%)' }}
    />
  );
}

/**
 * Whether `ready` has held through a paint: the frame that shows what came with it (the notice)
 * is drawn before the work that follows (loading and drawing the workspace) starts.
 */
function usePaintedWhen(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timer set in a frame's callback fires once that frame is drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

/**
 * The dashboard's frame, which comes with the app (the workspace, DashboardPage, loads on its
 * own): the title, and the notice that no model server answers above the workspace. The server
 * is asked about the model at once (the prerendered HTML asks with the page), and the notice
 * shows as soon as the answer comes. The workspace waits for that answer (for at most
 * {@link MODEL_WAIT_MS}): arriving after it, the notice would push the whole workspace down.
 * Its code is fetched once the notice is drawn, so that a slow phone shows the notice first.
 * The prerendered dashboard (vite-prerender.ts) is this frame with its loader.
 */
export function DashboardRoute() {
  // Asked while this first renders (or hydrates), not after: the answer is what the page waits for.
  trpc.system.model.usePrefetchQuery();
  const model = trpc.system.model.useQuery(undefined, {
    // Asked again while unreachable, so starting the model server clears the notice.
    refetchInterval: (query) => (query.state.data?.reachable === false ? MODEL_RECHECK_MS : false),
  });
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (model.isFetched) return;
    const timer = setTimeout(() => setWaitedEnough(true), MODEL_WAIT_MS);
    return () => clearTimeout(timer);
  }, [model.isFetched]);
  const answered = usePaintedWhen(model.isFetched || waitedEnough);
  // Deferred: the workspace (most of the page's rendering) renders as a transition, in short
  // slices, and first the loader shows, as in the prerendered HTML.
  const showWorkspace = useDeferredValue(useHydrated() && answered, false);

  return (
    <Box
      px={{ base: 'sm', sm: 'md' }}
      py="md"
      maw={1600}
      mx="auto"
      pos="relative"
      mih={showWorkspace ? undefined : '100dvh'}
    >
      <title>Dashboard · Flows</title>
      <VisuallyHidden>
        <Title order={1}>Dashboard</Title>
      </VisuallyHidden>
      {model.data?.reachable === false && (
        <Box mb="md">
          <ModelUnreachableNotice endpoint={model.data.endpoint} />
        </Box>
      )}
      <Suspense fallback={<WorkspaceLoader />}>
        {showWorkspace ? <DashboardPage /> : <WorkspaceLoader />}
      </Suspense>
    </Box>
  );
}

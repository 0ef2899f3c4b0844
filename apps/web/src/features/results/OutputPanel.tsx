import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEyeOff, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { BlockButton, BlockHeader } from './BlockHeader';
import { FRAME_SANDBOX, PREVIEW_FRAME_PATH } from './frameProtocol';
import type { useCodeRun } from './useCodeRun';

type CodeRun = ReturnType<typeof useCodeRun>;

const ENTRY_COLORS = { log: undefined, info: 'blue', warn: 'yellow', error: 'red' } as const;

// Kept in the page (a hidden frame still runs) but out of sight and out of the tab order.
const HIDDEN_FRAME: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  pointerEvents: 'none',
};

function OutputLines({ run, language }: { run: CodeRun; language: string }) {
  const { entries, truncated, mode } = run;
  // The HTML and CSS notes speak of console mode; visual mode shows the page instead.
  const shown = mode === 'visual' ? entries.filter((entry) => entry.type !== 'info') : entries;
  if (shown.length === 0) {
    return mode === 'console' ? (
      <Text size="xs" c="dimmed" px="sm" py={6}>
        No console output
      </Text>
    ) : null;
  }
  return (
    <Stack
      component="ol"
      gap={0}
      m={0}
      p={0}
      aria-label={`${language} console output`}
      style={{ listStyle: 'none' }}
    >
      {shown.map((entry) => (
        <Text
          key={entry.id}
          component="li"
          size="xs"
          ff="monospace"
          c={ENTRY_COLORS[entry.type]}
          px="sm"
          py={2}
          data-type={entry.type}
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {entry.message}
        </Text>
      ))}
      {truncated && (
        <Text component="li" size="xs" c="dimmed" px="sm" py={2}>
          Further output was not kept.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A block's output: the rendered frame in visual mode (its height follows the content) or the
 * console lines, with Clear and Hide. Hidden, one line says whether the run went well and shows
 * the output again when clicked; the frame stays, so nothing runs twice.
 */
export function OutputPanel({ run, language }: { run: CodeRun; language: string }) {
  const { entries, outputHidden, setOutputHidden, mode, frameHeight, frameRef } = run;
  const active = run.run;
  if (!active && entries.length === 0) return null;
  const failed = entries.some((entry) => entry.type === 'error');
  const visual = mode === 'visual' && active !== null;

  return (
    <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {outputHidden && (
        <UnstyledButton
          onClick={() => setOutputHidden(false)}
          px="sm"
          py={6}
          w="100%"
          fz="xs"
          c={failed ? 'red' : 'dimmed'}
        >
          {failed ? 'Error occurred (click to view)' : 'Code executed (click to view)'}
        </UnstyledButton>
      )}
      <Box style={outputHidden ? { display: 'none' } : undefined}>
        <BlockHeader>
          <Text size="xs" fw={600} c="dimmed">
            Output
          </Text>
          <Group gap={4}>
            <BlockButton icon={IconTrash} onClick={run.clear}>
              Clear
            </BlockButton>
            <BlockButton icon={IconEyeOff} onClick={() => setOutputHidden(true)}>
              Hide
            </BlockButton>
          </Group>
        </BlockHeader>
        {active && (
          <Box style={visual ? { padding: '0 var(--mantine-spacing-sm)' } : HIDDEN_FRAME}>
            <iframe
              key={active.id}
              ref={frameRef}
              title={`${language} code output`}
              sandbox={FRAME_SANDBOX}
              src={PREVIEW_FRAME_PATH}
              referrerPolicy="no-referrer"
              onLoad={run.onFrameLoad}
              tabIndex={visual ? undefined : -1}
              aria-hidden={visual ? undefined : true}
              style={{
                display: 'block',
                width: '100%',
                height: visual ? frameHeight : 1,
                border: 0,
                borderRadius: 'var(--mantine-radius-sm)',
                background: '#fff',
              }}
            />
          </Box>
        )}
        <OutputLines run={run} language={language} />
      </Box>
    </Box>
  );
}

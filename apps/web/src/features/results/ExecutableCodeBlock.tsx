import { hasVisualMode, UI_TIMING } from '@flows/engine';
import { Button, CopyButton, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconPlayerPlayFilled } from '@tabler/icons-react';
import { BlockButton, BlockHeader } from './BlockHeader';
import { CodeView } from './CodeView';
import { OutputPanel } from './OutputPanel';
import { type RunMode, useCodeRun } from './useCodeRun';

/** Props of {@link ExecutableCodeBlock}. */
export type ExecutableCodeBlockProps = {
  language: string;
  code: string;
  /** Highlighting and the buttons wait: the text is still streaming. */
  streaming?: boolean;
};

const MODES = [
  { label: 'Console', value: 'console' },
  { label: 'Visual', value: 'visual' },
];

/**
 * A code block from a result: its language, Run and Copy ('Copied!' for 2 s), and for HTML, CSS
 * and JSX a console/visual toggle. Run executes the code in a sandboxed frame (scripts only, an
 * opaque origin) and shows its console output or what it renders; other languages answer
 * 'Execution not supported for language: {language}'.
 */
export function ExecutableCodeBlock({
  language,
  code,
  streaming = false,
}: ExecutableCodeBlockProps) {
  const run = useCodeRun(language, code);
  const visualToggle = hasVisualMode(language);

  return (
    <Paper
      withBorder
      radius="md"
      role="group"
      aria-label={`${language} code block`}
      style={{ overflow: 'hidden', minWidth: 0 }}
    >
      <BlockHeader divided>
        <Text size="xs" c="dimmed" ff="monospace">
          {language}
        </Text>
        {!streaming && (
          <Group gap={6}>
            {visualToggle && (
              <SegmentedControl
                size="xs"
                data={MODES}
                value={run.mode}
                onChange={(value) => run.setMode(value as RunMode)}
                aria-label={`${language} output mode`}
              />
            )}
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlayerPlayFilled size={12} aria-hidden />}
              loading={run.busy}
              onClick={() => void run.start()}
              aria-label={`Run ${language} code`}
            >
              Run
            </Button>
            <CopyButton value={code} timeout={UI_TIMING.copyConfirmMs}>
              {({ copied, copy }) => (
                <BlockButton
                  icon={copied ? IconCheck : IconCopy}
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? undefined : `Copy ${language} code`}
                >
                  {copied ? 'Copied!' : 'Copy'}
                </BlockButton>
              )}
            </CopyButton>
          </Group>
        )}
      </BlockHeader>
      <CodeView code={code} language={language} plain={streaming} />
      <OutputPanel run={run} language={language} />
    </Paper>
  );
}

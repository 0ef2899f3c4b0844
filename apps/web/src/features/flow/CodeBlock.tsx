import { UI_TIMING } from '@flows/engine';
import {
  ActionIcon,
  Code,
  CopyButton,
  Group,
  Paper,
  ScrollArea,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Props of {@link CodeBlock}. */
export type CodeBlockProps = { language: string; code: string };

/**
 * A block of code from a result, with its language and a copy button. (Running code in the page
 * is the executable code block's job, a later feature.)
 */
export function CodeBlock({ language, code }: CodeBlockProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group
        justify="space-between"
        px="sm"
        py={4}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="xs" c="dimmed" ff="monospace">
          {language}
        </Text>
        <CopyButton value={code} timeout={UI_TIMING.copyConfirmMs}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy code'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={copied ? 'Copied' : `Copy ${language} code`}
              >
                {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <ScrollArea.Autosize mah={320} type="auto">
        <Code block style={{ borderRadius: 0, whiteSpace: 'pre' }}>
          {code}
        </Code>
      </ScrollArea.Autosize>
    </Paper>
  );
}

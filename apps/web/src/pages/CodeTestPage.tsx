import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ExecutableCodeBlock, usePreviewPanel, WebsitePreviewCard } from '../features/results';
import { CODE_EXAMPLES, CSS_EXAMPLE, FRAGMENT_EXAMPLE, WEBSITE_EXAMPLE } from './codeTestExamples';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `code-test-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
      {children}
    </Stack>
  );
}

function PanelDemo() {
  const panel = usePreviewPanel();
  if (!panel) return null;
  const open = (content: string, title?: string) => () => panel.show(content, title);
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconExternalLink size={16} aria-hidden />}
        onClick={open(WEBSITE_EXAMPLE)}
      >
        Preview website
      </Button>
      <Button
        variant="light"
        leftSection={<IconExternalLink size={16} aria-hidden />}
        onClick={open(CSS_EXAMPLE, 'CSS Preview')}
      >
        Preview CSS on the demo page
      </Button>
      <Button
        variant="light"
        leftSection={<IconExternalLink size={16} aria-hidden />}
        onClick={open(FRAGMENT_EXAMPLE, 'Fragment Preview')}
      >
        Preview HTML fragment
      </Button>
    </Group>
  );
}

/**
 * The code execution demo: a website preview (card and standalone panel) and runnable HTML,
 * JavaScript, CSS and TSX examples, each run in a sandboxed frame.
 */
export function CodeTestPage() {
  return (
    <Container size="md" py={48}>
      <title>Code Execution Test · Flows</title>
      <Stack gap={40}>
        <Stack gap="xs">
          <Title order={1}>Code Execution Test</Title>
          <Text c="dimmed" size="lg">
            Run HTML, JavaScript and CSS examples in a sandbox and preview websites live. Code runs
            in a frame that cannot reach your session, cookies or storage.
          </Text>
        </Stack>

        <Section
          title="Website Preview Demo"
          description="A page shown live as an agent's result shows it: switch between Canvas and iframe, zoom the canvas, edit the code, or open it in the floating preview panel."
        >
          <WebsitePreviewCard text={WEBSITE_EXAMPLE} />
          <PanelDemo />
        </Section>

        {CODE_EXAMPLES.map(({ title, description, language, code }) => (
          <Section key={title} title={title} description={description}>
            <ExecutableCodeBlock language={language} code={code} />
          </Section>
        ))}
      </Stack>
    </Container>
  );
}

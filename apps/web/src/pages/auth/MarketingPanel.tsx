import { Badge, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText, IconPlugConnected, IconSparkles } from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Highlight = {
  title: string;
  description: string;
  Icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
};

const highlights: Highlight[] = [
  {
    title: 'Intelligent Automation',
    description:
      'Describe a goal in plain words: Flows splits it into tasks, runs them one by one and combines the results.',
    Icon: IconSparkles,
  },
  {
    title: 'Powerful Integrations',
    description:
      'Connect Slack, GitHub, Jira and other services through webhooks and API integrations.',
    Icon: IconPlugConnected,
  },
  {
    title: 'Advanced File Processing',
    description: 'Work with PDFs, images and documents as part of your automated flows.',
    Icon: IconFileText,
  },
];

/** What Flows offers, beside the auth forms on wide screens. */
export function MarketingPanel() {
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Badge variant="light" w="fit-content">
          Free for early adopters
        </Badge>
        <Title order={2}>Automate your work with AI</Title>
        <Text c="dimmed">
          One account keeps your flows, task history and integrations together.
        </Text>
      </Stack>
      {highlights.map(({ title, description, Icon }) => (
        <Stack key={title} gap={6}>
          <ThemeIcon size={40} radius="md" variant="light">
            <Icon size={22} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconClipboardList, IconPencil, IconSearch } from '@tabler/icons-react';
import { DocSection, DocText } from './DocSection';

const templates = [
  {
    name: 'Research Assistant',
    icon: IconSearch,
    use: 'Investigates a topic, gathers the key facts and summarises what it found.',
  },
  {
    name: 'Content Creator',
    icon: IconPencil,
    use: 'Drafts articles, posts or marketing copy for the audience you describe.',
  },
  {
    name: 'Data Analyst',
    icon: IconChartBar,
    use: 'Works through a data question, looks for trends and explains the findings.',
  },
  {
    name: 'Project Planner',
    icon: IconClipboardList,
    use: 'Breaks a project into phases, milestones and tasks with a suggested order.',
  },
];

/** Docs tab: the Quick Templates list and the four core templates. */
export function UsingTemplates() {
  return (
    <Stack gap="xl">
      <DocSection title="Quick Templates">
        <DocText>
          The <strong>Quick Templates</strong> list in the dashboard holds ready-made goals. Click a
          template to copy its prompt into the goal box, then edit the details (topic, audience,
          length) before you start the flow. Nothing runs until you start it.
        </DocText>
      </DocSection>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {templates.map(({ name, icon: Icon, use }) => (
          <Card key={name} withBorder radius="md" padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm">
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4" mb={4}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {use}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <DocSection title="Getting the most from a template">
        <DocText>
          Templates are starting points. Replace the placeholder subject with your own, keep the
          structure the template asks for, and pick a temperature that suits the work: lower for
          research and analysis, higher for writing (see Advanced Settings).
        </DocText>
      </DocSection>
    </Stack>
  );
}

import { Badge, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdvancedSettings } from './AdvancedSettings';
import { ApiDocs } from './ApiDocs';
import { CreatingFlows } from './CreatingFlows';
import { GettingStarted } from './GettingStarted';
import { TaskExecution } from './TaskExecution';
import { UsingTemplates } from './UsingTemplates';

const docTabs: { value: string; label: string; content: ComponentType }[] = [
  { value: 'getting-started', label: 'Getting Started', content: GettingStarted },
  { value: 'creating-flows', label: 'Creating Flows', content: CreatingFlows },
  { value: 'task-execution', label: 'Task Execution', content: TaskExecution },
  { value: 'templates', label: 'Using Templates', content: UsingTemplates },
  { value: 'advanced-settings', label: 'Advanced Settings', content: AdvancedSettings },
  { value: 'api', label: 'API', content: ApiDocs },
];

const defaultTab = 'getting-started';

/**
 * The documentation page; the open tab is kept in the URL (/docs?tab=task-execution) so each tab
 * can be linked to and shared. The API reference has a page of its own (/docs/api).
 */
export function DocsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab = docTabs.some((tab) => tab.value === requested) ? requested! : defaultTab;

  const selectTab = (value: string | null) => {
    if (!value) return;
    setSearchParams(value === defaultTab ? {} : { tab: value }, { replace: true });
  };

  return (
    <Container size="md" py={48}>
      <title>Documentation · Flows</title>
      <Stack gap="xl">
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={1}>Documentation</Title>
            <Badge variant="light">BETA</Badge>
          </Group>
          <Text c="dimmed" size="lg">
            How to set goals, follow and control runs, use templates, connect a model server and
            drive Flows from scripts.
          </Text>
        </Stack>

        {/* Only the open tab is rendered: the page loads and hydrates one tab's content. */}
        <Tabs value={activeTab} onChange={selectTab} keepMounted={false}>
          <Tabs.List mb="xl">
            {docTabs.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {docTabs.map(({ value, content: Content }) => (
            <Tabs.Panel key={value} value={value}>
              <Content />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}

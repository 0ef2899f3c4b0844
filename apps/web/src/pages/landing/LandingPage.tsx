import {
  Badge,
  Box,
  Button,
  type ButtonProps,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { integrationServices, landingFeatures } from './content';
import { ExampleFlowCard } from './ExampleFlowCard';
import { IconTile, LandingSection } from './LandingSection';

/** A large link to the dashboard, an arrow after its label. */
function DashboardButton(props: ButtonProps & { children: ReactNode }) {
  return (
    <Button
      component={Link}
      to="/dashboard"
      size="md"
      rightSection={<IconArrowRight size={18} aria-hidden />}
      {...props}
    />
  );
}

/** The public landing page: hero, Key Features, Integration Ecosystem and a closing call to action. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <KeyFeatures />
      <IntegrationEcosystem />
      <ClosingCallToAction />
    </>
  );
}

const centred = { alignItems: 'center' } as const;

function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" py={{ base: 56, md: 96 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} style={centred}>
          <Stack gap="lg">
            <Group gap="sm" align="center">
              <Title id="hero-title" order={1} fz={{ base: 48, sm: 64 }} lh={1}>
                <Text
                  component="span"
                  inherit
                  variant="gradient"
                  gradient={{ from: 'violet.5', to: 'blue.5', deg: 90 }}
                >
                  Flows
                </Text>
              </Title>
              <Badge size="lg" variant="light" color="violet">
                BETA
              </Badge>
            </Group>
            <Text fz={{ base: 'lg', sm: 22 }} fw={500}>
              Describe a goal. Flows plans the tasks, runs them with an AI agent and hands you the
              combined result.
            </Text>
            <Text c="dimmed">
              Connect the services you already use, follow every step as it happens, and start from
              templates. Free for early adopters while Flows is in beta.
            </Text>
            <Group gap="sm">
              <DashboardButton>Get Started with Flows</DashboardButton>
              <Button component={Link} to="/integrations" size="md" variant="default">
                Explore Integrations
              </Button>
            </Group>
          </Stack>
          <ExampleFlowCard />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function KeyFeatures() {
  return (
    <LandingSection
      id="features-title"
      title="Key Features"
      lead="Everything you need to go from a goal to a finished result, in one workspace."
      bg="var(--mantine-color-default-hover)"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {landingFeatures.map(({ title, ...feature }) => (
          <IconTile key={title} name={title} {...feature} look="feature" />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

function IntegrationEcosystem() {
  return (
    <LandingSection
      id="integrations-title"
      title="Integration Ecosystem"
      lead="Reach the tools your team works in through webhooks and API integrations."
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
        {integrationServices.map((service) => (
          <IconTile key={service.name} {...service} look="service" />
        ))}
      </SimpleGrid>
      <Group justify="center" mt={40}>
        <Button
          component={Link}
          to="/integrations"
          variant="light"
          leftSection={<IconPlugConnected size={18} aria-hidden />}
        >
          View All Integrations
        </Button>
      </Group>
    </LandingSection>
  );
}

function ClosingCallToAction() {
  return (
    <Box component="section" aria-labelledby="get-started-title" pb={{ base: 56, md: 96 }}>
      <Container size="md">
        <Paper
          radius="xl"
          p={{ base: 'xl', sm: 48 }}
          ta="center"
          style={{
            backgroundImage:
              'linear-gradient(135deg, var(--mantine-color-violet-filled), var(--mantine-color-cyan-filled))',
          }}
        >
          <Stack gap="md" align="center">
            <Title id="get-started-title" order={2} c="white">
              Ready to Get Started?
            </Title>
            <Text c="white" maw={520} style={{ opacity: 0.9 }}>
              Set your first goal and watch Flows plan it, run it and report back. Flows is free for
              early adopters during the beta.
            </Text>
            <DashboardButton variant="white" color="dark">
              Launch the Dashboard
            </DashboardButton>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

import {
  Accordion,
  Badge,
  Container,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandPaypal,
  IconBuildingBank,
  IconClock,
  IconCreditCard,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Notice } from '../../components/Notice';
import { FreePlanLimit } from './FreePlanLimit';
import { pricingQuestions } from './faq';
import { PlanCard } from './PlanCard';
import { ANNUAL_DISCOUNT_PERCENT, type BillingPeriod, pricingPlans, TRIAL_DAYS } from './plans';

/** Payment methods listed on the page (how payments are processed is not decided yet). */
const paymentMethods = [
  { label: 'Major credit and debit cards', icon: IconCreditCard },
  { label: 'PayPal', icon: IconBrandPaypal },
  { label: 'Bank transfer (Enterprise)', icon: IconBuildingBank },
];

/** The pricing page: beta notice, billing toggle, three plans, trial, payment methods and FAQ. */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <Container size="lg" py={48}>
      <title>Pricing · Flows</title>
      <Stack gap={48}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1}>Pricing</Title>
          <Text c="dimmed" size="lg" maw={620}>
            Start free. Paid plans with more flows, longer history and stronger engines are on the
            way.
          </Text>
          <Notice color="violet" icon={IconInfoCircle} title="Flows is in beta" maw={720} ta="left">
            Flows is free for early adopters while it is in beta. Pro and Enterprise are coming soon
            and cannot be bought yet, so nothing is charged today.
          </Notice>
          <Group gap="sm" justify="center">
            <SegmentedControl
              aria-label="Billing period"
              value={period}
              onChange={(value) => setPeriod(value as BillingPeriod)}
              size="md"
              radius="xl"
              data={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'annual', label: 'Annual' },
              ]}
            />
            <Badge size="lg" color="teal" variant={period === 'annual' ? 'filled' : 'light'}>
              Save {ANNUAL_DISCOUNT_PERCENT}%
            </Badge>
          </Group>
        </Stack>

        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {pricingPlans.map((plan) => (
              <PlanCard key={plan.name} plan={plan} period={period} />
            ))}
          </SimpleGrid>
          <FreePlanLimit />
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder radius="lg" p="lg">
            <Group gap="sm" mb="xs" wrap="nowrap">
              <ThemeIcon variant="light" color="teal" radius="md">
                <IconClock size={18} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {TRIAL_DAYS}-day free trial
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              Pro and Enterprise will start with a {TRIAL_DAYS}-day free trial. No credit card is
              required to start it.
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Title order={2} fz="lg" mb="xs">
              Payment methods
            </Title>
            <List spacing={6} size="sm" listStyleType="none">
              {paymentMethods.map(({ label, icon: Icon }) => (
                <List.Item key={label}>
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={18} aria-hidden />
                    <span>{label}</span>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Paper>
        </SimpleGrid>

        <Stack gap="md" maw={820} w="100%" mx="auto">
          <Title order={2} ta="center">
            Frequently asked questions
          </Title>
          <Accordion variant="separated" radius="md">
            {pricingQuestions.map(({ question, answer }) => (
              <Accordion.Item key={question} value={question}>
                <Accordion.Control>{question}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </Container>
  );
}

import {
  IconApi,
  IconBrandDiscord,
  IconBrandGithub,
  IconBrandGoogle,
  IconBrandJira,
  IconBrandSlack,
  IconBrandTrello,
  IconDatabase,
  IconFileText,
  IconRobot,
  IconTemplate,
  IconWebhook,
} from '@tabler/icons-react';

/** An icon component from @tabler/icons-react. */
export type LandingIcon = typeof IconRobot;

/** A card in the landing page's Key Features section. */
export type LandingFeature = {
  title: string;
  description: string;
  icon: LandingIcon;
  color: string;
};

/** The six marketed capabilities (spec section 1). */
export const landingFeatures: LandingFeature[] = [
  {
    title: 'AI Agent Execution',
    description:
      'Describe a goal and an AI agent splits it into tasks, runs them one by one and combines the results into a final answer.',
    icon: IconRobot,
    color: 'violet',
  },
  {
    title: 'Webhook Integration',
    description:
      'Send outgoing webhooks to any service, with the method, headers and authentication it expects, and run them on demand.',
    icon: IconWebhook,
    color: 'grape',
  },
  {
    title: 'File Processing',
    description:
      'Attach PDFs, Word documents, text, Markdown, CSV, JSON and HTML files or PNG, JPEG, WebP and GIF images to a goal: every task reads their text, and images go to the model as images.',
    icon: IconFileText,
    color: 'blue',
  },
  {
    title: 'API Framework',
    description:
      'Connect outside APIs with base URLs, versions, authentication, rate limits and timeouts set once and reused.',
    icon: IconApi,
    color: 'cyan',
  },
  {
    title: 'Quick Templates',
    description:
      'Start from ready-made goals such as Research Assistant, Content Creator, Data Analyst and Project Planner.',
    icon: IconTemplate,
    color: 'teal',
  },
  {
    title: 'Data Storage',
    description:
      'Tasks, agent steps and integration settings are stored with their history, so past goals are easy to find and reuse.',
    icon: IconDatabase,
    color: 'orange',
  },
];

/** A tile in the landing page's Integration Ecosystem section. */
export type IntegrationService = {
  name: string;
  description: string;
  icon: LandingIcon;
  color: string;
};

/** Six of the services Flows connects to. */
export const integrationServices: IntegrationService[] = [
  { name: 'Slack', description: 'Post messages to channels', icon: IconBrandSlack, color: 'grape' },
  {
    name: 'Google',
    description: 'Calendar, Drive and Sheets',
    icon: IconBrandGoogle,
    color: 'red',
  },
  {
    name: 'GitHub',
    description: 'Open issues in repositories',
    icon: IconBrandGithub,
    color: 'gray',
  },
  {
    name: 'Discord',
    description: 'Notify servers and channels',
    icon: IconBrandDiscord,
    color: 'indigo',
  },
  { name: 'Trello', description: 'Create cards on boards', icon: IconBrandTrello, color: 'blue' },
  { name: 'Jira', description: 'Create and track issues', icon: IconBrandJira, color: 'cyan' },
];

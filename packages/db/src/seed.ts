import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { templates } from './schema';

/** The Quick Templates every installation starts with. */
export const builtInTemplates = [
  {
    id: 'research-assistant',
    name: 'Research Assistant',
    description: 'Research a topic and summarise the key findings with sources to check.',
    prompt:
      'Research the current state of renewable energy storage: list the main technologies, compare their costs and maturity, and summarise the key findings.',
  },
  {
    id: 'content-creator',
    name: 'Content Creator',
    description: 'Plan and write a blog post with a title, outline and draft.',
    prompt:
      'Write a blog post about productivity habits for remote developers: propose a title, an outline, then a draft of about 600 words.',
  },
  {
    id: 'data-analyst',
    name: 'Data Analyst',
    description: 'Work out how to analyse a dataset and what to look for.',
    prompt:
      'Plan an analysis of monthly sales data for a small online shop: the questions to ask, the metrics to compute, the charts to draw and how to read them.',
  },
  {
    id: 'project-planner',
    name: 'Project Planner',
    description: 'Break a project into milestones, tasks and risks.',
    prompt:
      'Create a project plan for launching a mobile app in three months: milestones, tasks per milestone, owners to assign, and the main risks.',
  },
  {
    id: 'website-builder',
    name: 'Website Builder',
    description: 'Design, build and deploy a one-page website.',
    prompt:
      'Create a website for a neighbourhood coffee shop with a hero section, the menu, opening hours and a contact form, then deploy it.',
  },
] as const;

/** Inserts or refreshes the built-in templates; safe to run at every start-up and concurrently. */
export async function seedTemplates(db: Database): Promise<void> {
  await db
    .insert(templates)
    .values([...builtInTemplates])
    .onConflictDoUpdate({
      target: templates.id,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        prompt: sql`excluded.prompt`,
      },
    });
}

import { type Database, templates } from '@flows/db';
import { asc } from 'drizzle-orm';

/** The Quick Templates, by name: id, name, description and prompt of each. */
export function listTemplates(db: Database) {
  return db
    .select({
      id: templates.id,
      name: templates.name,
      description: templates.description,
      prompt: templates.prompt,
    })
    .from(templates)
    .orderBy(asc(templates.name));
}

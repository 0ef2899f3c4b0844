import { type Database, templates } from '@flows/db';
import { asc } from 'drizzle-orm';

type Template = { id: string; name: string; description: string; prompt: string };

/**
 * Each database's templates, read once: they are seeded at start-up and never change after.
 * Frozen, so that the server serializes the list once (`answerJson`).
 */
const loaded = new WeakMap<Database, Promise<readonly Readonly<Template>[]>>();

/** The Quick Templates, by name: id, name, description and prompt of each. */
export function listTemplates(db: Database): Promise<readonly Readonly<Template>[]> {
  let list = loaded.get(db);
  if (!list) {
    list = db
      .select({
        id: templates.id,
        name: templates.name,
        description: templates.description,
        prompt: templates.prompt,
      })
      .from(templates)
      .orderBy(asc(templates.name))
      .then((rows) => Object.freeze(rows.map((row) => Object.freeze(row))));
    // A failed read is not kept: the next request reads again.
    list.catch(() => loaded.delete(db));
    loaded.set(db, list);
  }
  return list;
}

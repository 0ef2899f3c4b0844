import { type FormErrors, schemaResolver } from '@mantine/form';

/** A zod contract (any Standard Schema) a form's values are checked against. */
export type FormSchema = Parameters<typeof schemaResolver>[0];

/**
 * A form's rules from the API's contract: each field shows the first message the server would
 * answer for it. The server stays the authority; its answer is what a failed save shows.
 */
export function contractRules(schema: FormSchema): (values: unknown) => FormErrors {
  return schemaResolver(schema, { sync: true });
}

import { type AnyInputMapping, type RestRow, restTable } from './rest-table';

/** The markers README.md holds the generated list of REST paths between. */
export const README_START = '<!-- rest-paths:start -->';
export const README_END = '<!-- rest-paths:end -->';

const code = (text: string) => `\`${text}\``;

/** How a row's input is made, in a few words: "body fields, `{id}` as `taskId`". */
function describeInput(mapping: AnyInputMapping | undefined): string {
  if (!mapping) return '';
  const { body, query = {}, header = {}, path = {}, fixed = {} } = mapping;
  const as = (from: string, field: string) => (from === field ? '' : ` as ${code(field)}`);
  return [
    body === 'input' ? 'JSON body' : '',
    body === 'fields' ? 'body fields' : '',
    typeof body === 'object' ? `body as ${code(body.field)}` : '',
    ...Object.entries(query).map(
      ([name, { field, type }]) =>
        `${code(`?${name}`)}${as(name, field)}${type === 'integer' ? ' (integer)' : ''}`,
    ),
    ...Object.entries(header).map(([name, field]) => `${code(name)} header${as(name, field)}`),
    ...Object.entries(path).map(([name, field]) => `${code(`{${name}}`)}${as(name, field)}`),
    ...Object.entries(fixed).map(([field, value]) => code(`${field}: ${JSON.stringify(value)}`)),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The README's list of REST paths: one line of a Markdown table per row of the REST table. */
export function restPathsMarkdown(table: readonly RestRow[] = restTable): string {
  const lines = table.map((row) =>
    [
      '',
      code(row.method),
      code(row.path),
      row.procedure ? code(row.procedure) : '—',
      String(row.status),
      describeInput(row.procedure ? row.input : undefined),
      row.summary,
      '',
    ]
      .join(' | ')
      .trim(),
  );
  return [
    '<!-- Generated from apps/server/src/rest-table.ts: pnpm --filter @flows/server readme:paths -->',
    '| Method | Path | Procedure | Status | Input | What it does |',
    '|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}

/** README.md's text with the REST paths between the markers made anew from the table. */
export function withRestPaths(readme: string, table: readonly RestRow[] = restTable): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end < start) {
    throw new Error(`README.md has no ${README_START} ... ${README_END} section`);
  }
  const before = readme.slice(0, start + README_START.length);
  return `${before}\n${restPathsMarkdown(table)}\n${readme.slice(end)}`;
}

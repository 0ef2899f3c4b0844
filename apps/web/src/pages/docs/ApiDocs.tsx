import { Anchor, Code, List, Stack } from '@mantine/core';
import { IconApi } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { DocSection, DocText } from './DocSection';

const curlExample = `# start a run as yourself; answers {"taskId": "..."}
curl -s -X POST https://your-flows/api/flows \\
  -H "Authorization: Bearer $FLOWS_TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '{"goal": "Summarise this week in AI", "auto": true}'

# follow it live (Server-Sent Events)
curl -N https://your-flows/api/tasks/$TASK_ID/events \\
  -H "Authorization: Bearer $FLOWS_TOKEN"

# its state once it is done
curl -s https://your-flows/api/flows/$TASK_ID -H "Authorization: Bearer $FLOWS_TOKEN"`;

const trpcExample = `# a query: GET with the input as JSON in ?input=
curl -s "https://your-flows/trpc/flow.state?input=%7B%22taskId%22%3A%22$TASK_ID%22%7D" \\
  -H "Authorization: Bearer $FLOWS_TOKEN"
# a mutation: POST with the input as the body
curl -s -X POST https://your-flows/trpc/flow.stop -H "Authorization: Bearer $FLOWS_TOKEN" \\
  -H 'Content-Type: application/json' -d '{"taskId": "'$TASK_ID'"}'`;

/** Docs tab: using Flows from scripts: tokens, REST, tRPC, the live feed. */
export function ApiDocs() {
  return (
    <Stack gap="xl">
      <Notice color="violet" icon={IconApi} title="API reference">
        Every REST path, with its parameters, bodies, answers and errors, is in the{' '}
        <Anchor component={Link} to="/docs/api">
          API reference
        </Anchor>
        , generated from the server's own code. The machine-readable OpenAPI 3.1 document is at{' '}
        <Code>/api/openapi.json</Code>.
      </Notice>

      <DocSection title="API tokens">
        <DocText>
          Without credentials a script acts as a visitor: its runs belong to nobody and it cannot
          see your history, webhooks or integrations. To act as you, create a personal API token:
        </DocText>
        <List type="ordered" spacing="xs">
          <List.Item>
            Sign in and open{' '}
            <Anchor component={Link} to="/settings/tokens">
              Settings → API tokens
            </Anchor>{' '}
            (the key button in the header).
          </List.Item>
          <List.Item>
            Give the token a name and, if you like, an expiry, then click{' '}
            <strong>Create token</strong>.
          </List.Item>
          <List.Item>
            Copy the token (it starts with <Code>flows_</Code>). It is shown only once: Flows keeps
            only a hash of it.
          </List.Item>
          <List.Item>
            Send it with every request as <Code>Authorization: Bearer &lt;token&gt;</Code>.
          </List.Item>
        </List>
        <DocText>
          The list shows each token's name, start, creation date, last use and expiry. Revoke a
          token you no longer need: from then on, requests with it answer <Code>401</Code> with a
          message saying why (revoked or expired). A token cannot create or list tokens.
        </DocText>
      </DocSection>

      <DocSection title="REST">
        <DocText>
          Every operation of the web app is also a REST path under <Code>/api</Code>: runs (
          <Code>POST /api/flows</Code>, <Code>GET /api/flows/&#123;taskId&#125;</Code>, stop,
          continue, execute, retry, reset, auto), tasks and steps, websites and sites, webhooks, API
          integrations and tokens. Bodies are JSON (<Code>Content-Type: application/json</Code>, at
          most 1 MB). Errors answer with a status and <Code>{'{ "error": "message" }'}</Code>; a
          refused input adds <Code>issues</Code>, one per field.
        </DocText>
        <DocText>
          Scripts that send no <Code>Origin</Code> header, and any request with a bearer token, pass
          the cross-site check that protects signed-in browsers. When a usage limit is reached (for
          example the free plan's runs per day) the answer is <Code>429</Code> with a{' '}
          <Code>Retry-After</Code> header and a message saying when to try again;{' '}
          <Code>GET /api/flows/allowance</Code> tells how many runs are left today.
        </DocText>
      </DocSection>

      <DocSection title="Example">
        <Code block>{curlExample}</Code>
      </DocSection>

      <DocSection title="The live feed">
        <DocText>
          <Code>GET /api/tasks/&#123;id&#125;/events</Code> streams a run as Server-Sent Events:
          each <Code>step</Code> event carries a step with its sequence number as the event id,{' '}
          <Code>state</Code> events carry the run's state, <Code>text</Code> events the model's
          reply as it streams, and a comment every 15 seconds keeps the connection open. Reconnect
          with the last id you saw in the <Code>Last-Event-ID</Code> header (or{' '}
          <Code>?lastEventId=</Code>) and you get every later step exactly once.{' '}
          <Code>GET /api/tasks/&#123;id&#125;/steps?after=N</Code> returns the same steps as JSON.
        </DocText>
      </DocSection>

      <DocSection title="tRPC">
        <DocText>
          The web app itself calls the same operations as tRPC procedures at{' '}
          <Code>/trpc/&lt;procedure&gt;</Code> (<Code>flow.start</Code>, <Code>task.list</Code>,
          ...); each REST path names its procedure in the reference. Queries are <Code>GET</Code>{' '}
          with the input as JSON in <Code>?input=</Code>, mutations are <Code>POST</Code> with the
          input as the body, and a batch holds at most 20 calls. TypeScript clients get full types
          from <Code>@trpc/client</Code> with Flows' <Code>AppRouter</Code> type. Bearer tokens work
          here too.
        </DocText>
        <Code block>{trpcExample}</Code>
      </DocSection>
    </Stack>
  );
}

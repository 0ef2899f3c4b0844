import { isSecretQueryName } from './url-secrets';

/** What a removed secret reads as in logs, stored errors and the execution history. */
const REDACTED = '[redacted]';

/**
 * Removes every secret from a text, in the forms a reply may echo it: as is, URL-encoded and
 * JSON-escaped. Longer secrets go first so one that contains another is removed whole.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  let scrubbed = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.replaceAll(form, REDACTED);
  }
  return scrubbed;
}

/** An address fit for the history: no password, no secret-looking query values, no secrets. */
export function scrubUrl(url: string, secrets: readonly string[]): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = REDACTED;
    for (const name of [...new Set(parsed.searchParams.keys())]) {
      if (isSecretQueryName(name)) parsed.searchParams.set(name, REDACTED);
    }
    return scrubSecrets(parsed.toString(), secrets).replaceAll(
      encodeURIComponent(REDACTED),
      REDACTED,
    );
  } catch {
    return scrubSecrets(url, secrets);
  }
}

/**
 * Keeps credentials out of everything the client says: error messages, logs and the paths it
 * reports. A server may echo the token back in an error body, so every server-provided text goes
 * through `scrub` before it is put into an error or a log line.
 */

const REDACTED = '[redacted]';

/** Query parameters whose values are never repeated in an error or a log line. */
const SECRET_QUERY_PARAM = /token|secret|password|passwd|api[-_]?key|^key$|signature|^sig$|auth/i;

/** Replaces every occurrence of each secret (raw and URL-encoded) with a marker. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue; // too short to be a credential; replacing it would mangle text
    out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  return out;
}

/** A request path fit to report: the pathname, and the query with secret-looking values hidden. */
export function safePath(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q === -1) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAM.test(name)) params.set(name, REDACTED);
  }
  const query = params.toString();
  return query ? `${pathAndQuery.slice(0, q)}?${query}` : pathAndQuery.slice(0, q);
}

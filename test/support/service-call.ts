/**
 * A change made on the service itself, not through Slack: a raw request to the sandbox with its
 * token, as the service's own web app would make it (so only its webhooks can tell the app).
 */
export interface ServiceTarget {
  url: string;
  token: string;
}

export async function serviceCall(sandbox: ServiceTarget, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  return { status: res.status, text, record: json?.data ?? json };
}

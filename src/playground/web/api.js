// The playground's JSON API and its change stream.

export async function getJson(path) {
  const response = await fetch(path);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

export async function post(name, body) {
  const response = await fetch(`/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new Error('the playground did not answer (is npm start still running?)');
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

/** Calls onChange whenever the workspace changed (the app called Slack, or someone acted). */
export function watchChanges(onChange) {
  const source = new EventSource('/api/events');
  source.addEventListener('change', onChange);
  return () => source.close();
}

import type { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from '../../../../src/contract/index.ts';
import { answerProfile, type ProfileName } from '../../../../src/sandbox/http/answer-profile.ts';

/** The endpoint a method and concrete path (under /api) belong to, if any. */
export function matchEndpoint(method: string, path: string): EndpointDef | undefined {
  const bare = path.split('?')[0]?.replace(/\/$/, '') ?? '';
  return (ENDPOINTS as readonly EndpointDef[]).find((ep) => {
    if (ep.method !== method.toUpperCase()) return false;
    const pattern = new RegExp(`^${ep.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(bare);
  });
}

/**
 * Checks one answer against the schemas the OpenAPI document is generated from, as the sandbox's
 * profile shapes them: a success against its endpoint's response schema (or an alternative success
 * it declares), a failure against the error body. Throws with the zod issues when it does not conform.
 */
export function assertConforms(
  method: string,
  path: string,
  status: number,
  body: unknown,
  profileName: ProfileName = 'full',
): void {
  const profile = answerProfile(profileName);
  const ep = matchEndpoint(method, path);
  let schema: z.ZodType | null | undefined;
  if (status >= 400) {
    schema = profile.errorSchema;
  } else if (!ep || !profile.serves(ep)) {
    throw new Error(`${method} ${path} answered ${status} but matches no endpoint of the contract`);
  } else if (status !== ep.status && !ep.alsoResponds?.some((alt) => alt.status === status)) {
    throw new Error(`${method} ${path} answered ${status}; the contract says ${ep.status}`);
  } else {
    schema = profile.responseSchema(ep, status);
  }
  if (schema === null) {
    if (body !== undefined)
      throw new Error(`${method} ${path} answered ${status} with a body; expected none`);
    return;
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${method} ${path} → ${status} does not conform:\n${JSON.stringify(result.error.issues, null, 2)}\n` +
        `body: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

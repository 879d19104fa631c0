/** The error code Slack answered a Web API call with (`data.error`, e.g. `channel_not_found`), if it did. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | null | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

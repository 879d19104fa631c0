/**
 * Puts a form (or a problem) in place of the loading view a person is looking at. While the
 * service answered, the person may have closed the modal or another one may have replaced it;
 * Slack then answers `not_found`. That is the person's choice, not a failure: the fill ends
 * quietly instead of telling them "something went wrong" about a form they no longer see.
 */
import type { ViewsUpdateArguments, WebClient } from '@slack/web-api';

/** True when the view was filled; false when the person had closed it. Other errors are thrown. */
export async function fillOpenView(
  client: Pick<WebClient, 'views'>,
  args: ViewsUpdateArguments,
): Promise<boolean> {
  try {
    await client.views.update(args);
    return true;
  } catch (error) {
    if (isViewGone(error)) return false;
    throw error;
  }
}

function isViewGone(error: unknown): boolean {
  const e = error as { code?: unknown; data?: { error?: unknown } } | null;
  return e?.code === 'slack_webapi_platform_error' && e.data?.error === 'not_found';
}

/**
 * From fetched tasks to the message of one firing: select the subscription's tasks for its local
 * date, then compose (`messages`: the Slack UI's). Pure; the runner calls it for the first post, a
 * preview and every edit.
 */
import type { DigestMessage, DigestMessagePreview, DigestMessages } from './messages.ts';
import { type DigestSelection, type DigestTask, selectTasks } from './select.ts';
import type { DigestFiring, DigestSubscription } from './types.ts';

/** Where a digest's links lead; both are web pages of the service. */
export interface DigestLinks {
  /** A task's page. */
  taskUrl(task: DigestTask, subscription: DigestSubscription): string | undefined;
  /** The full list behind "and N more". */
  listUrl(subscription: DigestSubscription): string | undefined;
}

interface RenderDigestInput {
  subscription: DigestSubscription;
  firing: Pick<DigestFiring, 'localDate' | 'scheduledAt' | 'late'>;
  tasksByProject: ReadonlyMap<number, readonly DigestTask[]>;
  slackUserIds: ReadonlyMap<number, string>;
  links: DigestLinks;
  messages: DigestMessages;
  now: Date;
  /**
   * Render "nothing due" even for a digest that stays silent then: a preview must show something,
   * and an edited message must not keep listing tasks that are all done.
   */
  showWhenEmpty: boolean;
  /** A preview says it is one. */
  preview?: DigestMessagePreview | undefined;
  /** When the lists were read, if read ahead. */
  listedAt?: Date | undefined;
}

export interface RenderedDigest {
  message: DigestMessage;
  /** Every task selected, in section order (kept with the post to know what an edit may change). */
  taskIds: number[];
}

/** Fetching with `done=false` leaves no done task to drop here. */
const NO_DONE_STATUSES: ReadonlySet<number> = new Set();

export function renderDigest(input: RenderDigestInput): RenderedDigest | null {
  const { subscription, firing, links } = input;
  const selection: DigestSelection = selectTasks(subscription, input.tasksByProject, {
    now: input.now,
    doneStatusIds: NO_DONE_STATUSES,
    localDate: firing.localDate,
  });
  const message = input.messages.digest(
    {
      subscription: input.showWhenEmpty ? { ...subscription, postWhenEmpty: true } : subscription,
      firing,
      selection,
      slackUserIds: input.slackUserIds,
      taskUrl: (task) => links.taskUrl(task, subscription),
      moreUrl: links.listUrl(subscription),
      preview: input.preview,
      listedAt: input.listedAt,
    },
    input.now,
  );
  if (!message) return null;
  const taskIds = [...selection.overdue, ...selection.dueToday, ...selection.upcoming].map((task) => task.id);
  return { message, taskIds };
}

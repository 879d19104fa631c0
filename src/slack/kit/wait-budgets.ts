/**
 * How long each kind of work may wait for the service, in one table. A person who typed a command,
 * clicked a button or submitted a form hears something within Slack's 3 s (`firstWordMs` after
 * the request, a "busy" note unless the handler has answered); a service call that would wait past
 * `maxWaitMs` for the rate limit is refused at once with the wait, so the person is told when to try
 * again rather than left waiting. Digests have no one waiting and may queue for minutes.
 */
export const WAIT_BUDGETS = {
  interactive: {
    /** After this long without an answer, the person is told the service is busy. */
    firstWordMs: 1_500,
    /** The longest one service call of a command, button or form may wait for the rate limit. */
    maxWaitMs: 30_000,
    /** Added to the limiter's wait in the promise made to the person: one request's time. */
    inFlightMs: 10_000,
    /**
     * Once a person has been promised the result (the busy note), the command's calls wait up to
     * this long for their slot: a wait longer than foreseen still ends in the result, not in
     * "nothing was changed" (another instance's people may take the slots first).
     */
    promisedMaxWaitMs: 300_000,
  },
  digest: {
    maxWaitMs: 600_000,
  },
} as const;

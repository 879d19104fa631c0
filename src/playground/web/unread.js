// Which of the app's messages a person has seen, as Slack marks a DM read: the newest message's ts
// when they last looked at the Messages tab, per person in localStorage. The sidebar shows the
// app's DM unread past it, so a result sent there (a global shortcut's task) is not missed.

const READ_PREFIX = 'taskbridge.read.';

export function hasUnread(user, latestTs) {
  if (!latestTs) return false;
  try {
    return Number(latestTs) > Number(localStorage.getItem(READ_PREFIX + user) ?? 0);
  } catch {
    return false;
  }
}

export function markRead(user, latestTs) {
  if (!latestTs) return;
  try {
    localStorage.setItem(READ_PREFIX + user, latestTs);
  } catch {
    // Refused storage: the DM just stays marked unread.
  }
}

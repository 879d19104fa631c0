/** What a new assistant thread offers: the verbs people use most, as the words the DM reads. */
export const ASSISTANT_PROMPTS_TITLE = 'Ask me as you would after /task:';

export const ASSISTANT_PROMPTS = [
  { title: 'My tasks', message: 'mine' },
  { title: 'Due today', message: 'find @me due:today' },
  { title: 'Find a task…', message: 'find login' },
  { title: 'New task…', message: 'new Review the release notes #Website due tomorrow' },
] as const;

/**
 * The shortcuts the page offers, with the names manifest.yml gives them (a test keeps the two
 * equal): message shortcuts in every message's menu, global ones under the composer's ⚡.
 */
import { SHORTCUTS, TEAM_SHORTCUTS } from '../slack/ui/ids.ts';

interface PlaygroundShortcut {
  callbackId: string;
  name: string;
  description: string;
}

export const MESSAGE_SHORTCUTS: readonly PlaygroundShortcut[] = [
  {
    callbackId: SHORTCUTS.createTaskFromMessage,
    name: 'Create task',
    description: 'Turn this message into a task, with a link back to it',
  },
  {
    callbackId: TEAM_SHORTCUTS.threadToMindMap,
    name: 'Thread to mind map',
    description: 'Make a mind map of this thread, the first message at the centre and each reply a branch',
  },
];

export const GLOBAL_SHORTCUTS: readonly PlaygroundShortcut[] = [
  {
    callbackId: SHORTCUTS.createTaskGlobal,
    name: 'Create task',
    description: 'Create a task in one of your projects',
  },
];

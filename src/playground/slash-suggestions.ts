/** The `/task` verbs as the composer suggests them while typing, from the app's own verb table. */
import { VERBS } from '../slack/commands/verbs.ts';
import { COMMAND_NAME } from '../slack/ui/ids.ts';

interface SlashSuggestion {
  command: string;
  verb: string;
  usage: string;
  summary: string;
}

export function slashSuggestions(): SlashSuggestion[] {
  return VERBS.map((verb) => ({
    command: COMMAND_NAME,
    verb: verb.name,
    usage: verb.usage,
    summary: verb.summary,
  }));
}

/**
 * The text `npm run chat` sends for what was typed, as Slack sends a slash command's text with
 * `should_escape: true` (manifest.yml): `&`, `<` and `>` escaped, then a known person's `@name` as
 * `<@U…|name>`, a known channel's `#name` as `<#C…|name>`, and `@here`/`@channel`/`@everyone` as
 * `<!here>`… Only the mentions built here are markup; anything typed is text.
 */
import { escapeMrkdwn } from '../slack-platform/mrkdwn.ts';

interface ChatNames {
  users: ReadonlyArray<{ id: string; name: string }>;
  channels: ReadonlyArray<{ id: string; name: string }>;
}

const SPECIAL = ['here', 'channel', 'everyone'];

export function slackCommandText(typed: string, names: ChatNames): string {
  const users = new Map(names.users.map((u) => [u.name.toLowerCase(), u]));
  const channels = new Map(names.channels.map((c) => [c.name.toLowerCase(), c]));
  // A mention starts a word and ends where a name cannot go on (as in `@ben,` or `#website.`).
  return escapeMrkdwn(typed).replace(
    /(^|[\s(])([@#])([\w.-]*\w)(?![\w-])/g,
    (whole, before: string, sigil: string, word: string) => {
      const key = word.toLowerCase();
      if (sigil === '@') {
        if (SPECIAL.includes(key)) return `${before}<!${key}>`;
        const user = users.get(key);
        return user ? `${before}<@${user.id}|${user.name}>` : whole;
      }
      const channel = channels.get(key);
      return channel ? `${before}<#${channel.id}|${channel.name}>` : whole;
    },
  );
}

/** Configured secrets are kept out of every log line by value, however a library wrote them. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.ts';

function captured(secrets: string[]) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'debug', destination, secrets }) };
}

describe('the logger and secret values', () => {
  const secret = 'client-secret/with+odd"chars\\';

  it('replaces a secret in a message, raw, JSON-escaped up to three times, or URL-encoded', () => {
    const { lines, logger } = captured([secret, 'xoxb-bot-token-value']);
    logger.debug(`http request body: ${JSON.stringify({ client_secret: secret })}`);
    logger.info({ nested: { note: `token xoxb-bot-token-value in text` } }, 'plain');
    logger.warn(`a url ?secret=${encodeURIComponent(secret)}`);
    logger.child({ component: 'bolt' }).error(JSON.stringify(JSON.stringify({ s: secret })));
    const text = lines.join('');
    expect(lines).toHaveLength(4);
    expect(text).not.toContain('xoxb-bot-token-value');
    expect(text).not.toContain('client-secret');
    expect(text).not.toContain(encodeURIComponent(secret));
    expect(text.match(/\[redacted\]/g)).toHaveLength(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('leaves short values alone: they would redact ordinary words', () => {
    const { lines, logger } = captured(['abc']);
    logger.info('abc is fine');
    expect(lines.join('')).toContain('abc is fine');
  });
});

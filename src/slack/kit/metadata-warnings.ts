/**
 * Slack drops Work Object metadata it cannot read and still answers `ok: true`, with a warning
 * (`invalid_metadata_format`, platform notes "Work Objects"): the message goes out as plain Block
 * Kit and nobody would notice. Such a warning is an error here: logged as one and counted in
 * `/metrics` (`taskbridge_slack_metadata_warnings_total`).
 */
import { channel } from 'node:diagnostics_channel';
import type { Logger } from '../../lib/logger.ts';
import { SLACK_METADATA_WARNING, type SlackMetadataWarningEvent } from '../../lib/slack-metadata-channels.ts';

const published = channel(SLACK_METADATA_WARNING);

interface Answer {
  warning?: unknown;
  response_metadata?: { warnings?: unknown; messages?: unknown };
}

/** The answer's metadata warnings (none when Slack kept the metadata). */
export function metadataWarnings(answer: unknown): string[] {
  const a = (answer ?? {}) as Answer;
  const words = [
    ...(typeof a.warning === 'string' ? a.warning.split(',') : []),
    ...(Array.isArray(a.response_metadata?.warnings) ? (a.response_metadata.warnings as unknown[]) : []),
  ].filter((w): w is string => typeof w === 'string' && w.includes('metadata'));
  return [...new Set(words)];
}

/** Logs and counts a metadata warning in Slack's answer to `method`; true when there was one. */
export function reportMetadataWarning(logger: Logger, method: string, answer: unknown): boolean {
  const warnings = metadataWarnings(answer);
  if (warnings.length === 0) return false;
  const messages = (answer as Answer).response_metadata?.messages;
  logger.error(
    { method, warnings, messages: Array.isArray(messages) ? messages.slice(0, 5) : undefined },
    'Slack dropped the Work Object metadata of a post',
  );
  published.publish({ method } satisfies SlackMetadataWarningEvent);
  return true;
}

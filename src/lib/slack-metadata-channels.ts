/**
 * The diagnostics channel on which the Slack app publishes a metadata warning from Slack (Work
 * Object metadata Slack dropped: `invalid_metadata_format`), read by `/metrics`: named here, below
 * both, so neither imports the other.
 */

/** Slack answered a post carrying metadata with a warning about it: `{ method }`. */
export const SLACK_METADATA_WARNING = 'taskbridge:slack:metadata-warning';

export interface SlackMetadataWarningEvent {
  /** The Web API method that answered with the warning (`chat.unfurl`, `chat.postMessage`…). */
  method: string;
}

/**
 * A record SQLite has already serialised as JSON (`json_object`), to be sent as it is: the hot task
 * lists build their records this way. Answer profiles that reshape records parse it first.
 */
export class RawJson {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/** The JSON text of a record, whichever form it is in. */
export function jsonText(record: unknown): string {
  return record instanceof RawJson ? record.json : JSON.stringify(record);
}

/** A record as a plain value, whichever form it is in. */
export function plainRecord(record: unknown): unknown {
  return record instanceof RawJson ? JSON.parse(record.json) : record;
}

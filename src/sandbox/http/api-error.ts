/**
 * Failures a handler raises on purpose. The error handler turns each into the service's envelope
 * `{message, errors?}` with its status; anything else that escapes is a sandbox bug (a 500).
 */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export function notFound(resource: string, id: number | string): ApiError {
  return new ApiError(404, `${resource} ${id} not found.`);
}

export function forbidden(message: string): ApiError {
  return new ApiError(403, message);
}

export function conflict(message: string): ApiError {
  return new ApiError(409, message);
}

/** A 422 whose message names the first field and counts the rest (the Laravel convention). */
export function validationFailed(errors: FieldErrors): ApiError {
  return new ApiError(422, summarise(errors), errors);
}

/** A 422 about one field. */
export function invalidField(field: string, message: string): ApiError {
  return validationFailed({ [field]: [message] });
}

function summarise(errors: FieldErrors): string {
  const entries = Object.entries(errors);
  const total = entries.reduce((n, [, list]) => n + list.length, 0);
  const first = entries[0];
  if (!first) return 'The given data was invalid.';
  const [field, messages] = first;
  const head = `${field}: ${messages[0] ?? 'is invalid'}`;
  const rest = total - 1;
  return rest > 0 ? `${head} (and ${rest} more error${rest === 1 ? '' : 's'})` : head;
}

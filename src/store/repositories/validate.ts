/** Small input checks shared by the repositories; each error names the field at fault. */

export function requireText(field: string, value: unknown, maxLength = 1000): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new TypeError(`${field} must be a non-empty string`);
  if (value.length > maxLength) throw new RangeError(`${field} must be at most ${maxLength} characters`);
  return value;
}

export function requirePositiveInt(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`${field} must be a positive integer id`);
  }
  return value;
}

export function requireHttpUrl(field: string, value: unknown): string {
  const text = requireText(field, value, 2000);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`${field} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${field} must be an absolute http(s) URL`);
  }
  return text;
}

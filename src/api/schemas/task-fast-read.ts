/**
 * Whether a raw task record is already in the form `taskRecordSchema` reads it into, so that the
 * schema would return it with the same fields and values (its one own copy aside). Our sandbox's
 * full answer, and a service as complete, sends every task this way; those skip zod's per-field
 * work. Anything else (a field missing, an offset in a date, a nested `project`, an id that is not
 * a positive safe integer) answers no and is read by the schema as before, so this may only be
 * stricter than the schema, never looser. The property test in
 * test/unit/api/schemas/task-fast-read.test.ts holds the two together.
 */
import { UTC_MILLIS } from './lenient.ts';

type Raw = Record<string, unknown>;

/**
 * As the contract's `HexColorSchema` (src/contract/primitives.ts). Restated rather than read
 * through zod, which is the cost this file avoids.
 */
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/**
 * An object as `JSON.parse` makes it. Its own `__proto__` key (which JSON can carry) is refused:
 * the schema's copy would set it as the prototype rather than keep it as a field.
 */
function isPlainRecord(v: unknown): v is Raw {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.getPrototypeOf(v) === Object.prototype &&
    !Object.hasOwn(v, '__proto__')
  );
}

/** As the contract's `IdSchema`: `z.number().int().positive()`, whose int is a safe integer. */
const isId = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) > 0;

const isUtcMillis = (v: unknown): boolean => typeof v === 'string' && UTC_MILLIS.test(v);

/** As `MemberRefSchema.loose()`. */
const isMember = (v: unknown): boolean => isPlainRecord(v) && isId(v.id) && typeof v.name === 'string';

/** As `TaskStatusSchema.loose()`. */
const isStatus = (v: unknown): boolean =>
  isPlainRecord(v) &&
  isId(v.id) &&
  typeof v.name === 'string' &&
  typeof v.color === 'string' &&
  HEX_COLOR.test(v.color);

function areMembers(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  // By index, not for-of: a hole must answer no as the schema's reading of it fails.
  for (let i = 0; i < v.length; i++) if (!isMember(v[i])) return false;
  return true;
}

/**
 * Yes only when every field the schema reads is present in the form it outputs. `project_id` must
 * be an id: null would be filled from a nested `project` or the list's project. `sprint_id` may be
 * null only without a nested `sprint`, which the schema would read instead. Dates must be in the
 * spec's UTC form, which the schema keeps as it is (others it rewrites).
 */
export function isCanonicalTask(raw: unknown): boolean {
  if (!isPlainRecord(raw)) return false;
  return (
    isId(raw.id) &&
    typeof raw.title === 'string' &&
    isStatus(raw.status) &&
    areMembers(raw.assignees) &&
    (raw.due_date === null || isUtcMillis(raw.due_date)) &&
    typeof raw.priority === 'string' &&
    isUtcMillis(raw.created_at) &&
    isId(raw.project_id) &&
    (isId(raw.sprint_id) || (raw.sprint_id === null && raw.sprint === undefined)) &&
    (raw.description === null || typeof raw.description === 'string') &&
    (raw.creator === null || isMember(raw.creator)) &&
    isUtcMillis(raw.updated_at) &&
    // Absent stays absent; anything but a boolean the schema would turn into an undefined field.
    (raw.sprint_shown === undefined ? !('sprint_shown' in raw) : typeof raw.sprint_shown === 'boolean')
  );
}

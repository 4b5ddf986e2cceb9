// The one error catalogue. Every refusal hwa makes has a code here with its HTTP status and title;
// services throw these by name and one handler (error-handler.ts) turns them into problem+json.
// docs/errors.md documents the same codes and a test keeps the two in step.

export interface FieldError {
  /** Where the bad value is: `body.system_name`, `query.limit`, `body.creates[3].type`. */
  path: string;
  message: string;
}

export const CATALOGUE = {
  validation: { status: 400, title: 'The request is invalid' },
  unauthorized: { status: 401, title: 'Authentication required' },
  forbidden: { status: 403, title: 'Not allowed' },
  not_found: { status: 404, title: 'Not found' },
  request_timeout: { status: 408, title: 'Request timeout' },
  // Several refusals share 409; each has its own code so a client can tell them apart without
  // reading `detail`. The first one listed is also what a bare 409 from Fastify or a plugin maps to.
  already_exists: { status: 409, title: 'Already exists' },
  name_taken: { status: 409, title: 'Name already taken' },
  stale_base_version: { status: 409, title: 'Stale base version' },
  power_command_taken: { status: 409, title: 'Power command already taken' },
  state_conflict: { status: 409, title: 'Not possible in the current state' },
  pending_entity: { status: 409, title: 'Entity awaits review' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  header_too_large: { status: 431, title: 'Request header fields too large' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof CATALOGUE;

export const problemType = (code: ErrorCode): string => `urn:hwa:problem:${code}`;

export class HwaError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** Extra members for the problem body, e.g. `current_version` on a version conflict. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HwaError';
  }

  get status(): number {
    return CATALOGUE[this.code].status;
  }
}

/**
 * A batch save of 100k items with one bad field each would otherwise answer 100k errors (megabytes);
 * the first ones show the pattern, and the detail says how many there were.
 */
export const MAX_FIELD_ERRORS = 100;

function validationError(errors: FieldError[], detail?: string): HwaError {
  const shown = errors.slice(0, MAX_FIELD_ERRORS);
  const summary = shown.map((e) => `${e.path} ${e.message}`).join('; ');
  const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more errors)` : '';
  return new HwaError('validation', (detail ?? summary) + more, shown);
}

/** Named constructors: services read `throw Errors.notFound('system')`, never a bare status code. */
export const Errors = {
  validation: validationError,
  invalidField: (path: string, message: string) =>
    new HwaError('validation', `${path} ${message}`, [{ path, message }]),
  unauthorized: (detail = 'Send a valid token as `Authorization: Bearer <token>`.') =>
    new HwaError('unauthorized', detail),
  forbidden: (detail: string) => new HwaError('forbidden', detail),
  notFound: (resource: string) => new HwaError('not_found', `No ${resource} with that id.`),
  /** A unique value is taken and no more specific code applies (SQLSTATE 23505). */
  alreadyExists: (detail: string) => new HwaError('already_exists', detail),
  /** `kind` in the domain's words: `nameTaken('system', 'Rover')`. */
  nameTaken: (kind: string, name: string) =>
    new HwaError('name_taken', `A ${kind} named "${name}" already exists.`),
  /** Optimistic concurrency: the client edited `given`, the resource is at `current`. */
  staleBaseVersion: (resource: string, current: number, given: number) =>
    new HwaError(
      'stale_base_version',
      `The ${resource} is at version ${current}, not ${given}: reload it and apply your changes again.`,
      [],
      { current_version: current },
    ),
  /**
   * A skill's slash command clashes with one its owner can already invoke; `holder` names that skill
   * (`the skill "x" (uuid)`), and `skill_id` in the problem body carries its id when the caller may see it.
   */
  powerCommandTaken: (command: string, holder: string, skillId?: string) =>
    new HwaError(
      'power_command_taken',
      `The command /${command} is already taken by ${holder}: choose another power_command.`,
      [],
      skillId ? { skill_id: skillId } : {},
    ),
  /**
   * A batch save names a pending (proposed, not yet approved) entity as a parent or a relationship end:
   * the approved model would hang on an entity a reviewer may still reject. `errors` names each field.
   */
  pendingEntity: (errors: FieldError[]) =>
    new HwaError(
      'pending_entity',
      `${errors.map((e) => `${e.path} ${e.message}`).join('; ')}: approve it first (POST /systems/{id}/metagraph/proposals/approve), or name an approved entity.`,
      errors.slice(0, MAX_FIELD_ERRORS),
    ),
  /** A move the resource's state does not allow: approving when nothing waits, rolling back to the current version. */
  stateConflict: (detail: string) => new HwaError('state_conflict', detail),
};

/** Status names of the error catalogue (docs/product.md §8). */
export const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The status toast of docs/product.md §8: 'Error {code} : {name}', or 'Error' for any other status. */
export function statusToast(status: number): string {
  const name = STATUS_NAMES[status];
  return name ? `Error ${status} : ${name}` : 'Error';
}

/** One refused field of a request: its name as the API spells it (`title`, `entity_id`) and why. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The one wire shape of errors: Fastify's own, plus the refused fields as data. `errors` is there
 * when the server can name the fields at fault (a 400 of validation, a 409 on a unique field).
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldError[];
}

/**
 * The brand of an ApiError. The shell builds the API clients it hands to the remotes, and each
 * bundle (the shell, every remote) holds its own copy of this module, so `instanceof ApiError` is
 * false in a remote for an error the shell's client threw. `Symbol.for` gives the same symbol to
 * every bundle of the page: `isApiError` checks it (docs/errors.md).
 */
const API_ERROR = Symbol.for('@hub/shared/api/ApiError');

function readFieldErrors(body: unknown): FieldError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is FieldError =>
      typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/**
 * An API answer that was not 2xx, with the status, the server's message and the refused fields.
 * Recognise it with `isApiError` (or `errorStatus`, `fieldErrorsOf`), never with `instanceof`.
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  readonly status: number;
  readonly body: ErrorBody | null;
  /** The refused fields the server named (`errors` of the body), empty when it named none. */
  readonly fieldErrors: readonly FieldError[];

  constructor(status: number, message: string, body: ErrorBody | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = readFieldErrors(body);
  }

  /** Builds the error from a failed response, keeping the server's message when it sent one. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let body: ErrorBody | null = null;
    try {
      const parsed: unknown = await response.json();
      if (parsed && typeof parsed === 'object' && 'message' in parsed) body = parsed as ErrorBody;
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): the status alone speaks.
    }
    return new ApiError(response.status, body?.message ?? statusToast(response.status), body);
  }
}

/**
 * True for an ApiError built by any bundle of the page (the brand, not the class) that carries a
 * numeric status; with `status`, only for that status.
 */
export function isApiError(error: unknown, status?: number): error is ApiError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { [API_ERROR]?: unknown; status?: unknown };
  if (candidate[API_ERROR] !== true || typeof candidate.status !== 'number') return false;
  return status === undefined || candidate.status === status;
}

/** The HTTP status of an API error (0 when the server could not be reached), undefined for any other error. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** The refused fields of an API error, keyed by field (the first message of each); empty for any other error. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (!isApiError(error)) return found;
  for (const { field, message } of error.fieldErrors) found[field] ??= message;
  return found;
}

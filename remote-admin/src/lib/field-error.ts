import { errorStatus, fieldErrorsOf } from '@hub/shared/api';

/**
 * The first field a refusal names, read from the server's `errors` (data, never the message's
 * words). Null when the error names no field.
 */
export function fieldError(error: unknown): { field: string; message: string } | null {
  const [first] = Object.entries(fieldErrorsOf(error));
  return first ? { field: first[0], message: first[1] } : null;
}

/** The HTTP status of an error from the API client, by its brand: the shell's ApiError is another bundle's class. */
export const statusOf = (error: unknown): number | undefined => errorStatus(error);

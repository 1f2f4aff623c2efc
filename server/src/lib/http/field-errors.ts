import { httpErrors } from '@fastify/sensible';
import type { FieldError } from '@hub/shared/api';

/** An error that names the refused fields, as data: the error handler sends them as `errors`. */
export interface NamingFields {
  fieldErrors: FieldError[];
}

/**
 * A refusal about one field: the message reads `{field}: {message}` (the wording every client
 * already shows) and the body carries `errors: [{ field, message }]`, so no client parses the text.
 */
export function fieldError(status: 400 | 409, field: string, message: string): Error & NamingFields {
  const text = `${field}: ${message}`;
  return naming(status === 409 ? httpErrors.conflict(text) : httpErrors.badRequest(text), field, message);
}

/** Marks an error as a refusal of `field` (by default with the error's own message), keeping its message and status. */
export function naming<E extends Error>(error: E, field: string, message: string = error.message): E & NamingFields {
  return Object.assign(error, { fieldErrors: [{ field, message }] });
}

/** The refused fields an error names, empty when it names none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const found = (error as Partial<NamingFields> | null | undefined)?.fieldErrors;
  return Array.isArray(found) ? found : [];
}

import { errorStatus, fieldErrorsOf } from '@hub/shared/api';

/**
 * The one way a console form reads a refusal: the fields it names (the server's `errors`, read as
 * data, never the message's words), each with its first message, kept where the form has that
 * field. `rename` maps a server's field to the form's where their names differ (`rights` → `role`).
 */
export function refusalErrors<V extends object>(
  caught: unknown,
  values: V,
  rename: Readonly<Partial<Record<string, keyof V>>> = {},
): Partial<Record<keyof V, string>> {
  const found: Partial<Record<keyof V, string>> = {};
  for (const [name, message] of Object.entries(fieldErrorsOf(caught))) {
    const field = rename[name] ?? (name in values ? (name as keyof V) : undefined);
    if (field !== undefined) found[field] ??= message;
  }
  return found;
}

/** The HTTP status of an error from the API client, by its brand: the shell's ApiError is another bundle's class. */
export const statusOf = (error: unknown): number | undefined => errorStatus(error);

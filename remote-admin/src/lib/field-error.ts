/**
 * The field a 400 names: the server answers `title: This field is required` (field-errors.ts), so
 * the message lands on its field. Null when the error is not a 400 about a field.
 */
export function fieldError(error: unknown): { field: string; message: string } | null {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (status !== 400 || typeof message !== 'string') return null;
  const match = /^([a-z_][a-z0-9_.]*): (.+)$/i.exec(message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}

/** The HTTP status of an error from the API client (by shape: the shell's ApiError is another bundle's class). */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};

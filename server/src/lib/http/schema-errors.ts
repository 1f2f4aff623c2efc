import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { COLOR_PATTERN, NOT_BLANK } from '@hub/shared/api';
import { naming } from './field-errors';

/** Why a schema refused a value, in the portal's words (`This field is required`, `Invalid length, …`). */
function reason(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return 'This field is required';
  if (error.keyword === 'minLength')
    return params.limit === 1 ? 'This field is required' : `Invalid length, minimum length is ${params.limit}`;
  if (error.keyword === 'pattern' && params.pattern === NOT_BLANK) return 'This field is required';
  if (error.keyword === 'pattern' && params.pattern === COLOR_PATTERN) return 'Please enter a colour as #rrggbb';
  if (error.keyword === 'maxLength') return `Invalid length, maximum length is ${params.limit}`;
  return error.message ?? 'is invalid';
}

/**
 * Validation errors that name the field, as data and in the words of docs/product.md §5: a missing
 * or empty required field answers `errors: [{ field: 'title', message: 'This field is required' }]`
 * beside the message `title: This field is required`; a too long one `Invalid length, maximum
 * length is 100`. Set once, on the root instance (app.ts), so every route of /api and /api/v2
 * refuses a bad body, query or path this way; the app's error handler answers 400 with
 * `{ statusCode, error, message, errors }`.
 */
export function schemaFieldErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const error = errors[0];
  if (!error) return new Error(`${dataVar} is invalid`);
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field =
    error.keyword === 'required'
      ? [path, String((error.params as Record<string, unknown>).missingProperty)].filter(Boolean).join('.')
      : path || dataVar;
  const message = reason(error);
  return naming(new Error(`${field}: ${message}`), field, message);
}

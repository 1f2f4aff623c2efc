import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { COLOR_PATTERN, NOT_BLANK } from '@hub/shared/api';

/**
 * Validation messages that name the field, in the words of docs/product.md §5: a missing or empty required
 * field reads `title: This field is required`, a too long one `name: Invalid length, maximum
 * length is 100`. Set on a route scope with `fastify.setSchemaErrorFormatter(fieldErrors)`; the
 * app's error handler then answers 400 in the usual {statusCode, error, message} shape.
 */
export function fieldErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const error = errors[0];
  if (!error) return new Error(`${dataVar} is invalid`);
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const field = [path, String(params.missingProperty)].filter(Boolean).join('.');
    return new Error(`${field}: This field is required`);
  }
  const field = path || dataVar;
  if (error.keyword === 'minLength') {
    return new Error(
      params.limit === 1 ? `${field}: This field is required` : `${field}: Invalid length, minimum length is ${params.limit}`,
    );
  }
  if (error.keyword === 'pattern' && params.pattern === NOT_BLANK) return new Error(`${field}: This field is required`);
  if (error.keyword === 'pattern' && params.pattern === COLOR_PATTERN) return new Error(`${field}: Please enter a colour as #rrggbb`);
  if (error.keyword === 'maxLength') return new Error(`${field}: Invalid length, maximum length is ${params.limit}`);
  return new Error(`${field}: ${error.message ?? 'is invalid'}`);
}

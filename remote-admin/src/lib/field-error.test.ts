import { ApiError, type ErrorBody } from '@hub/shared/api';
import { refusalErrors } from './field-error';

const refusal = (...errors: Array<{ field: string; message: string }>) =>
  new ApiError(400, errors[0]?.message ?? 'Bad Request', {
    statusCode: 400,
    error: 'Bad Request',
    message: 'refused',
    errors,
  } as ErrorBody);

describe('refusalErrors', () => {
  const values = { name: '', role: 'user', description: '' };

  it('should keep every field the form has, with the first message of each', () => {
    const caught = refusal(
      { field: 'name', message: 'This field is required' },
      { field: 'description', message: 'Too long' },
      { field: 'name', message: 'second' },
      { field: 'unknown', message: 'dropped' },
    );
    expect(refusalErrors(caught, values)).toEqual({ name: 'This field is required', description: 'Too long' });
  });

  it('should put a server field on the form field it is renamed to', () => {
    expect(refusalErrors(refusal({ field: 'rights', message: 'Pick a role' }), values, { rights: 'role' })).toEqual({
      role: 'Pick a role',
    });
  });

  it('should read nothing from an error that names no field, or that is not the API’s', () => {
    expect(refusalErrors(new ApiError(409, 'This name is taken'), values)).toEqual({});
    expect(refusalErrors(new Error('name: This field is required'), values)).toEqual({});
  });
});

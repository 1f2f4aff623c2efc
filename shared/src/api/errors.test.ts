import type * as thisBundle from './errors';
import { ApiError, errorStatus, fieldErrorsOf, isApiError, statusToast, type ErrorBody } from './errors';

describe('statusToast', () => {
  it.each([
    [400, 'Error 400 : Bad Request'],
    [401, 'Error 401 : Unauthorized'],
    [403, 'Error 403 : Forbidden'],
    [404, 'Error 404 : Not Found'],
    [409, 'Error 409 : Conflict'],
    [429, 'Error 429 : Too Many Requests'],
    [500, 'Error 500 : Internal Server Error'],
  ])('should name status %i as the error catalogue does', (status, text) => {
    expect(statusToast(status)).toBe(text);
  });

  it('should fall back to "Error" for a status the catalogue does not name', () => {
    expect(statusToast(502)).toBe('Error');
    expect(statusToast(0)).toBe('Error');
  });
});

describe('isApiError', () => {
  /** A second copy of this module, as another bundle of the page holds one: its own ApiError class. */
  function otherBundle(): typeof thisBundle {
    let copy: typeof thisBundle | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof thisBundle>('./errors');
    });
    return copy!;
  }

  it('should recognise an ApiError thrown by another bundle, where instanceof cannot', () => {
    const other = otherBundle();
    expect(other.ApiError).not.toBe(ApiError);
    const thrown = new other.ApiError(404, 'This item does not exist');
    expect(thrown instanceof ApiError).toBe(false);
    expect(isApiError(thrown)).toBe(true);
    expect(isApiError(thrown, 404)).toBe(true);
    expect(isApiError(thrown, 409)).toBe(false);
    expect(errorStatus(thrown)).toBe(404);
  });

  it('should refuse what only looks like one: a plain Error with a status, an object, nothing', () => {
    const lookalike = Object.assign(new Error('nope'), { name: 'ApiError', status: 404 });
    expect(isApiError(lookalike)).toBe(false);
    expect(isApiError({ status: 404, message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError(undefined)).toBe(false);
    expect(isApiError('ApiError')).toBe(false);
    expect(errorStatus(lookalike)).toBeUndefined();
  });
});

describe('fieldErrorsOf', () => {
  const body = (errors: unknown): ErrorBody =>
    ({ statusCode: 400, error: 'Bad Request', message: 'title: This field is required', errors }) as ErrorBody;

  it('should key the refused fields the server named by field, keeping the first message of each', () => {
    const error = new ApiError(
      400,
      'title: This field is required',
      body([
        { field: 'title', message: 'This field is required' },
        { field: 'url', message: 'Please enter a valid URL (https://)' },
        { field: 'title', message: 'second' },
      ]),
    );
    expect(error.fieldErrors).toHaveLength(3);
    expect(fieldErrorsOf(error)).toEqual({ title: 'This field is required', url: 'Please enter a valid URL (https://)' });
  });

  it('should read no field from a message alone, a malformed list, or an error that is not an ApiError', () => {
    expect(fieldErrorsOf(new ApiError(400, 'title: This field is required'))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'x', body([{ field: 1, message: 'x' }, 'title'])))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'x', body('title')))).toEqual({});
    expect(fieldErrorsOf(new Error('title: This field is required'))).toEqual({});
  });

  it('should read the fields from a failed response', async () => {
    const response = new Response(JSON.stringify(body([{ field: 'name', message: 'This field is required' }])), { status: 400 });
    const error = await ApiError.fromResponse(response);
    expect(error.status).toBe(400);
    expect(error.message).toBe('title: This field is required');
    expect(fieldErrorsOf(error)).toEqual({ name: 'This field is required' });
  });
});

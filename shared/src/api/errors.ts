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

/** The one wire shape of errors: Fastify's own. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** An API answer that was not 2xx, with the status and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, message: string, body: ErrorBody | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
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

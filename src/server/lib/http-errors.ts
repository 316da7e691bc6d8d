/** An error whose message is safe and useful to show to the caller. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;

  constructor(statusCode: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
  }
}

/** A dependency (database, mail server) failed; the caller may try again later. */
export class ServiceUnavailableError extends HttpError {
  override name = 'ServiceUnavailableError';

  constructor(message: string, options?: ErrorOptions) {
    super(503, message, options);
  }
}

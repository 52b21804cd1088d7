/** An error that becomes a `{detail}` JSON answer with the given status. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

export const notAuthenticated = (): HttpError => new HttpError(401, 'Not authenticated');
export const forbidden = (): HttpError => new HttpError(403, 'Forbidden');

import { DomainError } from '~/lib/errors';
import { errorResponse } from '~/lib/http.server';

/**
 * A model call as a route answers it: a domain error it raises becomes the HTTP response the app would
 * send (errorResponse, the one mapping), so model tests can assert the status and sentence people get.
 */
export async function asHttp<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DomainError) throw errorResponse(error);
    throw error;
  }
}

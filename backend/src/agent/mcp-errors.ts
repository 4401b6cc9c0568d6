import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import { HttpError } from '../http/error-handler';

/** Reports an error that is our failure (logged with its stack by the caller). */
export type UnexpectedErrorSink = (err: Error) => void;

/**
 * Runs a resource read or prompt build and maps its failures to protocol
 * errors: a 404 is "resource not found" (with `uri`) or invalid params; a 400
 * is invalid params; anything else is reported and answered with a generic
 * message, never its own text (it can carry database internals).
 */
export async function mapAgentErrors<T>(what: string, run: () => Promise<T>, onUnexpected: UnexpectedErrorSink, uri?: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404 && uri !== undefined) throw new ResourceNotFoundError(uri, err.message);
    if (err instanceof HttpError && err.status < 500) throw new ProtocolError(ProtocolErrorCode.InvalidParams, err.message);
    if (err instanceof ProtocolError) throw err;
    onUnexpected(err instanceof Error ? err : new Error(String(err)));
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${what} failed on the server; the error has been logged. Try again later.`);
  }
}

/** Completion suggestions are a convenience: a failure is reported and suggests nothing. */
export async function safeCompletion(run: () => Promise<string[]>, onUnexpected: UnexpectedErrorSink): Promise<string[]> {
  try {
    return await run();
  } catch (err) {
    onUnexpected(err instanceof Error ? err : new Error(String(err)));
    return [];
  }
}

import { HttpError } from '../../http/errors.ts';

/*
 * Chat kinds this server does not run (docs/decisions/0005). Their routes exist so a client of
 * the LibreChat API gets one clear JSON answer, never a stream, a crash or a bare "no route".
 */

/** 410 Gone: the kind was shut down upstream; `replacement` names what to use instead. */
export function endpointRetired(endpoint: string, message: string, replacement: string): HttpError {
  return new HttpError(410, 'endpoint_retired', `${message} Use the ${replacement} endpoint instead.`, { info: { endpoint, replacement } });
}

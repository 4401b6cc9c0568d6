import { Writer } from '../codec/writer';
import type { Request } from '../context';
import { ErrorCode, SUPPORTED_VERSIONS } from '../protocol';

/**
 * ApiVersions. A version we do not know (e.g. librdkafka's flexible v3) gets
 * the v0 layout with UNSUPPORTED_VERSION plus our list: clients then retry with
 * a version from that list.
 */
export function apiVersionsBody(version: number, errorCode: number): Writer {
  const w = new Writer();
  w.int16(errorCode);
  w.array([...SUPPORTED_VERSIONS], (w, [key, [min, max]]) => w.int16(key).int16(min).int16(max));
  if (version >= 1 && errorCode === ErrorCode.NONE) w.int32(0);
  return w;
}

export function handleApiVersions(req: Request): Writer {
  return apiVersionsBody(req.apiVersion, ErrorCode.NONE);
}

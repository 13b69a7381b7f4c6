import { extendZodWithOpenApi, type ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/**
 * A copy of `schema` that the generator emits as `#/components/schemas/{refId}`. Zod copies prototype methods
 * onto an instance only when it is created, and the domain schemas may have been created before the extension
 * above ran; the prototype method works on any instance and leaves the schema the routes validate with untouched.
 */
export function nameSchema<T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T {
  return z.ZodType.prototype.openapi.call(schema, refId, metadata) as T;
}

import type { ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { nameSchema } from '@/lib/transport/openapi/name-schema';

/**
 * A schema as the OpenAPI document names it (`#/components/schemas/{refId}`), with the document's description.
 * The copy validates exactly as the original: route() may parse with either.
 */
export const named = <T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T => nameSchema(refId, schema, metadata);

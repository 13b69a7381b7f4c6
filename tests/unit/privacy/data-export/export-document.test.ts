import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { EXPORT_SCHEMA_ID, ExportDocument, exportDocumentJsonSchema, exportKinds } from '@/lib/privacy/data-export/export-document';
import { sampleExportDocument } from './sample-export-document';

const compile = () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(exportDocumentJsonSchema());
};

describe('the export document and its published JSON Schema', () => {
  it('is JSON Schema 2020-12 with an $id, a title and a description on the document and on each kind', () => {
    const schema = exportDocumentJsonSchema() as { $schema: string; $id: string; title: string; description: string; required: string[]; properties: Record<string, { items?: { title?: string; description?: string } }> };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(EXPORT_SCHEMA_ID);
    expect(schema.title).toBe('Quartermaster data export');
    expect(schema.description).toMatch(/portability/);
    expect(schema.required).toEqual(['formatVersion', 'generatedAt', 'organisation', 'person', ...exportKinds]);
    for (const kind of exportKinds) {
      expect(schema.properties[kind]!.items!.title, kind).toEqual(expect.any(String));
      expect(schema.properties[kind]!.items!.description, kind).toEqual(expect.any(String));
    }
  });

  it('accepts what the zod schema accepts and refuses what it refuses, so the two never drift', () => {
    const validate = compile();
    const sample = sampleExportDocument();
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
    const wrong = [
      { ...sample, formatVersion: 2 },
      { ...sample, unexpected: true },
      { ...sample, person: { ...sample.person, identifierNational: 42 } },
      { ...sample, donations: [{ ...sample.donations[0]!, amount: 25.5 }] },
      { ...sample, activities: [{ ...sample.activities[0]!, type: 'karaoke' }] },
      { ...sample, loans: [{ ...sample.loans[0]!, startDate: '2026-02-30' }] },
      { ...sample, generatedAt: '24 Nov 2026' },
    ];
    for (const document of wrong) {
      expect(ExportDocument.safeParse(document).success).toBe(false);
      expect(validate(document)).toBe(false);
    }
  });
});

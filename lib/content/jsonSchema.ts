import { z } from 'zod';
import { privacyFileSchema } from './privacy';
import { questionnaireSchema } from './questionnaire';

/** Where the generated JSON Schemas are committed, relative to the repository (files refer to them by $schema). */
export const JSON_SCHEMA_FILE = 'content/questionnaires/questionnaire.schema.json';
export const PRIVACY_JSON_SCHEMA_FILE = 'content/privacy.schema.json';

/**
 * The JSON Schema of a content file, for authors' editors (completion, hover texts, the simple
 * checks). The rules across fields are the zod schema's alone: the import applies them.
 */
function jsonSchemaOf(schema: z.ZodType, title: string): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    override: ({ jsonSchema }) => {
      // Whole numbers are checked with multipleOf(1) in zod; editors understand "integer" better.
      if (jsonSchema.type === 'number' && jsonSchema.multipleOf === 1) {
        jsonSchema.type = 'integer';
        delete jsonSchema.multipleOf;
      }
    },
  });
  return { ...generated, title };
}

export function questionnaireJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(questionnaireSchema, 'Questionnaire');
}

/** The schema of content/privacy.json, the operator's default privacy texts. */
export function privacyJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(privacyFileSchema, 'Privacy texts');
}

const asText = (schema: Record<string, unknown>) => `${JSON.stringify(schema, null, 2)}\n`;

/** The files' texts: what `npm run content:schema` writes and the test compares. */
export function questionnaireJsonSchemaText(): string {
  return asText(questionnaireJsonSchema());
}

export function privacyJsonSchemaText(): string {
  return asText(privacyJsonSchema());
}

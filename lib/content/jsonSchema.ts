import { z } from 'zod';
import { questionnaireSchema } from './questionnaire';

/** Where the generated JSON Schema is committed, relative to the repository (files refer to it by $schema). */
export const JSON_SCHEMA_FILE = 'content/questionnaires/questionnaire.schema.json';

/**
 * The JSON Schema of a questionnaire file, for authors' editors (completion, hover texts, the
 * simple checks). The rules across fields are the zod schema's alone: the import applies them.
 */
export function questionnaireJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(questionnaireSchema, {
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
  return { ...schema, title: 'Questionnaire' };
}

/** The file's text: what `npm run content:schema` writes and the test compares. */
export function questionnaireJsonSchemaText(): string {
  return `${JSON.stringify(questionnaireJsonSchema(), null, 2)}\n`;
}

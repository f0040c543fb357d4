/**
 * npm run content:schema — writes the JSON Schemas of the content files, generated from the zod
 * schemas: questionnaire files (lib/content/questionnaire.ts) and content/privacy.json
 * (lib/content/privacy.ts). Run it after changing either and commit the files; a test fails while a
 * committed one is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_FILE, PRIVACY_JSON_SCHEMA_FILE, privacyJsonSchemaText, questionnaireJsonSchemaText } from '@/lib/content/jsonSchema';

for (const [file, text] of [
  [JSON_SCHEMA_FILE, questionnaireJsonSchemaText()],
  [PRIVACY_JSON_SCHEMA_FILE, privacyJsonSchemaText()],
] as const) {
  fs.writeFileSync(path.join(process.cwd(), file), text);
  console.log(`Wrote ${file}.`);
}

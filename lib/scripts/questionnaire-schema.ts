/**
 * npm run content:schema — writes the JSON Schema of questionnaire files, generated from the zod
 * schema in lib/content/questionnaire.ts. Run it after changing that schema and commit the file;
 * a test fails while the committed one is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_FILE, questionnaireJsonSchemaText } from '@/lib/content/jsonSchema';

const target = path.join(process.cwd(), JSON_SCHEMA_FILE);
fs.writeFileSync(target, questionnaireJsonSchemaText());
console.log(`Wrote ${JSON_SCHEMA_FILE}.`);

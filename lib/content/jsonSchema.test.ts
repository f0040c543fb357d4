import fs from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_FILE, PRIVACY_JSON_SCHEMA_FILE, privacyJsonSchema, privacyJsonSchemaText, questionnaireJsonSchema, questionnaireJsonSchemaText } from './jsonSchema';

describe('the JSON Schema authors complete against', () => {
  it('is the one generated from the zod schema (run npm run content:schema after changing lib/content/questionnaire.ts)', () => {
    const committed = fs.readFileSync(path.join(process.cwd(), JSON_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(questionnaireJsonSchemaText());
  });

  it('is referenced by every questionnaire file, so editors find it', () => {
    const folder = path.dirname(path.join(process.cwd(), JSON_SCHEMA_FILE));
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const name of files) expect(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')).$schema).toBe(`./${path.basename(JSON_SCHEMA_FILE)}`);
  });

  it('describes the fields of spec §3, refuses unknown ones and requires German', () => {
    const schema = questionnaireJsonSchema() as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean; $defs: Record<string, { required?: string[]; properties: Record<string, { type?: string }> }> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['key', 'title', 'product', 'questionsPerPage', 'noDetails', 'notRated', 'answervaluesConfig', 'questions']));
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$defs.LocalizedText!.required).toEqual(['de']);
    expect(Object.keys(schema.$defs.Question!.properties)).toEqual(['id', 'text', 'subText', 'imageKey', 'info1', 'info2', 'info3', 'info4', 'answerInfos']);
    expect(schema.$defs.Question!.properties.id!.type).toBe('integer');
  });
});

describe('the JSON Schema of content/privacy.json', () => {
  it('is the one generated from the zod schema (run npm run content:schema after changing lib/content/privacy.ts)', () => {
    const committed = fs.readFileSync(path.join(process.cwd(), PRIVACY_JSON_SCHEMA_FILE), 'utf8');
    expect(committed).toBe(privacyJsonSchemaText());
  });

  it('has the privacy text with its version and the retention notice, and nothing else', () => {
    const schema = privacyJsonSchema() as { properties: Record<string, unknown>; additionalProperties: boolean; $defs: Record<string, { required?: string[] }> };
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'privacyText', 'retentionNotice']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.$defs.PrivacyText!.required).toEqual(['version', 'text']);
  });

  it('the questionnaire files take the same two fields', () => {
    const schema = questionnaireJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['privacyText', 'retentionNotice']));
  });
});

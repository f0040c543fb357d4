import type { z } from 'zod';
import { CALLS, type CallPath } from '@/lib/api/catalogue';
import { baseResponse } from '@/lib/api/schemas/common';
import { imageFromBase64, mediaTypeOf } from '@/lib/content/images';

/**
 * One call's answer judged against the contract (lib/api): what a real upstream must send for the
 * app to work. The app parses answers leniently (unknown fields pass, nulls stand for missing
 * optional fields); the check parses them with the very same schemas, so that what fails here is
 * what would fail in the app, and it adds what the app lets pass silently: fields the contract does
 * not know, as notes. No value of an answer is ever quoted, only field names and types: answers
 * carry tokens and codes.
 */
export type Finding = { level: 'failure' | 'note'; text: string };

/** What came back for a call, before it is judged. */
export type Reply =
  | { kind: 'unreachable'; reason: string }
  | { kind: 'timeout' }
  | { kind: 'http-error'; status: number }
  | { kind: 'answer'; contentType: string; text: string };

export type Judged = {
  findings: Finding[];
  /** The answer as JSON, when it is a JSON object: what the flow goes on with. */
  answer?: Record<string, unknown>;
  /** The image call answered an image (base64 text). */
  image?: boolean;
};

const failure = (text: string): Finding => ({ level: 'failure', text });
const note = (text: string): Finding => ({ level: 'note', text });

export function judgeReply(path: CallPath, reply: Reply): Judged {
  switch (reply.kind) {
    case 'unreachable':
      return { findings: [failure(`no answer: ${reply.reason}`)] };
    case 'timeout':
      return { findings: [failure('no answer in time')] };
    case 'http-error':
      return { findings: [failure(reply.status === 404 ? 'HTTP 404: the upstream does not offer this call' : `HTTP ${reply.status}`)] };
    case 'answer':
      return CALLS[path].kind === 'image' ? judgeImage(reply) : judgeJson(CALLS[path].response, reply);
  }
}

/** loadImage answers base64 text (spec §7), or a JSON status when there is no image to give, as the app reads it (lib/upstream/client.ts). */
function judgeImage(reply: { contentType: string; text: string }): Judged {
  if (reply.contentType.includes('json')) return judgeJson(baseResponse, reply);
  const bytes = imageFromBase64(reply.text);
  if (bytes && mediaTypeOf(bytes)) return { findings: [], image: true };
  return { findings: [failure(`answer is neither a JSON status nor a PNG, JPEG, GIF or WebP image as base64 text (content type ${reply.contentType || 'none'})`)] };
}

function judgeJson(schema: z.ZodType, reply: { contentType: string; text: string }): Judged {
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    return { findings: [failure(`answer is not JSON (content type ${reply.contentType || 'none'})`)] };
  }
  if (!isRecord(json)) return { findings: [failure(`answer is JSON but no object (${typeName(json)})`)] };
  const parsed = schema.safeParse(json);
  const failures = parsed.success ? [] : parsed.error.issues.map((issue) => failure(describeIssue(issue, json)));
  const notes = unknownFields(schema, json).map((field) => note(`unknown field '${field}'`));
  return { findings: [...failures, ...notes], answer: json };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** questions[0].answerInfos[1].value */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), root);
}

function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const field = fieldName(issue.path);
  if (!field) return `answer does not fit the contract: ${issue.message}`;
  const value = valueAt(root, issue.path);
  const expected = issue.code === 'invalid_type' ? issue.expected : undefined;
  if (value === undefined) return `missing field '${field}'${expected ? ` (expected ${expected})` : ''}`;
  if (expected) return `field '${field}' has the wrong type: expected ${expected}, got ${typeName(value)}`;
  return `field '${field}' does not fit the contract: ${issue.message}`;
}

/** The parts of zod's schema description the walk reads (zod 4's `_zod.def`). */
type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  shape?: Record<string, z.core.$ZodType>;
};

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/**
 * The fields of an answer that its schema does not name, each once, array positions as [] (so a
 * field unknown in every question is one note): what a lenient parse lets through unseen.
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown): string[] {
  const found = new Set<string>();
  walk(schema, value, '', found);
  return [...found];
}

function walk(schema: z.core.$ZodType, value: unknown, at: string, found: Set<string>): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      if (def.innerType) walk(def.innerType, value, at, found);
      return;
    case 'pipe':
      if (def.in) walk(def.in, value, at, found);
      return;
    case 'array':
      if (def.element && Array.isArray(value)) for (const item of value) walk(def.element, item, `${at}[]`, found);
      return;
    case 'union': {
      const fitting = def.options?.find((option) => (option as z.ZodType).safeParse(value).success);
      if (fitting) walk(fitting, value, at, found);
      return;
    }
    case 'object':
      if (!def.shape || !isRecord(value)) return;
      for (const [key, inner] of Object.entries(value)) {
        const field = at ? `${at}.${key}` : key;
        if (Object.hasOwn(def.shape, key)) walk(def.shape[key]!, inner, field, found);
        else found.add(field);
      }
      return;
    default:
      return;
  }
}

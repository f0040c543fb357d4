import { z } from 'zod';
import { KEY_PATTERN, localizedText } from './questionnaire';

/**
 * What an operator configures for a group code (spec §3 "Additional field", "Questionnaire
 * selection"): the additional fields of the personal-info page and the questionnaires a participant
 * chooses from. `groupcode create --fields <file>` reads the fields from a JSON file of this shape;
 * the embedded API keeps both as jsonb on the group_code row and checks every value against them.
 */

const whole = (min: number, max: number) => z.number().multipleOf(1, 'must be a whole number').min(min).max(max);

export const additionalFieldDefinition = z
  .strictObject({
    id: whole(1, 1_000_000).describe('Unique within the group code: values are stored by it.'),
    name: localizedText.describe('The label of the field.'),
    fieldType: z.enum(['Text', 'List']),
    allowedValues: z.array(z.string().regex(/\S/, 'must not be empty').max(200)).max(200).optional().describe('List only: the choices of the drop-down.'),
    sortNumber: whole(0, 10_000).describe('Fields show in ascending sortNumber; 0 means "no place given": after the numbered fields, in the order of this list.'),
    required: z.boolean().default(false),
  })
  .superRefine((field, ctx) => {
    if (field.fieldType === 'List' && !field.allowedValues?.length) ctx.addIssue({ code: 'custom', path: ['allowedValues'], message: 'a List needs at least one allowed value' });
    if (field.fieldType === 'Text' && field.allowedValues?.length) ctx.addIssue({ code: 'custom', path: ['allowedValues'], message: 'only a List has allowed values' });
  });
export type AdditionalFieldDefinition = z.output<typeof additionalFieldDefinition>;

export const additionalFieldDefinitions = z.array(additionalFieldDefinition).max(50).superRefine((fields, ctx) => {
  const seen = new Set<number>();
  fields.forEach((field, index) => {
    if (seen.has(field.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `${field.id} appears twice` });
    seen.add(field.id);
  });
});

export const groupQuestionnaire = z.strictObject({
  key: z.string().regex(KEY_PATTERN, 'must be a questionnaire key'),
  /** The assessmentType the token carries once it is chosen (spec §3); /kodewinfo shows its info text. */
  questionnaireType: whole(1, 1_000_000),
  /** Shown but disabled when false (spec §2 "unselectable ones are disabled"). */
  selectable: z.boolean().default(true),
  /** The text of /kodewinfo for this questionnaire; without one the general KodewInfoText shows. */
  info: localizedText.optional(),
});
export type GroupQuestionnaire = z.output<typeof groupQuestionnaire>;

export const groupQuestionnaires = z.array(groupQuestionnaire).min(1, 'needs at least one questionnaire').max(50);

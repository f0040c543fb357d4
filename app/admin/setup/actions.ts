'use server';

import { redirect } from 'next/navigation';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { setPasswordWithLink } from '@/lib/admin/operators/operators';
import { isSecretTokenShape } from '@/lib/admin/operators/tokens';
import { consoleRequest, type ConsoleFormState } from '@/lib/admin/console/request';
import { field } from '@/lib/admin/console/forms';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { operatorPasswordProblem } from '@/lib/validation/operatorPassword';


/** Sets the password through the one-time link, then off to sign-in. */
export async function setPassword(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const request = await consoleRequest();
  const t = consoleTranslator(request.language, 'setup');
  const token = field(formData, 'token');
  const password = field(formData, 'password');
  const problem = operatorPasswordProblem(password, field(formData, 'repeat'));
  if (problem) return { error: t(`problem.${problem}`), field: problem === 'mismatch' ? 'repeat' : 'password' };
  const operator = isSecretTokenShape(token) ? await setPasswordWithLink(request.db, token, password) : undefined;
  if (!operator) return { error: t('invalidLink') };
  await recordOperatorAudit(request.db, { operator: operator.email, action: 'password set', subject: operator.email });
  redirect('/admin/signin?set=1');
}

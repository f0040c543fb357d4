import { StatusCode } from '@/lib/api/codes';
import { MAX_CODE_FAILURES, type CodeRefused } from './accessCode';
import { nextPageAfterGroupLogin } from './groupLoginNextPage';
import type { GroupVariantRow } from './groupVariants';
import { errorPage, type GoTo, type ModalMessage, type ToErrorPage } from './outcome';

/** The group-code messages of spec §8, and ours for the server's limits. */
export type GroupCodeMessageKey =
  | 'ErrorGroupCodeKey'
  | 'ErrorGroupCodeKeyFail'
  | 'ErrorPasswordInvalid'
  | 'ErrorGroupCodeInvalid'
  | 'ErrorGroupCodeExpired'
  | 'ErrorGroupCodeFinished'
  | 'ErrorGroupCodeLocked';

type LoginResponse = {
  statusCode: number;
  detailCode: number;
  exceptionId?: string | null;
  /** Our embedded API's answer while a limit refuses logins from this address. */
  locked?: boolean | null;
  /** kodegroupcode: the page to continue with (./groupLoginNextPage.ts). */
  nextPage?: string | null;
};

/** Statuses that spec §8 tells in the modal rather than on the error page. */
const STATUS_MESSAGES: Partial<Record<number, GroupCodeMessageKey>> = {
  [StatusCode.AssessmentDoesNotExist]: 'ErrorPasswordInvalid',
  [StatusCode.AssessmentIdentCodeIsInvalid]: 'ErrorGroupCodeInvalid',
  [StatusCode.AssessmentIdentCodeIsExpired]: 'ErrorGroupCodeExpired',
  [StatusCode.AssessmentAlreadyFinished]: 'ErrorGroupCodeFinished',
};

/**
 * After a group-code login (spec §4, §8). Ok and logged in: on to the variant's personal page (for
 * kodegroupcode the page the answer names, ./groupLoginNextPage.ts).
 * Ok, not logged in: the wrong-code message, the 10th time the stronger one with the field cleared
 * (only wrong codes count: a message about the code's state is no failed guess). The statuses of
 * STATUS_MESSAGES: their message, the count kept. Any other status, and a failed call: the error page.
 */
export function routeAfterGroupLogin(
  response: LoginResponse,
  loggedIn: boolean,
  previousFailures: number,
  row: Pick<GroupVariantRow, 'routes' | 'loginNextPages'>,
): GoTo | ToErrorPage | ModalMessage<GroupCodeMessageKey, CodeRefused> {
  const modal = (messageKey: GroupCodeMessageKey, failures = previousFailures, clearField = false) => ({ kind: 'modal' as const, messageKey, clearField, failures });
  if (response.statusCode !== StatusCode.Ok) {
    const messageKey = STATUS_MESSAGES[response.statusCode];
    return messageKey ? modal(messageKey) : errorPage(response);
  }
  if (response.locked) return modal('ErrorGroupCodeLocked');
  if (!loggedIn) {
    const failures = previousFailures + 1;
    if (failures >= MAX_CODE_FAILURES) return modal('ErrorGroupCodeKeyFail', 0, true);
    return modal('ErrorGroupCodeKey', failures);
  }
  return { kind: 'go', to: nextPageAfterGroupLogin(response.nextPage, row) };
}

/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import { ModalProvider } from '@/components/modal/ModalProvider';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';

/**
 * The e-mail step's form as a participant uses it: the code masked until shown, the rules of
 * spec §5 inline and tied to their fields, the call only when sending is on, the common error
 * display on a failure with everything left as typed. The call and the navigation are stand-ins.
 */
type Answer = Record<string, unknown>;
let answer: Answer = {};
const calls: Array<{ path: string; body: Record<string, string> }> = [];
const went: string[] = [];

jest.mock('@/lib/client/api', () => ({
  // Like the real postCall: a body may come as a function that makes it.
  postCall: async (path: string, body: Record<string, string> | (() => Promise<Record<string, string>>)) => {
    calls.push({ path, body: typeof body === 'function' ? await body() : body });
    return answer;
  },
}));
jest.mock('@/lib/client/navigate', () => ({ goAfterSessionChange: (to: string) => went.push(to) }));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-ins above */
const { AccessCodeEmailForm } = require('./AccessCodeEmailForm') as typeof import('./AccessCodeEmailForm');

const CODE = 'K7MQ2XRT9';
const MESSAGES = {
  SendAccessCodeEmailError: 'Enter a valid address.',
  SendAccessCodeConfirmEmailError: 'Repeat your address.',
  SendAccessCodeConfirmEmailRepeatError: 'The addresses differ.',
  SendAccessCodeFailed: 'The e-mail could not be sent.',
  SendAccessCodeLimitError: 'Too many e-mails.',
  ErrorCodeMsg_TokenInvalid: 'Your session is invalid.',
};

beforeAll(installDialogStandIns);

beforeEach(() => {
  calls.length = 0;
  went.length = 0;
  answer = { statusCode: 1, detailCode: 0, tokenClaims: { product: 4, isLoggedIn: true, assessorId: '7' } };
});

function renderForm() {
  render(
    <ChromeTextsProvider value={{ errorTitle: 'Error', close: 'Close', renderErrorTitle: 'Error', internalError: 'An internal error has occurred. Detail code: {id}' }}>
      <ModalProvider>
        <main id="main">
          <AccessCodeEmailForm
            call="submit/kodew/sendaccesscode"
            manual="/kodewquestionnairemanual"
            accessCode={CODE}
            texts={{
              title: 'Your personal access code',
              text: 'Write it down.',
              comeBack: 'To continue later …',
              accessCodeLabel: 'Personal access code',
              showAccessCode: 'Show access code',
              sendByEmail: 'Send access code by e-mail',
              emailLabel: 'E-mail address',
              confirmEmailLabel: 'Repeat e-mail address',
              send: 'Send',
              continue: 'Continue',
            }}
            messages={MESSAGES}
          />
        </main>
      </ModalProvider>
    </ChromeTextsProvider>,
  );
  return {
    email: () => screen.getByLabelText('E-mail address'),
    confirmation: () => screen.getByLabelText('Repeat e-mail address'),
    send: () => screen.getByRole('button', { name: 'Send' }),
  };
}

describe('the access code', () => {
  it('is masked until "show access code" is ticked, and masked again when it is unticked', async () => {
    const user = userEvent.setup();
    renderForm();
    const code = screen.getByRole('status', { name: 'Personal access code' });
    const show = screen.getByRole('checkbox', { name: 'Show access code' });
    expect(show).not.toBeChecked();
    expect(code).toHaveTextContent(/^•{9}$/);
    expect(document.body.textContent).not.toContain(CODE);
    await user.click(show);
    expect(code).toHaveTextContent(CODE);
    await user.click(show);
    expect(code).toHaveTextContent(/^•{9}$/);
  });

  it('is in no form field (a browser would offer to store a password field)', () => {
    renderForm();
    for (const input of document.querySelectorAll('input')) expect(input.value).not.toContain(CODE);
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });
});

describe('the e-mail rules (spec §5)', () => {
  it('send reads as disabled while the fields are not right; a press shows why, tied to the fields, and focuses the first', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    expect(form.send()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(form.send());
    expect(calls).toEqual([]);
    expect(form.email()).toHaveFocus();
    expect(form.email()).toHaveAccessibleDescription('Enter a valid address.');
    expect(form.confirmation()).toHaveAccessibleDescription('Repeat your address.');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter a valid address.', 'Repeat your address.']);
  });

  it('a field shows its problem once left; a mismatch is named; right and equal addresses enable send', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'anna@example');
    await user.tab();
    expect(form.email()).toHaveAttribute('aria-invalid', 'true');
    expect(form.confirmation()).not.toHaveAttribute('aria-invalid');
    await user.type(form.email(), '.com');
    expect(form.email()).not.toHaveAttribute('aria-invalid');
    await user.type(form.confirmation(), 'anne@example.com');
    await user.tab();
    expect(form.confirmation()).toHaveAccessibleDescription('The addresses differ.');
    expect(form.send()).toHaveAttribute('aria-disabled', 'true');
    await user.clear(form.confirmation());
    await user.type(form.confirmation(), 'anna@example.com');
    expect(form.confirmation()).not.toHaveAttribute('aria-invalid');
    expect(form.send()).not.toHaveAttribute('aria-disabled');
  });
});

describe('sending', () => {
  async function fillAndSend(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof renderForm>, address = 'anna@example.com') {
    await user.type(form.email(), ` ${address}`);
    await user.type(form.confirmation(), address);
    await user.click(form.send());
  }

  it('Ok: the call carries the trimmed address and the code as spec §7 lists it (plain); on to the manual', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await fillAndSend(user, form);
    await waitFor(() => expect(went).toEqual(['/kodewquestionnairemanual']));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('submit/kodew/sendaccesscode');
    expect(calls[0]!.body.email).toBe('anna@example.com');
    expect(calls[0]!.body.accessCode).toBe(CODE);
    expect(Object.keys(calls[0]!.body).sort()).toEqual(['accessCode', 'email']);
  });

  it.each([
    ['SMTP down', { statusCode: 12, detailCode: 22 }, 'The e-mail could not be sent.'],
    ['the hourly limit', { statusCode: 12, detailCode: 102 }, 'Too many e-mails.'],
    ['a refused token', { statusCode: 3, detailCode: 23 }, 'Your session is invalid.'],
    ['a transport failure', { statusCode: 13, detailCode: 24, transportFailed: true }, 'An internal error has occurred. Detail code: '],
  ])('%s: the common error display; the page stays with what was typed', async (_label, failed, message) => {
    answer = failed;
    const user = userEvent.setup();
    const form = renderForm();
    await fillAndSend(user, form);
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog).toHaveTextContent(message);
    expect(went).toEqual([]);
    // type=email drops surrounding white space, as browsers do.
    expect(form.email()).toHaveValue('anna@example.com');
    expect(form.confirmation()).toHaveValue('anna@example.com');
    expect(form.send()).toBeEnabled();
  });

  it('sending off: a continue button instead of the fields; no call; on to the manual', async () => {
    const user = userEvent.setup();
    renderForm();
    const sending = screen.getByRole('checkbox', { name: 'Send access code by e-mail' });
    expect(sending).toBeChecked();
    await user.click(sending);
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(calls).toEqual([]);
    expect(went).toEqual(['/kodewquestionnairemanual']);
  });
});

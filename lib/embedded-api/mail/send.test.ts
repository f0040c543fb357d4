import { classifyMailError, isPermanentRefusal, smtpOptions } from './send';

describe('smtpOptions: SMTP_URL read as nodemailer reads it, so that the timeouts can be added', () => {
  it.each<[string, Record<string, unknown>]>([
    ['smtp://mail.example.com', { secure: false, host: 'mail.example.com' }],
    ['smtp://127.0.0.1:2525', { secure: false, host: '127.0.0.1', port: 2525 }],
    ['smtps://mail.example.com:465', { secure: true, host: 'mail.example.com', port: 465 }],
    ['smtp://user%40example.com:p%3Ass%2Fw@mail.example.com:587', { host: 'mail.example.com', port: 587, auth: { user: 'user@example.com', pass: 'p:ss/w' } }],
    ['smtp://mail.example.com:587?requireTLS=true&tls.rejectUnauthorized=false&name=app.example', { requireTLS: true, tls: { rejectUnauthorized: false }, name: 'app.example' }],
    ['smtp://[::1]:2525', { host: '::1', port: 2525 }],
  ])('%s', (url, expected) => {
    expect(smtpOptions(url)).toMatchObject(expected);
  });
});

describe('classifyMailError: down or refusing', () => {
  it.each<[string, unknown, 'unreachable' | 'refused']>([
    ['connection refused', { code: 'ESOCKET', command: 'CONN' }, 'unreachable'],
    ['no greeting in time', { code: 'ETIMEDOUT', command: 'CONN' }, 'unreachable'],
    ['connection closed', { code: 'ECONNECTION' }, 'unreachable'],
    ['unknown host', { code: 'EDNS' }, 'unreachable'],
    ['recipient refused (550)', { code: 'EENVELOPE', responseCode: 550 }, 'refused'],
    ['message refused (554)', { code: 'EMESSAGE', responseCode: 554 }, 'refused'],
    ['try later (451)', { code: 'EENVELOPE', responseCode: 451 }, 'refused'],
    ['login failed (535)', { code: 'EAUTH', responseCode: 535 }, 'refused'],
    ['server closes at once with 421', { code: 'ECONNECTION', responseCode: 421 }, 'refused'],
    ['anything else', new Error('boom'), 'refused'],
  ])('%s → %s', (_label, error, expected) => {
    expect(classifyMailError(error)).toBe(expected);
  });
});

describe('isPermanentRefusal: only a 5xx reply about the mail refuses it for good', () => {
  it.each<[string, unknown, boolean]>([
    ['recipient refused (550)', { code: 'EENVELOPE', responseCode: 550 }, true],
    ['mailbox name not allowed (553)', { code: 'EENVELOPE', responseCode: 553 }, true],
    ['message refused (554)', { code: 'EMESSAGE', responseCode: 554 }, true],
    ['the greeting refuses us (554)', { code: 'ECONNECTION', responseCode: 554 }, true],
    ['try later (451)', { code: 'EENVELOPE', responseCode: 451 }, false],
    ['mailbox busy (450)', { code: 'EENVELOPE', responseCode: 450 }, false],
    ['server closes at once with 421', { code: 'ECONNECTION', responseCode: 421 }, false],
    ['login failed (535): the configuration, not the mail', { code: 'EAUTH', responseCode: 535 }, false],
    ['connection refused', { code: 'ESOCKET', command: 'CONN' }, false],
    ['no greeting in time', { code: 'ETIMEDOUT', command: 'CONN' }, false],
    ['a reply code beyond 5xx (600)', { code: 'EENVELOPE', responseCode: 600 }, false],
    ['a reply code as text', { code: 'EENVELOPE', responseCode: '550' }, false],
    ['anything else', new Error('boom'), false],
    ['nothing', undefined, false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isPermanentRefusal(error)).toBe(expected);
  });
});

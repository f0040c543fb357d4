import { classifyMailError, smtpOptions } from './send';

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

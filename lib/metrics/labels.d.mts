export declare const PAGE_SAVE_KINDS: readonly ['page', 'draft'];
export declare const PAGE_SAVE_OUTCOMES: readonly ['saved', 'conflict', 'invalid', 'refused', 'failed'];
export declare const LOGIN_FLOWS: readonly ['ident_code', 'access_code', 'group_code'];
export declare const LOGIN_OUTCOMES: readonly ['ok', 'wrong_code', 'locked', 'refused', 'failed'];
export declare const MAIL_KINDS: readonly ['accessCode', 'paymentConfirmation'];
export declare const MAIL_OUTCOMES: readonly ['sent', 'outbox', 'unreachable', 'refused', 'error'];
export declare const PAYMENT_OUTCOMES: readonly ['confirmed', 'not_confirmed', 'provider_unavailable', 'refused', 'failed'];
export declare const QUERY_OPERATIONS: readonly ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'TRANSACTION', 'OTHER'];
export declare const HTTP_METHODS: readonly ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export type PageSaveKind = (typeof PAGE_SAVE_KINDS)[number];
export type PageSaveOutcome = (typeof PAGE_SAVE_OUTCOMES)[number];
export type LoginFlow = (typeof LOGIN_FLOWS)[number];
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];
export type MailKindLabel = (typeof MAIL_KINDS)[number];
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

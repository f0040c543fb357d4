import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { LoginFlow, LoginOutcome, MailKindLabel, MailOutcome, PageSaveKind, PageSaveOutcome, PaymentOutcome } from './labels.mjs';

/** The running metrics of this process, as the app counts into them (./current.ts). */
export type Metrics = {
  registry: Registry;
  request(req: IncomingMessage, res: ServerResponse, routeOf: (url: string | undefined) => string): void;
  /** seconds of one statement, or of a whole transaction (TRANSACTION). */
  query(operation: string, seconds: number): void;
  pageSave(kind: PageSaveKind, outcome: PageSaveOutcome): void;
  login(flow: LoginFlow, outcome: LoginOutcome): void;
  mail(kind: MailKindLabel, outcome: MailOutcome): void;
  payment(outcome: PaymentOutcome): void;
};

export declare function startMetrics(options?: { worker?: string }): Metrics;
export declare function stopMetrics(): void;

/** Reads one part of a reply by its number: its text, or undefined when the body has none (or a file). */
export type ReplyPart = (id: number) => unknown;
export declare function argumentsProblem(part: ReplyPart): string | undefined;
export declare function boundActionProblem(part: ReplyPart): string | undefined;

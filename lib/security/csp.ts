/**
 * The pages' Content-Security-Policy. Scripts run only with this response's nonce; scripts those
 * load are trusted through 'strict-dynamic' (Next's chunks, later PayPal's SDK). proxy.ts sends the
 * policy with every page and hands the nonce to Next, which puts it on its own scripts.
 */

/** The request header that carries the response's nonce to the pages: `(await headers()).get('x-nonce')`. */
export const NONCE_HEADER = 'x-nonce';

export type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'style-src-attr'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/**
 * Other origins the pages may use, per directive: the one place to allow one. The portal's PayPal
 * buttons will need, for example, 'https://www.paypal.com' under script-src, frame-src and
 * connect-src. (Browsers that know 'strict-dynamic' ignore host sources in script-src and accept a
 * script that a nonce-carrying script inserts; the host entry serves older browsers.)
 */
export const ALLOWED_ORIGINS: Partial<Record<Directive, readonly string[]>> = {};

export type PolicyOptions = {
  nonce: string;
  /** Next's development server needs eval (React's error stacks) and injects styles without a nonce. */
  dev: boolean;
  allowed?: Partial<Record<Directive, readonly string[]>>;
};

/** The app's own sources; a directive without any is 'none'. */
function ownSources({ nonce, dev }: PolicyOptions): Record<Directive, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // A nonce makes browsers ignore 'unsafe-inline', so development gets one or the other.
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    // style="…" attributes (progress bar width, grid columns) cannot carry a nonce and run no script.
    'style-src-attr': ["'unsafe-inline'"],
    // data: for the logo, which the upstream sends as base64 (components/chrome/headerFooter.ts).
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': [],
    'object-src': [],
    'base-uri': [],
    'form-action': ["'self'"],
    'frame-ancestors': [],
  };
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  const own = ownSources(options);
  const allowed = options.allowed ?? ALLOWED_ORIGINS;
  return (Object.keys(own) as Directive[])
    .map((directive) => {
      const sources = [...own[directive], ...(allowed[directive] ?? [])];
      return `${directive} ${sources.length ? sources.join(' ') : "'none'"}`;
    })
    .join('; ');
}

/** 128 random bits, base64: unguessable and new for every response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

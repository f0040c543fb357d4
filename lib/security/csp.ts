/**
 * The pages' Content-Security-Policy. Scripts run only with this response's nonce; scripts those
 * load are trusted through 'strict-dynamic' (Next's chunks, PayPal's SDK on the portal). proxy.ts sends the
 * policy with every page and hands the nonce to Next, which puts it on its own scripts.
 */

/** The request header that carries the response's nonce to the pages: `(await headers()).get('x-nonce')`. */
export const NONCE_HEADER = 'x-nonce';
/** The address of the page being rendered (base path, path and query), for forms that post to it (lib/client/useServerFormAction.ts). */
export const PAGE_ADDRESS_HEADER = 'x-page-address';

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
 * PayPal's origins (developer.paypal.com/sdk/js/best-practices, "Content Security Policy"): the
 * checkout script and its buttons come from *.paypal.com and *.paypalobjects.com, render in frames
 * of those, call home there and show their images. Venmo, which the same page lists, is US-only
 * and never offered for EUR. The inline styles and scripts of the buttons carry the nonce the
 * script is given (data-csp-nonce), so no 'unsafe-inline' is needed.
 */
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'] as const;
export const PAYPAL_ORIGINS: Partial<Record<Directive, readonly string[]>> = {
  'script-src': PAYPAL,
  'style-src': PAYPAL,
  'img-src': PAYPAL,
  'connect-src': PAYPAL,
  'frame-src': PAYPAL,
};

/**
 * Other origins the pages may use, per directive and per page: the one place to allow one. Only
 * the portal's pages (/portal/…, spec §1) load PayPal; every other page keeps the app's own
 * sources alone. (Browsers that know 'strict-dynamic' ignore host sources in script-src and accept
 * a script that a nonce-carrying script inserts; the host entry serves older browsers.)
 */
export function allowedOriginsFor(pathname: string): Partial<Record<Directive, readonly string[]>> {
  return isPortalPath(pathname) ? PAYPAL_ORIGINS : {};
}

function isPortalPath(pathname: string): boolean {
  return pathname === '/portal' || pathname.startsWith('/portal/');
}

export type PolicyOptions = {
  nonce: string;
  /** Next's development server needs eval (React's error stacks) and injects styles without a nonce. */
  dev: boolean;
  /** The page's other origins: allowedOriginsFor(pathname); none when absent. */
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
  const allowed = options.allowed ?? {};
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

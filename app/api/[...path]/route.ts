import { getConfig } from '@/lib/config';
import { handleProxy } from '@/lib/proxy/handleProxy';

type Context = { params: Promise<{ path: string[] }> };

async function proxy(request: Request, context: Context): Promise<Response> {
  const { path } = await context.params;
  return handleProxy(request, path, { config: getConfig() });
}

export const POST = proxy;
export const GET = proxy;
export const PUT = proxy;
export const PATCH = proxy;
export const DELETE = proxy;
export const HEAD = proxy;
export const OPTIONS = proxy;

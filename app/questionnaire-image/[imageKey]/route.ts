import { getConfig } from '@/lib/config';
import { handleImage } from '@/lib/proxy/handleImage';

type Context = { params: Promise<{ imageKey: string }> };

/** A question's image as a cacheable image response (lib/proxy/handleImage.ts). */
export async function GET(request: Request, context: Context): Promise<Response> {
  return handleImage(request, (await context.params).imageKey, { config: getConfig() });
}

export const HEAD = GET;

import type { BrandingProblem } from '@/lib/validation/branding';
import { logOnce } from './once';

/**
 * A stylesheet or logo of the upstream's that is not used, logged once per call, problem and name:
 * every answer of a misconfigured upstream repeats it, and one line tells the operator what to fix
 * (a stylesheet name our themes lack, a logo too large to keep, of an unknown type, not base64).
 */
export function logBrandingProblems(path: string, problems: readonly BrandingProblem[]): void {
  for (const problem of problems) {
    const name = 'stylesheet' in problem ? problem.stylesheet : 'logoFileExtension' in problem ? problem.logoFileExtension : '';
    logOnce(`branding ${path} ${problem.problem} ${name}`, 'warn', 'upstream_branding_not_used', { path, ...problem });
  }
}

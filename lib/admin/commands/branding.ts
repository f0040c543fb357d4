import fs from 'node:fs';
import { changeBranding, logoFactsText, logoProblemText, showBranding, THEMES, type BrandingRequest } from '../branding';
import { EXIT, UsageError, type Command, type Io } from '../command';
import { consoleTranslator } from '../console/texts';
import { withAdminDatabase } from '../database';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '../logoImage';
import { recordOperatorAudit } from '../operators/audit';
import { CONSOLE_ACTIONS } from '../operators/roles';
import { parseOptions } from '../options';
import { operatorPath } from '../paths';
import { commandLineOperator } from './operator';

/** The console's English texts: the same words for the same refusals at both doors. */
const t = consoleTranslator('en', 'branding');

const SET_HELP = `Usage: npm run admin -- branding set [--logo <file>] [--remove-logo] [--theme <name>]

Sets the logo and theme every participant sees in the header of every page, as the console's
Branding page does; what is not named stays. The change shows from the next page they load.

Options:
  --logo <file>     a PNG or JPEG of at most ${LOGO_MAX_BYTES / 1024} KB and ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels, judged by its
                    bytes; SVG and other types are refused. Metadata (author, place, comments) is
                    removed before it is kept.
  --remove-logo     the bundled logo again
  --theme <name>    one of ${THEMES.join(', ')}

Exit code 0 when changed, 1 when the logo was refused, 2 for wrong arguments.

Example:
  npm run admin -- branding set --logo logo.png --theme green`;

/** The logo file's bytes, or how large it is when it is too large to be read at all. */
function readLogo(io: Io, file: string): Uint8Array | { tooLarge: number } {
  const stat = fs.statSync(operatorPath(io, file), { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new UsageError(`'${file}' is no file`);
  if (stat.size > LOGO_MAX_BYTES) return { tooLarge: stat.size };
  return fs.readFileSync(operatorPath(io, file));
}

const brandingSet: Command = {
  name: 'branding set',
  summary: 'set the participants\u2019 logo (PNG or JPEG) and theme',
  help: SET_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { logo: { type: 'string' }, 'remove-logo': { type: 'boolean' }, theme: { type: 'string' } });
    if (values.logo !== undefined && values['remove-logo']) throw new UsageError('--logo and --remove-logo exclude each other');
    if (values.logo === undefined && !values['remove-logo'] && values.theme === undefined) throw new UsageError('name --logo, --remove-logo or --theme');
    const theme = values.theme;
    if (theme !== undefined && !(THEMES as readonly string[]).includes(theme.trim().toLowerCase())) throw new UsageError(`--theme must be one of ${THEMES.join(', ')}, not '${theme}'`);
    const logo = values.logo !== undefined ? readLogo(io, values.logo) : values['remove-logo'] ? ('remove' as const) : undefined;
    if (logo && typeof logo === 'object' && 'tooLarge' in logo) {
      io.err(`${values.logo}: ${logoProblemText(t, 'en', { problem: 'tooLarge', bytes: logo.tooLarge })} Nothing was changed.`);
      return EXIT.failure;
    }
    const request: BrandingRequest = { ...(theme !== undefined && { theme }), ...(logo && { logo }) };
    return withAdminDatabase(io.env, async ({ db }) => {
      const outcome = await changeBranding(db, request);
      if (outcome.status === 'refusedLogo') {
        io.err(`${values.logo}: ${logoProblemText(t, 'en', outcome.refused)} Nothing was changed.`);
        return EXIT.failure;
      }
      if (outcome.status === 'noLogo') {
        io.err(t('nothingToRemove'));
        return EXIT.failure;
      }
      if (outcome.status === 'unknownTheme') throw new UsageError(`--theme must be one of ${THEMES.join(', ')}`);
      await recordOperatorAudit(db, { operator: commandLineOperator(io), action: CONSOLE_ACTIONS.brandingSet.name, ...outcome.audit });
      io.err(`Changed: ${outcome.audit.subject}.`);
      describe(io, outcome.branding);
      return EXIT.ok;
    }, { onWait: io.err });
  },
};

function describe(io: Io, branding: Awaited<ReturnType<typeof showBranding>>): void {
  io.out(`theme\t${branding.theme}\n`);
  io.out(`logo\t${branding.logo ? logoFactsText(t, 'en', branding.logo) : 'none (the bundled one)'}\n`);
}

const brandingShow: Command = {
  name: 'branding show',
  summary: 'show the participants\u2019 logo and theme',
  help: `Usage: npm run admin -- branding show

Prints the theme and the logo (type, size in pixels and bytes) every participant sees, as
tab-separated lines: theme <name>, logo <description>.`,
  run: async (args, io) => {
    parseOptions(args, {});
    return withAdminDatabase(io.env, async ({ db }) => {
      describe(io, await showBranding(db));
      return EXIT.ok;
    }, { onWait: io.err });
  },
};

export const brandingCommands: Command[] = [brandingShow, brandingSet];

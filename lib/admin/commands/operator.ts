import { EXIT, UsageError, type Command, type Io } from '../command';
import { withAdminDatabase } from '../database';
import { recordOperatorAudit } from '../operators/audit';
import { createOperator, disableOperator, listOperators, OperatorError, resetOperator, SETUP_LINK_HOURS, setupLinkOf } from '../operators/operators';
import { isRole, ROLES, type Role } from '../operators/roles';
import { parseOptions, required } from '../options';
import { operatorName } from '../privacyOptions';

const LINK_NOTE = `The link works once, for ${SETUP_LINK_HOURS} hours. Hand it to the operator by a way only they read; whoever opens it first sets the password.`;

/** Who did it, as the audit log names a change made on the command line. */
export function commandLineOperator(io: Io): string {
  return `command line: ${operatorName(io)}`;
}

function roleOf(value: string): Role {
  if (!isRole(value)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}, not '${value}'`);
  return value;
}

/** OperatorError is the operator's mistake (a taken or unknown address): one line, exit 1. */
async function orRefused(io: Io, name: string, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OperatorError) {
      io.err(`${name}: ${error.message}; nothing was changed.`);
      return EXIT.failure;
    }
    throw error;
  }
}

export const operatorCreate: Command = {
  name: 'operator create',
  summary: 'create a console operator and print their one-time setup link',
  help: `Usage: npm run admin -- operator create --email <address> [--role owner|viewer]

Creates an operator of the console (/admin) and prints the link with which they set their password
(and, if they like, a passkey). ${LINK_NOTE}

Options:
  --email <address>   the operator's e-mail address: their name for signing in (required)
  --role <role>       owner: may change everything; viewer: may look at everything and change
                      nothing (default: viewer)

Example:
  npm run admin -- operator create --email anna@example.org --role owner`,
  run: async (args, io) => {
    const { values } = parseOptions(args, { email: { type: 'string' }, role: { type: 'string', default: 'viewer' } });
    const email = required(values.email, '--email');
    const role = roleOf(values.role);
    return withAdminDatabase(io.env, ({ db, config }) =>
      orRefused(io, 'operator create', async () => {
        const { operator, setupToken } = await createOperator(db, email, role);
        await recordOperatorAudit(db, { operator: commandLineOperator(io), action: 'operator create', subject: operator.email, details: { role } });
        io.out(`${setupLinkOf(config.PUBLIC_URL, setupToken)}\n`);
        io.err(`Created ${operator.role} ${operator.email}. ${LINK_NOTE}`);
        return EXIT.ok;
      }), { onWait: io.err });
  },
};

export const operatorList: Command = {
  name: 'operator list',
  summary: 'list the console operators, their roles and state',
  help: `Usage: npm run admin -- operator list

Prints every operator of the console as tab-separated lines: e-mail address, role, state (active,
waiting for setup, disabled), passkeys, created.`,
  run: async (args, io) => {
    parseOptions(args, {});
    return withAdminDatabase(io.env, async ({ db }) => {
      const operators = await listOperators(db);
      if (operators.length === 0) io.err('No operators yet: npm run admin -- operator create --email <address> --role owner');
      for (const operator of operators) {
        const state = operator.disabledAt ? 'disabled' : operator.hasPassword ? 'active' : 'waiting for setup';
        io.out(`${operator.email}\t${operator.role}\t${state}\t${operator.passkeys} passkeys\t${operator.createdAt.toISOString()}\n`);
      }
      return EXIT.ok;
    }, { onWait: io.err });
  },
};

export const operatorDisable: Command = {
  name: 'operator disable',
  summary: 'stop an operator from signing in; their sessions end at once',
  help: `Usage: npm run admin -- operator disable --email <address>

The operator can no longer sign in, and every console session of theirs ends now. Their entries in
the audit log stay. operator reset enables them again, with a new setup link.`,
  run: async (args, io) => {
    const { values } = parseOptions(args, { email: { type: 'string' } });
    const email = required(values.email, '--email');
    return withAdminDatabase(io.env, ({ db }) =>
      orRefused(io, 'operator disable', async () => {
        const operator = await disableOperator(db, email);
        await recordOperatorAudit(db, { operator: commandLineOperator(io), action: 'operator disable', subject: operator.email });
        io.err(`Disabled ${operator.email}; their sessions have ended.`);
        return EXIT.ok;
      }), { onWait: io.err });
  },
};

export const operatorReset: Command = {
  name: 'operator reset',
  summary: 'remove an operator\u2019s password and passkeys and print a new setup link',
  help: `Usage: npm run admin -- operator reset --email <address>

For an operator who lost their password or passkey: removes both, ends their sessions, enables a
disabled account and prints a new setup link (older links stop working). ${LINK_NOTE}`,
  run: async (args, io) => {
    const { values } = parseOptions(args, { email: { type: 'string' } });
    const email = required(values.email, '--email');
    return withAdminDatabase(io.env, ({ db, config }) =>
      orRefused(io, 'operator reset', async () => {
        const { operator, setupToken } = await resetOperator(db, email);
        await recordOperatorAudit(db, { operator: commandLineOperator(io), action: 'operator reset', subject: operator.email });
        io.out(`${setupLinkOf(config.PUBLIC_URL, setupToken)}\n`);
        io.err(`Reset ${operator.email}: password and passkeys removed, sessions ended. ${LINK_NOTE}`);
        return EXIT.ok;
      }), { onWait: io.err });
  },
};

export const operatorCommands: Command[] = [operatorCreate, operatorList, operatorDisable, operatorReset];

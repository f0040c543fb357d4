/**
 * npm run check:upstream -- --url <upstream {api}> [--ident-code … --access-code … --group-code …]
 * — the contract check of an upstream (lib/upstream/contractCheck): `--help` says what it sends
 * and changes. Exit codes: 0 passed, 1 a failure was found, 2 wrong arguments or configuration.
 */
import { main } from '@/lib/upstream/contractCheck/cli';

main(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

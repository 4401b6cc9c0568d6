/**
 * Prints an ADMIN_PASSWORD_HASH value for a password read from stdin, so the
 * password itself never appears in shell history, process lists or config.
 *
 *   node --import tsx backend/src/cli/hash-password.ts
 *   printf '%s' "$PASSWORD" | node --import tsx backend/src/cli/hash-password.ts
 *
 * In docker-compose files write each `$` of the hash as `$$`.
 * Exit codes: 0 printed, 1 empty or too short password.
 */
import { ADMIN_PASSWORD_MIN_LENGTH as MIN_LENGTH, hashPassword } from '../auth/password-hash';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown; end with Enter then Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing newline comes from `echo` or the terminal, not from the password.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

const password = await readStdin();
if (password.length < MIN_LENGTH) {
  console.error(`The password must be at least ${MIN_LENGTH} characters.`);
  process.exit(1);
}
console.log(await hashPassword(password));

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Compiles `messages/` for the unit tests, as the build does. */
export default function compileMessages(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/compile-messages.js', import.meta.url))], { stdio: 'inherit' });
}

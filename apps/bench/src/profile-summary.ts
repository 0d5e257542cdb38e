/** `pnpm --filter @rollcall/bench profile:summary <file.cpuprofile> [--from MS] [--to MS] [--top N]` */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { summariseProfile, type CpuProfile } from './cpu-profile.js';
import { formatProfile } from './report.js';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string', default: '15' } },
});
const file = positionals[0];
if (file === undefined) {
  console.error('usage: profile:summary <file.cpuprofile> [--from MS] [--to MS] [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const window = {
  ...(values.from === undefined ? {} : { fromMs: Number(values.from) }),
  ...(values.to === undefined ? {} : { toMs: Number(values.to) }),
};
console.log(formatProfile(summariseProfile(profile, window, Number(values.top))));

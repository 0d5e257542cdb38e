/**
 * Loaded into a child server (`node --import`) by tests that need its clock to
 * jump: each SIGUSR2 moves `Date.now` forward by ROLLCALL_TEST_CLOCK_STEP_MS,
 * as if that much time had passed. Timers already scheduled keep their real
 * delays; whatever reads the clock (deadlines, the deadline sweep) sees the jump.
 */
const step = Number(process.env.ROLLCALL_TEST_CLOCK_STEP_MS);
if (!Number.isFinite(step) || step <= 0) throw new Error('ROLLCALL_TEST_CLOCK_STEP_MS must be a positive number');

const realNow = Date.now.bind(Date);
let shift = 0;
Date.now = () => realNow() + shift;
process.on('SIGUSR2', () => {
  shift += step;
  process.stdout.write(`${JSON.stringify({ msg: 'test clock stepped', shiftMs: shift })}\n`);
});

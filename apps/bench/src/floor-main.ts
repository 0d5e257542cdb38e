/** The floor server as its own process: `PORT`, `FLOOR_SEAT_BYTES` and `FLOOR_PUBLIC_BYTES` from the environment. */
import { startFloorServer } from './floor-server.js';

const number = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};

const floor = await startFloorServer({
  port: number('PORT', 0),
  sizes: { seat: number('FLOOR_SEAT_BYTES', 1500), public: number('FLOOR_PUBLIC_BYTES', 1000) },
});
console.log(`floor listening on 127.0.0.1:${floor.port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void floor.close().then(() => process.exit(0)));
}

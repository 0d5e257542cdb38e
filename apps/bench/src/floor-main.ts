/** The floor server as its own process: `PORT`, `FLOOR_PUBLIC_BYTES` and `FLOOR_SEAT_PART_BYTES` from the environment. */
import { DEFAULT_FLOOR_SIZES, startFloorServer } from './floor-server.js';

const number = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};

const floor = await startFloorServer({
  port: number('PORT', 0),
  sizes: {
    public: number('FLOOR_PUBLIC_BYTES', DEFAULT_FLOOR_SIZES.public),
    seatPart: number('FLOOR_SEAT_PART_BYTES', DEFAULT_FLOOR_SIZES.seatPart),
  },
});
console.log(`floor listening on 127.0.0.1:${floor.port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void floor.close().then(() => process.exit(0)));
}

import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { RoomStore } from './store/room-store.js';

/** How often old rooms are looked for. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Drops finished rooms once their result has been kept long enough, and rooms
 * nobody has touched for a long time, so their codes can be used again.
 */
export async function retention(
  app: FastifyInstance,
  { config, store, clock }: { config: Config; store: RoomStore; clock: Clock },
): Promise<void> {
  const sweep = async () => {
    const now = clock.now();
    const purged = await store.purge({
      finishedBefore: now - config.finishedRetentionMs,
      idleBefore: now - config.idleRetentionMs,
    });
    if (purged.length > 0) app.log.info({ rooms: purged.length }, 'old rooms purged');
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    const sweepSafely = () => void sweep().catch((err: unknown) => app.log.error({ err }, 'purge failed'));
    timer = setInterval(sweepSafely, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}

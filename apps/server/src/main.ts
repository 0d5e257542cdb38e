import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';

/** Why the server could not start, as one structured line (the settings may be what is wrong, so at the fatal level). */
function fail(err: unknown): never {
  createLogger({ logLevel: 'fatal' }).fatal({ err }, 'could not start');
  process.exit(1);
}

let app: FastifyInstance;
try {
  const config = loadConfig(process.env);
  app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  fail(err);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

# One image for every Rollcall server node: the web app built and the server
# compiled by `pnpm build`, run by `node` as the unprivileged `node` user.
# docker-compose.yml runs several of these on Redis; see docs/scale-out.md.

FROM node:20.19-bookworm-slim AS build
# Compilers in case better-sqlite3 has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# node-gyp compiles against the headers this Node came with rather than downloading them.
ENV npm_config_nodedir=/usr/local
RUN npm install -g pnpm@10.34.8
WORKDIR /app
# Packages first, from the lockfile alone, so a change to the source does not fetch them again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
COPY patches patches
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm build
# What a node runs, in /out: the compiled server and the packages it imports,
# their production dependencies alone, and the built web app.
RUN rm -rf node_modules packages/*/node_modules apps/*/node_modules \
  && pnpm install --offline --frozen-lockfile --prod --filter @rollcall/server... \
  && mkdir /out \
  && cp -a --parents node_modules /out \
  && for dir in packages/rules packages/protocol apps/server; do \
       cp -a --parents "$dir/package.json" "$dir/dist" "$dir/node_modules" /out; \
     done \
  && cp -a --parents apps/web/build /out

FROM node:20.19-bookworm-slim
WORKDIR /app
# The files belong to root and are only read; the data directory (SQLite, when STORE=sqlite) is the node user's.
COPY --from=build /out /app
RUN mkdir /app/data && chown node:node /app/data
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 STORE=redis DATA_DIR=/app/data
EXPOSE 3000
# node itself is the first process: the server stops cleanly on SIGTERM and starts no child processes.
CMD ["node", "--conditions=rollcall-compiled", "--enable-source-maps", "apps/server/dist/main.js"]

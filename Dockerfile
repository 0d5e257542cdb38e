# One image for every Rollcall server node: the web app built, the server run
# from its TypeScript source by tsx, as `pnpm start` does. docker-compose.yml
# runs several of these on Redis; see docs/scale-out.md.

FROM node:20.19-bookworm-slim AS build
# Compilers in case better-sqlite3 has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.8
WORKDIR /app
# Packages first, from the lockfile alone, so a change to the source does not fetch them again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile
RUN pnpm --filter @rollcall/web build

FROM node:20.19-bookworm-slim
# tini -g passes a stop signal to the whole process group (pnpm, tsx, node), so the server shuts down cleanly.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.8
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 STORE=redis
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "-g", "--"]
CMD ["pnpm", "--filter", "@rollcall/server", "start"]

# syntax=docker/dockerfile:1
# RomShelf image. Build with `docker build -t romshelf .`, or use compose.yaml beside this file.
# The server listens on port 3000; /data holds the database, config.yml and artwork, /library the
# ROMs. Everything is set with environment variables (README, "Configuration").

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: install every dependency, build contract, server, web app and emulator files ---
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native module when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY vendor/ vendor/
RUN npm ci --no-audit --no-fund
COPY . .
# `npm run build` lays EmulatorJS, its cores and Ruffle out in server/dist/emulators as hard links
# to their packages. Once dev dependencies are pruned, the packages themselves are removed: the
# server only serves the laid-out copies, and the image holds each core once.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@emulatorjs node_modules/@ruffle-rs

# --- runtime: the built files and production dependencies, run as the unprivileged `node` user ---
FROM ${NODE_IMAGE} AS runtime
ENV HOST=0.0.0.0 \
  PORT=3000 \
  ROMSHELF_DATA_DIR=/data \
  ROMSHELF_LIBRARY_DIR=/library
WORKDIR /app
# Owned by root: the server cannot change its own code.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules/ node_modules/
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/contract/dist/ contract/dist/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist/ server/dist/
COPY --from=build /app/web/package.json web/
COPY --from=build /app/web/dist/ web/dist/
RUN mkdir -p /data /library && chown node:node /data /library
USER node
VOLUME ["/data", "/library"]
EXPOSE 3000
# The first start applies the database migrations before the server listens.
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/heartbeat`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]

# Flexblock container: the standalone Next.js server on Node 24 LTS, run as a non-root user.
#   docker build -t flexblock .
# NODE_IMAGE: any Debian-based Node 24 image; override it to build without an image hub
# (scripts/docker-standin/build-base.sh makes a local stand-in: --build-arg NODE_IMAGE=flexblock-base:node24).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall (patch-package) patches postgres.js (connection fixes; patches/README.md)
COPY patches ./patches
# Exactly the lockfile (fails if package.json and package-lock.json disagree).
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# CI type-checks every commit (npm run typecheck); the image build skips the repeat inside next build.
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone NEXT_SKIP_TYPECHECK=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# The server (.next/standalone), then the create-sysadmin CLI and the server's worker threads as plain-node
# files (dist/cli, dist/workers), whose two external packages must be in the standalone's node_modules.
# The standalone folder is pruned to what Next.js puts there itself (server.js, package.json, .next,
# node_modules): db/client.ts's PGlite mkdir makes the tracer copy the whole project, sources included.
RUN npm run build \
    && node scripts/build-cli.mjs \
    && cd .next/standalone \
    && find . -mindepth 1 -maxdepth 1 ! -name .next ! -name node_modules ! -name server.js ! -name package.json \
       -exec rm -rf {} + \
    && node -e "for (const p of ['@electric-sql/pglite', '@node-rs/argon2']) require.resolve(p)"

FROM ${NODE_IMAGE} AS run
WORKDIR /app
# SEED_DEMO=0: a real, empty school (the embedded database would otherwise seed the demo school).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true PORT=3000 HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/data/pglite SEED_DEMO=0
# Only what runs: the traced server and its node_modules, static files, migrations, the demo logo that the
# demo seed reads, the app's server (scripts/server.mjs and its request guard) and the CLI. Owned by root:
# the app user cannot change its code.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/lib/demo/assets ./lib/demo/assets
COPY --from=build /app/scripts/server.mjs /app/scripts/request-guard.mjs ./scripts/
COPY --from=build /app/dist/cli ./dist/cli
# The server's worker threads (lib/workers.server.ts: the OneRoster planner), bundled like the CLI.
COPY --from=build /app/dist/workers ./dist/workers
# `create-sysadmin --email … --name …` on the PATH. With the embedded database it refuses while the server
# runs in the same container: two processes on one PGlite folder corrupt it.
RUN groupadd --system flexblock && useradd --system --gid flexblock --home /app flexblock \
    && mkdir -p /data .next/cache && chown flexblock:flexblock /data .next/cache \
    && printf '%s\n' '#!/bin/sh' \
      'if [ -z "${DATABASE_URL:-}" ] && grep -qE "next-server|server\.m?js" /proc/1/cmdline 2>/dev/null; then' \
      '  echo "The app is running on the embedded database in /data; a second process must not open it." >&2' \
      '  echo "Use the /setup link from the server log, or stop the app and run this in a one-off container." >&2' \
      '  exit 1' \
      'fi' \
      'cd /app && exec node dist/cli/create-sysadmin.cjs "$@"' > /usr/local/bin/create-sysadmin \
    && chmod 755 /usr/local/bin/create-sysadmin
USER flexblock
# The CLI works in the image: an in-memory database, migrated, one account created (nothing is kept).
RUN PGLITE_DIR=memory:// create-sysadmin --email build-check@school.example --name "Build check" > /dev/null
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Next.js's standalone build behind the app's own server, which stamps each request with its socket address
# (lib/api/client-address.ts) and answers TRACE/TRACK. A young generation of 2 MB keeps the garbage
# collector's pauses short while a roster import runs beside requests (README "Speed", bench:roster).
CMD ["node", "--max-semi-space-size=2", "scripts/server.mjs"]

# Flexblock container: the standalone Next.js server, run as a non-root user.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall patches postgres.js (connection fixes; see the script)
COPY scripts/patch-postgres.mjs ./scripts/patch-postgres.mjs
RUN npm install --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true PORT=3000 HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/data/pglite
RUN groupadd --system flexblock && useradd --system --gid flexblock --home /app flexblock \
    && mkdir -p /data && chown flexblock:flexblock /data
COPY --from=build --chown=flexblock:flexblock /app/.next/standalone ./
COPY --from=build --chown=flexblock:flexblock /app/.next/static ./.next/static
COPY --from=build --chown=flexblock:flexblock /app/public ./public
COPY --from=build --chown=flexblock:flexblock /app/db/migrations ./db/migrations
COPY --from=build --chown=flexblock:flexblock /app/db/seed/assets ./db/seed/assets
COPY --from=build --chown=flexblock:flexblock /app/scripts/server-preload.cjs ./scripts/server-preload.cjs
USER flexblock
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The preload stamps each request with its socket address (lib/api/client-address.ts).
CMD ["node", "--require", "./scripts/server-preload.cjs", "server.js"]

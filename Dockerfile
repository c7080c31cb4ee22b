# syntax=docker/dockerfile:1
# Multi-stage build: the production image holds the build output and production dependencies only.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The image has no dev dependencies and no TypeScript sources: its npm scripts run the build's bundles
# (dist/node for the server, dist/scripts for the operator commands), so
# `docker compose run --rm app npm run db:migrate` and `… npm run campaigns:import -- FILE` work in it.
RUN npm run build && npm prune --omit=dev \
 && npm pkg set "scripts.start=node dist/node/index.mjs" \
      "scripts.db:migrate=node dist/scripts/migrate.mjs" \
      "scripts.campaigns:import=node dist/scripts/campaigns-import.mjs" \
      "scripts.api-clients=node dist/scripts/api-clients.mjs"

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    # A bounded heap: measured with npm run bench, it halves peak memory and serves as fast.
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8" \
    # The image's host table has no local hosts: no Host header can switch a toggle on in production. Its
    # staff hosts (privacy-intern.*) need STAFF_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET to start.
    SITE_HOSTS_FILE=/app/config/hosts.production.json
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/config ./config
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/index.mjs"]

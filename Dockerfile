# syntax=docker/dockerfile:1
# One image for both servers of the shop (decision 0050):
#   the storefront (default command):  node build/node/storefront.mjs
#   the standalone commerce API:        node build/node/commerce.mjs
# `npm run build` makes the storefront's React Router build and bundles the servers'
# TypeScript for plain Node (build/node, decision 0052) with the development dependencies;
# the runtime stage has the build and the production dependencies only (the bundles leave
# the packages in node_modules).
ARG NODE_IMAGE=node:22-slim

# Every dependency, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# build/client, build/server, build/node (with the migrations), build/locales.
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only for the server's user: only /data is written.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
# The node image's unprivileged user (uid 1000).
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready, not merely alive: 503 while migrating, when the database is unreachable, and once a
# stop began (the image has no curl: Node's fetch asks).
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM stops it gracefully (SHUTDOWN_GRACE_MS): node is PID 1 and handles it itself.
STOPSIGNAL SIGTERM
CMD ["node", "build/node/storefront.mjs"]

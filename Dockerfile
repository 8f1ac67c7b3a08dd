# syntax=docker/dockerfile:1
# Build stage: every dependency, the TypeScript compiled to dist/, then the development ones dropped.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY domain domain
COPY application application
COPY adapters adapters
COPY infrastructure infrastructure
COPY composition composition
COPY scripts scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run stage: the compiled build only (no sources, no tsx), as the unprivileged `node` user.
FROM node:22-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/scripts/launch.mjs /app/scripts/healthcheck.mjs scripts/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The same commands as `npm run healthcheck` and `npm start` (tests/system/operations.test.ts checks both).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "scripts/launch.mjs", "composition/http-main"]

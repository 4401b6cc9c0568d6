# One image for every role; ROLES selects what a container runs.
# Two stages: `build` installs everything and runs `npm run build` (the frontend,
# precompressed, and the server bundled into backend/dist); `runtime` gets the
# production dependencies only and the built files, and runs the bundle: no
# TypeScript compiler, no tsx, no sources. scripts/check-production-build.ts
# assembles and runs exactly what the runtime stage copies, without Docker.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY streams/package.json streams/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
# The lockfile and every workspace's package.json: npm ci needs the whole layout,
# and installs the server workspaces' dependencies only (not the frontend's: it is prebuilt).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/schemas/package.json schemas/
COPY --from=build /app/streams/package.json streams/
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/frontend/package.json frontend/
RUN npm ci --omit=dev --no-audit --no-fund -w @mcp-census/schemas -w @mcp-census/streams -w @mcp-census/backend && npm cache clean --force
# What the bundle reads at run time, found from the project root (streams/src/platform/project-root.ts).
COPY --from=build /app/backend/dist backend/dist/
COPY --from=build /app/backend/migrations backend/migrations/
COPY --from=build /app/backend/catalogue backend/catalogue/
COPY --from=build /app/frontend/dist frontend/dist/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "--heap-growing-percent=200", "backend/dist/main.js"]

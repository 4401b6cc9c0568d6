# One image for every role; ROLES selects what a container runs.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY streams/package.json streams/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --include=dev && npm cache clean --force
COPY . .
RUN npm run build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "backend/src/main.ts"]
